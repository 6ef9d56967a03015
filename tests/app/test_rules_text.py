"""The rules help agrees with RULES.md: every number it quotes comes from the component data,
and the data is checked here against the sentences of RULES.md that state it."""

from __future__ import annotations

import re

import pytest

from game.data import ELEMENTS, boards
from game.i18n import LANGUAGES, Catalog
from game.ui.scenes.rules_help import TEXT_TABS, help_fields, help_text
from tests.reference import rules_text


@pytest.fixture(scope="module")
def rules() -> str:
    return rules_text()


def test_rocks_and_start_rocks(rules: str) -> None:
    line = re.search(r"rock 0 to 11 clockwise:\n(.+?)\.\n", rules, re.S).group(1)
    rocks = [m.group(2).lower() for m in re.finditer(r"(\d+) (\w+)", line)]
    assert tuple(rocks) == boards().rocks
    for n in (2, 3, 4):
        m = re.search(rf"{n} players: ([\d, ]+?)(?: ·|\.)", rules)
        assert tuple(int(x) for x in m.group(1).split(",")) == boards().start_rocks[n]


def test_line_and_corner_bonuses(rules: str) -> None:
    b = boards()
    for lb in b.line_bonuses:
        element = ELEMENTS[lb.element]
        word = {"flower": "Sacred Flowers"}.get(element, element.capitalize())
        pattern = rf"{lb.line} {lb.index} full[^→]*→ \+{lb.amount} {word}"
        assert re.search(pattern, rules), pattern
    text = {c.bonus: c for c in b.corner_bonuses}
    assert f"+{text['attract'].amount} Sun" in rules
    assert f"take {text['fragments'].amount} Fragments" in rules
    assert f"+{text['extinguish'].amount} Water" in rules
    assert [c.space for c in b.corner_bonuses] == [(0, 0), (4, 0), (0, 2), (4, 2)]


def test_numbers_of_a_round_and_the_goal(rules: str) -> None:
    f = help_fields(Catalog.load("en").tr)
    assert f"at least one player\nhas {f['goal']} or more" in rules
    assert f"never letting the centre exceed {f['centre_max']} Fires" in rules
    assert f"{f['reserve']} per level 1, 2, 3" in rules
    assert f"solitary count reaches {f['limit']} the player must stop" in rules
    assert f["fewer"] == f["limit"] - 1


def test_the_help_names_columns_as_rules_md_counts_them() -> None:
    """RULES.md counts columns from 0 (x); players count from 1: column 1 is the second."""
    lines = {(lb.line, lb.index): ELEMENTS[lb.element] for lb in boards().line_bonuses}
    assert lines == {
        ("column", 1): "water",
        ("column", 2): "sun",
        ("column", 3): "wind",
        ("row", 1): "flower",
    }
    body = Catalog.load("en").tr("help.forest.body")
    assert "Second column full (3 trees): +{water_line} Water" in body
    assert "Fourth column full (3 trees): +{wind_line} Wind" in body
    assert "Middle column full" in body and "Middle row full" in body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_text_formats(lang: str) -> None:
    tr = Catalog.load(lang, strict=True).tr
    for tab in TEXT_TABS:
        text = help_text(tr, tab)
        assert "{" not in text and len(text) > 200
    assert "12" in help_text(tr, "winning") and "7" in help_text(tr, "onibi")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_forest_help_counts_columns_from_one(lang: str) -> None:
    """The help names the bonus columns as players count them (never "column 1")."""
    body = Catalog.load(lang).tr("help.forest.body")
    words = {
        "en": ("Second column", "Fourth column", "Middle column", "Middle row"),
        "ko": ("두 번째 세로줄", "네 번째 세로줄", "가운데 세로줄", "가운데 가로줄"),
    }[lang]
    assert all(w in body for w in words), body
    assert "column 1 " not in body and "column 3 " not in body
