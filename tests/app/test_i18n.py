"""The catalogues: complete in English and Korean, same placeholders, every glyph in the
bundled font, RULES.md §1 terms in Korean, and every string inside its box at 1280x720."""

from __future__ import annotations

import json
import re
import string
from fnmatch import translate
from functools import cache
from pathlib import Path

import pygame
import pytest

from game.i18n import LANGUAGES, Catalog, MissingKey, read_strings
from game.ui.media.fonts import Fonts
from game.ui.table.layout import load_layout
from tests.glossary import RULES_TERMS
from tests.reference import rules_text

LOCALE = Path(__file__).parents[2] / "game" / "locale"
SCALE = 720 / 1080  # the logical canvas at 1280x720


def _file(name: str) -> dict[str, str]:
    return json.loads((LOCALE / name).read_text(encoding="utf-8"))


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


@pytest.mark.parametrize("stem", ["", "app_"])
def test_every_key_in_both_languages(stem: str) -> None:
    en, ko = _file(f"{stem}en.json"), _file(f"{stem}ko.json")
    assert sorted(set(en) - set(ko)) == [], "keys missing in Korean"
    assert sorted(set(ko) - set(en)) == [], "Korean keys that English no longer has"
    assert all(v.strip() for v in [*en.values(), *ko.values()]), "empty strings"


def test_placeholders_match() -> None:
    en, ko = read_strings("en"), read_strings("ko")
    bad = {k: (_fields(en[k]), _fields(ko[k])) for k in en if k in ko}
    assert {k: v for k, v in bad.items() if v[0] != v[1]} == {}


def test_no_key_shared_between_the_table_and_help_files() -> None:
    assert set(_file("en.json")) & set(_file("app_en.json")) == set()


def test_catalog_switches_language_in_place_and_falls_back_to_english() -> None:
    cat = Catalog.load("en")
    tr = cat.tr
    assert tr("help.tab.onibi") == "Onibi"
    cat.set_language("ko")
    assert tr("help.tab.onibi") == "오니비" and cat.language == "ko"
    cat.strings.pop("help.close")
    assert tr("help.close") == "Close"
    assert tr("no.such.key") == "no.such.key"
    with pytest.raises(MissingKey):
        Catalog.load("ko", strict=True).tr("no.such.key")
    with pytest.raises(ValueError):
        Catalog.load("xx")


# -- glyphs ------------------------------------------------------------------------------


@cache
def _fonts() -> Fonts:
    pygame.font.init()
    return Fonts()


def _pixels(text: str, bold: bool) -> tuple:
    surf = _fonts().get(28, bold).render(text, True, (0, 0, 0))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_has_a_glyph(bold: bool) -> None:
    """No string may show the missing-glyph box (the font holds KS X 1001 Hangul only)."""
    notdef = _pixels("\U000f0000", bold)
    chars = {c for lang in LANGUAGES for v in read_strings(lang).values() for c in v}
    missing = sorted(c for c in chars if not c.isspace() and _pixels(c, bold) == notdef)
    assert missing == [], f"characters without a glyph: {missing}"


# -- Korean terms (RULES.md §1) ------------------------------------------------------------

# English words in the catalogue → the Korean term RULES.md §1 gives for them.
TERMS = RULES_TERMS


def test_terms_are_the_ones_of_rules_md() -> None:
    text = rules_text()
    for ko in [*TERMS.values(), "정령", "수호 동물", "숲 개인판", "보호수", "태양", "물방울",
               "새싹", "소용돌이"]:  # fmt: skip
        assert ko in text, f"{ko} is not a RULES.md term"
    en, ko = read_strings("en"), read_strings("ko")
    wrong = []
    for key, text in en.items():
        for term, korean in TERMS.items():
            if re.search(re.escape(term), text, re.IGNORECASE) and korean not in ko[key]:
                wrong.append((key, term, korean))
    assert wrong == []


# -- widths ------------------------------------------------------------------------------


def _boxes() -> dict:
    return json.loads((LOCALE / "boxes.json").read_text(encoding="utf-8"))


def _value(v: object, strings: dict[str, str]) -> object:
    if isinstance(v, str):
        return re.sub(r"@([\w.]+)", lambda m: strings[m.group(1)], v)
    return v


