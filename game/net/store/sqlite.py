"""The embedded default store: one SQLite file (stdlib ``sqlite3``) in WAL mode, for one
server process (the app's Host, a dedicated server on one machine).

``synchronous=FULL``: neither a killed server nor a power cut loses an acknowledged move.
The schema is versioned (``PRAGMA user_version``, set in the same transaction as each
migration); a file made before versioning (version 0 with the tables of version 1) is
brought up to date on open like an empty one. Before anything is written the file is
checked (``sqlite_checks.py``: ours, not newer, writable) and locked (``lock.py``: one
server process per file); its files are private (0600).
"""

from __future__ import annotations

import functools
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from game.engine import Move
from game.net.store.base import (
    MATCH_COLUMNS,
    MatchStore,
    NewMove,
    StaleMatch,
    StoredMatch,
    StoreError,
    move_of,
    move_text,
    seats_of,
    seats_text,
    stored_match,
)
from game.net.store.checkpointer import EVERY_S, FALLBACK_PAGES, Checkpointer
from game.net.store.lock import StoreLock
from game.net.store.outage import Outage
from game.net.store.problems import NewerSchema, NotADatabase, NotWritable, StartRefused
from game.net.store.sqlite_checks import (
    APPLICATION_ID,
    check_contents,
    check_file,
    check_writable,
    create_private,
    prepare_path,
    tighten,
)
from game.seats import Seat

log = logging.getLogger(__name__)
MEMORY = ":memory:"  # SQLite's store in memory (the app's Host without a data folder)

# Each migration is the statements that take the schema from the version before it to its
# own number; never edit one that has shipped, add the next.
MIGRATIONS: list[list[str]] = [
    [  # 1: matches, seat tokens, moves (CREATE IF NOT EXISTS: files made before versioning)
        """CREATE TABLE IF NOT EXISTS matches (
            id TEXT PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            players INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            first INTEGER NOT NULL,
            ai_seed INTEGER NOT NULL,
            seats TEXT NOT NULL,
            created REAL NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE IF NOT EXISTS tokens (
            match TEXT NOT NULL REFERENCES matches(id),
            seat INTEGER NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (match, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS moves (
            match TEXT NOT NULL REFERENCES matches(id),
            idx INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            move TEXT NOT NULL,
            PRIMARY KEY (match, idx)
        )""",
    ],
    [  # 2: each match's version (moves stored), checked by every move's transaction
        "ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        "UPDATE matches SET version = (SELECT COUNT(*) FROM moves WHERE moves.match = matches.id)",
    ],
    [  # 3: the host's wait before an AI plays an away player's seat (0: the table waits)
        "ALTER TABLE matches ADD COLUMN away_ai INTEGER NOT NULL DEFAULT 0",
    ],
    [  # 4: what becomes of a seat whose player leaves: "ai" plays it, or it is "open"
        "ALTER TABLE matches ADD COLUMN left_seat TEXT NOT NULL DEFAULT 'ai'",
    ],
    [  # 5: listed publicly (``list``), under this name
        "ALTER TABLE matches ADD COLUMN public INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN table_name TEXT NOT NULL DEFAULT ''",
    ],
    [  # 6: when an abandoned match was closed (archived: finished=1, kept for replays)
        "ALTER TABLE matches ADD COLUMN closed_at REAL",
    ],
]
LATEST = len(MIGRATIONS)


