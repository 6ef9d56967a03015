"""A storage outage (a full disk) is logged once when it starts, with the error, and once
when it ends, with the count and the time it lasted: not a traceback per refused move. A
SIGTERM while the disk is full exits cleanly with one line (a refused move was never
acknowledged, so nothing is lost)."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from game.devtools import warm_start
from game.devtools.pg_cluster import PgCluster
from game.net.client import TableClient
from game.net.store.outage import Outage
from tests.net.helpers import LOCAL, host
from tests.net.server_process import START_S, free_port

ServerHandle = warm_start.WarmProcess | subprocess.Popen[str]
REFUSED = 25  # moves sent while the disk is full


def start(db: Path, flag: Path, log: Path) -> tuple[ServerHandle, str]:
    tool = ["-m", "game.devtools.full_disk", "--flag", str(flag), "--db", str(db)]
    return start_server(tool, log)


def start_server(args: list[str], log: Path) -> tuple[ServerHandle, str]:
    """A server process (``args``: its store and how it runs) logging to ``log``; forked
    warm (``game.devtools.warm_start``: the imports done once per test process)."""
    module = "game.net.server"
    if args[0] == "-m":
        module, args = args[1], args[2:]
    args = [*args, "--host", LOCAL, "--port", str(free_port())]
    args += ["--ai-processes", "0", "--log-level", "INFO"]
    log.write_text("", encoding="utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = warm_start.start(module, args, env, log, pipe=True)
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()))
    reader.start()
    reader.join(START_S)
    if not line or not line[0]:
        proc.kill()
        pytest.fail("the server did not start")
    return proc, line[0].split('"')[3]


def refused_move(client: TableClient) -> str:
    move = client.mirror.game.legal_moves(0)[0]
    client.play(0, move)
    reply = client.wait_for(lambda m: m["type"] in ("ack", "error"))
    if reply["type"] == "ack":
        client.wait_type("events")  # the mirror's seq follows the move
    return reply.get("code", "ack")


def test_a_full_disk_is_logged_once_and_sigterm_on_it_exits_cleanly(tmp_path: Path) -> None:
    db, flag, log = tmp_path / "m.db", tmp_path / "full", tmp_path / "server.log"
    proc, url = start(db, flag, log)
    try:
        client = host(url, ("human", "human"), [0, 1])
        flag.touch()
        for _ in range(REFUSED):
            assert refused_move(client) == "storage"
        flag.unlink()
        assert refused_move(client) == "ack"
        flag.touch()  # full again, and the operator stops the server
        assert refused_move(client) == "storage"
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(20)
        client.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    text = log.read_text()
    assert status == 0, text
    assert "Traceback" not in text, text
    assert text.count("refuses writes: database or disk is full") == 2, text  # two outages
    assert text.count("writes again after") == 1 and f"({REFUSED} writes refused" in text
    assert text.count("kept its WAL") == 1  # the one line of the stop on a full disk
    assert len(text.splitlines()) < 20, text


def test_an_outage_is_told_when_it_starts_while_it_lasts_and_when_it_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    outage = Outage("m.db", clock=lambda: now[0])
    caplog.set_level(logging.INFO, "game.net.store")
    for _ in range(1000):  # ten minutes of refused moves, ten a second
        outage.failed(OSError("disk full"))
        now[0] += 0.6
    outage.ok()
    outage.ok()
    lines = [r.getMessage() for r in caplog.records]
    assert lines[0] == "the match store m.db refuses writes: disk full"
    assert len(lines) == 1 + 9 + 1  # the start, once a minute, the end
    assert lines[-1].startswith("the match store m.db writes again after 600.0 s (1000 writes")


def test_a_postgresql_outage_is_logged_once_when_it_starts_and_once_when_it_ends(
    tmp_path: Path, pg_cluster: PgCluster, pg_url: str
) -> None:
    """The issue: 197 tracebacks in a 10 s outage. The test process's cluster is stopped at
    once (as a crash) under a running server process, moves are refused meanwhile, then it
    is back. Its database commits as a real server's does (the test cluster's others do
    not wait for the WAL), so the outage loses nothing committed."""
    import psycopg  # noqa: PLC0415 - the optional driver (pg_url skips without it)

    with psycopg.connect(pg_cluster.url(), autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{pg_url.rsplit("/", 1)[1]}" SET synchronous_commit = on')
    log = tmp_path / "server.log"
    proc, ws_url = start_server(["--db", pg_url], log)
    halted = False
    try:
        client = host(ws_url, ("human", "human"), [0, 1])
        pg_cluster.halt()
        halted = True
        refusals = [refused_move(client) for _ in range(REFUSED)]
        time.sleep(4.0)  # the listener and the checks keep failing meanwhile
        pg_cluster.resume()
        halted = False
        deadline = time.monotonic() + 30.0
        while refused_move(client) != "ack":  # bounded: the store reconnects
            assert time.monotonic() < deadline, "the store did not come back"
            time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(20)
        client.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        if halted:  # the next tests of this process use the cluster too
            pg_cluster.resume()
    text = log.read_text()
    assert set(refusals) == {"storage"}
    assert status == 0, text
    assert text.count("refuses writes") == 1, text
    assert text.count("writes again after") == 1, text
    assert text.count("Traceback") <= 1, text  # at most the listener's first drop
    assert len(text.splitlines()) < 40, text
