"""Where the server keeps its matches: SQLite by default (one process), PostgreSQL when
several server processes share one database (``--db postgresql://…``)."""

from __future__ import annotations

from pathlib import Path

from game.net.store.base import MatchStore, StaleMatch, StoredMatch, StoreError, token_hash
from game.net.store.sqlite import SqliteStore

Store = MatchStore  # the name the hub and matches know it by

__all__ = [
    "MatchStore",
    "SqliteStore",
    "StaleMatch",
    "Store",
    "StoreError",
    "StoredMatch",
    "is_postgres",
    "open_store",
    "token_hash",
]


def is_postgres(db: Path | str) -> bool:
    return str(db).startswith(("postgresql://", "postgres://"))


def open_store(db: Path | str, durable: bool = True, ai_lease_s: float | None = None) -> MatchStore:
    """A SQLite file by path, or PostgreSQL by URL (its driver, ``psycopg``, is needed only
    then: ``pip install 'living-forest[postgres]'``). ``ai_lease_s`` (PostgreSQL only; None:
    the shipped ``LEASE_S``) is how long an AI lease outlives the process that stops renewing
    it: a test that kills a process lowers it rather than wait the shipped 5 s."""
    if is_postgres(db):
        from game.net.store.postgres import LEASE_S, PostgresStore  # noqa: PLC0415 - optional

        return PostgresStore(str(db), durable=durable, lease_s=ai_lease_s or LEASE_S)
    return SqliteStore(db, durable=durable)
