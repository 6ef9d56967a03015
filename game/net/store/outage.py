"""A storage outage in the log: one line when the store first refuses (with the error),
nothing for each refusal while it lasts (they are counted), one line when a write goes
through again (with the count and how long it lasted). A full disk or a database that went
away would otherwise write a traceback for every move refused."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger("game.net.store")
REMIND_S = 60.0  # while an outage lasts, its count is logged this often


class Outage:
    """The store's health as its writes see it."""

    def __init__(self, where: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.where, self.clock = where, clock
        self.since: float | None = None  # when the outage began (None: the store works)
        self.failures = 0
        self.told = 0.0  # when the log last heard of it

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, error: BaseException) -> None:
        """A write was refused: the first of an outage is logged, later ones counted."""
        self.failures += 1
        now = self.clock()
        if self.since is None:
            self.since = self.told = now
            log.error("the match store %s refuses writes: %s", self.where, error)
        elif now - self.told >= REMIND_S:
            self.told = now
            log.error(
                "the match store %s still refuses writes: %d refused in %.0f s (%s)",
                self.where, self.failures, now - self.since, error,
            )  # fmt: skip

    def ok(self) -> None:
        """A write went through: an outage, if there was one, is over."""
        if self.since is None:
            return
        span = self.clock() - self.since
        log.warning(
            "the match store %s writes again after %.1f s (%d writes refused meanwhile)",
            self.where, span, self.failures,
        )  # fmt: skip
        self.since, self.failures = None, 0
