"""A reconnection begun while the network silently drops packets (the host takes the TCP
connection, nothing answers the WebSocket handshake) gives up after ``RESUME_OPEN_S``, not
the first connection's 5 s, so the next attempt comes soon after the network is back."""

from __future__ import annotations

import socket
import time

import pytest

from game.net import client as client_module
from game.net.client import RESUME_OPEN_S, Session, Status
from tests.net.helpers import LOCAL

QUICK_OPEN_S = 0.5  # the bound here: a short wait, the same code path


def test_a_resume_attempt_into_silence_gives_up_soon_and_tries_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert RESUME_OPEN_S <= 2.0  # as shipped: well under the first connection's 5 s
    monkeypatch.setattr(client_module, "RESUME_OPEN_S", QUICK_OPEN_S)
    with socket.socket() as hole:  # accepts connections and never says a word
        hole.bind((LOCAL, 0))
        hole.listen(8)
        hole.settimeout(0.2)
        port = hole.getsockname()[1]
        session = Session(f"ws://{LOCAL}:{port}", {"type": "join", "code": "AAAA-AAAA"})
        session.match = "m"  # seated before: this is a reconnection (it resumes)
        session.tokens = ["t"]
        accepted: list[socket.socket] = []
        window = QUICK_OPEN_S + 2.0  # two attempts fit; with the first's 5 s, one
        session.start()
        try:
            deadline = time.monotonic() + window
            while time.monotonic() < deadline and len(accepted) < 2:
                try:
                    conn, _ = hole.accept()
                except TimeoutError:
                    continue
                accepted.append(conn)
            assert len(accepted) >= 2, "the silent handshake held the session past its bound"
            assert session.status is not Status.CONNECTED
        finally:
            session.close()
            for conn in accepted:
                conn.close()