def migrate(db: sqlite3.Connection) -> int:
    """Apply every migration the file lacks, each in its own transaction; the version."""
    for number, statements in enumerate(MIGRATIONS, start=1):
        db.execute("BEGIN IMMEDIATE")
        try:
            (current,) = db.execute("PRAGMA user_version").fetchone()
            if current < number:
                for sql in statements:
                    db.execute(sql)
                db.execute(f"PRAGMA user_version={number}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    current = int(db.execute("PRAGMA user_version").fetchone()[0])
    if current > LATEST:
        raise NewerSchema(f"the match store has schema {current}: this server knows {LATEST}")
    return current


_NONE: frozenset[int] = frozenset()
P = ParamSpec("P")
R = TypeVar("R")


def serial(
    method: Callable[Concatenate[SqliteStore, P], R],
) -> Callable[Concatenate[SqliteStore, P], R]:
    """One thread at a time on the connection: the group commit's writer commits moves on
    its own thread while the event loop's thread may create a table or read one; and no
    other use while a staged transaction (``stage_moves``) waits for its commit."""

    @functools.wraps(method)
    def run(self: SqliteStore, *args: P.args, **kwargs: P.kwargs) -> R:
        self.idle.wait()  # a staged transaction is being committed on the writer's thread
        with self.guard:
            return method(self, *args, **kwargs)

    return run


_BUMP = "UPDATE matches SET version=version+1 WHERE id=? AND version=?"  # each change's check
_ADD = "INSERT INTO moves (match, idx, seat, move) VALUES (?,?,?,?)"
_FINISH = "UPDATE matches SET finished=1 WHERE id=?"
_ARCHIVE = "UPDATE matches SET finished=1, closed_at=? WHERE id=?"


class SqliteStore(MatchStore):
    """One SQLite file; every method commits before it returns (or raises ``StoreError``),
    and holds ``guard`` meanwhile (one thread at a time on the connection)."""

    def __init__(self, path: Path | str, durable: bool = True) -> None:
        self.guard = threading.RLock()
        self.idle = threading.Event()  # clear: a staged transaction awaits its commit
        self.idle.set()
        where = Path(path)
        self.path = str(path)
        self.outage = Outage(self.path)
        self.lock: StoreLock | None = None
        self.checkpointer: Checkpointer | None = None
        self.durable = durable
        if self.path == MEMORY:  # nothing on disk: nothing to check, lock or keep private
            self.db = self._open(where, durable)
            return
        prepare_path(where)
        self.lock = lock = StoreLock(where)
        try:
            check_file(where)
            check_writable(where)
            create_private(where)
            self.db = self._open(where, durable)
        except BaseException:
            lock.release()
            raise

    def _open(self, where: Path, durable: bool) -> sqlite3.Connection:
        """Connect, check it is ours and not newer (reading only), then write: WAL, the
        application id (which also proves the file writable), the migrations."""
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise NotWritable(f"the match store {self.path} cannot be opened: {e}") from e
        try:
            check_contents(db, where, LATEST)
            if self.path != MEMORY:
                tighten(where)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("BEGIN IMMEDIATE")
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute("COMMIT")
            migrate(db)
        except StartRefused:
            db.close()
            raise
        except sqlite3.DatabaseError as e:
            db.close()
            text = f"the match store {self.path} cannot be opened: {e}"
            if "readonly" in str(e) or "unable to open" in str(e):
                raise NotWritable(text) from e
            if isinstance(e, sqlite3.OperationalError):
                raise StoreError(text) from e
            raise NotADatabase(text) from e
        return db

    def checkpoint_in_background(self, every_s: float = EVERY_S) -> None:
        """The WAL copied back on a thread of its own every ``every_s`` (``checkpointer.py``),
        not by the commit that fills it; the server's choice, stopped by ``close``."""
        if self.path == MEMORY or self.checkpointer is not None:
            return
        self.db.execute(f"PRAGMA wal_autocheckpoint={FALLBACK_PAGES}")
        self.checkpointer = Checkpointer(self.path, every_s, self.durable)
        self.checkpointer.start()

    def close(self) -> None:
        if self.checkpointer is not None:  # before the last checkpoint, not beside it
            self.checkpointer.stop()
        self._close()

    @serial
    def _close(self) -> None:
        """Checkpoint the WAL into the main file and close (a clean shutdown). A store
        that cannot be written now (a full disk) keeps its WAL: nothing stored is lost,
        SQLite replays it at the next open."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as e:
            log.warning("the match store %s kept its WAL (no checkpoint: %s)", self.path, e)
        finally:
            self.db.close()
            if self.lock is not None:
                self.lock.release()

    @serial
    def schema_version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _write(
        self, statements: list[tuple[str, tuple[Any, ...]]], checked: frozenset[int] = _NONE
    ) -> None:
        """Run ``statements`` in one transaction; each one numbered in ``checked`` must
        change exactly one row, else its match moved on: ``StaleMatch``."""
        self._stage(statements, checked)
        self._commit()

    def _stage(
        self, statements: list[tuple[str, tuple[Any, ...]]], checked: frozenset[int]
    ) -> None:
        """Begin a transaction and run ``statements`` in it (no disk flush yet); on any
        refusal it is rolled back and nothing is left open."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for i, (sql, args) in enumerate(statements):
                    changed = self.db.execute(sql, args).rowcount
                    if i in checked and changed != 1:
                        raise StaleMatch(f"match {args[0]} is past version {args[1]}")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as e:
            self.outage.failed(e)
            raise StoreError(f"the match store refused a write: {e}") from e

    def _commit(self) -> None:
        """Commit the transaction ``_stage`` began: the disk flush."""
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error as e:
            self.outage.failed(e)
            if self.db.in_transaction:  # else SQLite rolled it back itself (a full disk)
                try:
                    self.db.execute("ROLLBACK")
                except sqlite3.Error as again:  # the commit's error is the one reported
                    log.warning("the match store %s could not roll back: %s", self.path, again)
            raise StoreError(f"the match store refused a write: {e}") from e
        self.outage.ok()

    @serial
    def code_taken(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM matches WHERE code=?", (code,)).fetchone() is not None

    @serial
    def match_of_code(self, code: str) -> str | None:
        row = self.db.execute(
            "SELECT id FROM matches WHERE code=? AND finished=0", (code,)
        ).fetchone()
        return None if row is None else row[0]

    @serial
    def create(self, m: StoredMatch) -> None:
        rows: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO matches (id, code, players, seed, first, ai_seed, seats, created,"
                " away_ai, left_seat, public, table_name) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    m.id,
                    m.code,
                    m.players,
                    m.seed,
                    m.first,
                    m.ai_seed,
                    seats_text(m.seats),
                    time.time(),
                    m.away_ai,
                    m.left_seat,
                    int(m.public),
                    m.table_name,
                ),
            )
        ]
        rows += [
            ("INSERT INTO tokens (match, seat, hash) VALUES (?,?,?)", (m.id, s, h))
            for s, h in m.tokens.items()
        ]
        self._write(rows)

    @serial
    def claim(self, match: str, seats: dict[int, str], names: dict[int, str]) -> None:
        rows: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO tokens (match, seat, hash) VALUES (?,?,?)", (match, s, h))
            for s, h in seats.items()
        ]
        if names:
            (raw,) = self.db.execute("SELECT seats FROM matches WHERE id=?", (match,)).fetchone()
            doc = seats_of(raw)
            for s, name in names.items():
                doc[s].name = name
            rows.append(("UPDATE matches SET seats=? WHERE id=?", (seats_text(doc), match)))
        self._write(rows)

    @serial
    def release(self, match: str, seats: list[int], now: list[Seat]) -> None:
        rows: list[tuple[str, tuple[Any, ...]]] = [
            ("DELETE FROM tokens WHERE match=? AND seat=?", (match, s)) for s in seats
        ]
        rows.append(("UPDATE matches SET seats=? WHERE id=?", (seats_text(now), match)))
        self._write(rows)

    def add_move(self, match: str, idx: int, seat: int, move: Move, *, version: int) -> None:
        self.add_moves([(match, idx, seat, move, version)], [])

    @serial
    def add_moves(self, moves: list[NewMove], finished: list[str]) -> None:
        self._write(*_move_rows(moves, finished))

    @serial
    def stage_moves(self, moves: list[NewMove], finished: list[str]) -> Callable[[], None]:
        """``add_moves`` in two steps: the transaction's statements now, on this thread
        (CPU only), and its commit (the disk flush) returned, to be called once on the
        group commit's writer thread; until it has run, every other method waits. The
        writer thus takes the interpreter's lock twice a commit, not twice a statement
        (each handover costs the event loop up to a switch interval when it is busy)."""
        self._stage(*_move_rows(moves, finished))
        self.idle.clear()
        return self._commit_staged

    def _commit_staged(self) -> None:
        try:
            self._commit()
        finally:
            self.idle.set()

    @serial
    def take_back(self, match: str, idx: int, *, version: int) -> None:
        drop = "DELETE FROM moves WHERE match=? AND idx>=?"
        self._write([(_BUMP, (match, version)), (drop, (match, idx))], frozenset({0}))

    @serial
    def moves_since(self, match: str, idx: int) -> list[tuple[int, Move]]:
        rows = self.db.execute(
            "SELECT seat, move FROM moves WHERE match=? AND idx>=? ORDER BY idx", (match, idx)
        )
        return [(seat, move_of(text)) for seat, text in rows]

    @serial
    def changes_since(self, match: str, idx: int) -> tuple[int, list[tuple[int, Move]]]:
        self.db.execute("BEGIN")  # one snapshot for both reads
        try:
            row = self.db.execute("SELECT version FROM matches WHERE id=?", (match,)).fetchone()
            moves = self.moves_since(match, idx)
        finally:
            self.db.execute("COMMIT")
        if row is None:
            raise KeyError(match)
        return row[0], moves

    @serial
    def finish(self, match: str) -> None:
        self._write([(_FINISH, (match,))])

    @serial
    def archive(self, match: str) -> None:
        self._write([(_ARCHIVE, (time.time(), match))])

    @serial
    def unfinished(self) -> list[StoredMatch]:
        """Every unfinished match (a restart): a damaged file shows here, when it is read."""
        try:
            ids = [r[0] for r in self.db.execute("SELECT id FROM matches WHERE finished=0")]
            return [self.load(i) for i in ids]
        except sqlite3.DatabaseError as e:
            raise NotADatabase(f"the match store {self.path} cannot be read: {e}") from e

    @serial
    def load(self, match: str) -> StoredMatch:
        row = self.db.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE id=?", (match,)
        ).fetchone()
        if row is None:
            raise KeyError(match)
        tokens = dict(self.db.execute("SELECT seat, hash FROM tokens WHERE match=?", (match,)))
        return stored_match(row, tokens, self.moves_since(match, 0))


def _move_rows(
    moves: list[NewMove], finished: list[str]
) -> tuple[list[tuple[str, tuple[Any, ...]]], frozenset[int]]:
    """The statements storing ``moves`` (each checked against its match's version) and
    marking ``finished`` matches; which of them are the checks."""
    rows: list[tuple[str, tuple[Any, ...]]] = []
    checked = set()
    for match, idx, seat, move, version in moves:
        checked.add(len(rows))
        rows.append((_BUMP, (match, version)))
        rows.append((_ADD, (match, idx, seat, move_text(move))))
    rows += [(_FINISH, (match,)) for match in finished]
    return rows, frozenset(checked)
