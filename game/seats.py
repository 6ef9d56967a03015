"""Who sits at the table: a name and a kind (a human or an AI level). One definition for the
setup screen, the match, saves, statistics and the remembered last table, so a kind or a
name accepted in one place is accepted in all of them.

Names. A seat nobody named has a default name: its season, in the language of whoever reads
it. It is stored and sent as a marker (``default_name``: "@spring", "@summer", ...), a name
like any other to the protocol, the server's store, saves and statistics; each screen shows
it in its own language at the moment it draws (``shown_name``). A name a person typed is
shown as typed everywhere. Older saves, tables and apps wrote the season's name in the
composing screen's language ("Spring", "여름"); such a name at its own seat is still read as
the default (``is_default``), so old saves keep following a language switch.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.i18n import LANGUAGES, read_strings

AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
SEAT_KINDS: tuple[str, ...] = ("human", *AI_LEVELS)
MAX_NAME = 40  # characters; every text renderer can draw a name that passes ``valid_name``
SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")  # seat 0-3 (boards.json)
DEFAULT_MARK = "@"  # a default name is this and the seat's season: "@spring"


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" or an AI level

    @property
    def is_ai(self) -> bool:
        return self.kind != "human"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind}


def valid_name(name: object) -> bool:
    """A short string of printable characters (no NUL, control or format character, no line
    break): a crafted name must never reach the font renderer."""
    return type(name) is str and 0 < len(name) <= MAX_NAME and name.isprintable()


def seat_problem(raw: object) -> str | None:
    """Why ``raw`` (a JSON value) is not a seat, or None when it is one."""
    if type(raw) is not dict:
        return "a seat must be an object"
    if not valid_name(raw.get("name")):
        return f"a seat name must be 1-{MAX_NAME} printable characters"
    if raw.get("kind") not in SEAT_KINDS:
        return f"unknown seat kind {raw.get('kind')!r}"
    return None


def seat_from_json(raw: object) -> Seat:
    """A seat from its JSON object; ValueError with the reason when it is not one."""
    problem = seat_problem(raw)
    if problem is not None:
        raise ValueError(problem)
    assert isinstance(raw, dict)
    return Seat(raw["name"], raw["kind"])


def default_name(seat: int) -> str:
    """The name ``seat`` has until someone types one: shown as its season (``shown_name``)."""
    return DEFAULT_MARK + SEASONS[seat]


def default_season(name: str) -> str | None:
    """The season whose default name ``name`` is (a marker), or None for a typed name."""
    if name.startswith(DEFAULT_MARK) and name[len(DEFAULT_MARK) :] in SEASONS:
        return name[len(DEFAULT_MARK) :]
    return None


@cache
def _legacy() -> tuple[frozenset[str], ...]:
    """Each seat's season name in every language (what older versions stored)."""
    strings = [read_strings(lang) for lang in LANGUAGES]
    return tuple(frozenset(s[f"season.{season}"] for s in strings) for season in SEASONS)


def is_default(name: str, seat: int) -> bool:
    """Whether ``name`` at ``seat`` is a default name: a marker, or the seat's
    own season name in any language, as older versions stored it."""
    if default_season(name) is not None:
        return True
    return 0 <= seat < len(SEASONS) and name in _legacy()[seat]


def shown_names(tr: Callable[..., str], text: str) -> str:
    """``text`` with every default-name marker in it shown as its season (a line composed
    from raw names, e.g. a status line: each screen still reads its own language)."""
    pattern = rf"{re.escape(DEFAULT_MARK)}({'|'.join(SEASONS)})\b"
    return re.sub(pattern, lambda m: tr(f"season.{m.group(1)}"), text)


def shown_name(tr: Callable[..., str], name: str, seat: int = -1) -> str:
    """``name`` as this screen shows it: a default name (a marker; an old one at its own
    ``seat``) as the season in ``tr``'s language, a typed name as typed."""
    season = default_season(name)
    if season is None and 0 <= seat < len(SEASONS) and name in _legacy()[seat]:
        season = SEASONS[seat]
    return tr(f"season.{season}") if season is not None else name
