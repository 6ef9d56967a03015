"""Medium's own options never reach Hard: what Hard reads from the shared heuristics (the
evaluation its search and rollouts score with, Medium's ranking and turn lines at the
shared weights, the draw odds) is the same, bit for bit, as before Medium contested the
Fires (``fire_contest``, Medium's ``CASUAL`` options).

The positions come from seeded Easy games (Easy reads neither the evaluation nor the
planner), sampled from the first round to the last, so late positions with tracks near 12
and Fires in the centre are in the set. The digest was taken on the code before Medium
contested the Fires; a change to Hard's shared weights made on purpose regenerates it with
``python -m tests.ai.test_medium_shared_weights``.
"""

from __future__ import annotations

import hashlib
import random

from game.ai.heuristics.draw_odds import DrawJudge
from game.ai.heuristics.evaluate import evaluate
from game.ai.levels.easy import EasyPolicy
from game.ai.levels.medium import FAST, FULL, rank_with_lines
from game.engine import Decision, Game, new_game

DIGEST = "70d0bc4182730ac88f9a3718c92c678eae0854530593b3805d1dbbeb4a1f968f"
GAMES = ((2, 3), (2, 8), (3, 5), (4, 6))  # (players, seed)
EVERY = 4  # a position every this many moves
MAX_MOVES = 3000  # a game of Easy seats ends well before this


def sampled_positions() -> list[Game]:
    """Positions along seeded Easy games, every ``EVERY`` moves, until each game ends."""
    out: list[Game] = []
    for players, seed in GAMES:
        g = new_game(players, seed=seed, first_player=0)
        policy, rng = EasyPolicy(), random.Random(seed)
        for n in range(MAX_MOVES):
            if g.over:
                break
            pend = g.pending()[0]
            if n % EVERY == 0:
                out.append(g.clone())
            view = g.view(pend.player)
            move = policy.choose(view, pend.decision, g.legal_moves(pend.player), rng, 1.0)
            g.play(pend.player, move)
    return out


def shared_outputs(g: Game) -> list[str]:
    """Every value Hard reads from the shared heuristics at this position, as text."""
    pend = g.pending()[0]
    seat = pend.player
    legal = g.legal_moves(seat)
    rows = [repr(evaluate(g, s)) for s in range(g.n)]
    view = g.view(seat).game
    if pend.decision is Decision.DRAW:
        rows += [f"{m!r}={v!r}" for m, v in DrawJudge(view, seat).rank(legal)]
    for widths in (FULL, FAST):
        ranked, lines = rank_with_lines(view, seat, pend.decision, legal, widths)
        rows += [f"{m!r}={v!r}:{lines.get(m)!r}" for m, v in ranked]
    return rows


def digest() -> tuple[str, int]:
    h = hashlib.sha256()
    positions = sampled_positions()
    for g in positions:
        for row in shared_outputs(g):
            h.update(row.encode())
            h.update(b"\n")
    return h.hexdigest(), len(positions)


def test_hard_reads_the_same_shared_values_as_before_medium_had_its_own() -> None:
    value, count = digest()
    assert count > 100  # the games were played out: early and late positions both
    assert value == DIGEST


if __name__ == "__main__":
    print(digest())
