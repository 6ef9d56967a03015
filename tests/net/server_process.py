"""The dedicated server as a separate process (``python -m game.net.server``, forked warm by
``game.devtools.warm_start``), for the tests that kill it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
from pathlib import Path

from game.devtools import warm_start
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
        self.proc: warm_start.WarmProcess | subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> str:
        args = ["--host", LOCAL, "--port", str(self.port)]
        args += ["--db", str(self.db), "--ai-processes", str(self.ai_processes)]
        args += ["--log-level", "WARNING", *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # its stderr to the log; forked warm (the server's imports done once, issue 43), but
        # for AI processes: a server process of its own has its own resource tracker then
        warm = self.ai_processes == 0
        self.proc = warm_start.start("game.net.server", args, env, self.log, pipe=True, warm=warm)
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
