"""The one win-chance model: Hard's rollout score, the review's chart and in-round estimate.

A conditional logit over the seats: each seat gets a linear score of its own features
(``features``) and the chances are the softmax of the scores, so they sum to one over the
table. The features read only public facts and pile *contents* (tracks, the Flowers a
typical Help Line brings, the income of the deck and the Forest, Varans, Fragments, who
holds the Sacred Tree), so the chance is the same on any seat's view as on the full game:
neither Hard nor the review peeks at hidden cards.

The coefficients live in ``winchance.json`` beside this module: ``python -m
game.devtools.winfit`` refits them (and the review's in-round map), ``python -m
game.devtools.calibrate`` checks them. Two models used to estimate this (Hard's 14-feature
leaf and the review's 20-feature chart); on 600 held-out Medium self-play games (seed 2,
5881 round starts) this one was the better calibrated (mean bin error 1.5 points against
1.6, worst judged bin 3.0 points against 5.7) and on 400 Medium/greedy games the better on
every count (log-loss 0.835 against 0.848), so it is the one kept.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from operator import mul
from pathlib import Path

from game.ai.heuristics.evaluate import expected_cards
from game.ai.heuristics.fire_contest import take
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
DATA = Path(__file__).with_name("winchance.json")
ENGINE_FADE = 5.0  # track points over which ``leaf_value``'s pile term fades out
SCALE = 10.0  # Hard's leaf units: 10 points = certain win (Medium's scale is a few per move)


@dataclass(frozen=True, slots=True)
class Model:
    """Coefficients for ``FEATURES`` (raw units) and the version the review cache keys on."""

    version: int
    weights: tuple[float, ...]
    # logit(p') = a * logit(p) + b for the review's in-round estimate (rollouts to the next
    # round start, where a game that ends in a rollout counts as certain): fitted on
    # self-play probes by ``python -m game.devtools.winfit --in-round 8``.
    in_round: tuple[float, float] = (1.0, 0.0)

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"{len(self.weights)} weights for {len(FEATURES)} features")

    def to_json(self) -> dict[str, object]:
        return {
            "version": self.version,
            "features": list(FEATURES),
            "weights": [round(w, 5) for w in self.weights],
            "in_round": [round(x, 5) for x in self.in_round],
        }

    @classmethod
    def from_json(cls, raw: object) -> Model:
        if not isinstance(raw, dict) or raw.get("features") != list(FEATURES):
            raise ValueError("win-chance data does not match this version's features")
        weights = raw.get("weights")
        version = raw.get("version")
        if not isinstance(version, int) or not isinstance(weights, list):
            raise ValueError("win-chance data needs an integer version and a weight list")
        if not all(isinstance(w, int | float) for w in weights):
            raise ValueError("win-chance weights must be numbers")
        platt = raw.get("in_round", [1.0, 0.0])
        if not (isinstance(platt, list) and len(platt) == 2
                and all(isinstance(x, int | float) for x in platt)):  # fmt: skip
            raise ValueError("win-chance in_round must be two numbers")
        return cls(version, tuple(float(w) for w in weights), (float(platt[0]), float(platt[1])))


@cache
def model() -> Model:
    """The shipped coefficients (read once)."""
    return Model.from_json(json.loads(DATA.read_text(encoding="utf-8")))


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


def table_features(g: Game) -> list[list[float]]:
    return [features(g, p) for p in g.players]


def softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    ex = [math.exp(s - top) for s in scores]
    z = sum(ex)
    return [e / z for e in ex]


def chances_from(rows: list[list[float]], weights: tuple[float, ...]) -> list[float]:
    return softmax([sum(map(mul, weights, r)) for r in rows])


def chances(g: Game, m: Model | None = None) -> list[float]:
    """Every seat's chance to win from here (exact shares once the game is over)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(g.n)]
    return chances_from(table_features(g), (m or model()).weights)


def win_chance(g: Game, seat: int) -> float:
    """P(seat wins) under the shipped model (exact 1/0 when the game is over)."""
    return chances(g)[seat]


def with_fire_reach(g: Game, rows: list[list[float]]) -> list[list[float]]:
    """``rows`` (``features`` of every seat) with each seat's Fires counting the tiles its
    typical Help Line's Water puts out of the centre as it stands, the seats taking them in
    turn order (the first seat first), and the best tracks read again.

    At a round's start (the draw phase) that is the Fire race of the coming action phase:
    at four players a seat with 9 Fires, 15 Water and the first turn takes four tiles and
    wins, and the linear features (Fires, Water, first) cannot see it. Other phases: as
    given."""
    if g.phase is not Phase.DRAW:
        return rows
    centre = sorted(g.centre)
    for s in g.turn_order():
        row = rows[s]
        row[1] += take(centre, row[7])
        ranked = sorted(row[:3], reverse=True)
        row[3], row[4], row[5] = ranked[0], ranked[0] * ranked[0] / GOAL, ranked[1]
    return rows


def leaf_value(
    g: Game, seat: int, engine: float = 0.0, engine_until: int = GOAL - 2, fires: bool = False
) -> float:
    """Hard's rollout score on a 0..SCALE range (a finished game is exactly 0 or SCALE).

    ``engine`` adds to every seat's score that much per card a typical round draws from its
    pile (``expected_cards``), fading to nothing as the table's best track goes from
    ``engine_until - ENGINE_FADE`` to ``engine_until``. The model is fitted on games where
    every seat builds the same kind of pile, so it cannot tell what a longer Help Line is
    worth, and a race's rollouts end a round or two after the card that lengthens it: a
    gregarious animal pays off over the rest of the game. The fade leaves the close finish
    to the tracks, where the game ends before a deck pays off.
    ``fires``: each seat's Fires count what its Water takes next (``with_fire_reach``).
    """
    if (not engine and not fires) or g.phase is Phase.OVER:
        return SCALE * chances(g)[seat]
    top = max(max(p.tracks()) for p in g.players)
    per_card = engine * min(1.0, max(0.0, (engine_until - top) / ENGINE_FADE))
    weights = model().weights
    rows = table_features(g)
    if fires:
        rows = with_fire_reach(g, rows)
    scores = [
        sum(map(mul, weights, row)) + (per_card * expected_cards(p)[0] if per_card else 0.0)
        for row, p in zip(rows, g.players, strict=True)
    ]
    return SCALE * softmax(scores)[seat]


def logit(p: float) -> float:
    p = min(1.0 - 1e-4, max(1e-4, p))
    return math.log(p / (1.0 - p))


def in_round(p: float, m: Model | None = None) -> float:
    """The review's rollout estimate for one seat, mapped to an honest chance."""
    a, b = (m or model()).in_round
    return 1.0 / (1.0 + math.exp(-(a * logit(p) + b)))
