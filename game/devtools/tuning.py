"""Refit ``game.ai.heuristics.outcome.WEIGHTS``: ``python -m game.devtools.tuning --games 1500
--jobs 2``.

Plays self-play games (Medium by default, the data of the shipped weights; ``--levels``
mixes in the ``greedy`` yardstick; a few random action choices for variety), records every
seat's ``features`` at each round start, and fits a conditional logit (softmax over the
seats of a game) that predicts the winner. Pure Python: plain gradient descent on
standardised features. Every fifth game is held out, and the held-out log-loss of the
fitted and of the current weights is printed, per seat pool.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from collections.abc import Sequence

from game.ai.heuristics.outcome import FEATURES, WEIGHTS, features
from game.devtools.selfplay import medium_game, win_shares

Sample = tuple[list[list[float]], list[float]]  # per-seat features, per-seat win share


def self_play(args: tuple[int, int, float, tuple[str, ...]]) -> list[Sample]:
    """One game's round-start snapshots, labelled with the final result."""
    seed, players, eps, levels = args
    g, snaps = medium_game(
        seed, players, eps, lambda g: [features(g, p) for p in g.players], 5000, levels
    )
    if not g.over:
        return []
    return [(f, win_shares(g)) for f in snaps]


def log_loss(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    """Mean negative log-likelihood of the winners under ``weights`` (raw features)."""
    total = 0.0
    for f, y in samples:
        s = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in f]
        top = max(s)
        logz = top + math.log(sum(math.exp(v - top) for v in s))
        total -= sum(yi * (si - logz) for yi, si in zip(y, s, strict=True) if yi)
    return total / max(len(samples), 1)


def fit(
    samples: Sequence[Sample], iters: int = 300, lr: float = 0.5, l2: float = 1e-3
) -> list[float]:
    """Softmax-over-seats logistic regression; returns weights on the raw features."""
    k = len(FEATURES)
    rows = [x for f, _ in samples for x in f]
    mu = [sum(r[j] for r in rows) / len(rows) for j in range(k)]
    sd = [math.sqrt(sum((r[j] - mu[j]) ** 2 for r in rows) / len(rows)) or 1.0 for j in range(k)]
    data = [([[(x[j] - mu[j]) / sd[j] for j in range(k)] for x in f], y) for f, y in samples]
    w = [0.0] * k
    n = len(data)
    for it in range(iters):
        grad = [0.0] * k
        loss = 0.0
        for xs, y in data:
            s = [sum(wj * xj for wj, xj in zip(w, x, strict=True)) for x in xs]
            top = max(s)
            ex = [math.exp(v - top) for v in s]
            z = sum(ex)
            for i, x in enumerate(xs):
                p = ex[i] / z
                d = p - y[i]
                if y[i]:
                    loss -= y[i] * math.log(max(p, 1e-12))
                for j in range(k):
                    grad[j] += d * x[j]
        for j in range(k):
            w[j] -= lr * (grad[j] / n + l2 * w[j])
        if it % 50 == 0 or it == iters - 1:
            print(f"iter {it} loss {loss / n:.4f}", file=sys.stderr, flush=True)
    # Back to raw features (the constant shift cancels in a softmax).
    return [w[j] / sd[j] for j in range(k)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.tuning", description=__doc__)
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2,2,3,4", help="player counts, cycled over games")
    ap.add_argument("--eps", type=float, default=0.08)
    ap.add_argument("--iters", type=int, default=300)
    ap.add_argument(
        "--levels",
        default="medium",
        help="seat pools, ';' between pools, cycled over games: 'medium;medium,greedy' "
        "(the shipped weights' data: 'medium')",
    )
    a = ap.parse_args(argv)
    counts = [int(x) for x in a.players.split(",")]
    pools = [tuple(x.split(",")) for x in a.levels.split(";")]
    tasks = [
        (a.seed * 100_000 + i, counts[i % len(counts)], a.eps, pools[i % len(pools)])
        for i in range(a.games)
    ]
    with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
        games = pool.map(self_play, tasks, chunksize=8)
    train = [s for i, game in enumerate(games) if i % 5 for s in game]
    print(f"{len(train)} round starts from {len(games)} games", file=sys.stderr)
    w = fit(train, a.iters)
    print("WEIGHTS = (" + ", ".join(f"{x:.4f}" for x in w) + ")")
    for name, x in zip(FEATURES, w, strict=True):
        print(f"  {name}: {x:.4f}", file=sys.stderr)
    for pool_ in pools:
        held = [
            s for i, game in enumerate(games) if i % 5 == 0 and tasks[i][3] == pool_ for s in game
        ]
        print(
            f"held-out {','.join(pool_)}: {len(held)} round starts, log-loss "
            f"fitted {log_loss(held, w):.4f} current {log_loss(held, WEIGHTS):.4f}",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
