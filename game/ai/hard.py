"""Hard ("Ancient"): determinized Monte Carlo search over the Medium policy's candidates.

Each iteration samples the hidden orders from the view (``determinize``), picks a root
candidate by UCB with a progressive bias toward the Medium evaluation, plays it, lets every
pending seat (the draw phase is simultaneous) follow the Medium policy (optionally noisy) to the end
of the round, and scores the result with the fitted win chance (``outcome``): the hand-made
Medium evaluation judged round ends no better than Medium's own turn look-ahead (44% vs
Medium), the fitted one does (68%). The move visited most wins. Draw/stop takes Medium's
exact odds (a few sampled rounds were noisier). Anytime: it stops at the time budget, or at
a fixed ``iterations`` / ``steps`` work budget; forced and clear-cut decisions return at once.
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

from game.ai.drawing import Outlook, outlook
from game.ai.evaluate import evaluate
from game.ai.medium import FAST, FULL, rank
from game.ai.outcome import leaf_value
from game.engine import Decision, Game, Move, Phase, View, determinize

DEFAULT_BUDGET = 1.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Search knobs (measured defaults; see the arena)."""

    max_candidates: int = 5
    prune_margin: float = 3.0  # Medium points behind the best: not worth searching
    exploration: float = 1.2
    bias: float = 2.0
    # Chance a rollout opponent plays its second-best move. 0: at 0.15 the noisy visits
    # model a weaker opponent than Medium and outweigh the exact first visit as time grows
    # (Hard 1.0 s vs Hard 0.1 s: 36% over 28 games); at 0.1 s noise 0 scored 69% vs 68%.
    noise: float = 0.0
    horizon_rounds: int = 1
    iterations: int = 0  # > 0: stop after this many rollouts (reproducible; for tests)
    steps: int = 0  # > 0: stop once rollouts have played this many engine moves (reproducible)
    search_draws: bool = False  # draw/stop by rollouts instead of Medium's exact odds
    leaf: str = "outcome"  # rollout score: fitted "outcome" win chance or "medium" evaluation


@dataclass(slots=True)
class Stats:
    visits: list[int]
    totals: list[float]

    def mean(self, i: int) -> float:
        return self.totals[i] / self.visits[i] if self.visits[i] else float("-inf")

    def merge(self, other: Stats) -> None:
        for i, v in enumerate(other.visits):
            self.visits[i] += v
            self.totals[i] += other.totals[i]


def rollout(
    g: Game,
    seat: int,
    rng: random.Random,
    settings: Settings,
    noise: float,
    deadline: float = math.inf,
    counter: list[int] | None = None,
) -> float | None:
    """Play every seat to the horizon (end of round or game) and score it for ``seat``.

    Action steps use the full Medium planner (the horizon is short); draws use the Medium
    odds with a cached outlook. Other seats play their runner-up move with chance ``noise``.
    Returns ``None`` when the deadline passes first (the iteration is then discarded).
    ``counter[0]`` grows by the engine moves played (the ``steps`` work budget).
    """
    stop_round = g.round + settings.horizon_rounds
    own_round = g.round
    looks: dict[int, Outlook] = {}
    steps = 0
    while g.phase is not Phase.OVER and g.round < stop_round and steps < 400:
        steps += 1
        if time.monotonic() > deadline:
            return None
        pend = g.pending()
        # Simultaneous draw phase: advance the seats in a random order.
        p = pend[rng.randrange(len(pend))] if len(pend) > 1 else pend[0]
        who = p.player
        legal = g.legal_moves(who)
        if len(legal) == 1:
            g.play_unchecked(who, legal[0])
            continue
        if p.decision is Decision.DRAW:
            look = looks.get(who)
            if look is None:
                look = looks[who] = outlook(g, who)
            ranked = rank(g, who, p.decision, legal, FAST, look)
        else:
            looks.clear()
            ranked = rank(g, who, p.decision, legal, FULL if g.round == own_round else FAST)
        if len(ranked) > 1 and who != seat and noise and rng.random() < noise:
            g.play_unchecked(who, ranked[1][0])
        else:
            g.play_unchecked(who, ranked[0][0])
    if counter is not None:
        counter[0] += steps
    if settings.leaf == "outcome":
        return leaf_value(g, seat)
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
    seeds = [rng.getrandbits(62) for _ in range(4096)]
    spent = 0.0
    n = 0
    work = [0]
    fixed = bool(settings.iterations or settings.steps)
    while True:
        now = time.monotonic()
        if settings.iterations and n >= settings.iterations:
            break
        if settings.steps and work[0] >= settings.steps and n >= min(k, 2):
            break
        # Anytime: stop when one more rollout would overrun (all candidates once if it can).
        if not fixed and n >= min(k, 2) and now + spent / n > deadline:
            break
        t0 = now
        if n < k:
            i = n
        else:  # UCB with a progressive bias toward Medium's ranking
            logn = math.log(n)
            i = max(
                range(k),
                key=lambda j: (
                    stats.totals[j] / stats.visits[j]
                    + settings.exploration * math.sqrt(logn / stats.visits[j])
                    + bias[j] / (stats.visits[j] + 1)
                ),
            )
        # Common random numbers: the j-th visit of every candidate sees the same world.
        world = random.Random(
            seeds[stats.visits[i]] if stats.visits[i] < len(seeds) else rng.random()
        )
        g = determinize(view, world)
        g.play_unchecked(seat, candidates[i])
        work[0] += 1
        # The first visit assumes the others play Medium exactly; later ones add noise.
        noise = settings.noise if stats.visits[i] else 0.0
        limit = math.inf if fixed else deadline
        value = rollout(g, seat, world, settings, noise, limit, work)
        if value is None:
            break
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
        if decision is Decision.DRAW and not self.settings.search_draws:
            # Medium's odds are exact two cards deep; a handful of sampled rounds is noisier.
            return cands[0][0]
        if len(cands) == 1:
            return cands[0][0]
        stats = self.run_search(view, cands, start + budget_s * 0.92, rng)
        best = max(range(len(cands)), key=lambda i: (stats.visits[i], stats.mean(i)))
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
