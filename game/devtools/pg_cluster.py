"""A throwaway PostgreSQL server for the tests and the network benchmark: a fresh cluster in
a temporary folder (the tests' in memory, ``/dev/shm``, when there is room), from the
installed binaries (Debian's ``postgresql`` package puts them in
``/usr/lib/postgresql/<version>/bin``), listening on 127.0.0.1 only, with trust
authentication (nothing but this machine can reach it), stopped and deleted afterwards.

PostgreSQL refuses to run as root: as root (CI), the server runs as the ``postgres`` user
(``runuser``), which owns the cluster's folder.

    python -m game.devtools.pg_cluster        # start one, print its URL, stop on Enter
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import logging
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)
RUN_AS = "postgres"  # the unprivileged user the server runs as when we are root
START_S = 60  # the most pg_ctl waits for the server to accept connections
SHM = Path("/dev/shm")  # the RAM disk the tests' (not durable) clusters use when it has room
SHM_ROOM = 2 * 1024**3  # bytes free there: a cluster and its databases take a few hundred MB
INITDB = ("-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
PREFIX = "lf-pg-"  # a cluster's folder
OWNER = "owner.pid"  # in it: the process that started the cluster (``sweep``)


class NoPostgres(RuntimeError):
    """PostgreSQL cannot be started here; the text says why (tests skip with it)."""


def find_bin() -> Path:
    """The folder with ``initdb`` and ``pg_ctl``: ``LIVING_FOREST_PG_BIN``, Debian's newest
    version, or wherever ``pg_ctl`` is on PATH."""
    wanted = os.environ.get("LIVING_FOREST_PG_BIN")
    candidates = [Path(wanted)] if wanted else []
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    newest = sorted((Path(v) for v in versions), key=lambda p: int(p.parent.name), reverse=True)
    candidates += newest
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise NoPostgres("no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql")


def in_memory(folder: Path = SHM) -> str | None:
    """``folder`` (a RAM disk) if there is room there for the tests' clusters, else None
    (the temporary folder). A cluster in memory opens and creates its files several times
    faster than one on this machine's disk: ``CREATE DATABASE`` opens some 1,200 files, and
    took 0.15-0.3 s of CPU on the disk, 0.02 s in memory (issue 43)."""
    try:
        room = os.statvfs(folder)
    except OSError:
        return None
    if room.f_bavail * room.f_frsize < SHM_ROOM or not os.access(folder, os.W_OK | os.X_OK):
        return None
    return str(folder)


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (another user's process counts too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgCluster:
    """One throwaway cluster; ``start`` it, ``url(db)`` to reach it, ``stop`` deletes it."""

    durable: bool = False  # False: fsync off (tests); True: as a real server (the benchmark)
    max_connections: int = 200
    port: int = field(default_factory=free_port)
    folder: Path = Path()
    bin: Path = Path()
    options: str = ""  # the server's options, kept for ``resume``
    # A folder that keeps one freshly made cluster to copy (the tests: ``initdb`` takes most
    # of a second of CPU, a copy a tenth); None: ``initdb`` every time.
    template: Path | None = None

    @property
    def as_root(self) -> bool:
        return os.geteuid() == 0

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = [*args]
        if self.as_root:
            cmd = ["runuser", "-u", RUN_AS, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=START_S + 30)
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise NoPostgres(f"{' '.join(args[:2])} failed: {done.stderr.strip()}\n{tail}")
        return done

    def start(self) -> PgCluster:
        self.bin = find_bin()
        if self.as_root and shutil.which("runuser") is None:
            raise NoPostgres("running as root without runuser: cannot start PostgreSQL")
        parent = os.environ.get("LIVING_FOREST_PG_ROOT") or None  # .ci/run cleans it up
        if parent is None and not self.durable:
            parent = in_memory()
        self.sweep(Path(parent or tempfile.gettempdir()))
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=parent))
        (self.folder / OWNER).write_text(str(os.getpid()))
        if self.as_root:
            try:
                shutil.chown(self.folder, RUN_AS, RUN_AS)
            except (LookupError, OSError) as e:
                shutil.rmtree(self.folder, ignore_errors=True)
                raise NoPostgres(f"no '{RUN_AS}' user to run PostgreSQL as ({e})") from e
        data = self.folder / "data"
        try:
            self.fresh(data)
            options = [
                "-c listen_addresses=127.0.0.1",
                f"-p {self.port}",
                f"-c unix_socket_directories={self.folder}",
                f"-c max_connections={self.max_connections}",
            ]
            if not self.durable:
                options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
            self.options = " ".join(options)
            self.resume()
        except (NoPostgres, OSError, subprocess.TimeoutExpired) as e:
            self.stop()
            raise NoPostgres(str(e)) from e
        return self

    def _initdb(self, data: Path) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(data), *INITDB)

    def fresh(self, data: Path) -> None:
        """An empty cluster in ``data``: a copy of the kept one (``template``), made first
        if there is none yet for these binaries; ``initdb`` if that cannot be."""
        if self.template is None:
            self._initdb(data)
            return
        binary = (self.bin / "postgres").stat()
        key = f"{self.bin}|{binary.st_size}|{binary.st_mtime_ns}|{' '.join(INITDB)}"
        kept = self.template / f"cluster-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
        try:
            if not (kept / "PG_VERSION").is_file():
                self._keep(self.template, kept)
            self._run("cp", "-a", str(kept), str(data))
        except (NoPostgres, OSError) as e:
            log.warning("could not copy the kept cluster %s (%s): initdb instead", kept, e)
            shutil.rmtree(data, ignore_errors=True)
            self._initdb(data)

    def _keep(self, folder: Path, kept: Path) -> None:
        """``initdb`` a cluster in ``folder`` and move it to ``kept`` whole (two test
        processes may make one at once: the first move wins, the other's is deleted)."""
        folder.mkdir(parents=True, exist_ok=True)
        making = Path(tempfile.mkdtemp(prefix="making-", dir=folder))
        try:
            if self.as_root:
                shutil.chown(making, RUN_AS, RUN_AS)
            self._initdb(making / "data")
            with contextlib.suppress(OSError):  # another process kept its own first
                (making / "data").rename(kept)
        finally:
            shutil.rmtree(making, ignore_errors=True)

    def halt(self) -> None:
        """Stop the server at once, as a crash or an outage would, keeping its data
        (``resume`` starts it again: a database that went away and came back)."""
        pg_ctl = str(self.bin / "pg_ctl")
        self._run(pg_ctl, "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"),
            "-l", str(self.folder / "server.log"), "-w", "-t", str(START_S),
            "-o", self.options, "start",
        )  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A fresh, empty database; its URL."""
        import psycopg  # noqa: PLC0415 - only the tests and the benchmark need it

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once (nothing in it is kept) and delete its folder."""
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            try:
                pg_ctl = str(self.bin / "pg_ctl")
                self._run(pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
            except (NoPostgres, subprocess.TimeoutExpired) as e:
                log.warning("could not stop the cluster in %s: %s", data, e)
        if self.folder != Path():
            shutil.rmtree(self.folder, ignore_errors=True)

    def sweep(self, parent: Path) -> None:
        """Stop and delete the clusters in ``parent`` whose process is gone: a test run
        killed before its ``stop`` leaves its server running and its folder (in memory, a
        few hundred MB) behind. A folder without an owner's pid (one being made) is left."""
        for folder in parent.glob(f"{PREFIX}*"):
            try:
                owner = int((folder / OWNER).read_text())
            except (OSError, ValueError):
                continue
            if _alive(owner):
                continue
            left = PgCluster(folder=folder, bin=self.bin)
            log.info("stopping and deleting %s, left by process %d", folder, owner)
            left.stop()


def main() -> int:
    cluster = PgCluster().start()
    try:
        print(cluster.url(), flush=True)
        input("PostgreSQL is running; press Enter to stop it and delete it. ")
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
