"""Who sits at the table: a name and a kind (a human or an AI level). One definition for the
setup screen, the match, saves, statistics and the remembered last table, so a kind or a
name accepted in one place is accepted in all of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
SEAT_KINDS: tuple[str, ...] = ("human", *AI_LEVELS)
MAX_NAME = 40  # characters; every text renderer can draw a name that passes ``valid_name``


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
