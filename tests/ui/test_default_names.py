"""Names in the reader's language (issue 40, item 7): a seat nobody named is stored and sent
as a marker ("@summer", ``game.seats.default_name``) that each screen shows as the season in
its own language when it draws; a typed name is shown as typed everywhere. The marker goes
through the protocol, the server's store, saves and the remembered last table untouched;
older saves (a season's name in some language at its own seat) still load and follow the
language. The banner, the prompt and every other line show the names as this screen does."""

from __future__ import annotations

import json

from game.engine.moves import DRAW, STOP
from game.net.protocol import parse_client
from game.player_settings import PlayerSettings
from game.savegame import parse_save
from game.seats import (
    SEASONS,
    default_name,
    default_season,
    is_default,
    seat_from_json,
    shown_name,
    shown_names,
)
from game.ui.headless import headless_context
from game.ui.scenes.setup import SetupScene
from game.ui.table.match import Match, Seat
from game.ui.words.sentences import SEASONS as BOARD_SEASONS


def test_the_seasons_are_the_boards_and_a_marker_is_a_valid_name() -> None:
    assert SEASONS == BOARD_SEASONS
    for seat in range(4):
        name = default_name(seat)
        assert default_season(name) == SEASONS[seat] and is_default(name, seat)
        assert seat_from_json({"name": name, "kind": "human"}).name == name


def test_a_default_is_shown_in_each_screens_language_and_a_typed_name_as_typed() -> None:
    en, ko = headless_context("en"), headless_context("ko")
    assert shown_name(en.tr, "@summer") == "Summer" and shown_name(ko.tr, "@summer") == "여름"
    assert shown_name(ko.tr, "Bo", 1) == "Bo" and shown_name(ko.tr, "@bo", 1) == "@bo"
    assert shown_name(en.tr, "여름", 1) == "Summer", "an older table's default, at its seat"
    assert shown_name(en.tr, "여름", 0) == "여름", "another seat's season: a typed name"


def test_a_line_composed_from_raw_names_shows_them_in_this_screens_language() -> None:
    ko = headless_context("ko")
    line = "Online · @summer is thinking; @spring, @winterfell and Bo are away"
    assert shown_names(ko.tr, line) == "Online · 여름 is thinking; 봄, @winterfell and Bo are away"


def test_the_banner_and_prompt_show_names_as_this_screen_does(app) -> None:
    from game.ui.scenes.table import scene_for_match

    ctx = headless_context("en")
    seats = [Seat(default_name(0)), Seat("여름", "easy")]  # a Korean host's older default
    match = Match.new(seats, 5, first_player=1)
    table = scene_for_match(ctx, match)
    app.stack.push(table)
    app.step(1 / 60)
    assert match.names == ["Spring", "Summer"]
    assert "Spring, your draw" in table.banner_text(), table.banner_text()
    ctx.set_language("ko")
    assert "봄의 카드 뽑기" in table.banner_text(), table.banner_text()
    ctx.set_language("en")
    while match.active().player == 0:  # Spring stops: only the AI seat still draws
        match.play(0, STOP if STOP in match.legal() else DRAW)
    match.queue.clear()
    match.sync()
    assert match.shown_active().player == 1
    table.refresh_choices()
    assert "Summer" in table.banner_text() and "여름" not in table.banner_text()
    assert "Summer" in table.prompt_text() and "여름" not in table.prompt_text()
    ctx.set_language("ko")
    assert "여름" in table.banner_text() and "Summer" not in table.banner_text()


def test_setup_stores_defaults_as_markers_and_keeps_typed_names(app) -> None:
    ctx = headless_context("ko")
    scene = SetupScene(ctx)
    app.stack.push(scene)
    assert [s.name for s in scene.all_seats] == ["봄", "여름", "가을", "겨울"]  # as shown
    scene.count = 3
    scene.all_seats[1].name = "Bo"
    scene.all_seats[2].name = "Summer"  # another seat's season: typed
    scene.start()
    stored = [s.name for s in ctx.settings.last_table]
    assert stored == ["@spring", "Bo", "Summer"]
    saved = ctx.storage.match
    assert [s["name"] for s in saved["seats"]] == stored
    again = SetupScene(headless_context("en"), [Seat(n) for n in stored])
    assert [s.name for s in again.all_seats][:3] == ["Spring", "Bo", "Summer"]


def test_the_host_form_sends_markers_for_the_names_left_as_they_were() -> None:
    ctx = headless_context("ko")
    form = ctx.scenes.make("online_host", ctx)
    form.count = 3
    form.kinds[:3] = ["here", "friend", "easy"]
    form.fields["name1"] = "Bo"
    seats = form.seats()
    assert [s["name"] for s in seats] == ["@spring", "Bo", "@autumn"]
    msg = json.dumps({"v": 1, "type": "create", "seats": seats, "mine": [0]})
    create = parse_client(msg)  # the server takes them as any name
    assert [s.name for s in create.seats] == ["@spring", "Bo", "@autumn"]


def test_markers_survive_settings_and_saves_and_an_old_save_still_loads() -> None:
    settings = PlayerSettings()
    settings.last_table = (Seat("@spring"), Seat("Bo", "easy"))
    raw = json.loads(json.dumps(settings.to_json()))
    assert [s.name for s in PlayerSettings.from_json(raw)[0].last_table] == ["@spring", "Bo"]
    match = Match.new([Seat("@spring"), Seat("@summer", "easy")], 3, first_player=0)
    back = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert [s.name for s in back.seats] == ["@spring", "@summer"]
    old = match.to_json()
    old["seats"] = [{"name": "Spring", "kind": "human"}, {"name": "여름", "kind": "easy"}]
    loaded = parse_save(json.loads(json.dumps(old)))
    assert [s.name for s in loaded.seats] == ["Spring", "여름"], "kept as written (its key)"
    m = Match.from_saved(loaded)
    m.tr = headless_context("ko").tr
    assert m.names == ["봄", "여름"]
