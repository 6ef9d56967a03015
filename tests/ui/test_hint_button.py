"""The Hint button (key H): Hard's advice, worded in the player's language while the frames
keep going; the search runs off the UI process (``game/ui/table/ai_seats/hinting.py``)."""

from __future__ import annotations

import time

import pygame

from game.ai.coach.hint import advise
from game.ui.table.ai_seats.hinting import InlineHint
from game.ui.table.match import Seat
from tests.ui.test_table import start, to_action_phase


def wait_for_hint(d) -> None:  # noqa: ANN001 - the test driver
    deadline = time.monotonic() + 30
    while d.top.hints.job is not None and time.monotonic() < deadline:
        d.frames()


def test_h_shows_hards_advice_as_a_sentence(app, ctx) -> None:
    ctx.hint = InlineHint(lambda view: advise(view, budget_s=0.05))
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")], seed=3)
    d.key(pygame.K_h)  # the draw phase: "reveal at least one card"
    wait_for_hint(d)
    assert ctx.tr("hint.reason.must_reveal") in d.top.message
    assert d.top.prompt_text() == d.top.message  # shown, not hidden behind the focus
    assert d.top.hints.move in match.game.legal_moves(0)
    to_action_phase(d, match)
    d.key(pygame.K_h)
    wait_for_hint(d)
    message = d.top.message
    legal = [d.top.describe(m) for m in match.game.legal_moves(0)]
    assert message.startswith(ctx.tr("hint.says", move="", why="")[:5])
    assert any(text in message for text in legal), message
    assert "{" not in message and "hint." not in message


def test_a_failing_hint_clears_the_thinking_line_and_the_game_goes_on(app, ctx) -> None:
    def broken(view):  # noqa: ANN001, ANN202
        raise RuntimeError("search crashed")

    ctx.hint = InlineHint(broken)
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")], seed=3)
    d.key(pygame.K_h)
    wait_for_hint(d)
    assert d.top.hints.job is None
    assert d.top.message != ctx.tr("hint.thinking")
    to_action_phase(d, match)  # the table still plays
