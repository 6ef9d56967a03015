"""A flooding connection is closed even though its refilling bucket lets a message through
now and then (a loaded server refuses slowly), and a client that pauses starts afresh."""

from __future__ import annotations

from typing import Any

from game.net.ai_seats import AiRunner
from game.net.hub import Hub
from game.net.limits import FloodCount, Limits
from game.net.protocol import encode
from game.net.store import SqliteStore
from tests.net.helpers import FakeClock
from tests.net.test_group_commit import Peer

LIMITS = Limits(messages_per_s=20, message_burst=60, flood_close=500, flood_pause_s=2.0)


def flood(hub: Hub, peer: Peer, clock: FakeClock, count: int, every_s: float) -> int:
    """Send ``count`` list requests ``every_s`` apart; how many were sent when it closed."""
    msg = encode({"type": "list"})
    for sent in range(1, count + 1):
        clock.now += every_s
        hub.receive(peer, msg)
        if peer.closed is not None:
            return sent
    return count


def test_a_slow_flood_the_bucket_lets_through_is_still_closed(tmp_path: Any) -> None:
    clock = FakeClock(1000.0)
    hub = Hub(SqliteStore(tmp_path / "m.db"), AiRunner(0), limits=LIMITS, clock=clock)
    peer = Peer("127.0.0.1", LIMITS, clock)
    # 1 ms apart: the bucket refills one message in 50, which counting strictly in a row
    # took for a pause, so the flood was never closed
    sent = flood(hub, peer, clock, 2000, 0.001)
    assert peer.closed == (1008, "too many messages")
    for _ in range(20):  # what a client sends before the close reaches it
        clock.now += 0.001
        hub.receive(peer, encode({"type": "list"}))
    assert peer.closes == 1  # closed (and logged) once
    allowed = 60 + int(sent * 0.001 * 20)  # the burst, then what the bucket refilled
    assert sent - allowed <= LIMITS.flood_close + 1 < sent
    hub.close()


def test_a_client_that_pauses_starts_its_count_again() -> None:
    count = FloodCount(close_at=500, pause=2.0)
    assert not any(count.refused(10.0 + i * 0.001) for i in range(499))
    assert not count.refused(12.5)  # 2 s with nothing refused: a new count
    assert not any(count.refused(12.5 + i * 0.001) for i in range(1, 499))
    assert count.refused(13.0)  # the 500th since the pause
    assert not count.refused(13.001)  # said once: the close is under way


def test_a_person_over_the_rate_now_and_then_is_never_closed(tmp_path: Any) -> None:
    clock = FakeClock(1000.0)
    hub = Hub(SqliteStore(tmp_path / "m.db"), AiRunner(0), limits=LIMITS, clock=clock)
    peer = Peer("127.0.0.1", LIMITS, clock)
    for _ in range(30):  # bursts of 70 quick clicks, 3 s apart: 10 refused each time
        flood(hub, peer, clock, 70, 0.0001)
        clock.now += 3.0
    assert peer.closed is None
    told = [m["code"] for m in peer.got if m["type"] == "error"]
    assert told.count("rate_limited") == 30  # once a burst (they are 3 s apart)
    hub.close()
