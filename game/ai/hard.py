"""Hard ("Ancient"): determinized Monte Carlo search over the Medium policy's candidates.

Each iteration samples the hidden orders from the view (``determinize``), picks a root
candidate by UCB with a progressive bias toward the Medium evaluation, plays it, lets every
pending seat (the draw phase is simultaneous) follow a noisy fast Medium policy to the end
of the round, and scores the result with the Medium evaluation. The move visited most wins.
Anytime: it stops at the time budget; forced and clear-cut decisions return at once.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.evaluate import evaluate
from game.ai.medium import FAST, rank
from game.engine import Decision, Game, Move, Phase, View, determinize

DEFAULT_BUDGET = 1.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Search knobs (measured defaults; see the arena)."""

    max_candidates: int = 5
    prune_margin: float = 3.0  # Medium points behind the best: not worth searching
    exploration: float = 1.2
    bias: float = 2.0
    noise: float = 0.15  # chance a rollout seat plays its second-best move
    horizon_rounds: int = 1
    iterations: int = 0  # > 0: stop after this many rollouts (reproducible; for tests)


@dataclass(slots=True)
class Stats:
    visits: list[int]
    totals: list[float]

    def merge(self, other: Stats) -> None:
        for i, v in enumerate(other.visits):
            self.visits[i] += v
            self.totals[i] += other.totals[i]


def rollout_move(g: Game, seat: int, decision: Decision, rng: random.Random, noise: float) -> Move:
    """The fast Medium choice, sometimes its runner-up, for a seat inside a rollout."""
    legal = g.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    ranked = rank(g, seat, decision, legal, FAST)
    if len(ranked) > 1 and rng.random() < noise:
        return ranked[1][0]
    return ranked[0][0]


def rollout(g: Game, seat: int, rng: random.Random, settings: Settings) -> float:
    """Play every seat to the horizon (end of round or game) and score it for ``seat``."""
    stop_round = g.round + settings.horizon_rounds
    steps = 0
    while g.phase is not Phase.OVER and g.round < stop_round and steps < 400:
        steps += 1
        pend = g.pending()
        # Simultaneous draw phase: advance the seats in a random order.
        p = pend[rng.randrange(len(pend))] if len(pend) > 1 else pend[0]
        g.play(p.player, rollout_move(g, p.player, p.decision, rng, settings.noise))
    return evaluate(g, seat)


def search(
    view: View,
    candidates: Sequence[Move],
    priors: Sequence[float],
    deadline: float,
    seed: int,
    settings: Settings,
) -> Stats:
    """Flat determinized UCB over ``candidates`` until ``deadline`` (time.monotonic)."""
    rng = random.Random(seed)
    seat = view.player
    k = len(candidates)
    stats = Stats([0] * k, [0.0] * k)
    top = max(priors)
    bias = [settings.bias * (p - top) for p in priors]  # <= 0, fades with visits
    spent = 0.0
    n = 0
    while True:
        now = time.monotonic()
        if settings.iterations and n >= settings.iterations:
            break
        if not settings.iterations and n >= k and now + spent / n > deadline:
            break
        t0 = now
        if n < k:
            i = n
        else:
            logn = math.log(n)
            i = max(
                range(k),
                key=lambda j: (
                    stats.totals[j] / stats.visits[j]
                    + settings.exploration * math.sqrt(logn / stats.visits[j])
                    + bias[j] / (stats.visits[j] + 1)
                ),
            )
        g = determinize(view, rng)
        g.play(seat, candidates[i])
        value = rollout(g, seat, rng, settings)
        stats.visits[i] += 1
        stats.totals[i] += value
        n += 1
        spent += time.monotonic() - t0
    return stats


def _search_task(
    args: tuple[View, tuple[Move, ...], tuple[float, ...], float, int, Settings],
) -> Stats:
    view, candidates, priors, budget, seed, settings = args
    return search(view, candidates, priors, time.monotonic() + budget, seed, settings)


@dataclass
class HardPolicy:
    """The searching level; ``workers`` > 1 runs root-parallel search processes."""

    level: str = "hard"
    workers: int = 1
    settings: Settings = field(default_factory=Settings)
    _pool: Any = field(default=None, repr=False, compare=False)

    def candidates(
        self, view: View, decision: Decision, legal_moves: Sequence[Move]
    ) -> list[tuple[Move, float]]:
        """Medium's ranking, cut to the moves worth searching (best first)."""
        ranked = rank(view.game, view.player, decision, legal_moves)
        best = ranked[0][1]
        keep = [(m, v) for m, v in ranked if v >= best - self.settings.prune_margin]
        return keep[: self.settings.max_candidates]

    def choose(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        rng: random.Random,
        budget_s: float = DEFAULT_BUDGET,
    ) -> Move:
        start = time.monotonic()
        if len(legal_moves) == 1:
            return legal_moves[0]
        cands = self.candidates(view, decision, legal_moves)
        if len(cands) == 1:
            return cands[0][0]
        stats = self.run_search(view, cands, start + budget_s * 0.92, rng)
        best = max(range(len(cands)), key=lambda i: (stats.visits[i], stats.totals[i]))
        return cands[best][0]

    def run_search(
        self, view: View, cands: list[tuple[Move, float]], deadline: float, rng: random.Random
    ) -> Stats:
        moves = tuple(m for m, _ in cands)
        priors = tuple(v for _, v in cands)
        if self.workers <= 1:
            return search(view, moves, priors, deadline, rng.getrandbits(62), self.settings)
        pool = self._ensure_pool()
        left = max(0.0, deadline - time.monotonic())
        jobs = [
            pool.apply_async(
                _search_task,
                ((view, moves, priors, left - 0.02, rng.getrandbits(62), self.settings),),
            )
            for _ in range(self.workers - 1)
        ]
        stats = search(view, moves, priors, deadline, rng.getrandbits(62), self.settings)
        for job in jobs:
            with contextlib.suppress(multiprocessing.TimeoutError):
                stats.merge(job.get(timeout=max(0.05, deadline - time.monotonic() + 0.05)))
        return stats

    def _ensure_pool(self) -> Any:
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.workers - 1)
        return self._pool

    def close(self) -> None:
        """End the helper processes (if any)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None

    def stats_for(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        rng: random.Random,
        budget_s: float,
    ) -> tuple[list[tuple[Move, float]], Stats]:
        """Candidates and search statistics (for hints)."""
        cands = self.candidates(view, decision, legal_moves)
        if len(cands) == 1:
            return cands, Stats([1], [cands[0][1]])
        return cands, self.run_search(view, cands, time.monotonic() + budget_s * 0.92, rng)
