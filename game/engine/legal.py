"""Who must decide what now (``Pending``), and every move the rules allow them.

``Game.play`` refuses anything not listed here, so the rules of what is allowed are
written once; the decision modules (``draw_phase``, ``actions``) also read these lists to
find the steps the engine resolves by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from game.engine.moves import (
    CHOOSE,
    DRAW,
    FINISH,
    MOVE_BY,
    PASS,
    PICK_ANIMAL,
    PICK_FIRE,
    PLANT,
    SKIP_BONUS,
    STEAL,
    STOP,
    USE_FRAGMENT,
    Move,
)
from game.engine.quick_init import quick_init
from game.engine.state import (
    CARD_COST,
    COLUMNS,
    E_PLANT,
    E_SUN,
    E_WATER,
    E_WIND,
    SOLITARY_LIMIT,
    SPACES,
    TREE_COST,
    Phase,
    PlayerState,
    Task,
)
from game.engine.vocab import Action, Source, TaskKind

if TYPE_CHECKING:
    from game.engine.game import Game


class Decision(StrEnum):
    """What a pending player must decide; the table shows one prompt per kind."""

    DRAW = "draw"  # draw, stop or use a Fragment on the card just revealed
    ACTION = "action"  # choose one of the five actions, or pass
    ATTRACT = "attract"  # pick animals one by one, then finish
    EXTINGUISH = "extinguish"  # pick fires one by one, then finish
    PLANT = "plant"  # choose a tree and a space
    MOVE = "move"  # choose how far to move
    STEAL = "steal"  # choose which Victory tile to take


@quick_init  # one for every simulated action decision
@dataclass(frozen=True, slots=True)
class Pending:
    player: int
    decision: Decision
    bonus: bool = False  # a bonus action (corner or rock), which may be declined
    source: Source | None = None  # for the steps of an action: where the step comes from
    budget: int = 0  # Sun or Water still available for picks
    actions_left: int = 0
    victim: int = -1  # whose tile may be stolen


# A draw-phase Pending per seat (2-4 players), shared: immutable, and asked for at every draw.
DRAW_PENDING: tuple[Pending, ...] = tuple(Pending(seat, Decision.DRAW) for seat in range(4))
ACTIONS: tuple[Action, ...] = tuple(Action)  # iterating the Enum class itself is slow
# The five actions' bits in ``PlayerState.used`` and their moves, in ``ACTIONS`` order.
_BIT: tuple[int, ...] = tuple(1 << a for a in ACTIONS)
_CHOOSE: tuple[Move, ...] = tuple(CHOOSE[a] for a in ACTIONS)
# PLANT_AT[kind][space]: the Plant move, looked up without building a key (search speed).
PLANT_AT: tuple[tuple[Move, ...], ...] = tuple(
    tuple(PLANT[(k, s % COLUMNS, s // COLUMNS)] for s in range(SPACES))
    for k in range(len(TREE_COST))
)
# The decision each step asks for (a Fragment step is never asked: the engine takes them).
_TASK_DECISION: dict[TaskKind, Decision] = {
    TaskKind.ATTRACT: Decision.ATTRACT,
    TaskKind.EXTINGUISH: Decision.EXTINGUISH,
    TaskKind.PLANT: Decision.PLANT,
    TaskKind.MOVE: Decision.MOVE,
    TaskKind.STEAL: Decision.STEAL,
}
# Each step's decision and the element it spends (-1: a steal spends none), in one lookup;
# the budget adds the step's bonus (+3 Sun, +2 Water) and takes away what its picks spent.
_TASK_STEP: dict[TaskKind, tuple[Decision, int]] = {
    TaskKind.ATTRACT: (Decision.ATTRACT, E_SUN),
    TaskKind.EXTINGUISH: (Decision.EXTINGUISH, E_WATER),
    TaskKind.PLANT: (Decision.PLANT, E_PLANT),
    TaskKind.MOVE: (Decision.MOVE, E_WIND),
    TaskKind.STEAL: (Decision.STEAL, -1),
}
# (the steps compared by identity with globals in the functions below: they run at every
# simulated decision, an Enum member's attribute lookup costs four times a global's, and
# ``==`` on a str subclass misses the interpreter's fast path for str; a task always holds
# members: ``apply`` builds them, ``serialize`` parses them)
_ATTRACT, _EXTINGUISH, _PLANT, _MOVE = (
    TaskKind.ATTRACT,
    TaskKind.EXTINGUISH,
    TaskKind.PLANT,
    TaskKind.MOVE,
)


def pending(g: Game) -> list[Pending]:
    """Who must decide now, and what; several players at once in the draw phase."""
    if g.phase is Phase.DRAW:
        return [DRAW_PENDING[p.seat] for p in g.players if not p.stopped]
    if g.phase is Phase.OVER:
        return []
    p = g.players[g.turn]
    if not g.tasks:
        return [Pending(p.seat, Decision.ACTION, actions_left=p.actions_left)]
    t = g.tasks[0]
    decision, element = _TASK_STEP[t.kind]
    budget = 0 if element < 0 else p.total(element) + t.extra - t.spent
    return [
        Pending(
            p.seat,
            decision,
            bonus=t.bonus,
            source=t.source,
            budget=budget,
            actions_left=p.actions_left,
            victim=t.victim,
        )
    ]


def deciding(g: Game) -> tuple[list[int], Decision | None]:
    """The seats that must decide now and what: ``pending`` without its details, for
    search loops that ask this before every simulated move."""
    if g.phase is Phase.DRAW:
        return [p.seat for p in g.players if not p.stopped], Decision.DRAW
    if g.phase is Phase.OVER:
        return [], None
    if not g.tasks:
        return [g.turn], Decision.ACTION
    return [g.turn], _TASK_DECISION[g.tasks[0].kind]


def draw_moves(p: PlayerState) -> list[Move]:
    """Draw, Stop and Use a Fragment, as far as the Help Line and the piles allow."""
    moves: list[Move] = []
    if p.solitary - p.gregarious < SOLITARY_LIMIT and (p.deck or p.discard):
        moves.append(DRAW)
    if p.line:
        moves.append(STOP)
        if p.just_revealed and p.fragments > 0:
            moves.append(USE_FRAGMENT)
    return moves


def action_moves(g: Game, p: PlayerState) -> list[Move]:
    """The actions not yet taken this round (Tree 11 lifts that) that can do something,
    and Pass."""
    moves: list[Move] = []
    used = 0 if p.can_repeat else p.used
    le, fe = p.line_elems, p.forest_elems
    # Each action in turn, written out (this runs at every simulated action decision):
    # Fragments left, a card the Sun pays, a Fire the Water puts out, a tree and a space,
    # any Wind.
    if not used & _BIT[0] and g.fragments > 0:
        moves.append(_CHOOSE[0])
    if not used & _BIT[1] and can_attract(g, le[E_SUN] + fe[E_SUN]):
        moves.append(_CHOOSE[1])
    if not used & _BIT[2] and can_extinguish(g, le[E_WATER] + fe[E_WATER]):
        moves.append(_CHOOSE[2])
    if not used & _BIT[3] and can_plant(g, p):
        moves.append(_CHOOSE[3])
    if not used & _BIT[4] and le[E_WIND] + fe[E_WIND] >= 1:
        moves.append(_CHOOSE[4])
    moves.append(PASS)
    return moves


def can_attract(g: Game, budget: int) -> bool:
    for row in g.reserve:
        for c in row:
            if CARD_COST[c] <= budget:
                return True
    return False


def can_extinguish(g: Game, budget: int) -> bool:
    return bool(g.centre) and min(g.centre) <= budget


def can_plant(g: Game, p: PlayerState) -> bool:
    budget = p.total(E_PLANT)
    for k, n in enumerate(g.tree_supply):  # (a loop, not ``any`` over a generator: every
        if n > 0 and TREE_COST[k] <= budget:  # simulated action choice asks)
            return bool(p.plantable_spaces())
    return False


def task_has_choice(g: Game, p: PlayerState, t: Task) -> bool:
    """Whether ``task_moves`` lists anything but Finish and Skip: the engine resolves a step
    without one by itself, and asks this after every pick (so without building the list)."""
    kind = t.kind
    if kind is _ATTRACT:
        return can_attract(g, p.total(E_SUN) + t.extra - t.spent)
    if kind is _EXTINGUISH:
        return can_extinguish(g, p.total(E_WATER) + t.extra - t.spent)
    if kind is _PLANT:
        return can_plant(g, p)
    if kind is _MOVE:
        return p.total(E_WIND) >= 1
    return bool(g.players[t.victim].tiles)  # steal (a Fragment step is never asked)


def task_moves(g: Game, p: PlayerState, t: Task) -> list[Move]:
    """The answers to the step ``t`` of the current action."""
    kind = t.kind
    moves: list[Move] = []
    if kind is _ATTRACT:
        budget = p.total(E_SUN) + t.extra - t.spent
        for row in g.reserve:
            for c in row:
                if CARD_COST[c] <= budget:
                    moves.append(PICK_ANIMAL[c])
        if t.picks or t.bonus:
            moves.append(FINISH)
    elif kind is _EXTINGUISH:
        budget = p.total(E_WATER) + t.extra - t.spent
        for v in sorted(set(g.centre)):
            if v <= budget:
                moves.append(PICK_FIRE[v])
        if t.picks or t.bonus:
            moves.append(FINISH)
    elif kind is _PLANT:
        budget = p.total(E_PLANT)
        spaces = p.plantable_spaces()
        for k, n in enumerate(g.tree_supply):
            if n > 0 and TREE_COST[k] <= budget:
                at = PLANT_AT[k]
                moves += [at[s] for s in spaces]
        if t.bonus:
            moves.append(SKIP_BONUS)
    elif kind is _MOVE:
        wind = min(p.total(E_WIND), len(MOVE_BY))
        moves.extend(MOVE_BY[d] for d in range(1, wind + 1))
    else:  # steal
        victim = g.players[t.victim]
        kinds = {k for k, _ in victim.tiles}
        moves.extend(STEAL[(t.victim, k)] for k in sorted(kinds))
    return moves
