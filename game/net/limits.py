"""Rate limits and caps: what keeps one hostile client from flooding the server, guessing
join codes or filling it with tables. Time comes from the caller (``now``), so tests need
no sleeping. What each limit refuses, and with which code, is ``admission.py``'s."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

DAY_S = 24 * 3600.0


@dataclass(frozen=True)
class Limits:
    """The server's caps; the defaults suit people playing (a move every second or so)."""

    messages_per_s: float = 20.0  # a connection's sustained message rate
    message_burst: float = 60.0  # and the burst it may send at once
    outbox: int = 512  # messages queued for a connection that reads too slowly: then closed
    failed_joins: int = 10  # wrong codes / tokens one address may try per window
    failed_joins_all: int = 600  # every address together: over it, an address that failed
    # in the window may try only once more per window (one that did not is never refused)
    join_window_s: float = 60.0
    creates: int = 30  # matches one address may create per window (then create_limited)
    open_per_address: int = 50  # open matches one address may have at once (too_many_tables)
    matches: int = 5000  # open matches one server holds at once (then server_full)
    resumes_per_seat: int = 20  # resumes of one seat per window (then resume_limited)
    resumes_per_address: int = 120  # and resumes from one address per window
    seat_tries_per_s: float = 1.0  # creates, joins and resumes one connection may send
    seat_tries_burst: float = 12.0  # (a person's client sends one; a guesser many)
    flood_close: int = 500  # refused for rate with no pause between: the connection closes
    flood_pause_s: float = 2.0  # this long with nothing refused for rate: the count starts again
    idle_close_s: float = DAY_S  # an open match nobody sits at, with no human move this
    # long, is closed and archived (kept in the store, not resumed at restart)
    keep_finished_s: float = 600.0  # a finished match stays loaded this long (late resumes)


@dataclass
class TokenBucket:
    rate: float
    burst: float
    tokens: float = -1.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass
class FloodCount:
    """Messages refused for rate since the connection last paused. Counted strictly in a
    row, the one message the refilling bucket lets through every 50 ms reset the count, so
    a server slow enough to take that long over ``close_at`` refusals never closed a flood."""

    close_at: int
    pause: float
    count: int = 0
    last: float = -1e9

    def refused(self, now: float) -> bool:
        """Count one refusal; True at the one that closes the connection (once a flood)."""
        if now - self.last >= self.pause:
            self.count = 0
        self.last = now
        self.count += 1
        return self.count == self.close_at


@dataclass
class Window:
    """How many times something happened in the last ``span`` seconds, per key and in all."""

    span: float
    per_key: int
    total: int = 1 << 62
    seen: dict[str, deque[float]] = field(default_factory=dict)
    everyone: deque[float] = field(default_factory=deque)

    def _trim(self, q: deque[float], now: float) -> None:
        while q and q[0] <= now - self.span:
            q.popleft()

    def count(self, key: str, now: float) -> int:
        """How many times ``key`` happened in the window."""
        q = self.seen.get(key)
        if q is None:
            return 0
        self._trim(q, now)
        if not q:
            del self.seen[key]
            return 0
        return len(q)

    def overall(self, now: float) -> int:
        self._trim(self.everyone, now)
        return len(self.everyone)

    def allowed(self, key: str, now: float) -> bool:
        """Whether ``key`` may try again now (without counting the try)."""
        return self.count(key, now) < self.per_key and self.overall(now) < self.total

    def record(self, key: str, now: float) -> None:
        self.seen.setdefault(key, deque()).append(now)
        self.everyone.append(now)

    def retry_after(self, key: str, now: float, limit: int | None = None) -> float:
        """Seconds until ``key`` happened fewer than ``limit`` (default ``per_key``) times in
        the window (the whole server's count when ``key`` has none)."""
        q = self.seen.get(key) or self.everyone
        if not q:
            return 0.0
        i = max(0, min(len(q) - 1, len(q) - (self.per_key if limit is None else limit)))
        return max(0.0, q[i] + self.span - now)

    def prune(self, now: float) -> None:
        """Forget keys with nothing in the window (many addresses must not grow memory)."""
        for key in list(self.seen):
            self.count(key, now)
        self.overall(now)
