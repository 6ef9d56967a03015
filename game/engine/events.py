"""Events: one typed value per change of the game, returned by ``Game.play``.

Events are the only way the state changes: ``Game.play`` decides which events happen and
``game.engine.apply.apply_event`` carries each one out, on the real game and on any copy
(the table's display copy, a replay). So each event carries every outcome, chance included
(the order a reshuffle produced, the card revealed), and everything a sentence or an
animation needs (who, what, from where, to where), as numbers and keys of the engine's
vocabulary (``engine/vocab.py``), never as words: the table words them in the player's
language. Some carry hidden information (a
reshuffled pile's order): they are for trusted consumers, never for an AI's view.

Consumers dispatch with ``match`` over ``AnyEvent`` and end with ``assert_never``, so a new
event type fails tests (tests/engine/test_exhaustive.py) until every consumer handles it.
"""

from __future__ import annotations

import types
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from game.engine.quick_init import quick_init
from game.engine.vocab import Action, FireReason, SkipReason, Source, TaskKind, Tile, parse


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Event]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if cls.kind:
            Event._registry[cls.kind] = cls

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: numbers, booleans, lists and keys (an enum member as its string)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    @staticmethod
    def from_json(raw: Any) -> Event:
        """Read an event back, checking every field against its type: an unknown kind or
        key, a missing or extra field, a wrong type raise ``ValueError`` saying which."""
        if type(raw) is not dict or type(raw.get("kind")) is not str:
            raise ValueError("an event must be an object with a 'kind'")
        cls = Event._registry.get(raw["kind"])
        if cls is None:
            raise ValueError(f"unknown event kind {raw['kind']!r}")
        hints = _field_types(cls)
        extra = set(raw) - set(hints) - {"kind"}
        if extra:
            raise ValueError(f"unexpected fields for {cls.kind}: {sorted(extra)}")
        args = {}
        for f in fields(cls):
            if f.name not in raw:
                if f.default is not MISSING:
                    continue  # a field added later (an older log): its default
                raise ValueError(f"{cls.kind} needs {f.name}")
            args[f.name] = _read(raw[f.name], hints[f.name], f"{cls.kind}.{f.name}")
        return cls(**args)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


_TYPES: dict[type[Event], dict[str, Any]] = {}


def _field_types(cls: type[Event]) -> dict[str, Any]:
    """Each field's type, resolved once per event type (the annotations are strings)."""
    if cls not in _TYPES:
        hints = get_type_hints(cls)
        _TYPES[cls] = {f.name: hints[f.name] for f in fields(cls)}
    return _TYPES[cls]


