"""Hard: determinized Monte Carlo search over the Medium policy's candidates.

The candidates (Medium's best few) run a race: in each sampled world (hidden orders drawn
from the view with ``determinize``) every live candidate is played (in the action phase as
the whole turn Medium's planner found for it: ``Settings.lines``), then every pending seat
(the draw phase is simultaneous) follows the cheap rollout policy (``rollout``; or Medium
with ``policy="medium"``) to the horizon, and the position is scored by the fitted win
chance (``outcome``). Once a seat nears the goal (``endgame``) the rollouts play the
narrow Medium planner instead, so a close finish is judged on play that sees the goal and
the tie-break, and each candidate turn is raced with the next seat's reply turn as the full
planner plays it (``Settings.replies``). All candidates meet the same worlds, so
their paired differences are precise; a candidate that trails the leader by ``z`` standard
errors drops out, and the time left goes to the close calls. The best paired mean wins, with
Medium's ranking as a fading prior. Anytime: it stops when one candidate is left, at the
time budget, or at a fixed ``iterations`` / ``steps`` work budget. A bigger time budget
races more candidates over more worlds before dropping any, and each action together with
Medium's best answers to its first step (``for_budget``, ``HardPolicy.plans``).
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.heuristics.bloom import chase
from game.ai.heuristics.draw_odds import Outlook, outlook
from game.ai.heuristics.evaluate import evaluate
from game.ai.heuristics.guards import draw_only
from game.ai.heuristics.outcome import leaf_value
from game.ai.heuristics.planner import Line
from game.ai.levels.medium import FAST, FULL, rank, rank_with_lines
from game.ai.levels.plans import Plan, as_plan, first_move, play_plan, reply_turns
from game.ai.levels.rollout import choose as cheap_move
from game.engine import Decision, Game, Move, Phase, View, determinize
from game.engine.moves import DRAW

DEFAULT_BUDGET = 1.0
MAX_ROLLOUT = 3000  # engine moves: a rollout that has not reached its horizon stops here
# Work units a Medium-planner decision costs in a rollout (a fast move costs 1): its CPU
# time over a fast move's, measured 15-30x, so a fixed ``steps`` budget (the table, the
# review) stays about as long when the rollouts turn to the planner in the endgame.
PLANNER_WORK = 15
# Rollout horizon (rounds) for 2, 3 and 4 players. 2p vs Medium at 0.1 s (200 games, seed
# 21): one round 66.75%, two 81.75%, three 70.75%. 4p vs three Medium (200 games, seed 1):
# two rounds 48.25%, one 60.5%: four seats make a round twice as long, so at small
# budgets two rounds leave too few sampled worlds. 3p is not measured; it follows 4p.
# (Those figures are with Medium rollouts. With the fast rollouts, 2p self-play at 0.1 s,
# 40 games seed 5: four rounds vs two 31.25%, one round vs two 48.75%. Against ismcts,
# 2p, 200 games seed 1: one round 83.5% [77.7, 88.0] against two 88.5%.)
HORIZONS = {2: 2, 3: 1, 4: 1}
REFERENCE_BUDGET = 0.1  # seconds: the budget the Settings defaults were measured at


def for_budget(settings: Settings, budget_s: float) -> Settings:
    """The race for a time budget: more time keeps more candidates and compares them over
    more worlds before any is dropped, at a stricter ``z``.

    At 0.1 s a race settles after a few worlds and a 1.0 s Hard stopped there too (about
    170 ms a decision), so tenfold time bought nothing. Growth follows log10 of the budget
    over REFERENCE_BUDGET, capped at tenfold; a fixed work budget (``steps``,
    ``iterations``: the table and the review) keeps the settings as given.
    Measured (``--seats hard@1.0,hard@0.1``, 2p, seed 13, --jobs 1): with ``expand`` 63%
    over 100 games, 95% [53.2, 71.8], 188 ms a decision on average; wider and longer
    races without ``expand`` stood at 53% after 32 games (stopped); ``grow=0`` (the old
    1.0 s Hard, 137 ms a decision) 50.5% over 100 games, [40.9, 60.1]. With the whole-turn
    lines and the endgame replies: 64.5% [54.7, 73.2], 209 ms a decision; with the
    blocking steals and Flower bursts in the rollouts (--jobs 2): 57% [47.2, 66.3], 191 ms;
    with engines weighed by the table's leader (``evaluate``): 62% [52.2, 70.9], 193 ms.
    Time is not what ``ismcts`` exploits: Hard at 0.3 s won 83% [74.5, 89.1] of 100 games
    against it (seed 4).
    """
    if settings.steps or settings.iterations or budget_s <= REFERENCE_BUDGET:
        return settings
    x = settings.grow * min(1.0, math.log10(budget_s / REFERENCE_BUDGET))
    return replace(
        settings,
        z=settings.z * (1.0 + 0.5 * x),
        min_worlds=round(settings.min_worlds * (1.0 + 3.0 * x)),
        max_candidates=round(settings.max_candidates * (1.0 + 0.4 * x)),
        prune_margin=settings.prune_margin * (1.0 + 0.67 * x),
        expand=max(settings.expand, round(2 * x)),
    )


def horizon(settings: Settings, players: int) -> int:
    """Rounds the rollouts play: the setting, or the measured default for the table."""
    return settings.horizon_rounds or HORIZONS.get(players, 1)


@dataclass(frozen=True, slots=True)
class Settings:
    """Search knobs (measured defaults; see the arena)."""

    max_candidates: int = 5
    prune_margin: float = 3.0  # Medium points behind the best: not worth searching
    # Wider at 0.1 s (7 candidates within 5 points) did no better against ismcts (2p, 200
    # games a seed): seeds 3 and 4, 88.5% and 84.75% (86.6% of 400) against 88.4%.
    z: float = 2.0  # a candidate is dropped once it trails the leader by z standard errors
    min_worlds: int = 4  # sampled worlds before the first comparison
    # A stricter race at 0.1 s (it uses about a quarter of the budget) bought nothing
    # against ismcts (2p, 200 games a seed): z 2.5 and 8 first worlds, seeds 3 and 4,
    # 89.5% and 87.0% (88.25% of 400) against 87.25% and 89.5% (88.4%); z 3 and 12
    # worlds, seed 3, 85.25%.
    bias: float = 2.0  # leaf points per Medium point: the prior that breaks near-ties
    # Chance a rollout opponent plays its second-best move. 0: at 0.15 the noisy visits
    # model a weaker opponent than Medium and outweigh the exact first visit as time grows
    # (Hard 1.0 s vs Hard 0.1 s: 36% over 28 games); at 0.1 s noise 0 scored 69% vs 68%.
    noise: float = 0.0
    horizon_rounds: int = 0  # rounds the rollouts play; 0: by player count (HORIZONS)
    # Iterative deepening: a race that settles with budget to spare runs again one round
    # deeper, up to this horizon. Off (0): three rounds judged worse than two (HORIZONS).
    max_horizon: int = 0
    iterations: int = 0  # > 0: stop after this many rollouts (reproducible; for tests)
    steps: int = 0  # > 0: stop once rollouts have played this many engine moves (reproducible)
    # Draw/stop raced like any decision (80.75% at one round vs 66.75% by Medium's odds;
    # 83.25% with two rounds): what one more card buys shows in the action phase it feeds.
    search_draws: bool = True
    leaf: str = "outcome"  # rollout score: fitted "outcome" win chance or "medium" evaluation
    # Rollout players: "fast" rules of thumb (game.ai.levels.rollout, near engine speed) or
    # "medium" (the Medium planner, ~30x slower per move).
    policy: str = "fast"
    # Endgame: once a seat's best track reaches this (at a round's start), every seat of a
    # fast rollout plays the narrow Medium planner instead: it sees the goal, the tie-break
    # on the sum of the tracks and the Move bonuses that reach 12, so the close finishes
    # are judged on play like a real opponent's; 0: never. Hard vs ismcts, 2p, 200 games
    # at 0.1 s, seed 1: 89.0% [83.9, 92.6] at 10 against 86.0% [80.5, 90.1] without.
    endgame: int = 10
    # Share of the budget (time, steps, iterations) a draw decision gets; see ``scaled``.
    # A whole decision's time (1.0) bought nothing against ismcts (2p, 0.1 s, seed 1): 81%
    # after 96 games (stopped) against 88.5% over 200 at 0.5. Nor did a whole decision for
    # the draws near the goal only (where the rollouts play the planner): seed 3, 200
    # games, 84.0% [78.3, 88.4] against 87.25% [81.9, 91.2] at 0.5.
    draw_share: float = 0.5
    # How much a time budget above REFERENCE_BUDGET widens and lengthens the race (0: not
    # at all; see ``for_budget``): tenfold time at 1 gives z 3, 16 first worlds, 7
    # candidates within 5 Medium points, and expand 2.
    grow: float = 1.0
    # Answers to an action's first step raced with it (0: the rollout policy answers):
    # (Plant, tree 3 at 1,2) and (Plant, tree 5 at 0,0) are two candidates. Set by
    # ``for_budget`` when the time allows; see ``HardPolicy.plans``.
    expand: int = 0
    # In the action phase, a candidate is raced as its whole turn as Medium's planner
    # plays it (the line it valued the move on; see ``HardPolicy.plans``), not as one move
    # whose rest of the turn the rollout rules of thumb play. False: the move alone.
    # Hard vs ismcts, 2p, 0.1 s, seeds 1 and 2: 86.9% over 294 games, against 85.9% over
    # 400 without (within the noise).
    lines: bool = True
    # Near the goal (``endgame``), the whole turns of the next ``replies`` seats in this
    # action phase, as Medium's full planner plays them, are raced with each candidate turn
    # (``Scripted``); 0: the rollouts play them. Hard vs ismcts, 2p, 0.1 s, 200 games each:
    # seed 1 88.5%, seed 2 90.75% (89.6% over 400) against 87.5% and 84.25% without; seeds
    # 3 and 4 84.75% and 84% (87.0% over 800).
    # From the start of the game instead, the planner calls cost a third of the worlds at
    # 0.1 s: 80.1% over 103 games.
    replies: int = 1


@dataclass(slots=True)
class Stats:
    """Per candidate, its rollout value in each sampled world (world ``j`` is the same
    deal for every candidate), and whether the race still counts it."""

    samples: list[list[float]]
    alive: list[bool]
    priors: list[float] = field(default_factory=list)  # leaf points, <= 0 (Medium's view)
    work: int = 0  # work units the race spent (the ``steps`` budget; see ``rollout``)
    moves: int = 0  # engine moves it simulated (what the benchmark counts)
    chosen: int | None = None  # set when a deeper race kept a shallower race's answer
    horizon: int = 0  # rounds the rollouts looked ahead

    def __post_init__(self) -> None:
        if not self.priors:
            self.priors = [0.0] * len(self.samples)

    @classmethod
    def empty(cls, k: int, priors: Sequence[float] = ()) -> Stats:
        return cls([[] for _ in range(k)], [True] * k, list(priors))

    @property
    def visits(self) -> list[int]:
        return [len(s) for s in self.samples]

    def common(self) -> int:
        """Worlds every live candidate has been played in (the paired sample size)."""
        return min(len(s) for s, a in zip(self.samples, self.alive, strict=True) if a)

    def score(self, i: int, n: int) -> float:
        """Mean over the first ``n`` worlds plus the fading Medium prior."""
        head = self.samples[i][:n]
        return (sum(head) / n if n else 0.0) + self.priors[i] / (n + 1)

    def best(self) -> int:
        """The live candidate with the best paired mean (Medium's choice with no data)."""
        if self.chosen is not None:
            return self.chosen
        live = [i for i, a in enumerate(self.alive) if a]
        n = self.common()
        return max(live, key=lambda i: (self.score(i, n), -i))

    def prune(self, z: float) -> None:
        """Drop every candidate whose paired deficit to the leader is z standard errors
        below zero: common random numbers make these differences far less noisy than
        the values themselves."""
        n = self.common()
        if n < 2:
            return
        lead = self.best()
        top = self.samples[lead][:n]
        for i, a in enumerate(self.alive):
            if not a or i == lead:
                continue
            d = [x - y for x, y in zip(self.samples[i][:n], top, strict=True)]
            md = sum(d) / n
            var = sum((x - md) ** 2 for x in d) / (n - 1)
            if md + z * math.sqrt(var / n) < 0:
                self.alive[i] = False

    def settled(self) -> bool:
        return sum(self.alive) == 1

    def merge(self, other: Stats) -> None:
        """Root parallelism: another process's worlds, paired among themselves."""
        n_self, n_other = self.common(), other.common()
        alive = [a and b for a, b in zip(self.alive, other.alive, strict=True)]
        for i, s in enumerate(other.samples):
            self.samples[i] = self.samples[i][:n_self] + s[:n_other]
        self.alive = alive if any(alive) else [True] * len(alive)
        self.work += other.work
        self.moves += other.moves


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

    ``policy="fast"``: every seat plays ``rollout.choose`` (rules of thumb, no copies).
    ``policy="medium"``: action steps use the Medium planner, draws the Medium odds with a
    cached outlook, and other seats play their runner-up move with chance ``noise``. A fast
    rollout turns to the narrow Medium planner from the round a seat nears the goal
    (``endgame``).
    Returns ``None`` when the deadline passes first (the iteration is then discarded).
    ``counter[0]`` grows by the work done (the ``steps`` budget): one unit an engine move,
    ``PLANNER_WORK`` a planner decision; ``counter[1]`` by the engine moves.
    """
    stop_round = g.round + horizon(settings, len(g.players))
    own_round = g.round
    looks: dict[int, Outlook] = {}
    steps = work = 0
    planner = settings.policy == "medium"  # Medium throughout, at full width this round
    fast, seen_round = not planner and not _near_goal(g, settings.endgame), g.round
    while g.phase is not Phase.OVER and g.round < stop_round and steps < MAX_ROLLOUT:
        steps += 1
        if time.monotonic() > deadline:
            return None
        if fast and g.round != seen_round:
            fast, seen_round = not _near_goal(g, settings.endgame), g.round
        seats, decision = g.deciding()
        # Simultaneous draw phase: advance the seats in a random order.
        who = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
        legal = g.legal_moves(who)
        if len(legal) == 1:
            g.play_unchecked(who, legal[0])
            continue
        assert decision is not None  # the game is not over
        if fast:
            g.play_unchecked(who, cheap_move(g, who, decision, legal, rng))
            continue
        p = g.players[who]
        if decision is Decision.DRAW and (draw_only(p, legal) or chase(p, legal, rng)):
            # Medium's ranking would keep Draw alone; valuing the pile two cards deep
            # for it cost a near-goal draw race nearly all its worlds (38 ms a rollout,
            # 2-4 worlds at 0.1 s). Hard vs ismcts, 2p, 0.1 s, seed 3, 200 games: 87.25%
            # [81.9, 91.2] against 84.75% before; seed 4, 89.5% [84.5, 93.0] against 84.0%;
            # seeds 1 and 2, 88.25% and 90.25% against 88.5% and 90.75% (88.8% of 800).
            # A likely Flower burst is drawn for too: Medium's two-card odds cannot see it.
            g.play_unchecked(who, DRAW)
            continue
        work += PLANNER_WORK - 1
        if decision is Decision.DRAW:
            look = looks.get(who)
            if look is None:
                look = looks[who] = outlook(g, who)
            ranked = rank(g, who, decision, legal, FAST, look)
        else:
            looks.clear()
            wide = planner and g.round == own_round
            ranked = rank(g, who, decision, legal, FULL if wide else FAST)
        if len(ranked) > 1 and who != seat and noise and rng.random() < noise:
            g.play_unchecked(who, ranked[1][0])
        else:
            g.play_unchecked(who, ranked[0][0])
    if counter is not None:
        counter[0] += steps + work
        counter[1] += steps
    if settings.leaf == "outcome":
        return leaf_value(g, seat)
    return evaluate(g, seat)


def _near_goal(g: Game, endgame: int) -> bool:
    """Whether some seat's best track has reached ``endgame`` (never when it is 0)."""
    return bool(endgame) and any(max(p.tracks()) >= endgame for p in g.players)


def search(
    view: View,
    candidates: Sequence[Plan],
    priors: Sequence[float],
    deadline: float,
    seed: int,
    settings: Settings,
) -> Stats:
    """Race ``candidates`` over sampled worlds until one is left or the budget runs out.

    Every live candidate is played in each world in turn; after ``min_worlds`` worlds (and
    then at growing intervals) the paired differences to the leader drop the clearly
    worse ones, so more time goes to resolving the close calls.
    """
    rng = random.Random(seed)
    seat = view.player
    k = len(candidates)
    top = max(priors)
    stats = Stats.empty(k, [settings.bias * (p - top) for p in priors])
    stats.horizon = horizon(settings, len(view.game.players))
    spent = 0.0
    n = 0
    work = [0, 0]  # budget units, engine moves
    fixed = bool(settings.iterations or settings.steps)
    limit = math.inf if fixed else deadline
    worlds = 0
    next_test = settings.min_worlds
    while not stats.settled():
        world_seed = rng.getrandbits(62)
        for i in [i for i, a in enumerate(stats.alive) if a]:
            now = time.monotonic()
            stats.work, stats.moves = work
            if settings.iterations and n >= settings.iterations:
                return stats
            if settings.steps and work[0] >= settings.steps and worlds:
                return stats
            # Anytime: stop when one more rollout would overrun (the first world if it can).
            if not fixed and n >= min(k, 2) and now + spent / n > deadline:
                return stats
            # Common random numbers: every candidate meets the same deal in this world.
            world = random.Random(world_seed)
            g = determinize(view, world)
            played = play_plan(g, seat, candidates[i])
            work[0] += played
            work[1] += played
            noise = settings.noise if worlds else 0.0
            value = rollout(g, seat, world, settings, noise, limit, work)
            if value is None:
                stats.work, stats.moves = work
                return stats
            stats.samples[i].append(value)
            n += 1
            spent += time.monotonic() - now
        worlds += 1
        if worlds >= next_test:
            stats.prune(settings.z)
            next_test = max(worlds + 1, int(worlds * 1.25))
    stats.work, stats.moves = work
    return stats


def _search_task(
    args: tuple[View, tuple[Plan, ...], tuple[float, ...], float, int, Settings],
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
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        settings: Settings | None = None,
    ) -> list[tuple[Move, float]]:
        """Medium's ranking, cut to the moves worth searching (best first)."""
        return self.candidate_lines(view, decision, legal_moves, settings)[0]

    def candidate_lines(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        settings: Settings | None = None,
    ) -> tuple[list[tuple[Move, float]], dict[Move, Line]]:
        """``candidates`` and the planner's line for each (action phase only)."""
        s = self.settings if settings is None else settings
        ranked, lines = rank_with_lines(view.game, view.player, decision, legal_moves)
        best = ranked[0][1]
        keep = [(m, v) for m, v in ranked if v >= best - s.prune_margin]
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
        base = for_budget(self.settings, budget_s)
        cands, lines = self.candidate_lines(view, decision, legal_moves, base)
        if decision is Decision.DRAW and not base.search_draws:
            # The cheaper setting: Medium's exact odds of the next two cards.
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
        settings: Settings,
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
        endgame = _near_goal(view.game, settings.endgame)
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
            ranked, answers = rank_with_lines(g, seat, step, legal, FAST)
            top = ranked[0][1]
            for a, v in ranked[: settings.expand]:
                rest = answers.get(a, (a,)) if settings.lines else (a,)
                out.append(((move, *rest), prior + v - top))
        return out

    def scaled(self, decision: Decision, base: Settings | None = None) -> tuple[Settings, float]:
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
        settings: Settings | None = None,
    ) -> Stats:
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
        settings: Settings,
    ) -> Stats:
        moves = tuple(m for m, _ in cands)
        priors = tuple(v for _, v in cands)
        if self.workers <= 1:
            return search(view, moves, priors, deadline, rng.getrandbits(62), settings)
        pool = self._ensure_pool()
        left = max(0.0, deadline - time.monotonic())
        jobs = [
            pool.apply_async(
                _search_task,
                ((view, moves, priors, left - 0.02, rng.getrandbits(62), settings),),
            )
            for _ in range(self.workers - 1)
        ]
        stats = search(view, moves, priors, deadline, rng.getrandbits(62), settings)
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
        base = for_budget(self.settings, budget_s)
        cands, lines = self.candidate_lines(view, decision, legal_moves, base)
        if len(cands) == 1:
            return cands, Stats([[cands[0][1]]], [True])
        settings, share = self.scaled(decision, base)
        deadline = time.monotonic() + budget_s * share * 0.92
        # One plan per candidate (no expansion), so the stats line up with ``cands``.
        plans = self.plans(view, decision, cands, replace(settings, expand=0), rng, lines)
        return cands, self.run_search(view, plans, deadline, rng, settings)
