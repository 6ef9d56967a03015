"""A repeated log line is written once per window per kind, the next one with the count
held back; the kinds remembered stay bounded (many addresses)."""

from __future__ import annotations

import logging

import pytest

from game.net.log_throttle import MAX_KEYS, Throttle
from game.net.server import loop_error


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


def test_an_accept_retried_after_the_listener_closed_is_one_line_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """asyncio listens again a second after a failed accept (descriptors ran out); when the
    server stopped meanwhile the retry finds the socket closed (fd -1): seen in the
    descriptor test's log as a second traceback. Any other loop error keeps its traceback."""
    caplog.set_level(logging.INFO, "test.loop")
    errors = Throttle(logging.getLogger("test.loop"), 60.0)
    try:
        raise ValueError("Invalid file descriptor: -1")
    except ValueError as e:
        closed = e
    retry = "Exception in callback BaseSelectorEventLoop._start_serving(<function>, <socket>)"
    loop_error(errors, {"message": retry, "exception": closed})
    assert [(r.levelno, r.exc_info) for r in caplog.records] == [(logging.INFO, None)]
    loop_error(errors, {"message": "Exception in callback other()", "exception": closed})
    assert caplog.records[-1].levelno == logging.ERROR and caplog.records[-1].exc_info
