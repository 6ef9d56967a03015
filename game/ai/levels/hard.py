"""Hard: determinized Monte Carlo search over the Medium policy's candidates.

The candidates (Medium's best few) run a race: in each sampled world (hidden orders drawn
from the view with ``determinize``) every live candidate is played (in the action phase as
the whole turn Medium's planner found for it: ``HardSettings.lines``), then every pending
seat (the draw phase is simultaneous) follows the cheap rollout policy (``rollout``; or
Medium with ``policy="medium"``) to the horizon, and the position is scored by the fitted
win chance (``winchance``; at two and three players with a term for the cards a round draws
from each seat's pile, ``HardSettings.engine``). Once a seat nears the goal (``endgame``)
the rollouts play the narrow Medium planner instead, so a close finish is judged on play
that sees the goal and the tie-break, and each candidate turn is raced with the next seat's
reply turn as the full planner plays it (``HardSettings.replies``). All candidates meet the
same worlds, so their paired differences are precise; a candidate that trails the leader by
``z`` standard errors drops out, and the time left goes to the close calls. The best paired
mean wins, with Medium's ranking as a fading prior. Anytime: it stops when one candidate is
left, at the time budget, or at a fixed ``iterations`` / ``steps`` work budget. A bigger
time budget races more candidates over more worlds before dropping any, and each action
together with Medium's best answers to its first step (``for_budget``,
``HardPolicy.plans``).
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.heuristics.flower_race import odds_settle
from game.ai.heuristics.planner import Line
from game.ai.levels.hard_settings import (
    DEFAULT_BUDGET,
    HardSettings,
    for_budget,
    for_table,
    horizon,
)
from game.ai.levels.medium import FAST, FULL, rank_with_lines
from game.ai.levels.plans import Plan, as_plan, first_move, reply_turns
from game.ai.levels.race import RaceStats, near_goal, search, search_task
from game.engine import Decision, Move, View, determinize

__all__ = ["HardPolicy", "HardSettings"]
log = logging.getLogger(__name__)
SHARD_TIMEOUT_S = 30.0  # a helper's shard that takes this long is run here instead


@dataclass
class HardPolicy:
    """The searching level; ``workers`` > 1 runs root-parallel search processes."""

    level: str = "hard"
    workers: int = 1
    settings: HardSettings = field(default_factory=HardSettings)
    _pool: Any = field(default=None, repr=False, compare=False)

    def candidates(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        settings: HardSettings | None = None,
    ) -> list[tuple[Move, float]]:
        """Medium's ranking, cut to the moves worth searching (best first)."""
        return self.candidate_lines(view, decision, legal_moves, settings)[0]

    def candidate_lines(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        settings: HardSettings | None = None,
    ) -> tuple[list[tuple[Move, float]], dict[Move, Line]]:
        """``candidates`` and the planner's line for each (action phase only)."""
        s = self.settings if settings is None else settings
        widths = replace(FULL, thin=s.thin)
        ranked, lines = rank_with_lines(view.game, view.player, decision, legal_moves, widths)
        best = ranked[0][1]
        floor = best - s.prune_margin
        keep = [(m, v) for m, v in ranked if v >= floor]
        wide = min(s.endgame_breadth, s.max_candidates)
        if len(keep) < wide and decision is Decision.ACTION and near_goal(view.game, s.endgame):
            # Medium's verdict near the goal can be a tile the next seat takes back: the
            # race judges the runners-up against the replies, from a clipped prior.
            keep += [(m, floor) for m, _ in ranked[len(keep) : wide]]
        return keep[: s.max_candidates], lines

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
        base = for_table(for_budget(self.settings, budget_s), len(view.game.players))
        cands, lines = self.candidate_lines(view, decision, legal_moves, base)
        if decision is Decision.DRAW and (
            not base.search_draws or odds_settle(view.game, view.player, legal_moves)
        ):
            # Medium's exact odds of the next two cards: the cheaper setting, and the
            # bust and Fragment choices outside a Flower race (``flower_race``).
            return cands[0][0]
        if len(cands) == 1:
            return cands[0][0]
        settings, share = self.scaled(decision, base)
        plans = self.plans(view, decision, cands, settings, rng, lines)
        stats = self.run_search(view, plans, start + budget_s * share * 0.92, rng, settings)
        return first_move(plans[stats.best()][0])

    def plans(
        self,
        view: View,
        decision: Decision,
        cands: list[tuple[Move, float]],
        settings: HardSettings,
        rng: random.Random,
        lines: dict[Move, Line] | None = None,
    ) -> list[tuple[Plan, float]]:
        """The candidates to race. With ``lines``, an action-phase candidate is its whole
        turn as the planner plays it: the rest of a turn reads no hidden order, so the
        same moves are legal in every sampled world, and the race compares the turns a
        good player would make instead of each move followed by rules of thumb. With
        ``expand``, each action with Medium's best few answers to its first step (the tree
        and space of a Plant, the first animal of an Attract, ...), each followed by its
        own line; the prior adds the answer's Medium deficit."""
        use = lines if settings.lines and lines else {}
        endgame = near_goal(view.game, settings.endgame)
        if decision is not Decision.DRAW and settings.replies > 0 and use and endgame:
            world = determinize(view, random.Random(rng.getrandbits(62)))
            own = [(use.get(m, (m,)), prior) for m, prior in cands]
            return [(reply_turns(world, view.player, o, settings.replies), v) for o, v in own]
        if decision is not Decision.ACTION or settings.expand <= 0:
            return [(as_plan(use.get(m, (m,))), prior) for m, prior in cands]
        seat = view.player
        world = determinize(view, random.Random(rng.getrandbits(62)))
        out: list[tuple[Plan, float]] = []
        for move, prior in cands:
            g = world.clone()
            g.play_unchecked(seat, move)
            seats, step = g.deciding()
            legal = g.legal_moves(seat) if seats == [seat] else []
            if step in (None, Decision.ACTION, Decision.DRAW) or len(legal) < 2:
                out.append((as_plan(use.get(move, (move,))), prior))
                continue
            ranked, answers = rank_with_lines(
                g, seat, step, legal, replace(FAST, thin=settings.thin)
            )
            top = ranked[0][1]
            for a, v in ranked[: settings.expand]:
                rest = answers.get(a, (a,)) if settings.lines else (a,)
                out.append(((move, *rest), prior + v - top))
        return out

    def scaled(
        self, decision: Decision, base: HardSettings | None = None
    ) -> tuple[HardSettings, float]:
        """The settings and budget share for one decision: a draw gets ``draw_share`` of
        the work, since a draw phase asks several times (each card after the second
        uncancelled symbol) and the whole phase should take about one decision's time."""
        s = self.settings if base is None else base
        if decision is not Decision.DRAW or s.draw_share >= 1.0:
            return s, 1.0
        share = s.draw_share
        steps = max(1, round(s.steps * share)) if s.steps else 0
        iterations = max(1, round(s.iterations * share)) if s.iterations else 0
        return replace(s, steps=steps, iterations=iterations), share

    def run_search(
        self,
        view: View,
        cands: Sequence[tuple[Plan, float]],
        deadline: float,
        rng: random.Random,
        settings: HardSettings | None = None,
    ) -> RaceStats:
        """Race at the base horizon, then a round deeper while races settle in budget.

        A deeper race overrides the answer when it settles or has dropped that answer;
        cut short with the answer still in it, the shallower verdict stands.
        """
        base = self.settings if settings is None else settings
        s = replace(base, horizon_rounds=horizon(base, len(view.game.players)))
        stats = self._race(view, cands, deadline, rng, s)
        depth, work, moves, n = s.horizon_rounds, stats.work, stats.moves, sum(stats.visits)
        while stats.settled() and depth < s.max_horizon:
            depth += 1
            left_steps = s.steps - work if s.steps else 0
            left_iters = s.iterations - n if s.iterations else 0
            if (s.steps and left_steps <= 0) or (s.iterations and left_iters <= 0):
                break
            if not (s.steps or s.iterations) and time.monotonic() >= deadline:
                break
            deeper = replace(s, horizon_rounds=depth, steps=left_steps, iterations=left_iters)
            answer = stats.best()
            deep = self._race(view, cands, deadline, rng, deeper)
            work, moves, n = work + deep.work, moves + deep.moves, n + sum(deep.visits)
            if deep.common() < s.min_worlds:
                break
            if not deep.settled() and deep.alive[answer]:
                deep.chosen = answer
            stats = deep
        stats.work, stats.moves = work, moves  # every race's, for the budget
        return stats

    def _race(
        self,
        view: View,
        cands: Sequence[tuple[Plan, float]],
        deadline: float,
        rng: random.Random,
        settings: HardSettings,
    ) -> RaceStats:
        moves = tuple(m for m, _ in cands)
        priors = tuple(v for _, v in cands)
        if settings.steps and settings.shards > 1:
            return self._sharded(view, moves, priors, rng, settings)
        if self.workers <= 1:
            return search(view, moves, priors, deadline, rng.getrandbits(62), settings)
        pool = self._ensure_pool()
        left = max(0.0, deadline - time.monotonic())
        jobs = [
            pool.apply_async(
                search_task,
                ((view, moves, priors, left - 0.02, rng.getrandbits(62), settings),),
            )
            for _ in range(self.workers - 1)
        ]
        stats = search(view, moves, priors, deadline, rng.getrandbits(62), settings)
        for job in jobs:
            with contextlib.suppress(multiprocessing.TimeoutError):
                stats.merge(job.get(timeout=max(0.05, deadline - time.monotonic() + 0.05)))
        return stats

    def _sharded(
        self,
        view: View,
        moves: tuple[Plan, ...],
        priors: tuple[float, ...],
        rng: random.Random,
        settings: HardSettings,
    ) -> RaceStats:
        """A fixed work budget split into ``shards`` races of equal work, each with its own
        seed drawn here in a fixed order, merged in shard order: the answer is the same
        whether one process runs every shard or ``workers`` processes share them, so a
        resumed game replays the same moves on any machine."""
        n = settings.shards
        part = replace(settings, steps=max(1, -(-settings.steps // n)), shards=1)
        seeds = [rng.getrandbits(62) for _ in range(n)]
        tasks = [(view, moves, priors, math.inf, seed, part) for seed in seeds]
        helpers = min(self.workers, n) - 1
        jobs = []
        if helpers > 0:
            pool = self._ensure_pool()
            jobs = [pool.apply_async(search_task, (t,)) for t in tasks[1 : 1 + helpers]]
        stats = search_task(tasks[0])
        for i, task in enumerate(tasks[1:]):
            if i < len(jobs):
                try:
                    stats.merge(jobs[i].get(timeout=SHARD_TIMEOUT_S))
                    continue
                except Exception:  # noqa: BLE001 - a helper that fails: its shard is run here
                    log.warning("a search helper failed; its shard runs here", exc_info=True)
            stats.merge(search_task(task))
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
    ) -> tuple[list[tuple[Move, float]], RaceStats]:
        """Candidates and search statistics (for hints)."""
        base = for_table(for_budget(self.settings, budget_s), len(view.game.players))
        cands, lines = self.candidate_lines(view, decision, legal_moves, base)
        if len(cands) == 1:
            return cands, RaceStats([[cands[0][1]]], [True])
        settings, share = self.scaled(decision, base)
        deadline = time.monotonic() + budget_s * share * 0.92
        # One plan per candidate (no expansion), so the stats line up with ``cands``.
        plans = self.plans(view, decision, cands, replace(settings, expand=0), rng, lines)
        return cands, self.run_search(view, plans, deadline, rng, settings)
