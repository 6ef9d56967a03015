"""The shared store: PostgreSQL through ``psycopg`` 3, for several server processes (on one
machine or many) behind a load balancer, all serving any match.

- A move (or a step taken back) is one transaction: bump the match's ``version`` if it is
  still the one this process saw (else ``StaleMatch``), insert the move (or delete it), and
  ``NOTIFY`` the other processes (delivered on commit), so their clients are told at once.
- A match's AI seats are run by one process at a time, the holder of a lease on the match
  row (``ai_owner``, ``ai_until``, on the database's clock). Each process renews its leases
  every second and takes over expired ones, so the AI seats of a process that died move to
  another within the lease. Two holders at once (a process paused past its lease) still
  cannot both apply a move: the version check refuses the later one.
- The schema is versioned (``schema_version``); migrations run under an advisory lock, so
  processes starting together migrate once.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

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
from game.net.store.outage import Outage
from game.net.store.problems import ForeignDatabase, NewerSchema, Unreachable
from game.seats import Seat

log = logging.getLogger(__name__)
_FINISH = "UPDATE matches SET finished = true, ai_owner = NULL WHERE id = %s"
CHANNEL = "living_forest"  # NOTIFY: "m <match> <version>" (a change), "c <match>" (a join)
MIGRATION_LOCK = 0x4C465354  # pg_advisory_xact_lock key while migrating ("LFST")
LEASE_S = 5.0  # an AI lease lasts this long unless renewed (renewed every second)
TAKE_AT_ONCE = 50  # expired AI leases one process takes per round: processes share them

MIGRATIONS: list[list[str]] = [
    [  # 1: matches (with the version every move checks), seat tokens, moves
        """CREATE TABLE matches (
            id text PRIMARY KEY,
            code text NOT NULL UNIQUE,
            players smallint NOT NULL,
            seed bigint NOT NULL,
            first smallint NOT NULL,
            ai_seed bigint NOT NULL,
            seats text NOT NULL,
            created timestamptz NOT NULL DEFAULT now(),
            finished boolean NOT NULL DEFAULT false,
            version integer NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE tokens (
            match text NOT NULL REFERENCES matches(id),
            seat smallint NOT NULL,
            hash text NOT NULL,
            PRIMARY KEY (match, seat)
        )""",
        """CREATE TABLE moves (
            match text NOT NULL REFERENCES matches(id),
            idx integer NOT NULL,
            seat smallint NOT NULL,
            move text NOT NULL,
            PRIMARY KEY (match, idx)
        )""",
    ],
    [  # 2: AI seats run by one process at a time: a lease on the match row
        "ALTER TABLE matches ADD COLUMN has_ai boolean NOT NULL DEFAULT false",
        "ALTER TABLE matches ADD COLUMN ai_owner text",
        "ALTER TABLE matches ADD COLUMN ai_until timestamptz",
        'UPDATE matches SET has_ai = seats LIKE \'%"kind": "easy"%\''
        ' OR seats LIKE \'%"kind": "medium"%\' OR seats LIKE \'%"kind": "hard"%\'',
        "CREATE INDEX matches_ai_lease ON matches (ai_until) WHERE has_ai AND NOT finished",
    ],
    [  # 3: the host's wait before an AI plays an away player's seat (0: the table waits)
        "ALTER TABLE matches ADD COLUMN away_ai integer NOT NULL DEFAULT 0",
    ],
    [  # 4: what becomes of a seat whose player leaves: "ai" plays it, or it is "open"
        "ALTER TABLE matches ADD COLUMN left_seat text NOT NULL DEFAULT 'ai'",
    ],
    [  # 5: listed publicly (``list``), under this name
        "ALTER TABLE matches ADD COLUMN public boolean NOT NULL DEFAULT false",
        "ALTER TABLE matches ADD COLUMN table_name text NOT NULL DEFAULT ''",
    ],
    [  # 6: when an abandoned match was closed (archived: finished, kept for replays)
        "ALTER TABLE matches ADD COLUMN closed_at timestamptz",
    ],
]
LATEST = len(MIGRATIONS)


def safe_url(url: str) -> str:
    """The URL for the log, without its password."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(unreadable URL)"
    info.pop("password", None)
    return make_conninfo("", **info)


def stored_version(conn: psycopg.Connection, where: str) -> int | None:
    """The schema of the database as it is (None: empty, ours to make), read before any
    write: another program's database, or a newer server's, is refused untouched."""
    tables = {
        r[0]
        for r in conn.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    }
    if not tables:
        return None
    columns = {
        r[0]
        for r in conn.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = 'schema_version'"
        )
    }
    if "schema_version" not in tables or columns != {"version"}:
        listed = ", ".join(sorted(tables)[:8])
        raise ForeignDatabase(f"{where} is not a Living Forest match store (its tables: {listed})")
    rows = conn.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) != 1 or not isinstance(rows[0][0], int):
        raise ForeignDatabase(f"{where} is not a Living Forest match store (its schema_version)")
    current = rows[0][0]
    if current > LATEST:
        raise NewerSchema(
            f"the match store {where} has schema {current}: this server knows {LATEST}"
            " (a newer server made it)"
        )
    if current >= 1 and "matches" not in tables:
        raise ForeignDatabase(f"{where} is not a Living Forest match store (no matches table)")
    return current


