"""The game's component data equals the reference tables (copied in tests/data), field by field."""

import csv

import pytest

from game import data
from tests.reference import DATA as REFERENCE

LEVELS = {"start": 0, "varan": -1, "1": 1, "2": 2, "3": 3}


def rows(name):
    path = REFERENCE / name
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_animals_match_reference():
    ref = rows("animals.csv")
    cards = data.animals()[1:]
    assert len(cards) == len(ref) == 66
    for card, row in zip(cards, ref, strict=True):
        assert card.id == int(row["id"]) and card.name == row["animal"]
        assert card.level == LEVELS[row["level"]] and card.cost == int(row["cost"])
        assert card.symbol == row["symbol"]
        assert card.elements == tuple(int(row[e]) for e in data.ELEMENTS)


def test_trees_match_reference():
    ref = rows("trees.csv")
    kinds = data.trees()
    assert len(kinds) == len(ref) == 12
    for tree, row in zip(kinds, ref, strict=True):
        assert (tree.id, tree.name, tree.cost, tree.special) == (
            row["id"],
            row["tree"],
            int(row["cost"]),
            row["special"],
        )
        assert tree.elements == tuple(int(row[e]) for e in data.ELEMENTS)
        assert tree.copies == {n: int(row[f"copies_{n}p"]) for n in (2, 3, 4)}


@pytest.mark.parametrize("level,count", [(0, 14), (1, 23), (2, 16), (3, 12)])
def test_deck_sizes_match_rules(level, count):
    assert sum(1 for c in data.animals()[1:] if c.level == level) == count


def test_boards_match_rules():
    b = data.boards()
    assert b.rocks[0] == "plant" and b.rocks.count("fragment") == 6
    assert b.start_rocks == {2: (0, 6), 3: (2, 6, 10), 4: (0, 6, 9, 3)}
    assert {c.space: c.bonus for c in b.corner_bonuses} == {
        (0, 0): "attract",
        (4, 0): "fragments",
        (0, 2): "fragments",
        (4, 2): "extinguish",
    }
