"""TLS: given a certificate and key the server speaks only wss://, a client that trusts the
certificate plays over it, and a plain ws:// client gets no table."""

from __future__ import annotations

import random
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from websockets.exceptions import InvalidMessage, WebSocketException

from game.net.client import TableClient
from game.net.server import ServerThread, tls_context
from tests.net.helpers import FAST, LOCAL, play_one, seats


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


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
