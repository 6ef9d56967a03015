"""Where the server was when every table waited: the event loop's stalls and the slow disk
commits, each named and counted.

A server process serves every table from one thread; anything that holds that thread (a
long computation, a collector pause, a lock held by the disk writer) delays every table at
once, and what a player sees is only a slow answer. The move round trip's tail at 1,000
tables (issue 41) was a few such stops of 0.2-1 s a run, with the CPU mostly idle, and no
log said where they were. The watch is a thread that looks at the loop's heartbeat (a
callback every ``tick_s``) and, once the loop has not turned for ``threshold_s``, takes the
loop thread's stack, so the log says what held it, and for how long once it turns again;
a collection of the garbage collector that long is named as such. The commits of the
store's writer thread are timed beside it: they do not stop the loop, but every move of
their batch waits for its ack until the disk flush ends.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from game.net.log_throttle import Throttle

log = logging.getLogger(__name__)
TICK_S = 0.005  # the heartbeat's shortest period (how often the watch looks at it)
MAX_TICK_S = 0.05  # and its longest (a stop is measured to within one)
FRAMES = 4  # the innermost frames of the loop thread's stack named in a stall
KEPT = 20  # the longest stalls and commits kept for the summary
RECENT = 500  # the latest ones kept (when and how long) for the summary
LOG_EVERY_S = 10.0  # at most one stall line (and one slow-commit line) this often


@dataclass
class Stop:
    """One stop: how long, where, when (wall clock, so a bench can keep its own window),
    and, for the loop, how the loop's thread spent it once seen (Linux's schedstat: on a
    CPU means computing, queued means ready but given no CPU, the rest asleep: waiting
    for a lock such as the interpreter's)."""

    ms: float
    where: str
    at: float
    on_cpu_ms: float | None = None
    queued_ms: float | None = None

    def said(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ms": round(self.ms, 1), "where": self.where, "at": self.at}
        if self.on_cpu_ms is not None and self.queued_ms is not None:
            out |= {"on_cpu_ms": round(self.on_cpu_ms), "queued_ms": round(self.queued_ms)}
        return out


@dataclass
class Seen:
    """The longest stops of one kind, the recent ones, and how many there were."""

    count: int = 0
    longest: list[Stop] = field(default_factory=list)  # longest first
    recent: deque[Stop] = field(default_factory=lambda: deque(maxlen=RECENT))

    def add(self, stop: Stop) -> None:
        self.count += 1
        self.recent.append(stop)
        self.longest.append(stop)
        self.longest.sort(key=lambda s: -s.ms)
        del self.longest[KEPT:]

    def summary(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "longest": [s.said() for s in self.longest],
            "recent": [[s.at, round(s.ms, 1)] for s in self.recent],
        }


class StallWatch:
    """The loop's heartbeat and a thread that notices it stop (``start`` on the loop,
    ``stop`` before the loop ends)."""

    def __init__(
        self,
        threshold_s: float,
        tick_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if tick_s is None:  # a fifth of the threshold: an idle server wakes 20 times a second
            tick_s = min(MAX_TICK_S, max(TICK_S, threshold_s / 5))
        self.threshold_s, self.tick_s, self.clock = threshold_s, tick_s, clock
        self.stalls, self.commits = Seen(), Seen()
        self.throttle = Throttle(log, LOG_EVERY_S)
        self._lock = threading.Lock()  # beat, stalled_at and where: two threads
        self._beat = clock()
        self._stalled_at: float | None = None  # the last beat before a stall being watched
        self._where = ""
        self._collecting: int | None = None  # the generation being collected, if any
        self._loop_thread = 0
        self._loop_tid = 0  # the loop thread's id in the kernel (its schedstat)
        self._sched: tuple[int, int] | None = None  # its schedstat when the stall was seen
        self._handle: asyncio.TimerHandle | None = None
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self._loop_tid = threading.get_native_id()
        self._beat = self.clock()

        def beat() -> None:
            self._heard(self.clock())
            self._handle = loop.call_later(self.tick_s, beat)

        self._handle = loop.call_later(self.tick_s, beat)
        gc.callbacks.append(self._gc)
        self._thread = threading.Thread(target=self._watch, name="stall-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)
        self._done.set()
        if self._thread is not None:
            self._thread.join(1.0)
            self._thread = None
        if self.stalls.count or self.commits.count:
            log.warning("stalls over %.0f ms: %s", self.threshold_s * 1000, self.summary())

    def summary(self) -> str:
        """One JSON object: the loop's stalls and the slow commits (the bench reads it)."""
        return json.dumps({"loop": self.stalls.summary(), "commits": self.commits.summary()})

    def commit_took(self, seconds: float, moves: int) -> None:
        """A store commit's time (said by the writer's thread): kept when it is long."""
        if seconds < self.threshold_s:
            return
        with self._lock:
            self.commits.add(Stop(seconds * 1000, f"{moves} moves", round(time.time(), 3)))
        self.throttle.log(
            logging.WARNING, "commit", "a commit of %d moves took %.0f ms", moves, seconds * 1000
        )

    def _heard(self, now: float) -> None:
        """The loop turned (on its thread): a stall being watched has ended."""
        with self._lock:
            stalled_at, where, sched = self._stalled_at, self._where, self._sched
            self._stalled_at, self._beat = None, now
        if stalled_at is None:
            return
        stop = Stop((now - stalled_at - self.tick_s) * 1000, where, round(time.time(), 3))
        after = schedstat(self._loop_tid)
        if sched is not None and after is not None:
            stop.on_cpu_ms = (after[0] - sched[0]) / 1e6
            stop.queued_ms = (after[1] - sched[1]) / 1e6
        self.stalls.add(stop)
        self.throttle.log(
            logging.WARNING,
            "loop",
            "the event loop stopped for %.0f ms in %s%s",
            stop.ms,
            where,
            ""
            if stop.on_cpu_ms is None
            else f" (once seen: {stop.on_cpu_ms:.0f} ms on a CPU, {stop.queued_ms:.0f} ms queued)",
        )

    def _watch(self) -> None:
        """The watch thread: a loop silent for ``threshold_s`` has its stack taken."""
        while not self._done.wait(self.tick_s):
            with self._lock:
                if self._stalled_at is not None or self.clock() - self._beat < self.threshold_s:
                    continue
                self._stalled_at = self._beat
                self._sched = schedstat(self._loop_tid)
                collecting = self._collecting
                self._where = (
                    f"garbage collection of generation {collecting}"
                    if collecting is not None
                    else where(sys._current_frames().get(self._loop_thread))
                )

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        """The collector's start and stop (on the thread that collects)."""
        if threading.get_ident() != self._loop_thread:
            return
        if phase == "start":
            self._collecting = info["generation"]
        else:
            self._collecting = None


def schedstat(tid: int) -> tuple[int, int] | None:
    """A thread's time on a CPU and time ready but waiting for one, in ns (Linux only:
    elsewhere, or if the kernel does not keep it, None)."""
    try:
        with open(f"/proc/self/task/{tid}/schedstat") as f:
            run_ns, wait_ns, _ = f.read().split()
        return int(run_ns), int(wait_ns)
    except (OSError, ValueError):
        return None


def where(frame: FrameType | None) -> str:
    """The innermost frames of a stack, innermost first, as ``file:line function``."""
    if frame is None:
        return "unknown"
    frames = traceback.extract_stack(frame)[-FRAMES:]
    return " < ".join(
        f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno} {f.name}" for f in reversed(frames)
    )
