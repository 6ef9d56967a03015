"""AI worker processes die with their server. A worker of a ``ProcessPoolExecutor`` (spawn
start) waits on a queue whose writing end it holds itself, so a SIGKILLed server would
leave it, and the multiprocessing resource tracker that lives as long as it does, running
for good, reparented to PID 1. Each worker therefore asks Linux to kill it when its parent
goes (``prctl(PR_SET_PDEATHSIG)``), and on every system watches its parent's pid on a
thread of its own, ending itself when the parent is gone."""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
import threading
import time

log = logging.getLogger(__name__)
PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_S = 1.0  # how often the watcher looks at the parent


def die_with_parent(parent: int) -> None:
    """The pool's worker initializer: ``parent`` is the server's pid."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
                log.warning("prctl(PR_SET_PDEATHSIG) failed: errno %d", ctypes.get_errno())
        except (OSError, AttributeError) as e:  # no libc prctl: the watcher alone
            log.warning("no prctl here (%s): the AI worker watches its server's pid", e)
    if os.getppid() != parent:  # the server died before the signal was asked for
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="watch-server", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_S)
    os._exit(1)  # the server is gone: nobody will ever read this worker's answers
