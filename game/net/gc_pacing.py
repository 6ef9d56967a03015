"""The garbage collector's pauses, kept short for a server holding many tables.

CPython's collector stops the whole process while it walks every tracked object of the
generation it collects; a server of 1,000 tables holds a few hundred thousand long-lived
objects (each game's state, moves, views), so each full collection paused every table for
tens of milliseconds on a quiet machine and hundreds on a busy one: the move round trip's
tail (issue 41, failure 8), while the CPU was mostly idle. The server's objects are almost
all long-lived and acyclic, so five times a second the young objects are collected (cheap)
and the survivors frozen (``gc.freeze``: never walked again), and once an hour everything is
unfrozen and collected once, to reclaim any reference cycle among the old objects: one
pause an hour instead of one every few seconds. The young collection's pause grows with what
was made since the last one: once a second it took 18 ms of CPU (median; 26 ms at most) at
1,000 tables, a pause every table felt; five times a second it is a fifth of that. The
dedicated server turns it on (``MatchServer(gc_pacing=True)``); the app's in-process host
leaves the app's collector alone.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)
FULL_EVERY_S = 3600.0  # a full collection (with the frozen objects) this often
YOUNG_EVERY_S = 0.2  # the young objects collected and the survivors frozen this often


class GcPacer:
    def __init__(
        self, full_every_s: float = FULL_EVERY_S, young_every_s: float = YOUNG_EVERY_S
    ) -> None:
        self.full_every_s, self.young_every_s = full_every_s, young_every_s
        self.full_at = time.monotonic()
        self.next: asyncio.TimerHandle | None = None
        gc.freeze()  # what the start made (imports, the store, resumed tables)

    def start(self) -> None:
        """Tick every ``young_every_s`` on the running event loop, until ``stop``."""
        loop = asyncio.get_running_loop()

        def again() -> None:
            self.tick()
            self.next = loop.call_later(self.young_every_s, again)

        self.next = loop.call_later(self.young_every_s, again)

    def stop(self) -> None:
        if self.next is not None:
            self.next.cancel()
            self.next = None

    def tick(self) -> None:
        """The young garbage collected, the survivors frozen (every ``young_every_s``)."""
        now = time.monotonic()
        if now - self.full_at >= self.full_every_s:
            self.full_at = now
            gc.unfreeze()
            started = time.perf_counter()
            found = gc.collect()
            took = (time.perf_counter() - started) * 1000
            log.info("full garbage collection: %d objects freed in %.0f ms", found, took)
        else:
            gc.collect(1)
        gc.freeze()
