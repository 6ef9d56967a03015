"""Crash-safe file writes and careful reads for the player's files.

A write goes to a temporary file in the same folder, is flushed and fsync'd, then renamed over
the target with ``os.replace`` (atomic on every desktop OS), so a crash or power cut leaves
either the old file or the new one, never half of each. Windows may briefly refuse the rename
(antivirus, indexer): ``PermissionError`` is retried a few times.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

RETRIES = 6
RETRY_DELAY_S = 0.05


class FileTooLarge(ValueError):
    """A file larger than the game will ever write: refused before it is read."""


def _retry(op: Callable[[], None], sleep: Callable[[float], None] = time.sleep) -> None:
    for attempt in range(RETRIES):
        try:
            op()
            return
        except PermissionError:
            if attempt == RETRIES - 1:
                raise
            sleep(RETRY_DELAY_S * (2**attempt))


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no directory handles)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):  # a file system without it: the rename still happened
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_bytes_atomic(
    path: Path,
    data: bytes,
    backup: Path | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Replace ``path`` with ``data``; the file it replaces becomes ``backup`` if given."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if backup is not None and path.exists():
            _retry(lambda: os.replace(path, backup), sleep)
        _retry(lambda: os.replace(tmp, path), sleep)
        _fsync_dir(path.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def write_json_atomic(
    path: Path,
    doc: Any,
    backup: Path | None = None,
    sleep: Callable[[float], None] = time.sleep,
    compact: bool = False,
    limit: int | None = None,
) -> None:
    """``compact``: no indentation (the autosave, written after every decision: 5x faster).

    ``limit``: refuse (``FileTooLarge``, nothing written) a document larger than its reader
    accepts, so the app never replaces a good file with one it would refuse to load."""
    layout: dict[str, Any] = {"separators": (",", ":")} if compact else {"indent": 1}
    data = json.dumps(doc, ensure_ascii=False, allow_nan=False, **layout).encode("utf-8")
    if limit is not None and len(data) > limit:
        raise FileTooLarge(f"{len(data)} bytes is over the {limit}-byte limit")
    write_bytes_atomic(path, data, backup, sleep)


class NotAFile(OSError):
    """A FIFO, device or folder where a file was expected: never opened for reading as one
    (a FIFO would block start-up forever)."""


def read_bytes_limited(path: Path, limit: int) -> bytes:
    """The file's bytes, refusing anything over ``limit`` without reading it all, and
    anything that is not a regular file without blocking on it."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotAFile(f"{path.name} is not a regular file")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped in since the check
            raise NotAFile(f"{path.name} is not a regular file")
        size = os.fstat(f.fileno()).st_size
        if size > limit:
            raise FileTooLarge(f"{size} bytes is over the {limit}-byte limit")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(f"the file is over the {limit}-byte limit")
    return data


TEMP_MAX_AGE_S = 120.0


def remove_stale_temps(folder: Path, max_age_s: float = TEMP_MAX_AGE_S) -> int:
    """Delete what killed writes left behind (``.<name>.*.tmp`` older than ``max_age_s``;
    a write in progress is seconds old at most). Returns how many were removed."""
    removed = 0
    cutoff = time.time() - max_age_s
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    for tmp in candidates:
        with contextlib.suppress(OSError):
            info = tmp.lstat()
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                tmp.unlink()
                removed += 1
    return removed


def move_aside(path: Path, folder: Path, reason: str = "damaged") -> Path | None:
    """Move a bad file into ``folder`` under a new, unused name; never overwrite or delete.

    Returns the new path, or ``None`` if the file could not be moved (it is then left alone).
    """
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1000):
            suffix = f"-{n}" if n else ""
            target = folder / f"{path.stem}.{reason}.{stamp}{suffix}{path.suffix}"
            if target.exists():
                continue
            _retry(partial(os.replace, path, target))
            return target
    except OSError:
        return None
    return None
