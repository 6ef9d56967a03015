"""TLS: given a certificate and key the server speaks only wss://, a client that trusts the
certificate plays over it, and a plain ws:// client gets no table."""

from __future__ import annotations

import random
import ssl
from pathlib import Path

import pytest
from websockets.exceptions import InvalidMessage, WebSocketException

from game.net.client import TableClient
from game.net.server import ServerThread, tls_context
from tests.net.helpers import FAST, LOCAL, play_one, seats


def test_a_table_over_wss_and_nothing_over_plain_ws(tmp_path: Path, certificate) -> None:
    cert, key = certificate
    server = ServerThread(
        tmp_path / "m.db", LOCAL, 0, limits=FAST, tls=tls_context(str(cert), str(key))
    )
    url = server.start()
    try:
        assert url.startswith("wss://")
        trust = ssl.create_default_context(cafile=str(cert))
        a = TableClient(url, tls=trust)
        a.create(seats("human", "easy"), [0])
        assert a.wait_type("welcome")["type"] == "welcome"
        assert play_one(a, random.Random(1))
        a.close()
        with pytest.raises((OSError, WebSocketException, InvalidMessage)):
            TableClient(url.replace("wss://", "ws://"), timeout=3)
        with pytest.raises(ssl.SSLError):  # a client that does not trust the certificate
            TableClient(url, timeout=3, tls=ssl.create_default_context())
    finally:
        server.stop()
