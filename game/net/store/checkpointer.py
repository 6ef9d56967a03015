"""The SQLite WAL copied back into the database file on a thread and connection of its own.

SQLite's default checkpoints run inside the commit that crosses the WAL's threshold (1,000
pages): that commit also copies the pages into the database file and flushes it, tens of
milliseconds on a busy disk, and every move of its batch, and of the batch waiting behind
it, waits that long for its ack. At 1,000 tables the WAL fills several times a second, so
a move's round trip had a tail of those commits (issue 41). Here the commits only append
to the WAL and a checkpointer copies it back every ``every_s`` (``PASSIVE``: it never waits
for the writer nor makes it wait), so the disk work of a checkpoint is on no move's way.
The committing connection keeps SQLite's own checkpoint at a far higher threshold, in case
this one cannot keep up (a slow disk): the WAL stays bounded either way.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

from game.net.log_throttle import Throttle

log = logging.getLogger(__name__)
EVERY_S = 1.0  # the server's default: how often the WAL is copied back
FALLBACK_PAGES = 16_000  # the committing connection's own checkpoint threshold (64 MB)


class Checkpointer:
    """A thread that checkpoints the WAL of the SQLite file at ``path`` every ``every_s``
    until ``stop``."""

    def __init__(self, path: str, every_s: float, durable: bool) -> None:
        self.path, self.every_s, self.durable = path, every_s, durable
        self.runs = 0  # checkpoints made
        self.last = (0, 0, 0)  # the last one's answer: busy, frames in the WAL, copied back
        self.failures = 0
        self.throttle = Throttle(log, 60.0)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="store-checkpointer", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout_s: float = 10.0) -> None:
        """The thread ends after the checkpoint it may be making (bounded by ``timeout_s``)."""
        self._done.set()
        if self._thread.is_alive():
            self._thread.join(timeout_s)

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=1.0)
        except sqlite3.Error as e:  # then SQLite's own checkpoints carry on: said, not fatal
            log.warning("the WAL of %s is checkpointed by its commits: %s", self.path, e)
            return
        try:
            db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            while not self._done.wait(self.every_s):
                self.once(db)
        finally:
            db.close()

    def once(self, db: sqlite3.Connection) -> None:
        """One checkpoint; a failure (a full disk, a busy file) is counted and said at most
        once a minute, and the next one tries again."""
        try:
            busy, wal, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as e:
            self.failures += 1
            self.throttle.log(logging.WARNING, "failed", "a WAL checkpoint failed: %s", e)
            return
        self.runs += 1
        self.last = (int(busy), int(wal), int(copied))
