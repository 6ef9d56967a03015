"""The Hint button (key H): Hard's advice, searched in a thread, worded in the player's
language while the frames keep going."""

from __future__ import annotations

import time

import pygame

from game.ai.hint import advise
from game.ui.match import Seat
from tests.ui.test_table import start, to_action_phase


def test_h_shows_hards_advice_as_a_sentence(app, ctx) -> None:
    ctx.hint = lambda game, seat: advise(game.view(seat), budget_s=0.05)
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")], seed=3)
    d.key(pygame.K_h)  # the draw phase: "reveal at least one card"
    deadline = time.monotonic() + 30
    while d.top.hint_job is not None and time.monotonic() < deadline:
        d.frames()
    assert ctx.tr("hint.reason.must_reveal") in d.top.message
    to_action_phase(d, match)
    d.key(pygame.K_h)
    deadline = time.monotonic() + 30
    while d.top.hint_job is not None and time.monotonic() < deadline:
        d.frames()
    message = d.top.message
    legal = [d.top.describe(m) for m in match.game.legal_moves(0)]
    assert message.startswith(ctx.tr("hint.says", move="", why="")[:5])
    assert any(text in message for text in legal), message
    assert "{" not in message and "hint." not in message
