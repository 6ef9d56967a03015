"""Why a move is refused: a stable code with its numbers (for the table to word in the
player's language) and an English sentence (the exception's message).

Only consulted after ``legal_moves`` has said no, so its cost never matters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, assert_never

from game.engine.moves import (
    Action,
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
from game.engine.vocab import TaskKind

if TYPE_CHECKING:
    from game.engine.game import Game

Refusal = tuple[str, dict[str, int], str]  # code, numbers, English sentence


def why(g: Game, player: int, move: Any) -> Refusal:
    """Why ``player`` may not play ``move`` now (``legal_moves`` has already said no)."""
    if not isinstance(move, AnyMove):
        return "not_a_move", {}, f"{move!r} is not a move"
    if g.phase is Phase.OVER:
        return "game_over", {}, "the game is over"
    p = g.players[player]
    if g.phase is Phase.DRAW:
        if p.stopped:
            return "already_stopped", {}, "you have already stopped drawing this round"
        return _in_draw_phase(p, move)
    if player != g.turn:
        seat = g.turn + 1
        return "not_your_turn", {"seat": seat}, f"it is not your turn (waiting for seat {seat})"
    if not g.tasks:
        return _action_choice(p, move)
    return _in_step(g, p, g.tasks[0], move)


def _in_draw_phase(p: PlayerState, move: AnyMove) -> Refusal:
    match move:
        case Draw():
            if p.uncancelled >= SOLITARY_LIMIT:
                text = "three uncancelled solitary symbols: you must stop (or use a Fragment)"
                return "must_stop", {}, text
            return "piles_empty", {}, "your draw pile and discard pile are both empty"
        case Stop():
            return "reveal_first", {}, "reveal at least one card before stopping"
        case UseFragment():
            if p.fragments <= 0:
                return "no_fragment", {}, "you have no Fragment"
            text = "a Fragment can only remove the card you have just revealed"
            return "fragment_just_revealed", {}, text
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
            return "draw_phase", {}, text
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
            return "choose_an_action", {}, "choose one of the five actions, or pass"
        case _:
            assert_never(move)


def _choose_first(first: Action) -> Refusal:
    text = f"choose the {first.label.split()[0]} action first"
    return "choose_action_first", {"action": int(first)}, text


def _action_refused(p: PlayerState, move: ChooseAction) -> Refusal:
    if move.action not in list(Action):
        return "no_such_action", {"action": move.action}, f"there is no action {move.action}"
    action = Action(move.action)
    n = {"action": int(action)}
    if (p.used >> action) & 1 and not p.can_repeat:
        text = f"you already took '{action.label}' this round (Tree 11 lifts this)"
        return "action_used", n, text
    if action is Action.FRAGMENT:
        text = f"'{action.label}' is not possible now: the Fragment supply is empty"
        return "fragment_supply_empty", n, text
    sun, water, plant = p.total(E_SUN), p.total(E_WATER), p.total(E_PLANT)
    impossible: dict[Action, tuple[str, dict[str, int], str]] = {
        Action.ATTRACT: (
            "nothing_to_attract",
            {"sun": sun},
            f"no animal in the Reserve costs {sun} Sun or less",
        ),
        Action.EXTINGUISH: (
            "nothing_to_extinguish",
            {"water": water},
            f"no Fire in the centre is worth {water} Water or less",
        ),
        Action.PLANT: (
            "nothing_to_plant",
            {"plant": plant},
            f"no tree you can reach costs {plant} Plant or less",
        ),
        Action.MOVE: ("no_wind", {}, "you have no Wind"),
    }
    code, numbers, reason = impossible[action]
    return code, {**n, **numbers}, f"'{action.label}' is not possible now: {reason}"


def _in_step(g: Game, p: PlayerState, t: Task, move: AnyMove) -> Refusal:
    match move:
        case PickAnimal(card=card):
            if t.kind != TaskKind.ATTRACT:
                return "not_attracting", {}, "you are not attracting animals now"
            if not any(card in row for row in g.reserve):
                return "not_in_reserve", {}, "that animal is not in the Reserve"
            left = p.total(E_SUN) + t.extra - t.spent
            cost = CARD_COST[card]
            text = f"it costs {cost} Sun and you have {left} left"
            return "sun_short", {"cost": cost, "left": left}, text
        case PickFire(value=value):
            if t.kind != TaskKind.EXTINGUISH:
                return "not_extinguishing", {}, "you are not putting out fires now"
            if value not in g.centre:
                text = f"there is no Fire of value {value} in the centre"
                return "no_such_fire", {"value": value}, text
            left = p.total(E_WATER) + t.extra - t.spent
            text = f"that Fire needs {value} Water and you have {left} left"
            return "water_short", {"value": value, "left": left}, text
        case Plant(tree=tree):
            if t.kind != TaskKind.PLANT:
                return "not_planting", {}, "you are not planting now"
            if not 0 <= tree < len(g.tree_supply) or g.tree_supply[tree] <= 0:
                return "no_tree_left", {}, "no tree of that kind is left in the supply"
            plant = p.total(E_PLANT)
            if TREE_COST[tree] > plant:
                cost = TREE_COST[tree]
                text = f"that tree costs {cost} Plant and you have {plant}"
                return "plant_short", {"cost": cost, "plant": plant}, text
            text = "trees go on an empty space next to a tree already planted"
            return "not_adjacent", {}, text
        case MoveSpirit():
            if t.kind != TaskKind.MOVE:
                return "not_moving", {}, "you are not moving now"
            wind = p.total(E_WIND)
            return "too_far", {"wind": wind}, f"you can move 1 to {wind} rocks"
        case Steal():
            return "steal_held_only", {}, "you can only take a tile the jumped Spirit holds"
        case Finish():
            text = "take at least one item, or choose another action before finishing"
            return "finish_needs_pick", {}, text
        case SkipBonus():
            return "skip_bonus_only", {}, "only a bonus action can be skipped"
        case Draw() | Stop() | UseFragment() | ChooseAction() | Pass():
            text = f"that move does not answer the current decision ({t.kind})"
            return "wrong_step", {}, text
        case _:
            assert_never(move)
