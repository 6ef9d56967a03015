"""The server's AI worker processes (and the multiprocessing resource tracker) die with
it: a SIGKILLed server leaves no child running."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from tests.net.helpers import host
from tests.net.server_process import ServerProcess, free_port

SPAWN_S = 30.0  # the most the first AI worker may take to start (spawn imports the AI)
GONE_S = 10.0  # the most its children may outlive a killed server


def stat_of(pid: int) -> tuple[int, str] | None:
    """(parent pid, state) of a process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0]


def descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (info := stat_of(int(entry))) is not None:
            parents[int(entry)] = info[0]
    found: set[int] = set()
    todo = [root]
    while todo:
        pid = todo.pop()
        kids = [c for c, p in parents.items() if p == pid and c not in found]
        found.update(kids)
        todo.extend(kids)
    return found


def alive(pid: int) -> bool:
    info = stat_of(pid)
    return info is not None and info[1] not in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
def test_a_sigkilled_server_leaves_no_ai_worker_behind(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "m.db", free_port(), ai_processes=1)
    server.start()
    assert server.proc is not None
    try:
        client = host(server.url, ("human", "hard"), [0])  # the AI seat draws at once
        deadline = time.monotonic() + SPAWN_S
        children: set[int] = set()
        while time.monotonic() < deadline:
            children = descendants(server.proc.pid)
            if len(children) >= 2 and client.recv(0.2) is not None:  # the worker's move came
                break
            time.sleep(0.1)
        assert len(children) >= 2, children  # the worker and the resource tracker
        children = descendants(server.proc.pid)
    finally:
        server.kill()
    deadline = time.monotonic() + GONE_S
    while time.monotonic() < deadline and any(alive(pid) for pid in children):
        time.sleep(0.1)
    survivors = {
        pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:200] for pid in children if alive(pid)
    }
    assert not survivors, survivors
    client.close()
