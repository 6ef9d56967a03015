"""What every match store holds and promises, whichever database is under it.

A match is its setup (seats, seed, first player, the AI's seed), its join code, the hashes
of its seat tokens (a stolen database gives nobody a seat) and its move list. Its
``version`` counts the changes stored: each move and each step taken back (undo) adds one,
so it only grows (a process that saw version N never mistakes a take-back and a new move
for no change). A change is written by one transaction that checks the version the server
last saw and raises ``StaleMatch`` if another server process wrote first (optimistic
concurrency: two processes can never both apply a move). A change is committed before the
server acknowledges it, and a restarted (or another) server rebuilds a match by replaying
its stored moves from the seed (the engine is deterministic): a step taken back is deleted
from the move list, so the list always replays to the game as it stands.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game.engine import Move
from game.seats import Seat, seat_from_json

AI_LEASE_RENEW_S = 1.0  # a PostgreSQL process renews its AI leases this often (cluster.py)


class StoreError(RuntimeError):
    """The database refused a write (disk full, read-only file, connection lost): the move
    is not taken."""


class StaleMatch(StoreError):
    """Another server process stored a move of this match first: catch up and try again."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


@dataclass
class StoredMatch:
    id: str
    code: str
    players: int
    seed: int
    first: int
    ai_seed: int
    seats: list[Seat]
    tokens: dict[int, str]  # seat -> token hash (claimed human seats only)
    moves: list[tuple[int, Move]] = field(default_factory=list)
    finished: bool = False
    away_ai: int = 0  # seconds before an AI plays an away player's seat (0: the table waits)
    left_seat: str = "ai"  # a seat whose player leaves: an AI plays it ("ai"), or "open"
    version: int = 0  # changes stored (moves and steps taken back): see the module's text
    public: bool = False  # listed to anyone who asks the server (``list``); else code only
    table_name: str = ""  # the name the list shows

    @property
    def has_ai(self) -> bool:
        return any(s.kind != "human" for s in self.seats)


# A move to store: (match, idx: its number from 0, seat, move, version: the match's stored
# version it was made against, which the store checks and bumps).
NewMove = tuple[str, int, int, Move, int]

# The columns ``stored_match`` reads, in its order: both stores select exactly these.
MATCH_COLUMNS = (
    "id, code, players, seed, first, ai_seed, seats, finished, away_ai, version, left_seat,"
    " public, table_name"
)


def stored_match(
    row: tuple[Any, ...], tokens: dict[int, str], moves: list[tuple[int, Move]]
) -> StoredMatch:
    """A match from its ``MATCH_COLUMNS`` row, its seat-token hashes and its moves."""
    mid, code, players, seed, first, ai_seed, seats, finished, away_ai, version = row[:10]
    left, public, table_name = row[10:13]
    return StoredMatch(
        mid, code, players, seed, first, ai_seed, seats_of(seats), tokens, moves,
        bool(finished), away_ai, left, version, bool(public), table_name,
    )  # fmt: skip


def seats_text(seats: list[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def seats_of(text: str) -> list[Seat]:
    return [seat_from_json(s) for s in json.loads(text)]


def move_text(move: Move) -> str:
    return json.dumps(move.to_json(), separators=(",", ":"))


def move_of(text: str) -> Move:
    return Move.from_json(json.loads(text))


class MatchStore(ABC):
    """Every method commits before it returns (or raises ``StoreError``)."""

    path: str  # where it is, for the log (a file, or a database URL without its password)
    shared = False  # True: other server processes use the same database at once

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def schema_version(self) -> int: ...

    @abstractmethod
    def code_taken(self, code: str) -> bool: ...

    @abstractmethod
    def match_of_code(self, code: str) -> str | None:
        """The unfinished match a join code opens, if any."""

    @abstractmethod
    def create(self, m: StoredMatch) -> None: ...

    @abstractmethod
    def claim(self, match: str, seats: dict[int, str], names: dict[int, str]) -> None:
        """Seats taken at a join: their token hashes and (if given) their new names."""

    @abstractmethod
    def release(self, match: str, seats: list[int], now: list[Seat]) -> None:
        """Seats whose player left: their tokens deleted, the table's seats now ``now`` (an
        AI's kind for a seat the AI takes over)."""

    @abstractmethod
    def add_move(self, match: str, idx: int, seat: int, move: Move, *, version: int) -> None:
        """Store move number ``idx`` (0-based) of ``match``, committed on return; ``version``
        must be the match's stored version (the server's last sight of it), else
        ``StaleMatch``."""

    @abstractmethod
    def take_back(self, match: str, idx: int, *, version: int) -> None:
        """Delete move number ``idx`` of ``match`` (its last: a step taken back), committed
        on return; checked against ``version`` as ``add_move`` is."""

    @abstractmethod
    def add_moves(self, moves: list[NewMove], finished: list[str]) -> None:
        """Store many matches' moves ``(match, idx, seat, move, version)`` and mark
        ``finished`` ones, all in one transaction: all or none (``StaleMatch`` if any
        ``version`` is not its match's version then). One disk flush for many moves: the
        hub's group commit."""

    def stage_moves(self, moves: list[NewMove], finished: list[str]) -> Callable[[], None]:
        """``add_moves`` in two steps: what needs no disk now, on the caller's thread, and
        the rest (the commit) returned, to be called once on another thread (the group
        commit's writer); nothing else uses the store in between. This default does it all
        in the returned call."""
        return partial(self.add_moves, moves, finished)

    @abstractmethod
    def moves_since(self, match: str, idx: int) -> list[tuple[int, Move]]:
        """The moves stored from number ``idx`` on (another process made them)."""

    def changes_since(self, match: str, idx: int) -> tuple[int, list[tuple[int, Move]]]:
        """The stored version and the moves from number ``idx`` on, read together."""
        return self.load(match).version, self.moves_since(match, idx)

    @abstractmethod
    def finish(self, match: str) -> None: ...

    @abstractmethod
    def archive(self, match: str) -> None:
        """Close an abandoned unfinished match: kept (replays), never resumed again."""

    @abstractmethod
    def unfinished(self) -> list[StoredMatch]: ...

    @abstractmethod
    def load(self, match: str) -> StoredMatch:
        """The match as stored; ``KeyError`` if there is none."""

    def runs_ai(self, match: str) -> bool:
        """Whether this process runs the match's AI seats (one process at a time does)."""
        return True
