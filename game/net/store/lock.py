"""One server process per SQLite file: an exclusive ``flock`` on ``<db>.lock``, held for as
long as the store is open (the kernel lets go when the process ends, however it ends, so a
SIGKILLed server never leaves a stale lock behind). A second server on the same file is
refused at start instead of serving stale copies of the same tables."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from game.net.store.problems import NotWritable, StoreLocked

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock; SQLite's own locks remain
    fcntl = None  # type: ignore[assignment]  # checked before use


class StoreLock:
    """The lock of one store file; ``release`` (or the process's end) lets it go."""

    def __init__(self, db: Path) -> None:
        self.path = db.with_name(db.name + ".lock")
        self.fd: int | None = None
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError as e:
            raise NotWritable(
                f"the folder {db.parent} of the match store is not writable: cannot create"
                f" the lock file {self.path.name} ({e.strerror})"
            ) from e
        with contextlib.suppress(OSError):  # ours: private whatever the umask
            os.fchmod(fd, 0o600)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                os.close(fd)
                raise StoreLocked(
                    f"the match store {db} is in use by another server process"
                    f" (it holds {self.path})"
                ) from e
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the only descriptor releases the flock
            self.fd = None
