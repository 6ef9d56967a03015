"""``BackgroundWriter``: file writes off the frame loop, newest first, nothing lost on exit.

An autosave after every decision costs a few milliseconds of JSON and an fsync or two (tens
of milliseconds on a slow disk): too much for a 60 fps frame, so the write runs on a worker
thread. Only the newest job matters (a later save supersedes an earlier one that has not
started), and ``flush`` waits until the last one is on disk: the app calls it when going back
to the menu, at game over and on quit, so a save is never left behind in memory.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], None]


class BackgroundWriter:
    """One worker thread running the newest submitted job; ``flush`` waits for it."""

    def __init__(self, name: str = "writer") -> None:
        self.name = name
        self._cond = threading.Condition()
        self._job: Job | None = None
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self.dropped = 0  # jobs superseded before they ran (for tests and measurements)

    def submit(self, job: Job) -> None:
        """Run ``job`` soon; an older job still waiting is dropped. After ``close``: at once."""
        with self._cond:
            if not self._closed:
                if self._job is not None:
                    self.dropped += 1
                self._job = job
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                    self._thread.start()
                self._cond.notify_all()
                return
        job()

    def flush(self, timeout: float = 10.0, drop: bool = False) -> bool:
        """Wait until nothing is waiting or running; ``drop`` forgets the waiting job first.

        True when idle (False only if a write hangs past ``timeout``)."""
        with self._cond:
            if drop and self._job is not None:
                self._job = None
                self.dropped += 1
            return self._cond.wait_for(lambda: self._job is None and not self._busy, timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Write what is waiting, then stop the thread; later jobs run synchronously."""
        self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._job is not None or self._closed)
                if self._job is None:
                    return
                job, self._job = self._job, None
                self._busy = True
            try:
                job()
            except Exception:  # noqa: BLE001 - jobs report their own failures; this is a bug
                log.exception("background write %s failed", self.name)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
