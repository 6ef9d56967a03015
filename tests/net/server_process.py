"""The dedicated server as a separate process (``python -m game.net.server``), for the
tests that kill it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

from tests.net.helpers import LOCAL

START_S = 20.0  # the most a server may take to start listening


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(
        self,
        db: Path,
        port: int,
        *,
        ai_processes: int = 0,
        log: Path | None = None,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.db, self.port = db, port
        self.ai_processes, self.log, self.extra = ai_processes, log, extra
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> str:
        args = [sys.executable, "-m", "game.net.server", "--host", LOCAL, "--port", str(self.port)]
        args += ["--db", str(self.db), "--ai-processes", str(self.ai_processes)]
        args += ["--log-level", "WARNING", *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        err = None if self.log is None else self.log.open("a")  # the process's stderr
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=err, text=True, env=env)
        if err is not None:
            err.close()
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(self.proc.stdout.readline()))
        reader.start()
        reader.join(START_S)
        if not line or not line[0]:
            self.kill()
            raise RuntimeError("the server process did not start")
        self.url = json.loads(line[0])["listening"]
        return self.url

    def kill(self) -> None:
        """SIGKILL: no goodbye, no clean-up, exactly as a crash or a power cut of the process."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def terminate(self) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(10)
