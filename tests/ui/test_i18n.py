"""Every catalogue key the table uses exists; strict mode raises, production shows the key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.data import animals, trees
from game.i18n import Catalog, MissingKey

KEY = re.compile(r'\btr\(\s*"([a-z0-9_.]+)"')
ROOT = Path(__file__).resolve().parents[2] / "game"


def test_every_literal_key_in_the_ui_is_in_the_catalogue() -> None:
    cat = Catalog.load("en")
    missing = []
    for path in list((ROOT / "ui").rglob("*.py")) + list((ROOT / "app").glob("*.py")):
        for key in KEY.findall(path.read_text("utf-8")):
            if not cat.has(key):
                missing.append(f"{path.name}: {key}")
    assert missing == []


def test_names_of_every_card_and_tree_are_in_the_catalogue() -> None:
    cat = Catalog.load("en", strict=True)
    for card in animals()[1:]:
        assert cat.tr(f"animal.{card.id}")
    for tree in trees():
        assert cat.tr(f"tree.{tree.id}")


def test_strict_raises_and_production_shows_the_key() -> None:
    with pytest.raises(MissingKey):
        Catalog.load("en", strict=True).tr("no.such.key")
    assert Catalog.load("en").tr("no.such.key") == "no.such.key"


def test_fields_are_filled() -> None:
    cat = Catalog.load("en", strict=True)
    assert cat.tr("banner.round", round=3) == "Round 3"


COUNTED = re.compile(r'\bcounted\(\s*\w+(?:\.tr)?,\s*"([a-z0-9_.]+)"')


def test_counted_keys_have_a_singular_in_both_languages() -> None:
    """``counted`` picks ``key.one`` for one: "1 Fire", never "1 Fires" or "Fire(s)"."""
    found = set()
    for path in (ROOT / "ui").rglob("*.py"):
        found |= set(COUNTED.findall(path.read_text("utf-8")))
    assert len(found) >= 10
    for lang in ("en", "ko"):
        cat = Catalog.load(lang, strict=True)
        for key in found:
            assert cat.tr(
                key,
                n=2,
                count=2,
                fires=2,
                actions=2,
                power=1,
                name="x",
                round=1,
                solitary=1,
                level=1,
                values="2",
                cards=2,
                rock=1,
                bonus="b",
                known=0,
                k=1,
                date="d",
                players=2,
                rounds=2,
            )
            assert cat.has(f"{key}.one"), (lang, key)
    en = Catalog.load("en", strict=True)
    assert "(s)" not in "".join(en.strings.values())
    from game.ui.words.sentences import counted

    assert counted(en.tr, "table.firepower", 1, power=2, fires=1) == "Onibi firepower 2 (1 Fire)"
    assert counted(en.tr, "table.firepower", 2, power=5, fires=2) == "Onibi firepower 5 (2 Fires)"
