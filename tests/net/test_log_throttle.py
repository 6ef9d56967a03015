"""A repeated log line is written once per window per kind, the next one with the count
held back; the kinds remembered stay bounded (many addresses)."""

from __future__ import annotations

import logging

import pytest

from game.net.log_throttle import MAX_KEYS, Throttle


def test_a_kind_is_written_once_a_window_with_the_count_held_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    log = logging.getLogger("test.throttle")
    throttle = Throttle(log, 60.0, clock=lambda: now[0])
    caplog.set_level(logging.WARNING, "test.throttle")
    written = 0
    for _ in range(6000):  # ten minutes of ten a second, of one kind
        written += throttle.log(logging.WARNING, "flood", "refused %s", "1.2.3.4")
        now[0] += 0.1
    assert written == len(caplog.records) == 10
    assert caplog.records[0].getMessage() == "refused 1.2.3.4"
    assert caplog.records[1].getMessage() == "refused 1.2.3.4 (and 599 more like it in 60 s)"
    assert throttle.log(logging.WARNING, "other", "another kind")  # not held by the first


def test_the_kinds_remembered_stay_bounded() -> None:
    throttle = Throttle(logging.getLogger("test.throttle.keys"), 60.0, clock=lambda: 0.0)
    for i in range(MAX_KEYS * 3):
        throttle.log(logging.DEBUG, f"address {i}", "x")
    assert len(throttle.seen) == MAX_KEYS
