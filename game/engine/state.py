"""Static tables derived from the component data, and the per-player state.

The tables are built once from ``game.data`` and shared by every game and clone; the
``PlayerState`` holds only what changes during play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from game import data
from game.engine.vocab import (
    CORNER_BONUSES,
    ROCK_BONUSES,
    CornerBonus,
    RockBonus,
    Source,
    TaskKind,
    Tile,
    parse,
)

# --- static tables (read-only after import) -----------------------------------------

CARDS = data.animals()
TREES = data.trees()
BOARDS = data.boards()
SUPPLY = BOARDS.supply

VARAN = next(c.id for c in CARDS[1:] if c.is_varan)
STARTING_CARDS: tuple[int, ...] = tuple(c.id for c in CARDS[1:] if c.level == 0)
MARKET_CARDS: dict[int, tuple[int, ...]] = {
    lvl: tuple(c.id for c in CARDS[1:] if c.level == lvl) for lvl in (1, 2, 3)
}
CARD_ELEMS: tuple[tuple[int, ...], ...] = tuple(
    c.elements if c is not None else (0,) * 5 for c in CARDS
)
CARD_SOLITARY: tuple[int, ...] = tuple(
    1 if c is not None and c.symbol is data.Symbol.SOLITARY else 0 for c in CARDS
)
CARD_GREGARIOUS: tuple[int, ...] = tuple(
    1 if c is not None and c.symbol is data.Symbol.GREGARIOUS else 0 for c in CARDS
)
CARD_COST: tuple[int, ...] = tuple(c.cost if c is not None else 0 for c in CARDS)
CARD_LEVEL: tuple[int, ...] = tuple(c.level if c is not None else 0 for c in CARDS)

TREE_COST: tuple[int, ...] = tuple(t.cost for t in TREES)
TREE_ELEMS: tuple[tuple[int, ...], ...] = tuple(t.elements for t in TREES)
START_TREE = len(TREES)  # the starting tree's code in a Forest (it is not a buyable kind)
REPEAT_TREE = next(t.index for t in TREES if t.special == "same_action_twice")
EMPTY = -1

COLUMNS, ROWS = BOARDS.columns, BOARDS.rows
SPACES = COLUMNS * ROWS
START_SPACE = BOARDS.start_space[1] * COLUMNS + BOARDS.start_space[0]
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * COLUMNS + (x + dx)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= x + dx < COLUMNS and 0 <= y + dy < ROWS
    )
    for y in range(ROWS)
    for x in range(COLUMNS)
)
# Bit ``n`` set for every neighbour ``n`` of a space (plantable spaces by bit tests).
NEIGHBOUR_BITS: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)
SPACE_RANGE = range(SPACES)
# The line bonuses, in board-data order: ``TreePlanted.lines`` holds indexes into this.
LINES: tuple[tuple[tuple[int, ...], int, int], ...] = tuple(
    (tuple(sy * COLUMNS + sx for sx, sy in b.spaces), b.element, b.amount)
    for b in BOARDS.line_bonuses
)


class Corner(NamedTuple):
    """The bonus a corner of the Forest gives to the tree planted on it."""

    bonus: CornerBonus
    element: int  # the temporary element (+3 Sun, +2 Water), -1 for Fragments
    amount: int  # that element's bonus, or the Fragments to take


def _bonus(raw: str, allowed: frozenset[TaskKind], what: str) -> Any:
    """A bonus named in the board data, checked to be one ``allowed`` there."""
    # (the board data names a corner's two Fragments in the plural)
    kind = parse(TaskKind, "fragment" if raw == "fragments" else raw, what)
    if kind not in allowed:
        raise ValueError(f"{what}: {raw!r} is not a bonus it can give")
    return kind


CORNERS: dict[int, Corner] = {
    b.space[1] * COLUMNS + b.space[0]: Corner(
        _bonus(b.bonus, CORNER_BONUSES, "a corner bonus"), b.element, b.amount
    )
    for b in BOARDS.corner_bonuses
}
ROCKS: tuple[RockBonus, ...] = tuple(_bonus(r, ROCK_BONUSES, "a rock") for r in BOARDS.rocks)
N_ROCKS = len(ROCKS)

SOLITARY_LIMIT = SUPPLY.solitary_limit
GOAL = SUPPLY.victory_goal
TRACK_KINDS = (Tile.TREE, Tile.FIRE, Tile.FLOWER)  # the Victory tile counted on each track
CENTRE_MAX = SUPPLY.centre_max_fires
RESERVE_SIZE = SUPPLY.reserve_per_level
FIRE_BY_LEVEL: dict[int, int] = dict(SUPPLY.fire_value_by_animal_level)
FIRE_VALUES: tuple[int, ...] = tuple(sorted(SUPPLY.fire_tiles_per_value))
FIRE_SUPPLY: dict[int, int] = dict(SUPPLY.fire_tiles_per_value)
VICTORY_KINDS: tuple[Tile, ...] = tuple(
    parse(Tile, t, "a Victory tile") for t in BOARDS.victory_tiles
)
E_SUN, E_WATER, E_PLANT, E_WIND, E_FLOWER = range(5)
_TREE, _FIRE = Tile.TREE, Tile.FIRE
_ACTION = Source.ACTION  # (a global: ``Task.bonus`` is asked at every pending step)


class Phase(StrEnum):
    DRAW = "draw"
    ACTION = "action"
    OVER = "over"


class Task(NamedTuple):
    """A step of the current action still to be decided (main action or bonus)."""

    kind: TaskKind
    source: Source
    extra: int = 0  # temporary element bonus for this step; Fragments to take for FRAGMENT
    spent: int = 0  # Sun or Water already used by the picks of this step
    picks: int = 0
    victim: int = -1
    announced: bool = False  # the BonusStarted event was sent

    @property
    def bonus(self) -> bool:
        return self.source is not _ACTION


@dataclass(slots=True)
class PlayerState:
    """Everything one Spirit of Nature owns; lists are private to this state (cloned)."""

    seat: int
    deck: list[int]  # draw pile, top card last
    known_top: int  # how many cards on top of the deck are public (attracted this round)
    shuffles: int
    discard: list[int]
    line: list[int]  # Help Line, in reveal order
    line_elems: list[int]
    solitary: int
    gregarious: int
    just_revealed: bool
    stopped: bool
    forest: list[int]  # SPACES entries: EMPTY, START_TREE or a tree kind
    forest_elems: list[int]  # trees and completed line bonuses
    lines_done: int  # bit i set when line bonus i is complete
    fragments: int
    fires: list[int]  # values of the Fire tiles taken
    tiles: list[tuple[Tile, int]]  # Victory tiles held: (kind, season of origin)
    rock: int
    actions_left: int
    used: int  # bit a set when action a was taken this round

    def clone(self) -> PlayerState:
        return PlayerState(
            self.seat,
            self.deck[:],
            self.known_top,
            self.shuffles,
            self.discard[:],
            self.line[:],
            self.line_elems[:],
            self.solitary,
            self.gregarious,
            self.just_revealed,
            self.stopped,
            self.forest[:],
            self.forest_elems[:],
            self.lines_done,
            self.fragments,
            self.fires[:],
            self.tiles[:],
            self.rock,
            self.actions_left,
            self.used,
        )

    def recompute(self) -> None:
        """Rebuild the cached sums from the Help Line and the Forest (after loading)."""
        # (one pass each, written out: greedy's Plant table recomputes a copy per space)
        self.line_elems, self.solitary, self.gregarious = card_sums(self.line)
        forest = self.forest
        elems = [0, 0, 0, 0, 0]
        for t in forest:
            if 0 <= t < START_TREE:
                e = TREE_ELEMS[t]
                elems[0] += e[0]
                elems[1] += e[1]
                elems[2] += e[2]
                elems[3] += e[3]
                elems[4] += e[4]
        done = 0
        for i, (spaces, element, amount) in enumerate(LINES):
            for s in spaces:
                if forest[s] == EMPTY:
                    break
            else:
                done |= 1 << i
                elems[element] += amount
        self.lines_done = done
        self.forest_elems = elems

    # --- derived values -------------------------------------------------------------

    @property
    def uncancelled(self) -> int:
        """Solitary symbols (Varans included) not cancelled by gregarious ones."""
        n = self.solitary - self.gregarious
        return n if n > 0 else 0

    def total(self, element: int) -> int:
        return self.line_elems[element] + self.forest_elems[element]

    def totals(self) -> tuple[int, int, int, int, int]:
        a, b = self.line_elems, self.forest_elems
        return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])

    @property
    def can_repeat(self) -> bool:
        return REPEAT_TREE in self.forest

    def tree_kinds(self) -> int:
        kinds = set(self.forest)
        kinds.discard(EMPTY)
        kinds.discard(START_TREE)
        return len(kinds)

    def tile_count(self, kind: Tile) -> int:
        return sum(1 for k, _ in self.tiles if k == kind)

    def tracks(self) -> tuple[int, int, int]:
        """(Trees, Fires, Flowers) toward the 12 needed to win (RULES.md §7)."""
        # The kinds planted and the starting tree: every distinct code but ``EMPTY`` (one
        # set, not ``tree_kinds`` and a scan: Hard's evaluation asks this millions of times).
        kinds = set(self.forest)
        trees = len(kinds) - (EMPTY in kinds)
        fires = len(self.fires)
        flowers = self.line_elems[E_FLOWER] + self.forest_elems[E_FLOWER]
        for kind, _ in self.tiles:  # (no ``match``: the AI's evaluation asks this a lot;
            if kind is _TREE:  # compared by identity with globals, as in ``legal``)
                trees += 1
            elif kind is _FIRE:
                fires += 1
            else:
                flowers += 1
        return trees, fires, flowers

    def plantable_spaces(self) -> list[int]:
        """Empty spaces next to a tree, in space order (remembered by the Forest's
        contents: every simulated Plant and action choice asks, over a few Forests)."""
        return list(_plantable(tuple(self.forest)))


PLANTABLE_MEMO = 20_000  # Forests whose plantable spaces are remembered (a pure function's)


def card_sums(cards: Iterable[int]) -> tuple[list[int], int, int]:
    """The five element totals of ``cards``, and their solitary and gregarious symbols (one
    pass, written out: a Help Line's sums are taken for every simulated one)."""
    elems = [0, 0, 0, 0, 0]
    solitary = gregarious = 0
    for c in cards:
        e = CARD_ELEMS[c]
        elems[0] += e[0]
        elems[1] += e[1]
        elems[2] += e[2]
        elems[3] += e[3]
        elems[4] += e[4]
        solitary += CARD_SOLITARY[c]
        gregarious += CARD_GREGARIOUS[c]
    return elems, solitary, gregarious


@lru_cache(maxsize=PLANTABLE_MEMO)
def _plantable(forest: tuple[int, ...]) -> tuple[int, ...]:
    """Empty spaces next to a tree, in space order (bit tests)."""
    occupied = 0
    for s in SPACE_RANGE:
        if forest[s] != EMPTY:
            occupied |= 1 << s
    return tuple(
        [s for s in SPACE_RANGE if not (occupied >> s) & 1 and NEIGHBOUR_BITS[s] & occupied]
    )
