"""Component data (animals, trees, boards) shipped as package files and parsed once.

The engine and the table both read the components from here; the files are a copy of
``shared/reference`` and a test keeps the two equal.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

ELEMENTS: tuple[str, ...] = ("sun", "water", "plant", "wind", "flower")
SUN, WATER, PLANT, WIND, FLOWER = range(5)


class Symbol(StrEnum):
    """The symbol printed on a Guardian Animal (RULES.md §4.1): solitary ones stop a draw
    at three, gregarious ones cancel them."""

    SOLITARY = "solitary"
    GREGARIOUS = "gregarious"
    NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class AnimalCard:
    """One printed card; ``level`` is 0 for starting animals and -1 for the Fire Varan."""

    id: int
    name: str
    level: int
    cost: int
    symbol: Symbol
    elements: tuple[int, int, int, int, int]

    @property
    def is_varan(self) -> bool:
        return self.level == -1


@dataclass(frozen=True, slots=True)
class TreeKind:
    index: int
    id: str
    name: str
    cost: int
    elements: tuple[int, int, int, int, int]
    special: str
    copies: dict[int, int]


@dataclass(frozen=True, slots=True)
class LineBonus:
    line: str
    index: int
    spaces: tuple[tuple[int, int], ...]
    element: int
    amount: int


@dataclass(frozen=True, slots=True)
class CornerBonus:
    space: tuple[int, int]
    bonus: str  # "attract", "fragments" or "extinguish"
    element: int  # -1 when the bonus has no element
    amount: int


@dataclass(frozen=True, slots=True)
class Supply:
    """The counts of the shared components and the numbers the rules turn on (the
    ``supply`` object of boards.json), typed once here so no reader casts them."""

    fire_tiles_per_value: dict[int, int]
    fire_value_by_animal_level: dict[int, int]
    setup_fire_value: int
    empty_centre_fire_value: int
    centre_max_fires: int
    varans: int
    fragments: int
    reserve_per_level: int
    actions_normal: int
    actions_when_three_solitary: int
    solitary_limit: int
    victory_goal: int

    @classmethod
    def from_json(cls, raw: dict[str, object]) -> Supply:
        """Every field present with the right type, else ValueError naming it."""

        def count(name: str) -> int:
            return _count(raw.get(name), name)

        def table(name: str) -> dict[int, int]:
            value = raw.get(name)
            if not isinstance(value, dict):
                raise ValueError(f"boards.json: supply.{name} must be an object")
            return {int(k): _count(v, name) for k, v in value.items()}

        return cls(
            fire_tiles_per_value=table("fire_tiles_per_value"),
            fire_value_by_animal_level=table("fire_value_by_animal_level"),
            setup_fire_value=count("setup_fire_value"),
            empty_centre_fire_value=count("empty_centre_fire_value"),
            centre_max_fires=count("centre_max_fires"),
            varans=count("varans"),
            fragments=count("fragments"),
            reserve_per_level=count("reserve_per_level"),
            actions_normal=count("actions_normal"),
            actions_when_three_solitary=count("actions_when_three_solitary"),
            solitary_limit=count("solitary_limit"),
            victory_goal=count("victory_goal"),
        )


def _count(value: object, name: str) -> int:
    if type(value) is not int:
        raise ValueError(f"boards.json: supply.{name} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Boards:
    columns: int
    rows: int
    start_space: tuple[int, int]
    line_bonuses: tuple[LineBonus, ...]
    corner_bonuses: tuple[CornerBonus, ...]
    rocks: tuple[str, ...]
    start_rocks: dict[int, tuple[int, ...]]
    supply: Supply
    seasons: tuple[str, ...]
    victory_tiles: tuple[str, ...]


_LEVELS = {"start": 0, "varan": -1, "1": 1, "2": 2, "3": 3}


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _rows(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(_read(name))))


def _symbol(raw: str, card: str) -> Symbol:
    try:
        return Symbol(raw)
    except ValueError:
        known = ", ".join(Symbol)
        text = f"animals.csv: card {card} has symbol {raw!r}, not one of {known}"
        raise ValueError(text) from None


def _elements(row: dict[str, str]) -> tuple[int, int, int, int, int]:
    sun, water, plant, wind, flower = (int(row[e]) for e in ELEMENTS)
    return sun, water, plant, wind, flower


@cache
def animals() -> tuple[AnimalCard, ...]:
    """All cards indexed by id (index 0 is unused so ``animals()[id]`` works)."""
    cards: list[AnimalCard | None] = [None]
    for row in _rows("animals.csv"):
        card = AnimalCard(
            id=int(row["id"]),
            name=row["animal"],
            level=_LEVELS[row["level"]],
            cost=int(row["cost"]),
            symbol=_symbol(row["symbol"], row["id"]),
            elements=_elements(row),
        )
        if card.id != len(cards):
            raise ValueError(f"animals.csv: ids must run 1, 2, 3...; got {card.id}")
        cards.append(card)
    return tuple(cards)  # type: ignore[arg-type]  # [0] is None: no card has id 0


@cache
def trees() -> tuple[TreeKind, ...]:
    kinds = []
    for i, row in enumerate(_rows("trees.csv")):
        kinds.append(
            TreeKind(
                index=i,
                id=row["id"],
                name=row["tree"],
                cost=int(row["cost"]),
                elements=_elements(row),
                special=row["special"],
                copies={n: int(row[f"copies_{n}p"]) for n in (2, 3, 4)},
            )
        )
    return tuple(kinds)


@cache
def boards() -> Boards:
    raw = json.loads(_read("boards.json"))
    forest, circle = raw["forest"], raw["circle"]
    return Boards(
        columns=forest["columns"],
        rows=forest["rows"],
        start_space=tuple(forest["start_space"]),
        line_bonuses=tuple(
            LineBonus(
                line=b["line"],
                index=b["index"],
                spaces=tuple(tuple(s) for s in b["spaces"]),
                element=ELEMENTS.index(b["element"]),
                amount=b["amount"],
            )
            for b in forest["line_bonuses"]
        ),
        corner_bonuses=tuple(
            CornerBonus(
                space=tuple(b["space"]),
                bonus=b["bonus"],
                element=ELEMENTS.index(b["element"]) if "element" in b else -1,
                amount=b["amount"],
            )
            for b in forest["corner_bonuses"]
        ),
        rocks=tuple(circle["rocks"]),
        start_rocks={int(k): tuple(v) for k, v in circle["start_rocks"].items()},
        supply=Supply.from_json(raw["supply"]),
        seasons=tuple(raw["seasons"]),
        victory_tiles=tuple(raw["victory_tiles"]),
    )
