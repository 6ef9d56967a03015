"""The systemd unit of the dedicated server passes ``systemd-analyze verify`` (run on a copy
whose ExecStart names this checkout's own server, since verify wants the program to exist)
and starts the server the way docs/network.md says."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "tools" / "systemd" / "living-forest-server.service"


def exec_start() -> list[str]:
    line = next(x for x in UNIT.read_text().splitlines() if x.startswith("ExecStart="))
    return shlex.split(line.removeprefix("ExecStart="))


def test_the_unit_runs_the_server_on_every_interface_with_tls_and_a_store() -> None:
    args = exec_start()
    assert args[0].endswith("/living-forest-server")
    for flag in ("--host", "--port", "--db", "--cert", "--key"):
        assert flag in args
    assert args[args.index("--host") + 1] == "0.0.0.0"


def settings() -> dict[str, str]:
    return dict(
        line.split("=", 1)
        for line in UNIT.read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )


def test_the_unit_keeps_the_store_private() -> None:
    """The store's folder 0700 and every file the server makes 0600 (the store holds the
    seed of every unfinished game); a store the server refuses is not restarted forever."""
    unit = settings()
    assert unit["UMask"] == "0077"
    assert unit["StateDirectoryMode"] == "0700"
    assert unit["StateDirectory"] == "living-forest"
    assert {"10", "11", "12", "13", "14"} <= set(unit["RestartPreventExitStatus"].split())


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    server = Path(sys.executable).with_name("living-forest-server")
    program = str(server) if server.exists() else "/usr/bin/env"
    text = UNIT.read_text().replace(exec_start()[0], program)
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == ""
