"""The online seats this app holds: where each table is, its seats and their secret tokens,
so a crash, a kill, a reboot or "back to menu" never costs a seat (Menu › Continue online
game resumes it, and joining again with the code resumes instead of asking for a new seat).

``HeldSeat`` is what is kept for one table; ``SeatBook`` is where: the app keeps a private
file in the data folder (``game/app/online_seats.py``), tests and the self-test keep it in
memory (``MemorySeatBook``). A book is used from the sessions' threads too: every call is
whole under its lock.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any, Protocol

from game.net.protocol import normal_code
from game.notice import Notice

MAX_TABLES = 32  # the most tables kept (the oldest played is dropped first)
_MATCH = re.compile(r"^[0-9a-f]{32}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,64}$")
_URL = re.compile(r"^wss?://[^\s/]{1,253}$")


@dataclass(frozen=True)
class HeldSeat:
    """One table's seats held here."""

    server: str  # ws://host:port (wss:// with TLS)
    match: str  # the match id
    code: str  # the join code, as XXXX-XXXX
    seats: tuple[int, ...]  # the seats this app plays there
    tokens: tuple[str, ...]  # their secret tokens (what ``resume`` sends)
    hosted: bool  # this app's own server hosts the table
    table: str  # the table's name, for the list
    played_at: float  # when last played here (seconds since the epoch)
    leaving: bool = False  # left while the server could not be told: told at the next chance

    @property
    def port(self) -> int:
        """The port of ``server`` (a hosted table's server reopens on it)."""
        return int(self.server.rsplit(":", 1)[1])

    def key(self) -> tuple[str, str]:
        return self.server, self.match

    def resume_message(self) -> dict[str, Any]:
        """What sits this app back at the table (the server checks the tokens)."""
        return {"type": "resume", "match": self.match, "tokens": list(self.tokens)}

    def to_json(self) -> dict[str, Any]:
        return {
            "server": self.server,
            "match": self.match,
            "code": self.code,
            "seats": list(self.seats),
            "tokens": list(self.tokens),
            "hosted": self.hosted,
            "table": self.table,
            "played_at": self.played_at,
            "leaving": self.leaving,
        }

    @classmethod
    def from_json(cls, doc: Any) -> HeldSeat:
        """One entry, checked field by field (``ValueError`` says what is wrong)."""
        if type(doc) is not dict:
            raise ValueError("an online seat is an object")
        server, match, code = doc.get("server"), doc.get("match"), doc.get("code")
        seats, tokens, table = doc.get("seats"), doc.get("tokens"), doc.get("table", "")
        played, hosted = doc.get("played_at"), doc.get("hosted")
        leaving = doc.get("leaving", False)  # absent in files written before it was kept
        if (
            type(server) is not str
            or not _URL.match(server)
            or not server.rsplit(":", 1)[1].isdigit()
        ):
            raise ValueError("server is not a ws:// address with a port")
        if type(match) is not str or not _MATCH.match(match):
            raise ValueError("match is not a match id")
        if type(code) is not str or len(normal_code(code)) != 8:
            raise ValueError("code is not a join code")
        if type(seats) is not list or not 1 <= len(seats) <= 4:
            raise ValueError("seats is not a list of 1 to 4 seats")
        if any(type(s) is not int or not 0 <= s <= 3 for s in seats):
            raise ValueError("a seat is not 0 to 3")
        if type(tokens) is not list or len(tokens) != len(seats):
            raise ValueError("tokens do not match the seats")
        if any(type(t) is not str or not _TOKEN.match(t) for t in tokens):
            raise ValueError("a seat token is not well formed")
        if type(hosted) is not bool or type(table) is not str or len(table) > 200:
            raise ValueError("hosted or table is not what it should be")
        if type(played) is not int and type(played) is not float:
            raise ValueError("played_at is not a time")
        if type(leaving) is not bool:
            raise ValueError("leaving is not true or false")
        return cls(
            server, match, code, tuple(seats), tuple(tokens), hosted, table, float(played), leaving
        )


class SeatBook(Protocol):
    """Where the held seats are kept. No call raises for a file problem: a damaged file is
    set aside and reported once (``take_notices``), a failed write likewise."""

    def all(self) -> list[HeldSeat]:
        """Every table held, the last played first."""
        ...

    def keep(self, seat: HeldSeat) -> None:
        """Add or replace the entry of the same server and match."""
        ...

    def forget(self, server: str, match: str) -> None: ...

    def take_notices(self) -> list[Notice]: ...


def with_code(book: SeatBook, server: str, code: str) -> HeldSeat | None:
    """The seat held at ``server`` for the table of join code ``code``, if any."""
    want = normal_code(code)
    return next(
        (s for s in playable(book) if s.server == server and normal_code(s.code) == want), None
    )


def playable(book: SeatBook) -> list[HeldSeat]:
    """The tables held to play on: not those left (a leave not yet told is kept apart)."""
    return [s for s in book.all() if not s.leaving]


def ordered(seats: list[HeldSeat]) -> list[HeldSeat]:
    """The last played first, at most ``MAX_TABLES``."""
    return sorted(seats, key=lambda s: s.played_at, reverse=True)[:MAX_TABLES]


def merged(seats: list[HeldSeat], seat: HeldSeat) -> list[HeldSeat]:
    """``seats`` with ``seat`` in place of the entry of its table (if there was one)."""
    return ordered([s for s in seats if s.key() != seat.key()] + [seat])


class MemorySeatBook:
    """The book of tests and the self-test: kept in memory, lost on quit."""

    def __init__(self) -> None:
        self._seats: list[HeldSeat] = []
        self._lock = threading.Lock()

    def all(self) -> list[HeldSeat]:
        with self._lock:
            return list(self._seats)

    def keep(self, seat: HeldSeat) -> None:
        with self._lock:
            self._seats = merged(self._seats, seat)

    def forget(self, server: str, match: str) -> None:
        with self._lock:
            self._seats = [s for s in self._seats if s.key() != (server, match)]

    def take_notices(self) -> list[Notice]:
        return []
