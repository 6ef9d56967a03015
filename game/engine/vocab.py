"""The engine's closed sets of names: every word a task, an event, a move or a save uses.

Each is a ``StrEnum`` (``Action``: an ``IntEnum``), so a member *is* its key: JSON, saves and
the network carry the plain string (or number), and the catalogues word it (``bonus.attract``,
``tile.fire``, ``action.2``...). Code compares
members, never literal strings, and a ``match`` over one ends in ``assert_never`` so a new
member fails type checking until every branch handles it. Strings from outside (a save, a
peer) become members through ``parse``, which names what was wrong.

This module imports nothing from the engine: everything else imports it.
"""

from __future__ import annotations

from enum import Enum, IntEnum, StrEnum
from typing import Literal, TypeVar, get_args


class Action(IntEnum):
    """The five actions of the action phase (RULES.md §4.2): a number on the wire
    (``ChooseAction.action``, ``ActionChosen.action``, the catalogue's ``action.N``)."""

    FRAGMENT = 1
    ATTRACT = 2
    EXTINGUISH = 3
    PLANT = 4
    MOVE = 5

    @property
    def label(self) -> str:
        """English, for the engine's own messages (``Move.describe``, ``IllegalMove``);
        the table words actions from the catalogue."""
        return _ACTION_LABELS[self]


_ACTION_LABELS = {
    Action.FRAGMENT: "Take a Fragment",
    Action.ATTRACT: "Attract animals",
    Action.EXTINGUISH: "Extinguish fires",
    Action.PLANT: "Plant a tree",
    Action.MOVE: "Move on the Circle of Spirits",
}


class TaskKind(StrEnum):
    """A step of an action (``Task.kind``); also what a bonus gives (``BonusStarted.bonus``),
    what a rock of the Circle gives and what a corner of the Forest gives."""

    FRAGMENT = "fragment"  # take Fragments (the action, a rock, two from a corner)
    ATTRACT = "attract"
    EXTINGUISH = "extinguish"
    PLANT = "plant"
    MOVE = "move"
    STEAL = "steal"  # take a Victory tile from the owner of a jumped Spirit


class Source(StrEnum):
    """Where a step comes from: the action chosen, or a bonus (a corner, a rock)."""

    ACTION = "action"
    CORNER = "corner"
    ROCK = "rock"


class Tile(StrEnum):
    """The three kinds of Victory tile (each seat starts with one of each, in its colour)."""

    FIRE = "fire"
    FLOWER = "flower"
    TREE = "tree"


class SkipReason(StrEnum):
    """Why a bonus (or a Fragment step) was skipped: ``BonusSkipped.reason``."""

    DECLINED = "declined"  # the player finished a bonus with no pick, or skipped it
    NOTHING_POSSIBLE = "nothing_possible"  # nothing fits (no animal, Fire, tree or tile)
    SUPPLY_EMPTY = "supply_empty"  # the Fragment supply is empty


class FireReason(StrEnum):
    """Why Fires are added at the end of a round: ``FiresAdded.reason``."""

    ATTRACTED = "attracted"  # one per animal attracted this round
    EMPTY_CENTRE = "empty_centre"  # the centre was empty: one Fire of the lowest value


class RefusalCode(StrEnum):
    """Why a move is refused (``IllegalMove.code``): the table words it from the catalogue
    key ``illegal.<code>`` with the refusal's numbers."""

    ACTION_USED = "action_used"
    ALREADY_STOPPED = "already_stopped"
    CHOOSE_ACTION_FIRST = "choose_action_first"
    CHOOSE_AN_ACTION = "choose_an_action"
    DRAW_PHASE = "draw_phase"
    FINISH_NEEDS_PICK = "finish_needs_pick"
    FRAGMENT_JUST_REVEALED = "fragment_just_revealed"
    FRAGMENT_SUPPLY_EMPTY = "fragment_supply_empty"
    GAME_OVER = "game_over"
    ILLEGAL = "illegal"
    MUST_STOP = "must_stop"
    NO_FRAGMENT = "no_fragment"
    NO_SUCH_ACTION = "no_such_action"
    NO_SUCH_FIRE = "no_such_fire"
    NO_SUCH_PLAYER = "no_such_player"
    NO_TREE_LEFT = "no_tree_left"
    NO_WIND = "no_wind"
    NOT_A_MOVE = "not_a_move"
    NOT_ADJACENT = "not_adjacent"
    NOT_ATTRACTING = "not_attracting"
    NOT_EXTINGUISHING = "not_extinguishing"
    NOT_IN_RESERVE = "not_in_reserve"
    NOT_MOVING = "not_moving"
    NOT_PLANTING = "not_planting"
    NOT_YOUR_TURN = "not_your_turn"
    NOTHING_TO_ATTRACT = "nothing_to_attract"
    NOTHING_TO_EXTINGUISH = "nothing_to_extinguish"
    NOTHING_TO_PLANT = "nothing_to_plant"
    PILES_EMPTY = "piles_empty"
    PLANT_SHORT = "plant_short"
    REVEAL_FIRST = "reveal_first"
    SKIP_BONUS_ONLY = "skip_bonus_only"
    STEAL_HELD_ONLY = "steal_held_only"
    SUN_SHORT = "sun_short"
    TOO_FAR = "too_far"
    VIEW_NOT_PLAYABLE = "view_not_playable"
    WATER_SHORT = "water_short"
    WRONG_STEP = "wrong_step"


# The bonuses a rock and a corner can give: a ``match`` over a ``RockBonus`` needs only
# these cases (the board data is checked against them when it is read).
RockBonus = Literal[TaskKind.PLANT, TaskKind.FRAGMENT, TaskKind.ATTRACT, TaskKind.EXTINGUISH]
CornerBonus = Literal[TaskKind.ATTRACT, TaskKind.FRAGMENT, TaskKind.EXTINGUISH]
ROCK_BONUSES: frozenset[TaskKind] = frozenset(get_args(RockBonus))
CORNER_BONUSES: frozenset[TaskKind] = frozenset(get_args(CornerBonus))

E = TypeVar("E", bound=Enum)


def parse(kind: type[E], raw: object, what: str) -> E:
    """``raw`` as a member of ``kind`` (a ``StrEnum``, or an ``IntEnum`` such as
    ``Action``); ``ValueError`` naming ``what`` and the known keys for anything else (an
    unknown or misspelt key, a number for a key, a bool for a number)."""
    plain = int if issubclass(kind, int) else str
    if type(raw) is plain or isinstance(raw, kind):
        try:
            return kind(raw)
        except ValueError:
            pass
    known = ", ".join(str(m.value) for m in kind)
    raise ValueError(f"{what}: {raw!r} is not a known {kind.__name__} ({known})")
