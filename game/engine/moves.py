"""Moves: the small immutable values a player sends to ``Game.play``.

Every possible move is built once at import (there are a few hundred) and legal-move lists
hand out those shared instances, which keeps move generation allocation-free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from game import data
from game.engine.vocab import Action, RefusalCode, Tile, parse

VICTORY_KINDS: tuple[Tile, ...] = (Tile.FIRE, Tile.FLOWER, Tile.TREE)
SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")


def space_name(x: int, y: int) -> str:
    """Human name of a Forest space; rows are counted from the top, columns from the left."""
    return f"column {x + 1}, row {y + 1}"


@dataclass(frozen=True, slots=True)
class Move:
    """Base of every move; subclasses are registered by their ``kind`` name."""

    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Move]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if cls.kind:
            Move._registry[cls.kind] = cls

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name, _tile in _fields_of(type(self)):
            value = getattr(self, name)
            out[name] = str(value) if isinstance(value, Tile) else value
        return out

    @staticmethod
    def from_json(raw: Any) -> Move:
        """Parse a move; anything malformed raises ``ValueError`` with the reason."""
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            raise ValueError("a move must be an object with a 'kind'")
        cls = Move._registry.get(raw["kind"])
        if cls is None:
            raise ValueError(f"unknown move kind {raw['kind']!r}")
        names = [name for name, _tile in _fields_of(cls)]
        extra = set(raw) - set(names) - {"kind"}
        if extra:
            raise ValueError(f"unexpected fields for {cls.kind}: {sorted(extra)}")
        missing = [name for name in names if name not in raw]
        if missing:
            raise ValueError(f"{cls.kind} needs {', '.join(missing)}")
        move = cls(*(raw[name] for name in names))
        bad = check_move_types(move)
        if bad is not None:
            raise ValueError(bad[1])
        return move.canonical()

    def canonical(self) -> Move:
        """The shared instance equal to this move (itself when there is none, or when a
        field cannot be hashed: ``check_move_types`` refuses such a move)."""
        try:
            return _CANONICAL.get(self, self)
        except TypeError:  # an unhashable field (a list, a dict): no shared instance
            return self

    def describe(self) -> str:
        raise NotImplementedError


def check_move_types(move: object, player: object = 0) -> tuple[RefusalCode, str] | None:
    """Why ``move`` (played by ``player``) is not even well-formed, or ``None`` if it is.

    Returns ``(refusal code, English sentence)``. Legality compares moves with ``==``, and
    ``True == 1 == 1.0``: a bool seat or a float field would pass it and then break the state
    (or the save). So every move from outside is checked here first, by exact type: ``int``
    fields hold an ``int`` (never a bool or a float), a ``Tile`` field one of its keys.
    """
    if type(player) is not int:
        return RefusalCode.NO_SUCH_PLAYER, f"there is no player {player!r} in this game"
    if id(move) in _CANONICAL_IDS:
        return None  # a shared instance from the tables below: built from exact types
    if not isinstance(move, Move) or not move.kind:
        return RefusalCode.NOT_A_MOVE, f"{move!r} is not a move"
    for name, tile in _fields_of(type(move)):
        value = getattr(move, name)
        if tile:
            try:
                parse(Tile, value, f"{move.kind}.{name}")
            except ValueError as e:
                return RefusalCode.NOT_A_MOVE, str(e)
        elif type(value) is not int:
            return RefusalCode.NOT_A_MOVE, f"{move.kind}.{name} must be int, not {value!r}"
    return None


_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _fields_of(cls: type) -> tuple[tuple[str, bool], ...]:
    """Each field's name, and whether it holds a ``Tile``, in order: read once per move
    type (``dataclasses.fields`` builds its tuple anew at every call, and every save writes
    and every load reads and checks each of its moves)."""
    out = _FIELDS.get(cls)
    if out is None:
        out = _FIELDS[cls] = tuple((f.name, f.type in ("Tile", Tile)) for f in fields(cls))
    return out


@dataclass(frozen=True, slots=True)
class Draw(Move):
    kind: ClassVar[str] = "draw"

    def describe(self) -> str:
        return "Draw the top card of your draw pile"


@dataclass(frozen=True, slots=True)
class Stop(Move):
    kind: ClassVar[str] = "stop"

    def describe(self) -> str:
        return "Stop drawing"


@dataclass(frozen=True, slots=True)
class UseFragment(Move):
    kind: ClassVar[str] = "use_fragment"

    def describe(self) -> str:
        return "Spend a Fragment to remove the card just revealed"


@dataclass(frozen=True, slots=True)
class ChooseAction(Move):
    action: int
    kind: ClassVar[str] = "choose_action"

    def describe(self) -> str:
        return Action(self.action).label


@dataclass(frozen=True, slots=True)
class Pass(Move):
    kind: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "Pass (end your turn)"


@dataclass(frozen=True, slots=True)
class PickAnimal(Move):
    card: int
    kind: ClassVar[str] = "pick_animal"

    def describe(self) -> str:
        card = data.animals()[self.card]
        return f"Attract the {card.name} (cost {card.cost})"


@dataclass(frozen=True, slots=True)
class PickFire(Move):
    value: int
    kind: ClassVar[str] = "pick_fire"

    def describe(self) -> str:
        return f"Put out a Fire of value {self.value}"


@dataclass(frozen=True, slots=True)
class Finish(Move):
    kind: ClassVar[str] = "finish"

    def describe(self) -> str:
        return "Finish this action"


@dataclass(frozen=True, slots=True)
class Plant(Move):
    tree: int
    x: int
    y: int
    kind: ClassVar[str] = "plant"

    def describe(self) -> str:
        return f"Plant {data.trees()[self.tree].name} at {space_name(self.x, self.y)}"


@dataclass(frozen=True, slots=True)
class MoveSpirit(Move):
    distance: int
    kind: ClassVar[str] = "move_spirit"

    def describe(self) -> str:
        rocks = "rock" if self.distance == 1 else "rocks"
        return f"Move your Spirit {self.distance} {rocks} clockwise"


@dataclass(frozen=True, slots=True)
class Steal(Move):
    victim: int
    tile: Tile
    kind: ClassVar[str] = "steal"

    def describe(self) -> str:
        season = SEASONS[self.victim].capitalize()
        return f"Take the {self.tile.capitalize()} Victory tile of {season}"


@dataclass(frozen=True, slots=True)
class SkipBonus(Move):
    kind: ClassVar[str] = "skip_bonus"

    def describe(self) -> str:
        return "Skip this bonus action"


MAX_DISTANCE = 64  # more Wind than any Forest can hold; longer moves are refused

DRAW = Draw()
STOP = Stop()
USE_FRAGMENT = UseFragment()
PASS = Pass()
FINISH = Finish()
SKIP_BONUS = SkipBonus()
CHOOSE = {a: ChooseAction(int(a)) for a in Action}
PICK_ANIMAL = {i: PickAnimal(i) for i in range(1, len(data.animals()))}
PICK_FIRE = {v: PickFire(v) for v in (2, 3, 4)}
PLANT = {
    (k, x, y): Plant(k, x, y)
    for k in range(len(data.trees()))
    for x in range(data.boards().columns)
    for y in range(data.boards().rows)
}
MOVE_BY = {d: MoveSpirit(d) for d in range(1, MAX_DISTANCE + 1)}
STEAL = {(v, t): Steal(v, t) for v in range(4) for t in VICTORY_KINDS}

_CANONICAL: dict[Move, Move] = {
    m: m
    for group in (
        (DRAW, STOP, USE_FRAGMENT, PASS, FINISH, SKIP_BONUS),
        CHOOSE.values(),
        PICK_ANIMAL.values(),
        PICK_FIRE.values(),
        PLANT.values(),
        MOVE_BY.values(),
        STEAL.values(),
    )
    for m in group
}

# By identity, not by hash: a move from outside may hold a list or a dict, which cannot be
# hashed, and must be refused by the field check below rather than raise ``TypeError``.
_CANONICAL_IDS: frozenset[int] = frozenset(id(m) for m in _CANONICAL)


def listed(move: Move, moves: Sequence[Move]) -> bool:
    """``move in moves``, looking for the very instance first: the legal lists hold the
    shared instances above, and ``in`` calls a move's Python ``__eq__`` on every entry before
    the match (a Plant list has dozens); an equal copy is still found by ``==``."""
    return any(map(is_, moves, repeat(move))) or move in moves


AnyMove = (
    Draw
    | Stop
    | UseFragment
    | ChooseAction
    | Pass
    | PickAnimal
    | PickFire
    | Finish
    | Plant
    | MoveSpirit
    | Steal
    | SkipBonus
)
"""Every concrete move: what a ``match`` over moves must cover (a test checks the list)."""
