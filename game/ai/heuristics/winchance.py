"""The review's win chance: a conditional logit over the seats, fitted on AI self-play.

Scored at the start of a round (the draw phase, nothing revealed yet): each seat gets a
linear score of its own features and the chances are the softmax of the scores, so they sum
to one over the table. The features read only public facts (tracks, the Forest, pile
*contents*, Fragments, who holds the Sacred Tree), so the chance is the same on any seat's
view as on the full game: the review never peeks at hidden cards. The coefficients live in
``winchance.json`` beside this module (``python -m game.devtools.winfit`` refits them;
``python -m game.devtools.calibrate`` checks them). Kept apart from Hard's own leaf model so the
review's calibration does not move when Hard is retuned.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.engine import Game, Phase
from game.engine.state import (
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    E_FLOWER,
    GOAL,
    VARAN,
    PlayerState,
)

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
    "flower_cards",
    "forest_sun",
    "forest_water",
    "forest_plant",
    "forest_wind",
    "varans",
    "solitary",
    "cards",
    "fragments",
    "first",
)
DATA = Path(__file__).with_name("winchance.json")


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
    """One seat's features: progress, what its cards bring per draw, what its Forest gives."""
    trees, fires, flowers = p.tracks()
    flowers -= p.line_elems[E_FLOWER]  # a Help Line's flowers are not kept
    ranked = sorted((trees, fires, flowers), reverse=True)
    cards = p.deck + p.discard + p.line
    n = max(1, len(cards))
    sums = [0, 0, 0, 0, 0]
    solitary = 0
    for c in cards:
        e = CARD_ELEMS[c]
        for i in range(5):
            sums[i] += e[i]
        solitary += CARD_SOLITARY[c] - CARD_GREGARIOUS[c]
    fe = p.forest_elems
    return [
        float(trees),
        float(fires),
        float(flowers),
        float(ranked[0]),
        ranked[0] * ranked[0] / GOAL,
        float(ranked[1]),
        sums[0] / n,
        sums[1] / n,
        sums[2] / n,
        sums[3] / n,
        sums[4] / n,
        float(fe[0]),
        float(fe[1]),
        float(fe[2]),
        float(fe[3]),
        float(sum(1 for c in cards if c == VARAN)),
        solitary / n,
        float(len(cards)),
        float(min(p.fragments, 4)),
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
    return softmax([sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows])


def logit(p: float) -> float:
    p = min(1.0 - 1e-4, max(1e-4, p))
    return math.log(p / (1.0 - p))


def in_round(p: float, m: Model | None = None) -> float:
    """The review's rollout estimate for one seat, mapped to an honest chance."""
    a, b = (m or model()).in_round
    return 1.0 / (1.0 + math.exp(-(a * logit(p) + b)))


def chances(g: Game, m: Model | None = None) -> list[float]:
    """Every seat's chance to win from here (exact shares once the game is over)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(g.n)]
    return chances_from(table_features(g), (m or model()).weights)
