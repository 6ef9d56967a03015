"""Refit the review's win chance: ``python -m game.ai.winfit --games 800 --jobs 1``.

Plays Medium self-play games (a few random action choices for variety), records every
seat's ``winchance.features`` at each round start, labels them with the final result and
fits a conditional logit (softmax over the seats of a game) by Newton's method with a small
ridge. Pure Python. Writes ``game/ai/winchance.json`` with the version bumped, which
invalidates every cached review.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.policy import make_policy
from game.ai.winchance import DATA, FEATURES, Model, model, table_features
from game.engine import Decision, Game, new_game


@dataclass(frozen=True, slots=True)
class Sample:
    """One round start: every seat's features and its final share of the victory."""

    rows: list[list[float]]
    share: list[float]
    round: int


def self_play(args: tuple[int, int, float]) -> list[Sample]:
    """One Medium self-play game's round starts, labelled with its result."""
    seed, players, eps = args
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    medium = make_policy("medium")
    snaps: list[tuple[int, list[list[float]]]] = []
    last = 0
    for _ in range(6000):
        if g.over:
            break
        if g.round != last:
            last = g.round
            snaps.append((g.round, table_features(g)))
        pend = g.pending()
        p = pend[rng.randrange(len(pend))]
        legal = g.legal_moves(p.player)
        if len(legal) > 1 and p.decision is Decision.ACTION and rng.random() < eps:
            move = rng.choice(legal)
        else:
            move = medium.choose(g.view(p.player), p.decision, legal, rng, 0.0)
        g.play(p.player, move)
    if not g.over:
        return []
    return [Sample(rows, shares(g), rnd) for rnd, rows in snaps]


def shares(g: Game) -> list[float]:
    winners = g.result().winners
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(g.n)]


def games(count: int, seed: int, counts: Sequence[int], eps: float, jobs: int) -> list[Sample]:
    tasks = [(seed * 100_000 + i, counts[i % len(counts)], eps) for i in range(count)]
    if jobs <= 1:
        out = [self_play(t) for t in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            out = pool.map(self_play, tasks, chunksize=8)
    return [s for game in out for s in game]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small, well-conditioned systems)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(samples: Sequence[Sample], iters: int = 10, ridge: float = 1e-2) -> list[float]:
    """Maximum-likelihood softmax-over-seats weights on the raw features."""
    k = len(FEATURES)
    rows = [x for s in samples for x in s.rows]
    mu = [sum(r[j] for r in rows) / len(rows) for j in range(k)]
    sd = [math.sqrt(sum((r[j] - mu[j]) ** 2 for r in rows) / len(rows)) or 1.0 for j in range(k)]
    data = [
        ([[(x[j] - mu[j]) / sd[j] for j in range(k)] for x in s.rows], s.share) for s in samples
    ]
    w = [0.0] * k
    n = len(data)
    for it in range(iters):
        grad = [-ridge * wj * n for wj in w]
        hess = [[ridge * n if i == j else 0.0 for j in range(k)] for i in range(k)]
        loss = 0.0
        for xs, y in data:
            s = [sum(wj * xj for wj, xj in zip(w, x, strict=True)) for x in xs]
            top = max(s)
            ex = [math.exp(v - top) for v in s]
            z = sum(ex)
            p = [e / z for e in ex]
            mean = [sum(p[i] * xs[i][j] for i in range(len(xs))) for j in range(k)]
            for i, x in enumerate(xs):
                if y[i]:
                    loss -= y[i] * math.log(max(p[i], 1e-12))
                d = y[i] - p[i]
                c = [x[j] - mean[j] for j in range(k)]
                for a in range(k):
                    grad[a] += d * x[a]
                    pa = p[i] * c[a]
                    if pa:
                        row = hess[a]
                        for b in range(a, k):
                            row[b] += pa * c[b]
        for a in range(k):
            for b in range(a):
                hess[a][b] = hess[b][a]
        step = solve(hess, grad)
        w = [wj + sj for wj, sj in zip(w, step, strict=True)]
        print(f"iter {it} loss {loss / n:.4f}", file=sys.stderr, flush=True)
        if max(abs(s) for s in step) < 1e-4:
            break
    return [w[j] / sd[j] for j in range(k)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.winfit", description=__doc__)
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2,2,3,4", help="player counts, cycled over games")
    ap.add_argument("--eps", type=float, default=0.1)
    ap.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    a = ap.parse_args(argv)
    counts = [int(x) for x in a.players.split(",")]
    samples = games(a.games, a.seed, counts, a.eps, a.jobs)
    print(f"{len(samples)} round starts from {a.games} games", file=sys.stderr)
    try:
        version = model().version + 1
    except (OSError, ValueError):
        version = 1
    fitted = Model(version, tuple(fit(samples)))
    text = json.dumps(fitted.to_json(), indent=1) + "\n"
    print(text)
    if not a.dry_run:
        DATA.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
