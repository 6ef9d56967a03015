"""The table's display copy, stepped event by event as the animations land (with the
engine's own ``apply_event``), is the real game every time the event queue runs dry: it is
never corrected by a copy of the real game, because it never needs to be."""

from __future__ import annotations

import pytest

from game.ui.table.match import Match, Seat
from tests.engine.test_stepping import differences


def watch_syncs(match: Match) -> list[int]:
    """Check the display copy each time the table hands it back to the real game."""
    checked: list[int] = []
    real_sync = match.sync

    def sync() -> None:
        assert differences(match.shown, match.game) == [], f"after {len(match.history)} moves"
        checked.append(len(match.history))
        real_sync()

    match.sync = sync  # type: ignore[method-assign]
    return checked


@pytest.mark.parametrize(("players", "speed", "rounds"), [(4, "fast", 1), (3, "instant", 4)])
def test_the_display_copy_is_the_game_whenever_the_queue_is_shown(
    app, ctx, players: int, speed: str, rounds: int
) -> None:
    from game.ui.scenes.table import scene_for_match

    ctx.settings.speed = speed
    match = Match.new([Seat(f"AI {i}", "easy") for i in range(players)], seed=4, first_player=0)
    checked = watch_syncs(match)
    app.stack.push(scene_for_match(ctx, match))
    for _ in range(5000):
        if app.stack.top.kind == "game_over" or match.shown.round > rounds:
            break
        app.step(1 / 15)
    assert match.shown.round > rounds, "the ends of rounds were shown"
    assert len(checked) > 10 * rounds
