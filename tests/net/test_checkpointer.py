"""The server's SQLite store copies its WAL back on a thread of its own: the commits only
append (no commit pays for a checkpoint), the thread copies the pages into the database
file, and closing the store stops it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from game.engine.moves import DRAW
from game.net.store import SqliteStore
from game.net.store.checkpointer import FALLBACK_PAGES
from tests.net.test_store import a_match

PAGE = 4096
COMMITS = 1500  # single-move commits: several WAL pages each, well past SQLite's 1,000
WAIT_S = 10.0


def fill(store: SqliteStore, commits: int = COMMITS) -> None:
    """``commits`` moves of one match, each in its own commit (as a quiet table's are)."""
    m = a_match()
    store.create(m)
    for idx in range(commits):
        store.add_moves([(m.id, idx, 0, DRAW, idx)], [])


def wal_bytes(db: Path) -> int:
    return db.with_name(db.name + "-wal").stat().st_size


def checkpointers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "store-checkpointer"]


def test_the_commits_only_append_when_a_thread_checkpoints(tmp_path: Path) -> None:
    own, background = tmp_path / "own.db", tmp_path / "background.db"
    by_commits = SqliteStore(own, durable=False)
    fill(by_commits)
    # SQLite's own checkpoints: the commit that crosses 1,000 pages copies the WAL back
    # and the next ones write over it from its start
    assert wal_bytes(own) < 2 * 1000 * PAGE
    by_commits.close()

    quiet = SqliteStore(background, durable=False)
    quiet.checkpoint_in_background(every_s=3600)  # a thread that has not yet run
    fill(quiet)
    assert 1000 * PAGE < wal_bytes(background) < FALLBACK_PAGES * PAGE
    assert quiet.checkpointer is not None and quiet.checkpointer.runs == 0
    quiet.close()
    assert not checkpointers()


def test_the_thread_copies_the_wal_into_the_file_and_stops_with_the_store(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    store = SqliteStore(db, durable=False)
    before = db.stat().st_size
    store.checkpoint_in_background(every_s=0.02)
    assert len(checkpointers()) == 1
    fill(store, 300)
    checkpointer = store.checkpointer
    assert checkpointer is not None
    deadline = time.monotonic() + WAIT_S
    while checkpointer.last[2] == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    busy, in_wal, copied = checkpointer.last
    assert copied > 0 and copied <= in_wal, checkpointer.last
    assert db.stat().st_size > before  # the pages are in the database file now
    assert checkpointer.failures == 0
    store.close()
    assert not checkpointers()
    again = SqliteStore(db)  # and everything stored is there
    assert len(again.moves_since(a_match().id, 0)) == 300
    again.close()
