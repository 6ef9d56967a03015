"""The display copy, updated event by event, shows what is true: actions left after a pass
or an action, and none once the Help Lines are returned."""

from __future__ import annotations

import random

from game.engine.moves import PASS
from game.engine.setup import new_game
from game.ui import visual_state


def test_actions_left_follow_the_real_game_through_passes_and_the_end_of_round() -> None:
    g = new_game(3, seed=5, first_player=0)
    shown = g.clone()
    rng = random.Random(1)
    passes = 0
    for _ in range(400):
        if g.over:
            break
        pending = g.pending()
        if not pending:
            break
        seat = pending[0].player
        moves = g.legal_moves(seat)
        move = PASS if PASS in moves and rng.random() < 0.4 else rng.choice(moves)
        passes += move == PASS
        for e in g.play(seat, move):
            visual_state.apply(shown, e)
        for real, seen in zip(g.players, shown.players, strict=True):
            assert seen.actions_left == real.actions_left, (real.seat, move)
            assert seen.stopped == real.stopped
    assert passes > 0
