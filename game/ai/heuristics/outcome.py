"""Hard's leaf value: the chance each seat wins, fitted on self-play round starts.

The Medium evaluation is hand-weighted for comparing plans inside one turn; Hard's rollouts
stop at the end of a round, where what matters is who will reach 12 first. A conditional
logit over a few per-seat features (``features``) predicts that winner; ``python -m
game.devtools.tuning`` refits ``WEIGHTS`` from fresh games.
"""

from __future__ import annotations

import math
from operator import mul

from game.ai.heuristics.evaluate import expected_cards
from game.engine import Game, Phase
from game.engine.state import E_FLOWER, E_WATER, GOAL, VARAN, PlayerState

FEATURES = (
    "trees",
    "fires",
    "flowers",
    "best",
    "best_sq",
    "second",
    "sun",
    "water",
    "plant",
    "wind",
    "varans",
    "fragments",
    "cards",
    "first",
)
# Fitted by game.devtools.tuning on Medium self-play (2-4 players); see that module. A refit on
# Medium and greedy self-play (1500 games, seed 1: held-out log-loss on greedy games 0.8076
# against 0.8437, Trees and Flowers weighted about as Fires) won no more: Hard vs ismcts,
# 2p, 200 games at 0.1 s, seed 1, unloaded machine: 82.5% [76.6, 87.1] against 84.25%
# [78.6, 88.7] with these weights, so these stay. Nor did three more features (the centre's
# Fires within reach of the expected Water, a finish within one round, and that finish
# when acting first, weighted 1.3): held-out log-loss 0.8141 against 0.8335 on Medium
# games, but Hard vs ismcts, seed 1, 87.75% [82.5, 91.6] against 88.5%.
WEIGHTS: tuple[float, ...] = (
    0.0355, 0.1513, 0.0270, 0.1756, 0.2233, 0.1481, -0.0040,
    0.0088, 0.1156, 0.1137, -0.1213, 0.0496, 0.0910, 0.0967,
)  # fmt: skip
SCALE = 10.0  # leaf units: 10 points = certain win (Medium's scale is a few points per move)


def features(g: Game, p: PlayerState) -> list[float]:
    """Per-seat features at any point of a round (Help Line flowers as expected income)."""
    trees, fires, flowers = p.tracks()
    drawn, mean = expected_cards(p)
    perm = flowers - p.line_elems[E_FLOWER]
    flow = perm + max(drawn * mean[E_FLOWER], 0.0)
    ranked = sorted((trees, fires, flow), reverse=True)
    fe = p.forest_elems
    varans = p.deck.count(VARAN) + p.discard.count(VARAN)
    return [
        float(trees),
        float(fires),
        flow,
        ranked[0],
        ranked[0] * ranked[0] / GOAL,
        ranked[1],
        drawn * mean[0] + fe[0],
        drawn * mean[E_WATER] + fe[E_WATER],
        drawn * mean[2] + fe[2],
        drawn * mean[3] + fe[3],
        float(varans),
        float(min(p.fragments, 4)),
        float(len(p.deck) + len(p.discard) + len(p.line)),
        1.0 if p.seat == g.first else 0.0,
    ]


def scores(g: Game, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    if len(weights) != len(FEATURES):
        raise ValueError(f"{len(weights)} weights for {len(FEATURES)} features")
    return [sum(map(mul, weights, features(g, p))) for p in g.players]


def win_chance(g: Game, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """P(seat wins) under the fitted model (exact 1/0 when the game is over)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        return 1.0 / len(winners) if seat in winners else 0.0
    s = scores(g, weights)
    top = max(s)
    ex = [math.exp(x - top) for x in s]
    return ex[seat] / sum(ex)


def leaf_value(g: Game, seat: int) -> float:
    """Rollout score on a 0..SCALE range (a finished game is exactly 0 or SCALE)."""
    return SCALE * win_chance(g, seat)
