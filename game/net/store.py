"""Every hosted match on disk: SQLite (stdlib ``sqlite3``) in WAL mode.

A match is its setup (seats, seed, first player, the AI's seed), its join code, the hashes
of its seat tokens (a stolen database file gives nobody a seat) and its move list. A move is
committed before the server acknowledges it (``synchronous=FULL``: neither a killed server
nor a power cut loses an acknowledged move), and a restarted server rebuilds each unfinished
match by replaying its moves from the seed (the engine is deterministic).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import Move
from game.seats import Seat, seat_from_json

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    first INTEGER NOT NULL,
    ai_seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
    match TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (match, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL REFERENCES matches(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (match, idx)
);
"""


class StoreError(RuntimeError):
    """The database refused a write (disk full, read-only file): the move is not taken."""


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


class Store:
    """One SQLite file; every method commits before it returns (or raises ``StoreError``)."""

    def __init__(self, path: Path | str, durable: bool = True) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        """Checkpoint the WAL into the main file and close (a clean shutdown)."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self.db.close()

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        except sqlite3.Error as e:
            raise StoreError(f"the match store refused a write: {e}") from e

    def code_taken(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM matches WHERE code=?", (code,)).fetchone() is not None

    def create(self, m: StoredMatch) -> None:
        seats = json.dumps([s.to_json() for s in m.seats])
        rows: list[tuple[str, tuple]] = [
            (
                "INSERT INTO matches (id, code, players, seed, first, ai_seed, seats, created)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (m.id, m.code, m.players, m.seed, m.first, m.ai_seed, seats, time.time()),
            )
        ]
        rows += [
            ("INSERT INTO tokens (match, seat, hash) VALUES (?,?,?)", (m.id, s, h))
            for s, h in m.tokens.items()
        ]
        self._write(rows)

    def claim(self, match: str, seats: dict[int, str], names: dict[int, str]) -> None:
        """Seats taken at a join: their token hashes and (if given) their new names."""
        rows: list[tuple[str, tuple]] = [
            ("INSERT INTO tokens (match, seat, hash) VALUES (?,?,?)", (match, s, h))
            for s, h in seats.items()
        ]
        if names:
            (raw,) = self.db.execute("SELECT seats FROM matches WHERE id=?", (match,)).fetchone()
            doc = json.loads(raw)
            for s, name in names.items():
                doc[s]["name"] = name
            rows.append(("UPDATE matches SET seats=? WHERE id=?", (json.dumps(doc), match)))
        self._write(rows)

    def add_move(self, match: str, idx: int, seat: int, move: Move) -> None:
        """Store move number ``idx`` (0-based) of ``match``, committed on return."""
        text = json.dumps(move.to_json(), separators=(",", ":"))
        sql = "INSERT INTO moves (match, idx, seat, move) VALUES (?,?,?,?)"
        self._write([(sql, (match, idx, seat, text))])

    def finish(self, match: str) -> None:
        self._write([("UPDATE matches SET finished=1 WHERE id=?", (match,))])

    def unfinished(self) -> list[StoredMatch]:
        ids = [r[0] for r in self.db.execute("SELECT id FROM matches WHERE finished=0")]
        return [self.load(i) for i in ids]

    def load(self, match: str) -> StoredMatch:
        row = self.db.execute(
            "SELECT id, code, players, seed, first, ai_seed, seats, finished FROM matches"
            " WHERE id=?",
            (match,),
        ).fetchone()
        if row is None:
            raise KeyError(match)
        mid, code, players, seed, first, ai_seed, seats, finished = row
        tokens = dict(self.db.execute("SELECT seat, hash FROM tokens WHERE match=?", (mid,)))
        moves = [
            (seat, Move.from_json(json.loads(text)))
            for seat, text in self.db.execute(
                "SELECT seat, move FROM moves WHERE match=? ORDER BY idx", (mid,)
            )
        ]
        return StoredMatch(
            mid,
            code,
            players,
            seed,
            first,
            ai_seed,
            [seat_from_json(s) for s in json.loads(seats)],
            tokens,
            moves,
            bool(finished),
        )
