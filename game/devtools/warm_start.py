"""Processes started warm, for the tools and tests that start many app processes: each is
forked from one server process that has already imported the app (multiprocessing's
``forkserver``, its modules preloaded), not started from a bare interpreter. A process is
still a process of its own (its own pid, environment, files, window and server; killed by
SIGKILL, started again on the same data folder) and runs the module's ``main`` as
``python -m MODULE ARGS`` would; what it no longer pays is Python's start and the app's
imports, about 0.35 s of CPU each (issue 43: the two-screen tests start six app processes).

``start`` returns a handle with the part of ``subprocess.Popen`` the callers use (``pid``,
``poll``, ``wait``, ``returncode``, ``send_signal``, ``kill``, ``terminate``). Where fork is
not to be had (not Unix) it is a plain ``subprocess.Popen`` of ``python -m MODULE``."""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import subprocess
import sys
from multiprocessing.process import BaseProcess
from pathlib import Path

# What the fork server imports once: the app window the screen player drives; a module not
# among them is imported by the process that needs it.
PRELOAD = ["game.devtools.screen_player", "game.ui.app", "game.app.launch"]


def available() -> bool:
    return "forkserver" in multiprocessing.get_all_start_methods()


def _context() -> multiprocessing.context.BaseContext:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)  # read when the fork server first starts
    return ctx


def run_module(module: str, argv: list[str], env: dict[str, str], log: str) -> None:
    """In the forked process: the environment, stdout and stderr (appended to ``log``) and
    ``sys.argv`` of ``python -m module argv``, then the module's ``main(argv)``, whose
    status is the process's exit status."""
    os.environ.clear()
    os.environ.update(env)
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    sys.argv = [module, *argv]
    main = importlib.import_module(module).main
    sys.exit(main(argv))


class WarmProcess:
    """A forked process, held as a ``subprocess.Popen`` holds its process."""

    def __init__(self, proc: BaseProcess, args: list[str]) -> None:
        self.proc = proc
        self.args = args
        self.pid = proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.exitcode  # -N when killed by signal N, as Popen's

    def poll(self) -> int | None:
        return self.proc.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self.proc.join(timeout)  # waits on the process's sentinel: no polling
        code = self.proc.exitcode
        if code is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        return code

    def send_signal(self, sig: int) -> None:
        if self.proc.exitcode is None:
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def start(
    module: str, argv: list[str], env: dict[str, str], log: Path
) -> WarmProcess | subprocess.Popen[bytes]:
    """``python -m module argv`` with ``env``, its stdout and stderr appended to ``log``."""
    args = [sys.executable, "-m", module, *argv]
    if not available():
        with log.open("ab") as out:
            return subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
    proc = _context().Process(
        target=run_module, args=(module, argv, env, str(log)), name=module, daemon=False
    )
    proc.start()
    return WarmProcess(proc, args)
