"""A dedicated server refuses, before it says it is listening, a store it must not serve:
one line on stderr (no traceback), a distinct exit status each, the file untouched. It owns
its SQLite file alone (a lock), and its files are private whatever the umask.

Most refusals run the server's ``main`` in the test's process (``here=True``): the same
checks, status and line, without starting Python again for each (issue 43); and most starts
that listen run the server on a thread here (``listens_here``: the same store checks,
stamping and lock, its warnings read from the log). A server process is still started where
a process is the point: the one holding the lock (alive, then killed), file modes without
root's override, a umask."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.devtools import warm_start
from game.net import server
from game.net.server import ServerThread
from game.net.store import SqliteStore
from game.net.store import sqlite as sqlite_store
from game.net.store.sqlite_checks import APPLICATION_ID
from tests.net.helpers import LOCAL
from tests.net.server_process import ServerProcess, free_port

RUN_S = 30.0  # the most a refused start may take


def no_override() -> list[str]:
    """Run as root without the capability to ignore file modes (the tests run as root,
    for whom a read-only file is writable); nothing when not root."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be tried")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


def start_here(db: Path, extra: list[str]) -> tuple[int, list[str], str]:
    """A start the server refuses, run in this process: (status, stderr lines, stdout)."""
    args = ["--host", LOCAL, "--port", "0", "--db", str(db), "--ai-processes", "0"]
    args += ["--log-level", "WARNING", *extra]
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        status = server.main(args)
    assert status != 0, "only refused starts run here: a listening one would not return"
    return status, [x for x in err.getvalue().splitlines() if x.strip()], out.getvalue()


def listens_here(db: Path) -> list[str]:
    """A start that listens, on a thread in this process (``ServerThread``: the server's
    store checks and lock as ``main`` opens them), stopped once listening: its warnings."""
    caught: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: caught.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("game.net")
    logger.addHandler(handler)
    try:
        server = ServerThread(db, LOCAL, 0)
        assert server.start(RUN_S).startswith("ws://")
        server.stop()
    finally:
        logger.removeHandler(handler)
    return caught


