"""Prepared games for the review tests: Medium plays every seat, except one planted blunder."""

from __future__ import annotations

import random
from functools import cache

from game.ai.policy import make_policy
from game.engine import Decision, Move, new_game
from game.engine.moves import DRAW, STOP


def free_draw_refused(
    players: int = 2, seed: int = 5, blunder_round: int = 2, rounds: int = 3
) -> tuple[int, list[tuple[int, Move]], int]:
    """Medium self-play for ``rounds`` rounds where seat 0, in ``blunder_round``, stops with
    one card in its Help Line although no card could cost it an action (uncancelled
    solitary at most 1). Returns (first player, moves, the blunder's move index): the
    caller's own list (the game is played once per test process; several tests ask)."""
    first, moves, blunder = _free_draw_refused(players, seed, blunder_round, rounds)
    return first, list(moves), blunder


@cache
def _free_draw_refused(
    players: int, seed: int, blunder_round: int, rounds: int
) -> tuple[int, tuple[tuple[int, Move], ...], int]:
    g = new_game(players, seed)
    first = g.first
    rng = random.Random(seed)
    medium = make_policy("medium")
    moves: list[tuple[int, Move]] = []
    blunder = -1
    while not g.over and g.round <= rounds:
        pend = g.pending()
        p = pend[rng.randrange(len(pend))]
        legal = g.legal_moves(p.player)
        me = g.players[p.player]
        if (
            blunder < 0
            and p.player == 0
            and g.round == blunder_round
            and p.decision is Decision.DRAW
            and STOP in legal
            and DRAW in legal
            and len(me.line) == 1
            and me.uncancelled <= 1
        ):
            move = STOP
            blunder = len(moves)
        else:
            move = medium.choose(g.view(p.player), p.decision, legal, rng, 0.0)
        g.play(p.player, move)
        moves.append((p.player, move))
    if blunder < 0:
        raise AssertionError("no free draw to refuse in that round: pick another seed")
    return first, tuple(moves), blunder
