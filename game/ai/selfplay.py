"""Medium self-play, the data both win-chance models are fitted on (Hard's rollout score,
``game.ai.tuning``; the review's chart, ``game.ai.winfit``): whole games with a few random
action choices for variety, a snapshot at each round start, the result at the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from game.ai.medium import MediumPolicy
from game.engine import Decision, Game, new_game

T = TypeVar("T")


def medium_game(
    seed: int, players: int, eps: float, at_round_start: Callable[[Game], T], max_steps: int
) -> tuple[Game, list[T]]:
    """The game (over, unless ``max_steps`` decisions ran out) and ``at_round_start`` of
    each round's first position. ``eps``: the chance of a random action choice."""
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    medium = MediumPolicy()
    snaps: list[T] = []
    last_round = 0
    for _ in range(max_steps):
        if g.over:
            break
        if g.round != last_round:
            last_round = g.round
            snaps.append(at_round_start(g))
        pend = g.pending()
        p = pend[rng.randrange(len(pend))]
        legal = g.legal_moves(p.player)
        if len(legal) > 1 and p.decision is Decision.ACTION and rng.random() < eps:
            move = rng.choice(legal)
        else:
            move = medium.choose(g.view(p.player), p.decision, legal, rng, 0.0)
        g.play(p.player, move)
    return g, snaps


def win_shares(g: Game) -> list[float]:
    """Each seat's share of the victory (a shared victory splits it)."""
    winners = g.result().winners
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(g.n)]
