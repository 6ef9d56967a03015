"""Who may create, join or resume now: the server's admission rules, kept apart from what
the messages do (``hub.py``) so each limit has one place and one refusal code.

No limit here can be turned against an honest player by someone else's failures:

- failed joins and resumes are counted per address (``join_limited`` for that address
  only); when every address together fails more than ``failed_joins_all`` times a window
  (guessing from many machines), an address that failed in the window may try only once
  a window, while one that has not failed is never refused;
- a resume with a valid token is never refused for failures, its own or anyone's: only
  for resuming too often (``resume_limited``, per seat and per address, counting resumes
  granted, so only a seat's token holder spends its seat's budget);
- creating is limited per address (``create_limited`` a window, ``too_many_tables`` open
  at once), and ``server_full`` means only that: the server holds ``matches`` open tables.
"""

from __future__ import annotations

import logging
from collections import Counter

from game.net.limits import Limits, Window
from game.net.refusals import Refused

log = logging.getLogger("game.net.hub")


class Admission:
    def __init__(self, limits: Limits) -> None:
        span = limits.join_window_s
        self.limits = limits
        self.failed = Window(span, limits.failed_joins, limits.failed_joins_all)
        self.created = Window(span, limits.creates)
        self.seat_resumes = Window(span, limits.resumes_per_seat)
        self.address_resumes = Window(span, limits.resumes_per_address)
        self.open: Counter[str] = Counter()  # open matches per creating address

    # -- failed joins and resumes ----------------------------------------------------------

    def limited(self, address: str, now: float) -> float:
        """Seconds ``address`` must wait before another join (0: it may try now)."""
        mine = self.failed.count(address, now)
        if mine >= self.limits.failed_joins:
            return self.failed.retry_after(address, now)
        if mine and self.failed.overall(now) >= self.limits.failed_joins_all:
            return self.failed.retry_after(address, now, limit=1)
        return 0.0

    def guard(self, address: str, now: float) -> None:
        """Before a join code is looked at: an address over its limit is refused."""
        wait = self.limited(address, now)
        if wait > 0:
            raise join_limited(wait)

    def failure(self, address: str, now: float, code: str, text: str) -> Refused:
        """A wrong code, match or token: counted; the refusal to send (``join_limited``
        once the address is over its limit, so guessing learns nothing more)."""
        wait = self.limited(address, now)
        self.failed.record(address, now)
        if wait > 0:
            return join_limited(wait)
        log.info("%s: %s", address, text)  # at most failed_joins lines a window per address
        return Refused(code, text)

    # -- resumes ---------------------------------------------------------------------------

    def resume(self, address: str, seats: list[str], now: float) -> None:
        """A resume with valid tokens (``seats``: a key per seat): refused if the address or
        a seat resumed too often, else counted."""
        waits = [self.seat_resumes.retry_after(s, now) for s in seats if not self._seat_ok(s, now)]
        if not self.address_resumes.allowed(address, now):
            waits.append(self.address_resumes.retry_after(address, now))
        if waits:
            wait = round(max(0.1, *waits), 1)
            raise Refused("resume_limited", f"too many resumes: wait {wait} s", retry_after=wait)
        self.address_resumes.record(address, now)
        for s in seats:
            self.seat_resumes.record(s, now)

    def _seat_ok(self, seat: str, now: float) -> bool:
        return self.seat_resumes.allowed(seat, now)

    # -- new tables ------------------------------------------------------------------------

    def create(self, address: str, open_matches: int, now: float) -> None:
        """A new table from ``address``: refused with the limit it meets, else counted."""
        lim = self.limits
        if open_matches >= lim.matches:
            raise Refused("server_full", "the server takes no new tables now: try later")
        if self.open[address] >= lim.open_per_address:
            text = f"you have {lim.open_per_address} open tables: finish or leave one first"
            raise Refused("too_many_tables", text)
        if not self.created.allowed(address, now):
            wait = round(max(0.1, self.created.retry_after(address, now)), 1)
            text = f"too many new tables: wait {wait} s"
            raise Refused("create_limited", text, retry_after=wait)
        self.created.record(address, now)
        self.open[address] += 1

    def closed(self, address: str) -> None:
        """A table ``address`` created is no longer open (over, closed or unloaded)."""
        if self.open[address] > 1:
            self.open[address] -= 1
        else:
            self.open.pop(address, None)

    def prune(self, now: float) -> None:
        for window in (self.failed, self.created, self.seat_resumes, self.address_resumes):
            window.prune(now)


def join_limited(wait: float) -> Refused:
    wait = round(max(0.1, wait), 1)
    return Refused("join_limited", f"too many failed joins: wait {wait} s", retry_after=wait)
