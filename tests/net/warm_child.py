"""A module for ``test_warm_start`` to run as a warm process: it prints what it was given
and exits with the status it is told, or sleeps until killed."""

from __future__ import annotations

import json
import os
import resource
import sys
import time


def main(argv: list[str]) -> int:
    umask = os.umask(0o022)
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    said = {"argv": sys.argv, "pid": os.getpid(), "home": os.environ.get("WARM_HOME")}
    print(json.dumps(said | {"umask": umask, "nofile": files}))
    sys.stdout.flush()
    print("to stderr", file=sys.stderr, flush=True)
    if argv[0] == "sleep":
        time.sleep(30.0)  # killed by the test long before
    return int(argv[0])