def migrate(conn: psycopg.Connection, upto: int = LATEST, where: str = "the database") -> int:
    """Bring the schema to version ``upto`` (each migration in the same transaction as its
    version number); the version."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        found = stored_version(conn, where)
        if found is None:
            conn.execute("CREATE TABLE schema_version (version integer NOT NULL)")
            conn.execute("INSERT INTO schema_version VALUES (0)")
        current = found or 0
        for number in range(current + 1, upto + 1):
            for sql in MIGRATIONS[number - 1]:
                conn.execute(sql)
            conn.execute("UPDATE schema_version SET version = %s", (number,))
            current = number
    return current


class PostgresStore(MatchStore):
    """One connection (the server's event loop writes through it); the listener that hears
    other processes' moves has its own (``game.net.cluster``)."""

    shared = True

    def __init__(self, url: str, durable: bool = True, lease_s: float = LEASE_S) -> None:
        self.url, self.path, self.durable, self.lease_s = url, safe_url(url), durable, lease_s
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.ai_owned: set[str] = set()
        self.outage = Outage(self.path)
        try:
            self.db = self._connect()
        except StoreError as e:
            raise Unreachable(str(e)) from e
        try:
            migrate(self.db, where=self.path)
        except StoreError:
            self.db.close()
            raise
        except psycopg.Error as e:
            self.db.close()
            raise StoreError(f"the match store {self.path} cannot be migrated: {e}") from e

    def _connect(self) -> psycopg.Connection:
        try:
            db = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            if not self.durable:  # tests and benchmarks: the commit does not wait for the disk
                db.execute("SET synchronous_commit = off")
            return db
        except psycopg.Error as e:
            raise StoreError(f"cannot reach the match store {self.path}: {e}") from e

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection]:
        """One transaction; a lost connection is opened again for the next one."""
        try:
            if self.db.closed or self.db.broken:
                self.db = self._connect()
            with self.db.transaction():
                yield self.db
        except psycopg.Error as e:
            self.outage.failed(e)
            raise StoreError(f"the match store refused a write: {e}") from e
        except StoreError as e:
            if not isinstance(e, StaleMatch):  # a stale move is not an outage
                self.outage.failed(e)
            raise
        self.outage.ok()

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._tx() as db:
            return db.execute(sql, args).fetchall()

    def close(self) -> None:
        """Hand this process's AI leases back (another process takes them at once), close."""
        try:
            if not self.db.closed and not self.db.broken:
                self.db.execute(
                    "UPDATE matches SET ai_owner = NULL, ai_until = NULL WHERE ai_owner = %s",
                    (self.owner,),
                )
        except psycopg.Error:
            log.warning("could not hand back the AI leases (they expire by themselves)")
        finally:
            self.db.close()

    def schema_version(self) -> int:
        return int(self._read("SELECT version FROM schema_version")[0][0])

    def code_taken(self, code: str) -> bool:
        return bool(self._read("SELECT 1 FROM matches WHERE code = %s", (code,)))

    def match_of_code(self, code: str) -> str | None:
        rows = self._read("SELECT id FROM matches WHERE code = %s AND NOT finished", (code,))
        return rows[0][0] if rows else None

    def create(self, m: StoredMatch) -> None:
        owner = self.owner if m.has_ai else None
        with self._tx() as db:
            db.execute(
                "INSERT INTO matches (id, code, players, seed, first, ai_seed, seats, has_ai,"
                " ai_owner, ai_until, away_ai, left_seat, public, table_name) VALUES (%s, %s, %s,"
                " %s, %s, %s, %s, %s, %s, CASE WHEN %s::text IS NULL THEN NULL"
                " ELSE now() + make_interval(secs => %s) END, %s, %s, %s, %s)",
                (m.id, m.code, m.players, m.seed, m.first, m.ai_seed, seats_text(m.seats))
                + (m.has_ai, owner, owner, self.lease_s, m.away_ai, m.left_seat)
                + (m.public, m.table_name),
            )
            for seat, digest in m.tokens.items():
                db.execute("INSERT INTO tokens VALUES (%s, %s, %s)", (m.id, seat, digest))
        if m.has_ai:
            self.ai_owned.add(m.id)

    def claim(self, match: str, seats: dict[int, str], names: dict[int, str]) -> None:
        with self._tx() as db:
            for seat, digest in seats.items():
                db.execute("INSERT INTO tokens VALUES (%s, %s, %s)", (match, seat, digest))
            if names:
                row = db.execute(
                    "SELECT seats FROM matches WHERE id = %s FOR UPDATE", (match,)
                ).fetchone()
                if row is None:  # the match is gone (never: a seat is claimed at a table)
                    raise StoreError(f"no match {match} to seat a player at")
                doc = seats_of(row[0])
                for s, name in names.items():
                    doc[s].name = name
                db.execute("UPDATE matches SET seats = %s WHERE id = %s", (seats_text(doc), match))
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"c {match}"))

    def release(self, match: str, seats: list[int], now: list[Seat]) -> None:
        has_ai = any(s.kind != "human" for s in now)
        with self._tx() as db:
            for seat in seats:
                db.execute("DELETE FROM tokens WHERE match = %s AND seat = %s", (match, seat))
            db.execute(
                "UPDATE matches SET seats = %s, has_ai = %s WHERE id = %s",
                (seats_text(now), has_ai, match),
            )
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"c {match}"))

    def add_move(self, match: str, idx: int, seat: int, move: Move, *, version: int) -> None:
        self.add_moves([(match, idx, seat, move, version)], [])

    @staticmethod
    def _bump(db: psycopg.Connection, match: str, version: int) -> None:
        """A change of ``match``: its version bumped if it is still ``version`` (else
        ``StaleMatch``), the other processes notified on commit."""
        bumped = db.execute(
            "UPDATE matches SET version = version + 1 WHERE id = %s AND version = %s",
            (match, version),
        ).rowcount
        if bumped != 1:
            raise StaleMatch(f"match {match} is past version {version}")
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"m {match} {version + 1}"))

    def add_moves(self, moves: list[NewMove], finished: list[str]) -> None:
        with self._tx() as db:
            for match, idx, seat, move, version in moves:
                self._bump(db, match, version)
                db.execute(
                    "INSERT INTO moves VALUES (%s, %s, %s, %s)",
                    (match, idx, seat, move_text(move)),
                )
            for match in finished:
                db.execute(_FINISH, (match,))
        self.ai_owned.difference_update(finished)

    def take_back(self, match: str, idx: int, *, version: int) -> None:
        with self._tx() as db:
            self._bump(db, match, version)
            db.execute("DELETE FROM moves WHERE match = %s AND idx >= %s", (match, idx))

    def moves_since(self, match: str, idx: int) -> list[tuple[int, Move]]:
        rows = self._read(
            "SELECT seat, move FROM moves WHERE match = %s AND idx >= %s ORDER BY idx",
            (match, idx),
        )
        return [(seat, move_of(text)) for seat, text in rows]

    def changes_since(self, match: str, idx: int) -> tuple[int, list[tuple[int, Move]]]:
        with self._tx() as db:  # one snapshot for both reads: the version and its moves
            db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = db.execute("SELECT version FROM matches WHERE id = %s", (match,)).fetchone()
            rows = db.execute(
                "SELECT seat, move FROM moves WHERE match = %s AND idx >= %s ORDER BY idx",
                (match, idx),
            ).fetchall()
        if row is None:
            raise KeyError(match)
        return row[0], [(seat, move_of(text)) for seat, text in rows]

    def versions(self, matches: list[str]) -> dict[str, int]:
        """The stored version of each of ``matches`` (a process checks it missed nothing)."""
        rows = self._read("SELECT id, version FROM matches WHERE id = ANY(%s)", (matches,))
        return dict(rows)

    def finish(self, match: str) -> None:
        self.add_moves([], [match])

    def archive(self, match: str) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE matches SET finished = true, ai_owner = NULL, closed_at = now()"
                " WHERE id = %s",
                (match,),
            )
        self.ai_owned.discard(match)

    def unfinished(self) -> list[StoredMatch]:
        """None: a process of a shared store loads a match when a client or a lease asks."""
        return []

    def load(self, match: str) -> StoredMatch:
        rows = self._read(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = %s", (match,))
        if not rows:
            raise KeyError(match)
        tokens = dict(self._read("SELECT seat, hash FROM tokens WHERE match = %s", (match,)))
        return stored_match(rows[0], tokens, self.moves_since(match, 0))

    # -- AI leases -------------------------------------------------------------------------

    def runs_ai(self, match: str) -> bool:
        return match in self.ai_owned

    def lease_ai(self) -> list[str]:
        """Renew this process's AI leases and take up to ``TAKE_AT_ONCE`` expired ones (a
        process that died, or left); the matches newly taken (the server loads them)."""
        lease = (self.lease_s,)
        with self._tx() as db:
            kept = db.execute(
                "UPDATE matches SET ai_until = now() + make_interval(secs => %s)"
                " WHERE ai_owner = %s AND has_ai AND NOT finished RETURNING id",
                (*lease, self.owner),
            ).fetchall()
            taken = db.execute(
                "UPDATE matches SET ai_owner = %s, ai_until = now() + make_interval(secs => %s)"
                " WHERE id IN (SELECT id FROM matches WHERE has_ai AND NOT finished"
                " AND (ai_until IS NULL OR ai_until < now())"
                " ORDER BY ai_until NULLS FIRST LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING id",
                (self.owner, *lease, TAKE_AT_ONCE),
            ).fetchall()
        new = [r[0] for r in taken]
        self.ai_owned = {r[0] for r in kept} | set(new)
        return new
