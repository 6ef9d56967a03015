"""Self-play games, the data the win-chance model is fitted on (``game.devtools.winfit``;
Hard's rollout score and the review share it): whole games with a few random action
choices for variety, a snapshot at each round start, the result at the end.

Medium self-play alone rarely sees a Flowers race; seats may also be the independent
yardstick ``greedy``, which races Flowers and keeps a thinner deck, so a model fitted on the
mix knows those games too. (A fixed-iteration ``ismcts`` seat was tried: at 60 iterations
it plays 15-round games at 7.5 s each, too weak and too slow to be worth its data.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from game.ai.policy import Policy, make_policy
from game.engine import Decision, Game, new_game

T = TypeVar("T")

# Seats a self-play table draws from (``seat_policy``): neither searches against the clock,
# so the data do not depend on the machine's speed.
SEAT_OPTIONS: dict[str, dict[str, object]] = {"medium": {}, "greedy": {}}


def seat_policy(level: str) -> Policy:
    if level not in SEAT_OPTIONS:
        raise ValueError(f"unknown self-play seat {level!r}; choose {', '.join(SEAT_OPTIONS)}")
    return make_policy(level, **SEAT_OPTIONS[level])


def medium_game(
    seed: int,
    players: int,
    eps: float,
    at_round_start: Callable[[Game], T],
    max_steps: int,
    levels: Sequence[str] = ("medium",),
) -> tuple[Game, list[T]]:
    """The game (over, unless ``max_steps`` decisions ran out) and ``at_round_start`` of
    each round's first position. ``eps``: the chance of a random action choice.
    ``levels``: the seats' levels, drawn (with the seed) from this pool for each seat."""
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    pool = list(levels)
    # One level: no draw, so a Medium-only table replays the same games as before the pool.
    seats = [seat_policy(rng.choice(pool) if len(pool) > 1 else pool[0]) for _ in range(players)]
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
        elif len(legal) == 1:
            move = legal[0]
        else:
            move = seats[p.player].choose(g.view(p.player), p.decision, legal, rng, 0.0)
        g.play(p.player, move)
    return g, snaps


def win_shares(g: Game) -> list[float]:
    """Each seat's share of the victory (a shared victory splits it)."""
    winners = g.result().winners
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(g.n)]