def _read(value: Any, kind: Any, what: str) -> Any:
    """``value`` from JSON as the field type ``kind`` (int, bool, an enum, ``X | None`` and
    ``tuple[X, ...]``: the types events use)."""
    origin = get_origin(kind)
    if origin is tuple:
        if type(value) is not list:
            raise ValueError(f"{what} must be a list")
        item = get_args(kind)[0]
        return tuple(_read(v, item, f"{what} item") for v in value)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in get_args(kind):
            return None
        (inner,) = (a for a in get_args(kind) if a is not type(None))
        return _read(value, inner, what)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return parse(kind, value, what)
    if type(value) is not kind:  # exact: a bool is not an int here, nor a float
        raise ValueError(f"{what} must be {kind.__name__}, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    first_player: int
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    player: int
    cards: int
    deck: tuple[int, ...] = ()  # the new draw pile, top card last (hidden information)
    kind: ClassVar[str] = "reshuffled"


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    player: int
    card: int
    solitary: int  # the uncancelled solitary count after this card
    kind: ClassVar[str] = "card_revealed"


@dataclass(frozen=True, slots=True)
class FragmentUsed(Event):
    player: int
    card: int
    to_varan_supply: bool
    solitary: int
    kind: ClassVar[str] = "fragment_used"


@dataclass(frozen=True, slots=True)
class PlayerStopped(Event):
    player: int
    solitary: int
    forced: bool  # True when the third solitary symbol (or an empty deck) stopped them
    actions: int
    kind: ClassVar[str] = "player_stopped"


@dataclass(frozen=True, slots=True)
class ActionPhaseStarted(Event):
    order: tuple[int, ...]
    kind: ClassVar[str] = "action_phase_started"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    actions: int
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class ActionChosen(Event):
    player: int
    action: Action
    kind: ClassVar[str] = "action_chosen"


@dataclass(frozen=True, slots=True)
class BonusStarted(Event):
    player: int
    bonus: TaskKind  # attract, extinguish, plant, or steal (a jumped Spirit's owner)
    source: Source  # corner or rock
    extra: int  # temporary element bonus (+3 Sun, +2 Water) or 0
    kind: ClassVar[str] = "bonus_started"


@dataclass(frozen=True, slots=True)
class BonusSkipped(Event):
    player: int
    bonus: TaskKind
    reason: SkipReason
    kind: ClassVar[str] = "bonus_skipped"


@dataclass(frozen=True, slots=True)
class StepEnded(Event):
    """A pick step (attract, extinguish) ended after its picks: Finish, or nothing more fits."""

    player: int
    step: TaskKind
    kind: ClassVar[str] = "step_ended"


@dataclass(frozen=True, slots=True)
class FragmentsTaken(Event):
    player: int
    count: int
    source: Source
    kind: ClassVar[str] = "fragments_taken"


@dataclass(frozen=True, slots=True)
class AnimalAttracted(Event):
    player: int
    card: int
    level: int
    kind: ClassVar[str] = "animal_attracted"


@dataclass(frozen=True, slots=True)
class FireExtinguished(Event):
    player: int
    value: int
    kind: ClassVar[str] = "fire_extinguished"


@dataclass(frozen=True, slots=True)
class TreePlanted(Event):
    player: int
    tree: int
    x: int
    y: int
    lines: tuple[int, ...]  # the line bonuses completed: indexes into the board's line_bonuses
    corner: TaskKind | None  # the bonus of the corner covered (attract, fragment, extinguish)
    kind: ClassVar[str] = "tree_planted"


@dataclass(frozen=True, slots=True)
class StandeeMoved(Event):
    player: int
    start: int
    end: int
    path: tuple[int, ...]  # every rock passed, in order, ending with ``end``
    jumped: tuple[int, ...]  # the players whose standees were jumped, in order
    kind: ClassVar[str] = "standee_moved"


@dataclass(frozen=True, slots=True)
class TileStolen(Event):
    thief: int
    victim: int
    tile: Tile
    season: int  # whose colour the tile carries
    kind: ClassVar[str] = "tile_stolen"


@dataclass(frozen=True, slots=True)
class NothingToSteal(Event):
    thief: int
    victim: int
    kind: ClassVar[str] = "nothing_to_steal"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    player: int
    actions_left: int
    kind: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    player: int
    kind: ClassVar[str] = "turn_ended"


@dataclass(frozen=True, slots=True)
class OnibiAttack(Event):
    firepower: int
    fires: int
    water: tuple[int, ...]  # each player's Water total, by seat
    hit: tuple[int, ...]  # the seats whose Water was below the firepower
    kind: ClassVar[str] = "onibi_attack"


@dataclass(frozen=True, slots=True)
class VaransDealt(Event):
    player: int
    count: int
    short: int  # how many the empty supply could not give
    kind: ClassVar[str] = "varans_dealt"


@dataclass(frozen=True, slots=True)
class FiresAdded(Event):
    values: tuple[int, ...]
    reason: FireReason
    kind: ClassVar[str] = "fires_added"


@dataclass(frozen=True, slots=True)
class ReserveRefilled(Event):
    level: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "reserve_refilled"


@dataclass(frozen=True, slots=True)
class HelpLinesReturned(Event):
    cards: tuple[int, ...]  # cards per seat
    kind: ClassVar[str] = "help_lines_returned"


@dataclass(frozen=True, slots=True)
class SacredTreePassed(Event):
    player: int
    kind: ClassVar[str] = "sacred_tree_passed"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    tiebreak: bool
    kind: ClassVar[str] = "game_over"


AnyEvent = (
    RoundStarted
    | Reshuffled
    | CardRevealed
    | FragmentUsed
    | PlayerStopped
    | ActionPhaseStarted
    | TurnStarted
    | ActionChosen
    | BonusStarted
    | BonusSkipped
    | StepEnded
    | FragmentsTaken
    | AnimalAttracted
    | FireExtinguished
    | TreePlanted
    | StandeeMoved
    | TileStolen
    | NothingToSteal
    | Passed
    | TurnEnded
    | OnibiAttack
    | VaransDealt
    | FiresAdded
    | ReserveRefilled
    | HelpLinesReturned
    | SacredTreePassed
    | GameOver
)
"""Every concrete event: what a ``match`` over events must cover (a test checks the list)."""

for _kind in Event._registry.values():  # created for every simulated move: see quick_init
    quick_init(_kind)
