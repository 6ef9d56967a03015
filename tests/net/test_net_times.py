"""The network timing tool (``game.devtools.net_times``) and its relay, on 127.0.0.1 only:
the relay passes bytes, its cut drops the connection and refuses new ones, its restore lets
them through on the same port; one short run of the tool times a join by address and a
reconnection through the real scenes and prints what it measured."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time

import pytest

from game.devtools.net_relay import Relay
from game.devtools.net_times import main, summary

LOCAL = "127.0.0.1"


@pytest.fixture
def echo():
    """A TCP echo server on a free port (each connection served until it closes)."""
    listener = socket.create_server((LOCAL, 0))
    listener.settimeout(0.1)
    stop = threading.Event()

    def serve(conn: socket.socket) -> None:
        with conn:
            conn.settimeout(5.0)
            try:
                while data := conn.recv(1024):
                    conn.sendall(data)
            except OSError:  # the relay's cut resets it: this connection is over
                return

    def accept() -> None:
        for _ in range(600):  # 60 s at most
            if stop.is_set():
                return
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join(2.0)
    listener.close()


def roundtrip(port: int, data: bytes) -> tuple[socket.socket, bytes]:
    s = socket.create_connection((LOCAL, port), timeout=2.0)
    s.sendall(data)
    return s, s.recv(1024)


def test_the_relay_passes_bytes_drops_them_at_the_cut_and_comes_back(echo: int) -> None:
    relay = Relay(echo)
    try:
        port = relay.port
        conn, back = roundtrip(port, b"hello")
        assert back == b"hello"
        relay.cut()
        with contextlib.suppress(ConnectionResetError):  # the end of stream, or a reset
            assert conn.recv(1024) == b""
        conn.close()
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((LOCAL, port), timeout=2.0)
        relay.restore()
        assert relay.port == port  # the friend's app keeps the address it joined
        conn, back = roundtrip(port, "숲".encode())
        assert back == "숲".encode()
        conn.close()
    finally:
        relay.close()


def test_summary_gives_median_p90_and_max() -> None:
    assert summary([]) == {"n": 0}
    tenths = [i / 10 for i in range(1, 11)]  # 0.1 .. 1.0
    assert summary(tenths) == {"n": 10, "median": 0.55, "p90": 0.9, "max": 1.0}
    assert summary([2.0]) == {"n": 1, "median": 2.0, "p90": 2.0, "max": 2.0}


def test_one_run_times_a_join_and_a_reconnection_through_the_scenes(capsys) -> None:
    started = time.monotonic()
    code = main(["--runs", "1", "--parts", "address", "reconnect", "--outage", "0.3", "0.5"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and [o["part"] for o in out] == ["address", "reconnect"]
    join, again = out
    assert join["failed"] == [] and join["host_to_table_s"]["n"] == 1
    assert 0 < join["code_shown_s"]["max"] <= join["host_to_table_s"]["max"]
    assert again["failed"] == [] and again["back_after_restore_s"]["n"] == 1
    assert again["outage_s"]["max"] >= 0.3  # the relay was down that long
    assert again["lost_shown_s"]["max"] < again["outage_s"]["max"]  # the drop was seen
    assert time.monotonic() - started < 60
