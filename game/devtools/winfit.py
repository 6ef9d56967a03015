"""Refit the one win-chance model: ``python -m game.devtools.winfit --games 900 --jobs 1``.

Plays self-play games (Medium by default; ``--levels`` mixes in the ``greedy`` yardstick;
a few random action choices for variety), records every seat's ``winchance.features`` at
each round start, labels them with the final result and fits a conditional logit (softmax
over the seats of a game) by Newton's method with a small ridge. Pure Python. Every fifth
game is held out, and the held-out log-loss of the fitted and of the shipped weights is
printed per seat pool. Writes ``game/ai/heuristics/winchance.json`` with the version
bumped (which invalidates every cached review and changes Hard's rollout score: measure
Hard in the arena before keeping a refit). ``--in-round WORLDS`` refits only the review's
in-round map.
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

from game.ai.heuristics.winchance import (
    DATA,
    FEATURES,
    Model,
    chances,
    logit,
    model,
    table_features,
)
from game.ai.policy import make_policy
from game.devtools.selfplay import medium_game, win_shares
from game.engine import Decision, determinize, new_game


@dataclass(frozen=True, slots=True)
class Sample:
    """One round start: every seat's features and its final share of the victory."""

    rows: list[list[float]]
    share: list[float]
    round: int


def self_play(args: tuple[int, int, float, tuple[str, ...]]) -> list[Sample]:
    """One self-play game's round starts, labelled with its result."""
    seed, players, eps, levels = args
    g, snaps = medium_game(seed, players, eps, lambda g: (g.round, table_features(g)), 6000, levels)
    if not g.over:
        return []
    return [Sample(rows, win_shares(g), rnd) for rnd, rows in snaps]


