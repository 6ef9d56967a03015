"""What the pointer can be over on the table: a small value naming one thing."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.moves import (
    DRAW,
    USE_FRAGMENT,
    Move,
    MoveSpirit,
    PickAnimal,
    PickFire,
    Plant,
    Steal,
)
from game.engine.state import ROCKS
from game.engine.vocab import Tile


@dataclass(frozen=True, slots=True)
class Target:
    """``kind`` says what; ``a``/``b``/``c``/``s`` say which (seat, card, space, tile...).

    kinds: reserve(a=card) market(a=level) tree_kind(a=kind) space(a=seat,b=x,c=y)
    rock(a=rock) centre_fire(a=value,b=index) help_card(a=seat,b=index,c=card)
    draw_pile(a) discard(a) fragments(a) fires(a) victory(a=seat,s=kind,b=season)
    tracks(a) totals(a) name(a) standee(a) fragment_supply varan_supply fire_supply
    sacred_tree(a) log button(s=name)
    """

    kind: str
    a: int = -1
    b: int = -1
    c: int = -1
    s: str = ""


def intended_move(target: Target, seat: int, selected_tree: int, rock: int) -> Move | int | None:
    """The move a click on ``target`` by ``seat`` means, legal or not (an ``int`` is a tree
    kind picked before its space), so a wrong click can be answered with the engine's
    reason. ``rock`` is the seat's standee position; None: the click means no move."""
    kind = target.kind
    if kind == "reserve":
        return PickAnimal(target.a).canonical()
    if kind == "centre_fire":
        return PickFire(target.a).canonical()
    if kind == "draw_pile" and target.a == seat:
        return DRAW
    if kind == "fragments" and target.a == seat:
        return USE_FRAGMENT
    if kind == "tree_kind":
        return target.a
    if kind == "space" and target.a == seat and selected_tree >= 0:
        return Plant(selected_tree, target.b, target.c).canonical()
    if kind == "victory" and target.a != seat:
        return Steal(target.a, Tile(target.s)).canonical()
    if kind == "rock" and target.a != rock:
        return MoveSpirit((target.a - rock) % len(ROCKS)).canonical()
    return None
