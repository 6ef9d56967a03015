"""Seat names follow the language for all four seats (issue 32, item 6): a season's default
name, given in whichever language, is shown in the current one, at the setup and at the
table; a name the player typed stays as typed."""

from __future__ import annotations

from game.ui.headless import headless_context
from game.ui.scenes.setup import SetupScene
from game.ui.table.match import Match, Seat

KO = ["봄", "여름", "가을", "겨울"]


def test_setup_shows_every_default_name_in_korean_after_a_switch() -> None:
    ctx = headless_context("en")
    ctx.settings.last_table = (Seat("Spring"), Seat("Summer", "medium"))  # played in English
    ctx.set_language("ko")
    ctx.settings.language = "ko"
    scene = SetupScene(ctx)
    assert [s.name for s in scene.all_seats] == KO
    ctx.set_language("en")
    ctx.settings.language = "en"
    scene.resized()
    assert [s.name for s in scene.all_seats] == ["Spring", "Summer", "Autumn", "Winter"]


def test_a_typed_name_stays_and_a_name_of_another_seat_is_not_taken_for_a_default() -> None:
    ctx = headless_context("ko")
    ctx.settings.last_table = (Seat("Ana"), Seat("Spring", "easy"))  # seat 2 named "Spring"
    scene = SetupScene(ctx)
    assert [s.name for s in scene.all_seats][:2] == ["Ana", "Spring"]


def test_the_table_shows_default_names_in_the_current_language(app) -> None:
    from game.ui.scenes.table import scene_for_match

    ctx = headless_context("ko")
    seats = [Seat("Spring"), Seat("Summer", "easy"), Seat("가을", "easy"), Seat("Di", "easy")]
    match = Match.new(seats, 5, first_player=0)
    scene_for_match(ctx, match)
    assert match.names == ["봄", "여름", "가을", "Di"]
    ctx.set_language("en")
    assert match.names == ["Spring", "Summer", "Autumn", "Di"]
    assert [s.name for s in match.saved().seats] == ["Spring", "Summer", "가을", "Di"]
