"""What the SQLite store checks before it writes a byte: that the path can hold a file,
that the file is a SQLite database and not a truncated one, that it is ours (its
``application_id``, or the tables of a file made before the id existed) and not from a
newer server, and that it can be written; and that its files are private (0600, the
folder 0700 when the server makes it), whatever the umask. Each refusal is a
``StartRefused`` with its exit status (``problems.py``)."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
from pathlib import Path

from game.net.store.problems import (
    BadPath,
    ForeignDatabase,
    NewerSchema,
    NotADatabase,
    NotWritable,
)

log = logging.getLogger(__name__)
APPLICATION_ID = 0x4C465354  # "LFST": PRAGMA application_id of every Living Forest store
HEADER = b"SQLite format 3\x00"
OUR_TABLES = {"matches", "tokens", "moves"}
OUR_MATCH_COLUMNS = {"id", "code", "players", "seed", "first", "ai_seed", "seats", "created"}
SIDE_FILES = ("-wal", "-shm")


def prepare_path(db: Path) -> None:
    """A path that can hold the store: not a folder; its folder made (0700) if missing."""
    if db.is_dir():
        raise BadPath(f"the match store {db} is a folder, not a database file")
    if db.exists() and not stat.S_ISREG(db.stat().st_mode):
        raise BadPath(f"the match store {db} is not a regular file")
    folder = db.parent
    if not folder.exists():
        try:
            folder.mkdir(mode=0o700, parents=True)
            folder.chmod(0o700)  # mkdir's mode passes through the umask
        except OSError as e:
            raise NotWritable(f"cannot make the folder {folder}: {e.strerror}") from e
    elif not folder.is_dir():
        raise BadPath(f"the match store's folder {folder} is not a folder")


def check_file(db: Path) -> None:
    """A file that exists must be a whole SQLite database (checked on its header: a file of
    random bytes, or one cut short, is refused before SQLite opens it)."""
    if not db.exists() or db.stat().st_size == 0:
        return
    try:
        with db.open("rb") as f:
            head = f.read(100)
    except OSError as e:
        raise NotWritable(f"cannot read the match store {db}: {e.strerror}") from e
    if not head.startswith(HEADER):
        raise NotADatabase(f"the match store {db} is not a SQLite database")
    if len(head) < 100:
        raise NotADatabase(f"the match store {db} is truncated ({len(head)} bytes)")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    wal = db.with_name(db.name + "-wal")
    replays = wal.exists() and wal.stat().st_size > 0  # a checkpoint cut short: SQLite ends it
    if head[24:28] == head[92:96] and pages and not replays and db.stat().st_size < page * pages:
        size = db.stat().st_size
        raise NotADatabase(f"the match store {db} is truncated ({size} bytes of {page * pages})")


def check_writable(db: Path) -> None:
    """The file and its folder (SQLite makes its -wal and -shm files there) writable."""
    if not os.access(db.parent, os.W_OK | os.X_OK):
        raise NotWritable(f"the folder {db.parent} of the match store is not writable")
    if db.exists() and not os.access(db, os.R_OK | os.W_OK):
        raise NotWritable(f"the match store {db} is not writable (read-only)")


def create_private(db: Path) -> None:
    """Create the store file 0600 if missing: SQLite gives its -wal and -shm files the
    mode of the database file, whatever the umask."""
    if db.exists():
        return
    try:
        fd = os.open(db, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as e:
        raise NotWritable(f"cannot create the match store {db}: {e.strerror}") from e
    try:
        os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


def tighten(db: Path) -> None:
    """A store of ours an older server left readable by others is made private."""
    for path in (db, *(db.with_name(db.name + s) for s in SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            mode = stat.S_IMODE(path.stat().st_mode)
            if mode & 0o077:
                try:
                    path.chmod(mode & 0o700)
                    log.warning("%s was readable by others (%o): now %o", path, mode, mode & 0o700)
                except OSError as e:
                    log.warning("%s is readable by others (%o): %s", path, mode, e.strerror)


def check_contents(db: sqlite3.Connection, where: Path, latest: int) -> None:
    """Ours (or new and empty) and not newer than this server: read only, nothing written."""
    try:
        (app,) = db.execute("PRAGMA application_id").fetchone()
        (version,) = db.execute("PRAGMA user_version").fetchone()
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        columns = {r[1] for r in db.execute("PRAGMA table_info(matches)")}
    except sqlite3.DatabaseError as e:
        raise NotADatabase(f"the match store {where} cannot be read: {e}") from e
    if app not in (0, APPLICATION_ID):
        raise ForeignDatabase(
            f"{where} belongs to another program (application id {app:#x}): not adopted"
        )
    if app == 0 and (tables or version):  # made before the id: ours only by its tables
        ours = "matches" in tables and tables <= OUR_TABLES and columns >= OUR_MATCH_COLUMNS
        if not ours:
            listed = ", ".join(sorted(tables)) or "none"
            raise ForeignDatabase(
                f"{where} is not a Living Forest match store (its tables: {listed}): not adopted"
            )
    if version > latest:
        raise NewerSchema(
            f"the match store {where} has schema {version}: this server knows {latest}"
            " (a newer server made it)"
        )
