"""Hard's cheap rollout policy: rules of thumb on the position, no copies, no look-ahead.

The Medium planner copies the game for every leaf it scores, so a rollout that plays Medium
costs about 30 times the rules themselves. Here every decision is one pass over the legal
moves with static worths (card and tree values computed once at import), so simulations
run near engine speed and Hard's search sees many more sampled worlds. The draw phase keeps
the ``guards`` (free draws, Fragments only where they save something), and an action or a
tree that reaches the goal on a track is always taken: a rollout opponent that leaves the
winning Fire on the board makes every move that leaves it there look safe. For the same
reason a seat steals back below the goal a seat that stands at exactly 12 when it can
(``ismcts`` did so 37 times in 200 games against Hard, whose rollouts never did), and
draws on for a likely Flower burst (``bloom``). With those and Medium's planner looking at
such steals (``tactics.block_wind``), Hard vs ismcts, 2p, 0.1 s, 200 games a seed, seeds 1
to 4: 90.25%, 89.5%, 89.5%, 90.0% (89.8% of 800) against 88.8% of 800 before.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.heuristics.bloom import chase
from game.ai.heuristics.guards import fragment_worth, free_draw
from game.ai.heuristics.tactics import block_wind, blocking_tile
from game.engine import Action, Decision, Game, Move, TaskKind
from game.engine.legal import PLANT_AT
from game.engine.moves import (
    CHOOSE,
    DRAW,
    FINISH,
    PASS,
    SKIP_BONUS,
    STOP,
    USE_FRAGMENT,
    ChooseAction,
    MoveSpirit,
    PickAnimal,
    PickFire,
    Steal,
)
from game.engine.quick_init import quick_init
from game.engine.state import (
    CARD_COST,
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_LEVEL,
    CARD_SOLITARY,
    CARDS,
    E_FLOWER,
    E_PLANT,
    E_WATER,
    GOAL,
    LINES,
    N_ROCKS,
    ROCKS,
    SPACES,
    TRACK_KINDS,
    TREE_COST,
    TREE_ELEMS,
    PlayerState,
)

_ELEM = (0.28, 0.32, 0.34, 0.22, 0.55)
CARD_WORTH: tuple[float, ...] = tuple(
    sum(w * x for w, x in zip(_ELEM, CARD_ELEMS[c], strict=True))
    - 0.9 * CARD_SOLITARY[c]
    + 0.7 * CARD_GREGARIOUS[c]
    - 0.12 * CARD_LEVEL[c]
    for c in range(len(CARDS))
)
TREE_WORTH: tuple[float, ...] = tuple(
    sum(w * x for w, x in zip((0.55, 0.65, 0.75, 0.45, 0.9), e, strict=True)) for e in TREE_ELEMS
)
ROCK_WORTH = {
    TaskKind.PLANT: 1.1,
    TaskKind.FRAGMENT: 0.45,
    TaskKind.ATTRACT: 0.8,
    TaskKind.EXTINGUISH: 1.0,
}
_PLANT, _EXTINGUISH = TaskKind.PLANT, TaskKind.EXTINGUISH  # globals: fast in the landing loop
CORNER_WORTH = {0: 0.8, 4: 0.9, 10: 0.9, 14: 0.9}
LINE_SPACES = frozenset(s for spaces, *_ in LINES for s in spaces)
SPACE_WORTH: tuple[float, ...] = tuple(
    CORNER_WORTH.get(s, 0.0) + (0.2 if s in LINE_SPACES else 0.0) for s in range(SPACES)
)
TAKE_FRAGMENT = CHOOSE[Action.FRAGMENT]
RISK = 0.3  # at two uncancelled symbols, draw while a solitary card is less likely than this
GOAL_BONUS = 20.0  # worth added to a choice that reaches the goal: above every other worth
FINAL_GAIN = 3.0  # in the last round, worth of one more point on the track sum (the tie-break)


def choose(
    g: Game, who: int, decision: Decision, legal: Sequence[Move], rng: random.Random
) -> Move:
    """The rollout move for ``who`` (``legal`` has at least two moves)."""
    p = g.players[who]
    match decision:
        case Decision.DRAW:
            return _draw(g, p, legal, rng)
        case Decision.ACTION:
            return _action(g, p, legal, rng)
        case Decision.ATTRACT:
            return _attract(legal)
        case Decision.EXTINGUISH:
            picks = [m for m in legal if isinstance(m, PickFire)]
            return min(picks, key=lambda m: m.value) if picks else legal[0]
        case Decision.PLANT:
            return _plant(g, p, legal)
        case Decision.MOVE:
            return _move(g, p, legal)
        case Decision.STEAL:
            return _steal(g, p, legal)


def _draw(g: Game, p: PlayerState, legal: Sequence[Move], rng: random.Random) -> Move:
    if STOP in legal and p.tracks()[2] >= GOAL and not free_draw(p, legal):
        return STOP  # Help Line Flowers at the goal: keep them
    if USE_FRAGMENT in legal and fragment_worth(p):
        return USE_FRAGMENT
    if DRAW not in legal:
        return STOP
    n = p.solitary - p.gregarious
    if n <= 1 or p.fragments > 0 or chase(g, p, legal, rng):
        return DRAW
    hidden = p.deck[-1:] if p.known_top else (p.deck or p.discard)
    risky = sum(CARD_SOLITARY[c] for c in hidden)
    return DRAW if risky < RISK * len(hidden) else STOP


def _attract_worth(g: Game, sun: int) -> float:
    """Best cards that fit the Sun, taken by worth (a quick knapsack)."""
    cards = [c for row in g.reserve for c in row if CARD_WORTH[c] > 0]
    cards.sort(key=CARD_WORTH.__getitem__, reverse=True)  # stable: ties keep reserve order
    total = 0.0
    for c in cards:
        cost = CARD_COST[c]
        if cost <= sun:
            sun -= cost
            total += CARD_WORTH[c]
    return total


def _extinguish_worth(g: Game, p: PlayerState, reach: Reach) -> float:
    v = 1.4 * reach.tiles * (1.0 + 0.08 * len(p.fires))
    fire = sum(g.centre)
    if fire > p.total(E_WATER) >= fire - reach.spent:
        v += 0.6 * len(g.centre)  # the Varans it saves
    if reach.tiles:
        v += reach.reaches(reach.fires + reach.tiles)
    return v


def _tree_worth(k: int, kinds: set[int], tracks: tuple[int, int, int]) -> float:
    """A tree's worth to a Forest holding ``kinds``; more than any other choice when it
    takes the seat to the goal on Trees (a new kind) or on Flowers (its flowers)."""
    trees, _, flowers = tracks
    new = k not in kinds
    v = TREE_WORTH[k] + (1.6 if new else 0.0)
    if max(tracks) < GOAL and (
        (new and trees + 1 >= GOAL) or flowers + TREE_ELEMS[k][E_FLOWER] >= GOAL
    ):
        v += GOAL_BONUS
    return v


def _plant_worth(
    p: PlayerState, plant: int, supply: list[int], tracks: tuple[int, int, int]
) -> float:
    kinds = set(p.forest)
    best = 0.0
    for k, n in enumerate(supply):
        if n > 0 and TREE_COST[k] <= plant:
            best = max(best, _tree_worth(k, kinds, tracks))
    return best


@quick_init  # one per seat at every rollout move
@dataclass(frozen=True, slots=True)
class Reach:
    """What one seat's actions add to the tracks now: the best track a steal adds to, the
    best track and the track sum gained by a Plant (a new kind, its Flowers), the Fires an
    Extinguish takes. ``final``: a seat has reached the goal, so the game ends this round
    and among those at 12 the sum of the tracks decides (RULES §7)."""

    best: int
    grown: int
    plant_gain: int
    fires: int
    tiles: int  # Fires an Extinguish takes now, the smallest first
    spent: int  # their total value
    final: bool

    @classmethod
    def of(cls, g: Game, p: PlayerState, tracks: tuple[int, int, int] | None = None) -> Reach:
        trees, fires, flowers = p.tracks() if tracks is None else tracks
        best = max(trees, fires, flowers)
        plant = p.total(E_PLANT)
        kinds = set(p.forest)
        grown, gain = best, 0
        if p.plantable_spaces():
            for k, n in enumerate(g.tree_supply):
                if n > 0 and TREE_COST[k] <= plant:
                    new, fl = k not in kinds, TREE_ELEMS[k][E_FLOWER]
                    grown = max(grown, trees + new, flowers + fl)
                    gain = max(gain, new + fl)
        water, spent, tiles = p.total(E_WATER), 0, 0
        for v in sorted(g.centre):
            if spent + v <= water:
                spent += v
                tiles += 1
        final = best >= GOAL or any(max(q.tracks()) >= GOAL for q in g.players if q is not p)
        return cls(best, grown, gain, fires, tiles, spent, final)

    def reaches(self, track: int) -> float:
        """GOAL_BONUS when ``track`` is at the goal and the seat is not there yet."""
        return GOAL_BONUS if track >= GOAL > self.best else 0.0

    def gain(self, points: int) -> float:
        """Worth of ``points`` more on the track sum in the last round (else nothing)."""
        return FINAL_GAIN * points if self.final else 0.0


def _landings(g: Game, p: PlayerState, wind: int, reach: Reach) -> list[tuple[float, int]]:
    """(worth, distance) of every reachable rock; a landing whose steals and bonus action
    reach the goal, or whose steal takes a seat back below it, is worth more than any
    other, and in the last round what it adds to the track sum counts."""
    others = {q.rock: bool(q.tiles) for q in g.players if q is not p}
    block = block_wind(g, p)
    out = []
    rock, steps, jumped = p.rock, 0, 0
    for _ in range(2 * N_ROCKS):
        if steps >= wind:
            break
        rock = (rock + 1) % N_ROCKS
        if rock in others:
            jumped += others[rock]
            continue
        steps += 1
        kind = ROCKS[rock]
        track, points = reach.best, 0
        if kind is _PLANT:
            track, points = reach.grown, reach.plant_gain
        elif kind is _EXTINGUISH:
            track, points = max(reach.best, reach.fires + reach.tiles), reach.tiles
        v = ROCK_WORTH[kind] + 1.6 * jumped + reach.reaches(track + jumped)
        v += GOAL_BONUS if 0 < block <= steps else 0.0
        out.append((v + reach.gain(points + jumped), steps))
    return out


def _action(g: Game, p: PlayerState, legal: Sequence[Move], rng: random.Random) -> Move:
    sun, _, plant, wind, _ = p.totals()
    tracks = p.tracks()
    reach = Reach.of(g, p, tracks)
    best: Move = PASS
    best_v = -1.0
    for m in legal:
        if not isinstance(m, ChooseAction):  # a pass
            continue
        a = m.action
        if a == Action.FRAGMENT:
            v = 0.45 if p.fragments < 3 else 0.1
        elif a == Action.ATTRACT:
            v = _attract_worth(g, sun)
        elif a == Action.EXTINGUISH:
            v = _extinguish_worth(g, p, reach) + reach.gain(reach.tiles)
        elif a == Action.PLANT:
            v = _plant_worth(p, plant, g.tree_supply, tracks)
            v += reach.gain(reach.plant_gain)
        else:
            v = max((w for w, _ in _landings(g, p, wind, reach)), default=0.0)
        v += 0.05 * rng.random()
        if v > best_v:
            best, best_v = m, v
    return best


def _attract(legal: Sequence[Move]) -> Move:
    best, best_v = None, 0.0
    for m in legal:
        if isinstance(m, PickAnimal) and CARD_WORTH[m.card] > best_v:
            best, best_v = m, CARD_WORTH[m.card]
    if best is not None:
        return best
    if FINISH in legal:
        return FINISH
    picks = [m for m in legal if isinstance(m, PickAnimal)]
    return max(picks, key=lambda m: CARD_WORTH[m.card]) if picks else legal[0]


def _plant(g: Game, p: PlayerState, legal: Sequence[Move]) -> Move:
    """The tree worth most on the space worth most. A Plant's worth is the tree's part plus
    the space's part, so each is chosen on its own (the first best of each: the move a pass
    over ``legal``, kinds then spaces, would keep) instead of scoring every pair."""
    budget = p.total(E_PLANT)
    kinds = set(p.forest)
    tracks = p.tracks()
    tree, tree_v = -1, float("-inf")
    for k, n in enumerate(g.tree_supply):
        if n > 0 and TREE_COST[k] <= budget:
            v = _tree_worth(k, kinds, tracks)
            if v > tree_v:
                tree, tree_v = k, v
    spaces = p.plantable_spaces()
    if tree < 0 or not spaces:
        return SKIP_BONUS if SKIP_BONUS in legal else legal[0]
    return PLANT_AT[tree][max(spaces, key=SPACE_WORTH.__getitem__)]


def _move(g: Game, p: PlayerState, legal: Sequence[Move]) -> Move:
    wind = max(m.distance for m in legal if isinstance(m, MoveSpirit))
    worth, dist = max(_landings(g, p, wind, Reach.of(g, p)))
    for m in legal:
        if isinstance(m, MoveSpirit) and m.distance == dist:
            return m
    return legal[0]


def _steal(g: Game, p: PlayerState, legal: Sequence[Move]) -> Move:
    """The tile that takes the victim back below the goal, else one on my best track."""
    mine = dict(zip(TRACK_KINDS, p.tracks(), strict=True))

    def worth(m: Move) -> float:
        if not isinstance(m, Steal):
            return -1.0
        block = m.tile == blocking_tile(g.players[m.victim])
        return mine[m.tile] + (GOAL_BONUS if block else 0.0)

    return max(legal, key=worth)
