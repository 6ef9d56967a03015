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

import atexit
import functools
import importlib
import multiprocessing
import os
import resource
import signal
import subprocess
import sys
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TextIO

# What the fork server imports once: the app window the screen player drives and the
# dedicated server; a module not among them is imported by the process that needs it.
PRELOAD = ["game.devtools.screen_player", "game.ui.app", "game.app.launch", "game.net.server"]


_started: list[WarmProcess] = []  # this process's warm processes, for ``_end_leftovers``


def _end_leftovers() -> None:
    """At exit, SIGKILL each warm process still running (a test that failed before it
    stopped its server): multiprocessing's own exit handler, which runs after this one,
    would otherwise wait for it for good."""
    for proc in _started:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


atexit.register(_end_leftovers)


def available() -> bool:
    return "forkserver" in multiprocessing.get_all_start_methods()


def context() -> multiprocessing.context.ForkServerContext:
    """multiprocessing's fork server, its modules preloaded: for a caller's own processes."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)  # read when the fork server first starts
    return ctx


def set_limits(limits: dict[int, int], umask: int | None = None) -> None:
    """Each ``resource`` limit (``RLIMIT_*``: soft and hard) of the calling process, and
    its umask."""
    for which, value in limits.items():
        resource.setrlimit(which, (value, value))
    if umask is not None:
        os.umask(umask)


def run_module(
    module: str,
    argv: list[str],
    env: dict[str, str],
    log: str | None,
    out: Connection | None,
    limits: dict[int, int],
    umask: int | None = None,
) -> None:
    """In the forked process: the environment, output and ``sys.argv`` of ``python -m
    module argv``, then the module's ``main(argv)``, whose status is the process's exit
    status. Its stdout goes to ``out`` (a pipe's end) or else ``log``, its stderr to
    ``log`` (appended; None: where the fork server's goes)."""
    os.environ.clear()
    os.environ.update(env)
    set_limits(limits, umask)
    sys.stdout.flush()
    sys.stderr.flush()
    if log is not None:
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.dup2(fd, 2)
        os.dup2(fd, 1)
        os.close(fd)
    if out is not None:
        os.dup2(out.fileno(), 1)
        out.close()
    sys.argv = [module, *argv]
    main = importlib.import_module(module).main
    sys.exit(main(argv))


class WarmProcess:
    """A forked process, held as a ``subprocess.Popen`` holds its process."""

    def __init__(self, proc: BaseProcess, args: list[str], stdout: TextIO | None) -> None:
        assert proc.pid is not None, "a warm process is held once started"
        self.proc = proc
        self.args = args
        self.pid: int = proc.pid
        self.stdout = stdout  # its stdout, when started with ``pipe``

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
    module: str,
    argv: list[str],
    env: dict[str, str],
    log: Path | None,
    pipe: bool = False,
    warm: bool = True,
    limits: dict[int, int] | None = None,
    umask: int | None = None,
) -> WarmProcess | subprocess.Popen[str]:
    """``python -m module argv`` with ``env``, its stderr appended to ``log`` (None: left as
    it is) and its stdout too, or with ``pipe`` to a pipe read as ``.stdout``; forked
    warm, or with ``warm`` False (or no fork server to be had) a new interpreter: a process
    that starts multiprocessing's helpers (a resource tracker) gets its own then.
    ``limits``: its ``resource`` limits (``RLIMIT_NOFILE``: its open files) and ``umask``,
    set in it."""
    args = [sys.executable, "-m", module, *argv]
    limits = dict(limits or {})
    if not warm or not available():
        err = None if log is None else log.open("ab")
        try:
            out = subprocess.PIPE if pipe else err
            return subprocess.Popen(
                args,
                env=env,
                stdout=out,
                stderr=err,
                text=True,
                preexec_fn=(
                    functools.partial(set_limits, limits, umask)
                    if limits or umask is not None
                    else None
                ),
            )
        finally:
            if err is not None:
                err.close()
    read_end, write_end = multiprocessing.Pipe(duplex=False) if pipe else (None, None)
    proc = context().Process(
        target=run_module,
        args=(module, argv, env, None if log is None else str(log), write_end, limits, umask),
        name=module,
        daemon=False,
    )
    proc.start()
    _started[:] = [p for p in _started if p.poll() is None]
    stdout = None
    if read_end is not None and write_end is not None:
        write_end.close()  # the process's is its own: the pipe ends when it does
        stdout = os.fdopen(os.dup(read_end.fileno()), "r", encoding="utf-8")
        read_end.close()
    handle = WarmProcess(proc, args, stdout)
    _started.append(handle)
    return handle
