"""Rate limits: what keeps one hostile client from flooding the server or guessing join
codes. Time comes from the caller (``now``), so tests need no sleeping."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """The server's caps; the defaults suit people playing (a move every second or so)."""

    messages_per_s: float = 20.0  # a connection's sustained message rate
    message_burst: float = 60.0  # and the burst it may send at once
    outbox: int = 512  # messages queued for a connection that reads too slowly: then closed
    failed_joins: int = 10  # wrong codes / tokens one address may try per window
    failed_joins_all: int = 600  # and every address together (guessing from many machines)
    join_window_s: float = 60.0
    creates: int = 30  # matches one address may create per window
    matches: int = 5000  # matches one server holds at once
    flood_close: int = 500  # messages refused for rate in a row before the connection is closed


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
class Window:
    """How many times something happened in the last ``span`` seconds, per key and in all."""

    span: float
    per_key: int
    total: int
    seen: dict[str, deque[float]] = field(default_factory=dict)
    everyone: deque[float] = field(default_factory=deque)

    def _trim(self, q: deque[float], now: float) -> None:
        while q and q[0] <= now - self.span:
            q.popleft()

    def allowed(self, key: str, now: float) -> bool:
        """Whether ``key`` may try again now (without counting the try)."""
        q = self.seen.get(key)
        if q is not None:
            self._trim(q, now)
            if not q:
                del self.seen[key]
        self._trim(self.everyone, now)
        return len(self.seen.get(key, ())) < self.per_key and len(self.everyone) < self.total

    def record(self, key: str, now: float) -> None:
        self.seen.setdefault(key, deque()).append(now)
        self.everyone.append(now)

    def retry_after(self, key: str, now: float) -> float:
        q = self.seen.get(key) or self.everyone
        return max(0.0, q[0] + self.span - now) if q else 0.0
