"""No key press is lost (issue 32, item 4): a decision key pressed while the table still
shows the last move acts once the table is ready; one pressed while someone else decides is
refused with a notice."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Phase
from game.ui.table.match import Seat
from tests.ui.test_table import start, to_action_phase


@pytest.mark.parametrize("gap_s", [0.2, 0.5, 1.0])
def test_every_space_draws_a_card_at_normal_speed(app, ctx, gap_s: float) -> None:
    ctx.settings.speed = "normal"
    d, match = start(app, ctx, [Seat("Ana"), Seat("Bo", "easy")], seed=11)
    d.frames(120)
    me = match.game.players[0]
    before = len(me.line)
    for _ in range(4):
        d.key(pygame.K_SPACE)
        d.frames(round(gap_s * 60) - 1)
    table = d.top
    for _ in range(240):  # until every key kept has been played and its card shown
        if len(me.line) - before >= 4 and not table.controls.queued and not table.anims.busy:
            break
        d.frames()
    d.frames(30)  # (and no fifth card follows)
    assert match.game.phase is Phase.DRAW and not me.stopped
    assert len(me.line) - before == 4


def test_a_key_while_another_seat_decides_is_refused_with_a_notice(app, ctx) -> None:
    ctx.settings.confirm_pass = False
    d, match = start(app, ctx, [Seat("Ana"), Seat("Bo", "easy")], seed=11)
    to_action_phase(d, match)
    table = d.top
    table.ai_seats.run = lambda *a, **k: False  # Bo keeps thinking
    assert match.active().player == 0  # Ana holds the Sacred Tree
    d.key(pygame.K_p)
    d.frames(60)
    assert match.active().player == 1 and table.human_seat() < 0
    table.message = ""
    played = len(match.history)
    d.key(pygame.K_1)
    assert table.message == ctx.tr("prompt.key_refused_wait")
    assert len(match.history) == played and not table.controls.queued
