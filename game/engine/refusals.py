"""Why a move is refused: a stable code with its numbers (for the table to word in the
player's language) and an English sentence (the exception's message).

Only consulted after ``legal_moves`` has said no, so its cost never matters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, assert_never

from game.engine.moves import (
    AnyMove,
    ChooseAction,
    Draw,
    Finish,
    MoveSpirit,
    Pass,
    PickAnimal,
    PickFire,
    Plant,
    SkipBonus,
    Steal,
    Stop,
    UseFragment,
)
from game.engine.state import (
    CARD_COST,
    E_PLANT,
    E_SUN,
    E_WATER,
    E_WIND,
    SOLITARY_LIMIT,
    TREE_COST,
    Phase,
    PlayerState,
    Task,
)
from game.engine.vocab import Action, TaskKind
from game.engine.vocab import RefusalCode as R

if TYPE_CHECKING:
    from game.engine.game import Game

Refusal = tuple[R, dict[str, int], str]  # code, numbers, English sentence


def why(g: Game, player: int, move: Any) -> Refusal:
    """Why ``player`` may not play ``move`` now (``legal_moves`` has already said no)."""
    if not isinstance(move, AnyMove):
        return R.NOT_A_MOVE, {}, f"{move!r} is not a move"
    if g.phase is Phase.OVER:
        return R.GAME_OVER, {}, "the game is over"
    p = g.players[player]
    if g.phase is Phase.DRAW:
        if p.stopped:
            return R.ALREADY_STOPPED, {}, "you have already stopped drawing this round"
        return _in_draw_phase(p, move)
    if player != g.turn:
        seat = g.turn + 1
        return R.NOT_YOUR_TURN, {"seat": seat}, f"it is not your turn (waiting for seat {seat})"
    if not g.tasks:
        return _action_choice(p, move)
    return _in_step(g, p, g.tasks[0], move)


def _in_draw_phase(p: PlayerState, move: AnyMove) -> Refusal:
    match move:
        case Draw():
            if p.uncancelled >= SOLITARY_LIMIT:
                text = "three uncancelled solitary symbols: you must stop (or use a Fragment)"
                return R.MUST_STOP, {}, text
            return R.PILES_EMPTY, {}, "your draw pile and discard pile are both empty"
        case Stop():
            return R.REVEAL_FIRST, {}, "reveal at least one card before stopping"
        case UseFragment():
            if p.fragments <= 0:
                return R.NO_FRAGMENT, {}, "you have no Fragment"
            text = "a Fragment can only remove the card you have just revealed"
            return R.FRAGMENT_JUST_REVEALED, {}, text
        case (
            ChooseAction()
            | Pass()
            | PickAnimal()
            | PickFire()
            | Finish()
            | Plant()
            | MoveSpirit()
            | Steal()
            | SkipBonus()
        ):
            text = "it is the Guardian Animals phase: draw, stop or use a Fragment"
            return R.DRAW_PHASE, {}, text
        case _:
            assert_never(move)


def _action_choice(p: PlayerState, move: AnyMove) -> Refusal:
    match move:
        case ChooseAction():
            return _action_refused(p, move)
        case PickAnimal():
            return _choose_first(Action.ATTRACT)
        case PickFire():
            return _choose_first(Action.EXTINGUISH)
        case Plant():
            return _choose_first(Action.PLANT)
        case MoveSpirit():
            return _choose_first(Action.MOVE)
        case Draw() | Stop() | UseFragment() | Pass() | Finish() | Steal() | SkipBonus():
            return R.CHOOSE_AN_ACTION, {}, "choose one of the five actions, or pass"
        case _:
            assert_never(move)


def _choose_first(first: Action) -> Refusal:
    text = f"choose the {first.label.split()[0]} action first"
    return R.CHOOSE_ACTION_FIRST, {"action": int(first)}, text


def _action_refused(p: PlayerState, move: ChooseAction) -> Refusal:
    if move.action not in list(Action):
        return R.NO_SUCH_ACTION, {"action": move.action}, f"there is no action {move.action}"
    action = Action(move.action)
    n = {"action": int(action)}
    if (p.used >> action) & 1 and not p.can_repeat:
        text = f"you already took '{action.label}' this round (Tree 11 lifts this)"
        return R.ACTION_USED, n, text
    if action is Action.FRAGMENT:
        text = f"'{action.label}' is not possible now: the Fragment supply is empty"
        return R.FRAGMENT_SUPPLY_EMPTY, n, text
    sun, water, plant = p.total(E_SUN), p.total(E_WATER), p.total(E_PLANT)
    impossible: dict[Action, Refusal] = {
        Action.ATTRACT: (
            R.NOTHING_TO_ATTRACT,
            {"sun": sun},
            f"no animal in the Reserve costs {sun} Sun or less",
        ),
        Action.EXTINGUISH: (
            R.NOTHING_TO_EXTINGUISH,
            {"water": water},
            f"no Fire in the centre is worth {water} Water or less",
        ),
        Action.PLANT: (
            R.NOTHING_TO_PLANT,
            {"plant": plant},
            f"no tree you can reach costs {plant} Plant or less",
        ),
        Action.MOVE: (R.NO_WIND, {}, "you have no Wind"),
    }
    code, numbers, reason = impossible[action]
    return code, {**n, **numbers}, f"'{action.label}' is not possible now: {reason}"


def _in_step(g: Game, p: PlayerState, t: Task, move: AnyMove) -> Refusal:
    match move:
        case PickAnimal(card=card):
            if t.kind != TaskKind.ATTRACT:
                return R.NOT_ATTRACTING, {}, "you are not attracting animals now"
            if not any(card in row for row in g.reserve):
                return R.NOT_IN_RESERVE, {}, "that animal is not in the Reserve"
            left = p.total(E_SUN) + t.extra - t.spent
            cost = CARD_COST[card]
            text = f"it costs {cost} Sun and you have {left} left"
            return R.SUN_SHORT, {"cost": cost, "left": left}, text
        case PickFire(value=value):
            if t.kind != TaskKind.EXTINGUISH:
                return R.NOT_EXTINGUISHING, {}, "you are not putting out fires now"
            if value not in g.centre:
                text = f"there is no Fire of value {value} in the centre"
                return R.NO_SUCH_FIRE, {"value": value}, text
            left = p.total(E_WATER) + t.extra - t.spent
            text = f"that Fire needs {value} Water and you have {left} left"
            return R.WATER_SHORT, {"value": value, "left": left}, text
        case Plant(tree=tree):
            if t.kind != TaskKind.PLANT:
                return R.NOT_PLANTING, {}, "you are not planting now"
            if not 0 <= tree < len(g.tree_supply) or g.tree_supply[tree] <= 0:
                return R.NO_TREE_LEFT, {}, "no tree of that kind is left in the supply"
            plant = p.total(E_PLANT)
            if TREE_COST[tree] > plant:
                cost = TREE_COST[tree]
                text = f"that tree costs {cost} Plant and you have {plant}"
                return R.PLANT_SHORT, {"cost": cost, "plant": plant}, text
            text = "trees go on an empty space next to a tree already planted"
            return R.NOT_ADJACENT, {}, text
        case MoveSpirit():
            if t.kind != TaskKind.MOVE:
                return R.NOT_MOVING, {}, "you are not moving now"
            wind = p.total(E_WIND)
            return R.TOO_FAR, {"wind": wind}, f"you can move 1 to {wind} rocks"
        case Steal():
            return R.STEAL_HELD_ONLY, {}, "you can only take a tile the jumped Spirit holds"
        case Finish():
            text = "take at least one item, or choose another action before finishing"
            return R.FINISH_NEEDS_PICK, {}, text
        case SkipBonus():
            return R.SKIP_BONUS_ONLY, {}, "only a bonus action can be skipped"
        case Draw() | Stop() | UseFragment() | ChooseAction() | Pass():
            text = f"that move does not answer the current decision ({t.kind})"
            return R.WRONG_STEP, {}, text
        case _:
            assert_never(move)