def game_samples(
    count: int,
    seed: int,
    counts: Sequence[int],
    eps: float,
    jobs: int,
    pools: Sequence[tuple[str, ...]] = (("medium",),),
) -> list[tuple[tuple[str, ...], list[Sample]]]:
    """Each game's seat pool and round starts (pools cycle over the games)."""
    tasks = [
        (seed * 100_000 + i, counts[i % len(counts)], eps, tuple(pools[i % len(pools)]))
        for i in range(count)
    ]
    if jobs <= 1:
        out = [self_play(t) for t in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            out = pool.map(self_play, tasks, chunksize=8)
    return [(t[3], found) for t, found in zip(tasks, out, strict=True)]


def games(count: int, seed: int, counts: Sequence[int], eps: float, jobs: int) -> list[Sample]:
    """The round starts of ``count`` Medium self-play games."""
    return [s for _, game in game_samples(count, seed, counts, eps, jobs) for s in game]


def log_loss(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    """Mean negative log-likelihood of the winners under ``weights`` (raw features)."""
    total = 0.0
    for s in samples:
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in s.rows]
        top = max(scores)
        logz = top + math.log(sum(math.exp(v - top) for v in scores))
        total -= sum(y * (v - logz) for y, v in zip(s.share, scores, strict=True) if y)
    return total / max(len(samples), 1)


def rollout_pairs(args: tuple[int, int, int, float]) -> list[tuple[float, float]]:
    """One game: at a few decisions inside rounds, the review's estimate (the move, then
    Medium to the next round start over sampled worlds) for every seat, labelled with the
    final result."""
    from game.ai.coach.review import rollout

    seed, players, worlds, eps = args
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    medium = make_policy("medium")
    probes: list[list[float]] = []
    for _ in range(6000):
        if g.over:
            break
        pend = g.pending()
        p = pend[rng.randrange(len(pend))]
        legal = g.legal_moves(p.player)
        move = medium.choose(g.view(p.player), p.decision, legal, rng, 0.0)
        if len(legal) > 1 and p.decision is Decision.ACTION and rng.random() < eps:
            move = rng.choice(legal)
        if len(legal) > 1 and rng.random() < 0.04:
            view = g.view(p.player)
            mean = [0.0] * players
            for j in range(worlds):
                w = determinize(view, random.Random(seed * 101 + j))
                w.play(p.player, move)
                rollout(w, medium, random.Random(j))
                for s, c in enumerate(chances(w)):
                    mean[s] += c / worlds
            probes.append(mean)
        g.play(p.player, move)
    if not g.over:
        return []
    share = win_shares(g)
    return [(c, share[s]) for probe in probes for s, c in enumerate(probe)]


def probes(
    count: int, seed: int, counts: Sequence[int], worlds: int, eps: float, jobs: int
) -> list[tuple[float, float]]:
    """Raw in-round estimates and outcomes from ``count`` games (``rollout_pairs``)."""
    tasks = [(seed * 100_000 + 50_000 + i, counts[i % len(counts)], worlds, eps)
             for i in range(count)]  # fmt: skip
    if jobs <= 1:
        found = [rollout_pairs(t) for t in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            found = pool.map(rollout_pairs, tasks, chunksize=4)
    return [x for f in found for x in f]


def fit_platt(pairs: Sequence[tuple[float, float]], iters: int = 25) -> tuple[float, float]:
    """logit(p') = a * logit(p) + b by maximum likelihood (Newton, two parameters)."""
    a, b = 1.0, 0.0
    xs = [(logit(p), y) for p, y in pairs]
    for _ in range(iters):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in xs:
            q = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a * x + b))))
            d = y - q
            w = q * (1.0 - q)
            ga += d * x
            gb += d
            haa += w * x * x
            hab += w * x
            hbb += w
        ridge = 1e-3 * len(xs)  # small data (or separable) must not run away
        da, db = solve(
            [[haa + ridge, hab], [hab, hbb + ridge]], [ga - ridge * (a - 1.0), gb - ridge * b]
        )
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-6:
            break
    return a, b


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
    ap = argparse.ArgumentParser(prog="python -m game.devtools.winfit", description=__doc__)
    ap.add_argument("--games", type=int, default=900)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2,2,3,4", help="player counts, cycled over games")
    ap.add_argument("--eps", type=float, default=0.1)
    ap.add_argument(
        "--levels",
        default="medium",
        help="seat pools, ';' between pools, cycled over games: 'medium;medium,greedy'",
    )
    ap.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    ap.add_argument("--in-round", type=int, default=0, metavar="WORLDS",
                    help="refit only the in-round map, from rollouts of WORLDS worlds")  # fmt: skip
    a = ap.parse_args(argv)
    counts = [int(x) for x in a.players.split(",")]
    pools = [tuple(x.split(",")) for x in a.levels.split(";")]
    try:
        old: Model | None = model()
    except (OSError, ValueError):
        old = None
    version = old.version + 1 if old is not None else 1
    if a.in_round:
        if old is None:
            raise SystemExit("fit the weights first")
        pairs = probes(a.games, a.seed, counts, a.in_round, a.eps, a.jobs)
        print(f"{len(pairs)} in-round estimates from {a.games} games", file=sys.stderr)
        fitted = Model(version, old.weights, fit_platt(pairs))
    else:
        found = game_samples(a.games, a.seed, counts, a.eps, a.jobs, pools)
        train = [s for i, (_, game) in enumerate(found) if i % 5 for s in game]
        print(f"{len(train)} round starts from {a.games} games", file=sys.stderr)
        fitted = Model(version, tuple(fit(train)), old.in_round if old else (1.0, 0.0))
        for pool in pools:
            held = [
                s for i, (p, game) in enumerate(found) if i % 5 == 0 and p == pool for s in game
            ]
            shipped = log_loss(held, old.weights) if old is not None else float("nan")
            print(
                f"held-out {','.join(pool)}: {len(held)} round starts, log-loss "
                f"fitted {log_loss(held, fitted.weights):.4f} shipped {shipped:.4f}",
                file=sys.stderr,
            )
    text = json.dumps(fitted.to_json(), indent=1) + "\n"
    print(text)
    if not a.dry_run:
        DATA.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