def _overflows() -> tuple[set[str], int]:
    layout = load_layout(4)
    over, checked = set(), 0
    for lang in LANGUAGES:
        strings = read_strings(lang)
        for g in _boxes()["groups"]:
            box = (layout[g["zone"]].w if "zone" in g else g["width"]) - g.get("pad", 0)
            font = _fonts().get(round(g["size"] * SCALE), g.get("bold", False))
            fmt = {k: _value(v, strings) for k, v in g.get("fmt", {}).items()}
            suffix = str(_value(g.get("suffix", ""), strings))
            group = re.compile("|".join(translate(pattern) for pattern in g["keys"]))
            for key in strings:
                if not group.match(key):  # (fnmatch's patterns, as one expression)
                    continue
                text = strings[key].format(**fmt) + suffix
                checked += 1
                if font.size(text)[0] > round(box * SCALE):
                    over.add(f"{lang}:{key}")
    return over, checked


def test_strings_fit_their_boxes_at_1280x720() -> None:
    over, checked = _overflows()
    assert checked > 100
    known = set(_boxes()["known_overflow"])
    assert sorted(over - known) == [], "new strings wider than their box"
    assert sorted(known - over) == [], "fixed: remove them from known_overflow"


GAME = Path(__file__).parents[2] / "game"


@cache
def _key_users() -> tuple[set[str], list[re.Pattern[str]]]:
    """Every dotted string literal in the game's code and data (the catalogues aside), and
    every f-string that builds a key (``f"animal.{card}"``, ``f"help.{tab}.body"``) as a
    pattern with one name part for each ``{...}``."""
    sources = [
        p.read_text(encoding="utf-8")
        for p in GAME.rglob("*")
        if p.suffix in (".py", ".json") and LOCALE not in p.parents
    ]
    text = "\n".join(sources)
    literals = set(re.findall(r"[\"']([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_]+)+)[\"']", text))
    patterns = []
    for a, b in re.findall(r"\bf\"([^\"\n]*\{[^\"\n]*)\"|\bf'([^'\n]*\{[^'\n]*)'", text):
        body = a or b
        if re.match(r"[a-z][a-z0-9_]*\.", body):  # starts like a key, not like "{key}.one"
            parts = re.split(r"\{[^}]*\}", body)
            patterns.append(re.compile("[A-Za-z0-9_]+".join(re.escape(x) for x in parts)))
    return literals, patterns


def test_every_key_is_used_by_some_code_or_data() -> None:
    """A key nothing asks for is dead text that translators would still maintain. A key
    counts as used when it appears quoted in the code or data, when an f-string builds it,
    or when it is the ``.one`` form of such a key (``counted``)."""
    literals, patterns = _key_users()
    keys = [*_file("en.json"), *_file("app_en.json")]
    unused = []
    for key in keys:
        base = key.removesuffix(".one")
        if base in literals or any(p.fullmatch(base) for p in patterns):
            continue
        unused.append(key)
    assert unused == []


def test_the_unused_key_check_sees_dynamic_keys() -> None:
    literals, patterns = _key_users()
    for key in ("animal.17", "tree.3B", "action.4", "help.onibi.body", "onibi.step.fires"):
        assert key in literals or any(p.fullmatch(key) for p in patterns), key
    assert not any(p.fullmatch("gameover.reached") for p in patterns)
    assert "gameover.reached" not in literals


def test_the_catalogue_files_are_read_once_and_each_catalogue_has_its_own_strings(
    monkeypatch,
) -> None:
    """Every test (and every language switch) builds a catalogue: the files are parsed
    once per process, and a catalogue's strings are its own to change."""
    import game.i18n as i18n

    read_strings("ko")  # (read by now in any case)
    parsed: list[str] = []
    loads = json.loads
    monkeypatch.setattr(i18n.json, "loads", lambda s, **kw: parsed.append(s) or loads(s, **kw))
    first, second = Catalog.load("ko"), Catalog.load("ko")
    assert parsed == []
    first.strings["menu.learn"] = "changed"
    first.fallback["menu.learn"] = "changed"
    assert second.tr("menu.learn") != "changed" and read_strings("en")["menu.learn"] != "changed"