def start(
    db: Path,
    *,
    prefix: list[str] | None = None,
    umask: int | None = None,
    extra: list[str] = (),
    here: bool = False,
):
    """Run the server on ``db`` until it exits or says it listens: (status, stderr lines,
    stdout); a server that listens is stopped and its status is None. ``here``: a refused
    start, in this process (``start_here``)."""
    if here:
        return start_here(db, list(extra))
    if not prefix:
        return start_warm(db, umask, list(extra))
    args = [*(prefix or []), sys.executable, "-m", "game.net.server", "--host", LOCAL]
    args += ["--port", "0", "--db", str(db), "--ai-processes", "0", "--log-level", "WARNING"]
    args += list(extra)  # a later --port wins

    def set_umask() -> None:
        if umask is not None:
            os.umask(umask)

    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=set_umask
    )
    try:
        first = proc.stdout.readline()
        if first:  # listening: stop it
            proc.terminate()
        out, err = proc.communicate(timeout=RUN_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    status = None if first else proc.returncode
    return status, [x for x in err.splitlines() if x.strip()], first + out


def start_warm(db: Path, umask: int | None, extra: list[str]) -> tuple[int | None, list, str]:
    """``start`` in a process forked warm (``game.devtools.warm_start``: the server's
    imports done once per test process), with ``umask``."""
    args = ["--host", LOCAL, "--port", "0", "--db", str(db), "--ai-processes", "0"]
    args += ["--log-level", "WARNING", *extra]
    with tempfile.TemporaryDirectory(prefix="store-start-") as folder:  # not the store's
        log = Path(folder) / "stderr.txt"
        proc = warm_start.start(
            "game.net.server", args, dict(os.environ), log, pipe=True, umask=umask
        )
        try:
            first = proc.stdout.readline()
            if first:  # listening: stop it
                proc.terminate()
            proc.wait(RUN_S)
            out = proc.stdout.read()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
            proc.stdout.close()
        err = log.read_text(encoding="utf-8")
    status = None if first else proc.returncode
    return status, [x for x in err.splitlines() if x.strip()], first + out


def refused(db: Path, status: int, words: str, **options) -> None:
    before = db.read_bytes() if db.is_file() else None
    got, err, out = start(db, **options)
    assert got == status, (got, err)
    assert len(err) == 1 and words in err[0], err
    assert err[0].startswith("living-forest-server: ")
    assert "listening" not in out
    if before is not None:
        assert db.read_bytes() == before  # not a byte written


def ours(db: Path) -> None:
    SqliteStore(db).close()


def test_random_bytes_are_refused_as_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    db.write_bytes(os.urandom(8192))
    refused(db, 11, "not a SQLite database", here=True)


def test_a_truncated_store_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    ours(db)
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE IF NOT EXISTS moves (x)")
    con.executemany(
        "INSERT INTO moves VALUES (?,?,?,?)", [("m", i, 0, "x" * 900) for i in range(50)]
    )
    con.commit()
    con.close()
    with db.open("r+b") as f:
        f.truncate(db.stat().st_size // 2)
    refused(db, 11, "truncated", here=True)


def test_a_store_of_a_newer_server_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    ours(db)
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version={sqlite_store.LATEST + 1}")
    con.commit()
    con.close()
    refused(db, 13, f"schema {sqlite_store.LATEST + 1}", here=True)


def test_a_folder_as_the_path_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    db.mkdir()
    refused(db, 15, "is a folder", here=True)


def test_another_programs_database_is_not_adopted_or_altered(tmp_path: Path) -> None:
    """Its own tables, even one called ``matches``; or another application id."""
    for name, statements in {
        "users.db": ["CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)"],
        "matches.db": ["CREATE TABLE matches (id TEXT PRIMARY KEY, score INTEGER)"],
        "app.db": ["PRAGMA application_id=1234", "CREATE TABLE t (x)"],
    }.items():
        db = tmp_path / name
        con = sqlite3.connect(db)
        for sql in statements:
            con.execute(sql)
        con.commit()
        con.close()
        mode = stat.S_IMODE(db.stat().st_mode)
        refused(db, 12, "not adopted", here=True)
        assert stat.S_IMODE(db.stat().st_mode) == mode  # not even its mode
        assert not db.with_name(name + "-wal").exists()


def test_a_read_only_store_and_a_read_only_folder_are_refused(tmp_path: Path) -> None:
    prefix = no_override()
    db = tmp_path / "ro.db"
    ours(db)
    db.chmod(0o400)
    refused(db, 14, "not writable", prefix=prefix)
    folder = tmp_path / "closed"
    folder.mkdir()
    ours(folder / "m.db")
    folder.chmod(0o500)
    try:
        refused(folder / "m.db", 14, "not writable", prefix=prefix)
        refused(folder / "new.db", 14, "not writable", prefix=prefix)
    finally:
        folder.chmod(0o700)


def test_an_empty_file_and_a_store_from_before_the_id_are_taken_and_stamped(
    tmp_path: Path,
) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    old = tmp_path / "old.db"
    con = sqlite3.connect(old)
    for sql in sqlite_store.MIGRATIONS[0]:
        con.execute(sql)
    con.execute("PRAGMA user_version=1")
    con.commit()
    con.close()
    for db in (empty, old):
        listens_here(db)
        con = sqlite3.connect(db)
        assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert con.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.LATEST
        con.close()


def test_a_second_server_on_the_same_file_refuses_to_start(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    # no checkpoint thread: its copy of the WAL into the file may land between the two
    # reads that prove the refused start wrote nothing (it did, 4 runs in 11, in memory)
    first = ServerProcess(db, free_port(), extra=("--checkpoint-s", "0"))
    first.start()
    try:
        refused(db, 10, "in use by another server", here=True)  # a lock of another process
    finally:
        assert first.terminate() == 0
    listens_here(db)  # the lock went with the first server


def test_the_lock_goes_with_a_killed_server(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    first = ServerProcess(db, free_port())
    first.start()
    first.kill()
    listens_here(db)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_the_store_files_are_private_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    db = tmp_path / "new" / "forest" / "m.db"  # its folder made by the server
    status, err, out = start(db, umask=umask)
    assert status is None, err
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    for path in db.parent.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    names = {p.name for p in db.parent.iterdir()}
    assert "m.db" in names and "m.db.lock" in names


def test_a_store_left_readable_by_an_older_server_is_made_private(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    ours(db)
    db.chmod(0o644)
    warnings = listens_here(db)
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert any("readable by others" in line for line in warnings), warnings


def test_postgresql_another_programs_database_and_a_newer_schema_are_refused_untouched(
    pg_url: str,
) -> None:
    import psycopg  # noqa: PLC0415 - the optional driver (pg_url skips without it)

    from game.net.store.postgres import LATEST, PostgresStore  # noqa: PLC0415
    from game.net.store.problems import ForeignDatabase, NewerSchema  # noqa: PLC0415

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE matches (id text PRIMARY KEY, score integer)")
    with pytest.raises(ForeignDatabase, match="not a Living Forest match store"):
        PostgresStore(pg_url)
    status, err, _ = start(pg_url, here=True)  # type: ignore[arg-type]
    assert status == 12 and len(err) == 1, err
    with psycopg.connect(pg_url, autocommit=True) as conn:
        tables = [
            r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname='public'")
        ]
        assert tables == ["matches"]  # nothing added
        conn.execute("DROP TABLE matches")
    PostgresStore(pg_url).close()  # empty: made ours
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE schema_version SET version = %s", (LATEST + 1,))
    with pytest.raises(NewerSchema, match=f"schema {LATEST + 1}"):
        PostgresStore(pg_url)
    status, err, _ = start(pg_url, here=True)  # type: ignore[arg-type]
    assert status == 13 and len(err) == 1, err


def test_an_unreachable_postgresql_a_port_in_use_and_a_bad_certificate_each_say_so(
    tmp_path: Path,
) -> None:
    pytest.importorskip("psycopg")
    nobody = f"postgresql://postgres@{LOCAL}:{free_port()}/forest"  # nothing listens there
    status, err, _ = start(nobody, here=True)  # type: ignore[arg-type]
    assert status == 16 and len(err) == 1 and "cannot reach" in err[0], err
    with socket.socket() as taken:
        taken.bind((LOCAL, 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, err, _ = start(tmp_path / "m.db", extra=["--port", str(port)], here=True)
    assert status == 17 and len(err) == 1 and "cannot listen" in err[0], err
    bad = tmp_path / "cert.pem"
    bad.write_text("not a certificate")
    status, err, _ = start(
        tmp_path / "m.db", extra=["--cert", str(bad), "--key", str(bad)], here=True
    )
    assert status == 18 and len(err) == 1 and "certificate" in err[0], err


def test_a_store_in_memory_leaves_no_file_behind(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The app's Host without a data folder keeps its tables in memory."""
    monkeypatch.chdir(tmp_path)
    store = SqliteStore(":memory:")
    assert store.schema_version() == sqlite_store.LATEST
    store.close()
    assert list(tmp_path.iterdir()) == []
