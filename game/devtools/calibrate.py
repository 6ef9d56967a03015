"""Is the review's win chance honest? ``python -m game.devtools.calibrate --games 400 --jobs 1``.

Plays fresh Medium self-play games (other seeds than the fit's), predicts every seat's
chance at each round start with ``winchance`` and prints, per 10% bin of the prediction,
the mean predicted chance and the observed win rate, as JSON. ``--rollouts N`` also checks
the review's own estimate (N worlds played to the next round start) at positions sampled
inside rounds. The review's promise: every bin with enough positions within 5 points.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.heuristics.winchance import chances_from, in_round, model
from game.devtools.winfit import Sample, games, probes

TOLERANCE = 0.05
MIN_COUNT = 300  # fewer positions: printed, not judged (the standard error nears 3 points)


@dataclass(slots=True)
class Bin:
    low: float
    n: int = 0
    predicted: float = 0.0
    observed: float = 0.0

    def to_json(self) -> dict[str, object]:
        n = max(1, self.n)
        pred, obs = self.predicted / n, self.observed / n
        return {
            "bin": f"{round(self.low * 100)}-{round(self.low * 100) + 10}%",
            "n": self.n,
            "predicted": round(pred, 4),
            "observed": round(obs, 4),
            "difference": round(obs - pred, 4),
            "judged": self.n >= MIN_COUNT,
        }


def table(pairs: Sequence[tuple[float, float]]) -> list[Bin]:
    """(predicted, outcome) pairs into ten bins of the prediction."""
    bins = [Bin(i / 10) for i in range(10)]
    for pred, out in pairs:
        b = bins[min(9, int(pred * 10))]
        b.n += 1
        b.predicted += pred
        b.observed += out
    return bins


def static_pairs(samples: Sequence[Sample]) -> list[tuple[float, float]]:
    w = model().weights
    out = []
    for s in samples:
        for pred, y in zip(chances_from(s.rows, w), s.share, strict=True):
            out.append((pred, y))
    return out


def report(pairs: Sequence[tuple[float, float]], what: str, games_n: int) -> dict[str, object]:
    bins = table(pairs)
    judged = [b for b in bins if b.n >= MIN_COUNT]
    worst = max((abs(b.observed / b.n - b.predicted / b.n) for b in judged), default=0.0)
    return {
        "estimate": what,
        "model_version": model().version,
        "games": games_n,
        "positions": len(pairs),
        "bins": [b.to_json() for b in bins],
        "max_judged_difference": round(worst, 4),
        "within_5_points": worst <= TOLERANCE,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.calibrate", description=__doc__)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2, help="not the fit's seed (1)")
    ap.add_argument("--players", default="2,2,3,4", help="player counts, cycled over games")
    ap.add_argument("--eps", type=float, default=0.1)
    ap.add_argument("--rollouts", type=int, default=0, help="also check the rollout estimate")
    a = ap.parse_args(argv)
    counts = [int(x) for x in a.players.split(",")]
    samples = games(a.games, a.seed, counts, a.eps, a.jobs)
    out = [report(static_pairs(samples), "round start (chart)", a.games)]
    if a.rollouts:
        raw = probes(a.games, a.seed, counts, a.rollouts, a.eps, a.jobs)
        pairs = [(in_round(c), y) for c, y in raw]
        out.append(report(pairs, f"in-round, {a.rollouts} rollouts (decisions)", a.games))
    print(json.dumps(out, indent=1))
    return 0 if all(r["within_5_points"] for r in out) else 1


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
