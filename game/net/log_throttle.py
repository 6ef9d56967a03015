"""Repeated log lines written once per window with a count: a flood of connections, a
flooding client or a failing accept must not write a line (or a traceback) for each
event, filling the disk the server needs and hiding everything else in the log."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType

# what ``logging`` takes as ``exc_info``: a flag, an exception, or sys.exc_info()
ExcInfo = (
    bool
    | BaseException
    | tuple[type[BaseException], BaseException, TracebackType | None]
    | tuple[None, None, None]
    | None
)

MAX_KEYS = 1024  # kinds kept at once; older ones are forgotten first (many addresses)


@dataclass
class _Seen:
    at: float  # when a line of this kind was last written
    more: int = 0  # how many were held back since


class Throttle:
    """At most one line per ``key`` per ``window_s``; the next one says how many were held
    back meanwhile."""

    def __init__(
        self,
        logger: logging.Logger,
        window_s: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger, self.window_s, self.clock = logger, window_s, clock
        self.seen: dict[str, _Seen] = {}

    def log(self, level: int, key: str, msg: str, *args: object, exc_info: ExcInfo = None) -> bool:
        """Write the line unless one of ``key`` was written within the window (then count
        it); whether it was written."""
        now = self.clock()
        seen = self.seen.get(key)
        if seen is not None and now - seen.at < self.window_s:
            seen.more += 1
            return False
        if seen is not None and seen.more:
            msg += f" (and {seen.more} more like it in {now - seen.at:.0f} s)"
        self.logger.log(level, msg, *args, exc_info=exc_info)
        self.seen.pop(key, None)
        self.seen[key] = _Seen(now)  # at the end: the dict stays ordered by time
        if len(self.seen) > MAX_KEYS:
            for old in list(self.seen)[: len(self.seen) - MAX_KEYS]:
                del self.seen[old]
        return True
