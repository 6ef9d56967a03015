"""Hard's race: candidates played over the same sampled worlds, rollouts to the horizon.

``search`` plays every live candidate in each world (``determinize``: hidden orders drawn
from the view, never read), finishes each world with ``rollout`` and scores it with the
win chance; ``RaceStats`` keeps the paired samples and drops the candidates that clearly
trail. ``HardPolicy`` (``hard.py``) chooses the candidates and reads the verdict.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.heuristics.bloom import chase
from game.ai.heuristics.draw_odds import Outlook, outlook
from game.ai.heuristics.evaluate import evaluate
from game.ai.heuristics.flower_race import THREAT, burst_chance
from game.ai.heuristics.guards import draw_only
from game.ai.heuristics.winchance import leaf_value
from game.ai.levels.hard_settings import HardSettings, horizon
from game.ai.levels.medium import FAST, FULL, rank
from game.ai.levels.plans import Plan, play_plan
from game.ai.levels.rollout import choose as cheap_move
from game.engine import Decision, Game, Phase, View, determinize
from game.engine.moves import DRAW

MAX_ROLLOUT = 3000  # engine moves: a rollout that has not reached its horizon stops here
# Work units a Medium-planner decision costs in a rollout (a fast move costs 1): its CPU
# time over a fast move's, measured 15-30x, so a fixed ``steps`` budget (the table, the
# review) stays about as long when the rollouts turn to the planner in the endgame.
PLANNER_WORK = 15


@dataclass(slots=True)
class RaceStats:
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
    def empty(cls, k: int, priors: Sequence[float] = ()) -> RaceStats:
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

    def merge(self, other: RaceStats) -> None:
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
    settings: HardSettings,
    noise: float,
    deadline: float = math.inf,
    counter: list[int] | None = None,
    root: tuple[int, bool] | None = None,
) -> float | None:
    """Play every seat to the horizon (end of round or game) and score it for ``seat``.

    ``policy="fast"``: every seat plays ``rollout.choose`` (rules of thumb, no copies).
    ``policy="medium"``: action steps use the Medium planner, draws the Medium odds with a
    cached outlook, and other seats play their runner-up move with chance ``noise``. A fast
    rollout turns to the narrow Medium planner from the round a seat nears the goal
    (``endgame``).
    ``root`` (the race's round and whether it began near the goal) fixes the policy for the
    rest of that round, so every candidate's round is finished by the same players.
    Returns ``None`` when the deadline passes first (the iteration is then discarded).
    ``counter[0]`` grows by the work done (the ``steps`` budget): one unit an engine move,
    ``PLANNER_WORK`` a planner decision; ``counter[1]`` by the engine moves.
    """
    stop_round = g.round + horizon(settings, len(g.players))
    own_round = g.round
    looks: dict[int, Outlook] = {}
    steps = work = 0
    planner = settings.policy == "medium"  # Medium throughout, at full width this round
    # The root's verdict for its own round, so no Flower odds are shuffled again here.
    own = root is not None and root[0] == g.round
    near = root[1] if root is not None and own else near_goal(g, settings.endgame)
    fast, seen_round = not planner and not near, g.round
    while g.phase is not Phase.OVER and g.round < stop_round and steps < MAX_ROLLOUT:
        steps += 1
        if time.monotonic() > deadline:
            return None
        if fast and g.round != seen_round:
            fast, seen_round = not near_goal(g, settings.endgame), g.round
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
        if decision is Decision.DRAW and (draw_only(p, legal) or chase(g, p, legal, rng)):
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
    if settings.leaf == "winchance":
        return leaf_value(g, seat, settings.engine, settings.engine_until, settings.fire_reach)
    return evaluate(g, seat)


def near_goal(g: Game, endgame: int) -> bool:
    """Whether some seat's best track has reached ``endgame``, or some seat may burst to
    12 Flowers this round (``flower_race.burst_chance``: the tracks do not show that
    threat until the Help Line does); never when ``endgame`` is 0."""
    if not endgame:
        return False
    for p in g.players:
        if max(p.tracks()) >= endgame:
            return True
    if g.phase is Phase.DRAW:
        return any(burst_chance(g, p) >= THREAT for p in g.players)
    return False


def search(
    view: View,
    candidates: Sequence[Plan],
    priors: Sequence[float],
    deadline: float,
    seed: int,
    settings: HardSettings,
) -> RaceStats:
    """Race ``candidates`` over sampled worlds until one is left or the budget runs out.

    Every live candidate is played in each world in turn; after ``min_worlds`` worlds (and
    then at growing intervals) the paired differences to the leader drop the clearly
    worse ones, so more time goes to resolving the close calls.
    """
    rng = random.Random(seed)
    seat = view.player
    k = len(candidates)
    top = max(priors)
    stats = RaceStats.empty(k, [settings.bias * (p - top) for p in priors])
    stats.horizon = horizon(settings, len(view.game.players))
    spent = 0.0
    n = 0
    work = [0, 0]  # budget units, engine moves
    fixed = bool(settings.iterations or settings.steps)
    limit = math.inf if fixed else deadline
    worlds = 0
    next_test = settings.min_worlds
    root = (view.game.round, near_goal(view.game, settings.endgame)) if settings.steady else None
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
            value = rollout(g, seat, world, settings, noise, limit, work, root)
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


def search_task(
    args: tuple[View, tuple[Plan, ...], tuple[float, ...], float, int, HardSettings],
) -> RaceStats:
    view, candidates, priors, budget, seed, settings = args
    return search(view, candidates, priors, time.monotonic() + budget, seed, settings)
