"""The dedicated server on a SQLite store whose disk can be made "full" from outside: while
the flag file exists every write transaction (and the WAL checkpoint) fails as SQLite's
``database or disk is full`` does, then works again once the flag is gone. For the fault
tests and an operator's rehearsal, without filling a real disk.

    python -m game.devtools.full_disk --flag /tmp/full <living-forest-server options>
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

from game.net import server
from game.net.store import SqliteStore, open_store

WRITES = ("BEGIN IMMEDIATE", "PRAGMA WAL_CHECKPOINT")


class FullDisk:
    """A ``sqlite3`` connection whose writes fail while ``flag`` exists."""

    def __init__(self, db: sqlite3.Connection, flag: Path) -> None:
        self.db, self.flag = db, flag

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().upper().startswith(WRITES) and self.flag.exists():
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    at = args.index("--flag")
    flag = Path(args[at + 1])
    del args[at : at + 2]

    def faulty(  # noqa: ANN202 - the store
        db: Path | str, durable: bool = True, ai_lease_s: float | None = None
    ):
        store = open_store(db, durable=durable, ai_lease_s=ai_lease_s)
        if isinstance(store, SqliteStore):
            store.db = FullDisk(store.db, flag)  # type: ignore[assignment]  # a stand-in that fails
        return store

    server.open_store = faulty  # type: ignore[attr-defined]  # the fault: a store that fails
    return server.main(args)


if __name__ == "__main__":
    sys.exit(main())
