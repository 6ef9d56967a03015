"""The tests' throwaway PostgreSQL clusters are copies of one kept cluster (made once by
``initdb`` under pytest's cache folder): the test process's cluster runs from its own copy,
and a further copy is made from the kept one without making it again. They live in memory
(``/dev/shm``) when there is room there."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from game.devtools import pg_cluster as pg_cluster_module
from game.devtools.pg_cluster import RUN_AS, PgCluster


def test_a_cluster_is_a_copy_of_the_kept_one_which_is_made_once(pg_cluster: PgCluster) -> None:
    if pg_cluster.template is None:
        pytest.skip("pytest's cache folder is off: no kept cluster")
    kept = [p for p in pg_cluster.template.iterdir() if p.name.startswith("cluster-")]
    assert len(kept) == 1 and (kept[0] / "PG_VERSION").is_file(), kept
    assert not (kept[0] / "postmaster.pid").exists()  # the kept one never runs ...
    assert (pg_cluster.folder / "data" / "postmaster.pid").is_file()  # ... its copy does
    made = kept[0].stat().st_mtime_ns
    folder = Path(tempfile.mkdtemp(prefix="lf-pg-copy-"))  # reachable by PostgreSQL's user
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, RUN_AS, RUN_AS)
        pg_cluster.fresh(folder / "data")
        copied = (folder / "data" / "PG_VERSION").read_text()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert copied == (kept[0] / "PG_VERSION").read_text()
    assert kept[0].stat().st_mtime_ns == made  # copied, not made again


def test_the_tests_clusters_live_in_memory_when_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert pg_cluster_module.in_memory(tmp_path) == str(tmp_path)  # a folder with room
    assert pg_cluster_module.in_memory(tmp_path / "missing") is None
    monkeypatch.setattr(pg_cluster_module, "SHM_ROOM", 1 << 62)  # more than any disk
    assert pg_cluster_module.in_memory(tmp_path) is None  # too small: the temp folder


def test_the_test_process_cluster_is_in_memory_unless_told_where(pg_cluster: PgCluster) -> None:
    told = os.environ.get("LIVING_FOREST_PG_ROOT")
    shm = pg_cluster_module.in_memory()
    if told:
        assert pg_cluster.folder.parent == Path(told)
    elif shm is not None:
        assert pg_cluster.folder.parent == Path(shm)
    else:
        pytest.skip("no RAM disk with room here")


# A process that starts a cluster, says where, and waits to be killed.
STARTER = """
import sys, time
from pathlib import Path
from game.devtools.pg_cluster import PgCluster
template = Path(sys.argv[1]) if sys.argv[1] else None
cluster = PgCluster(template=template).start()
print(cluster.folder, flush=True)
time.sleep(120)
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_a_cluster_left_by_a_killed_test_run_is_stopped_and_deleted_by_the_next_start(
    pg_cluster: PgCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run killed before its ``stop`` leaves a server running and its folder (in memory)
    behind; the next cluster started in that folder's parent stops and deletes it, and
    leaves a live process's cluster alone."""
    parent = Path(tempfile.mkdtemp(prefix="sweep-test-"))
    parent.chmod(0o755)  # the servers run as PostgreSQL's user when we are root
    monkeypatch.setenv("LIVING_FOREST_PG_ROOT", str(parent))  # here and in the child
    template = str(pg_cluster.template or "")
    starter = subprocess.Popen(
        [sys.executable, "-c", STARTER, template], stdout=subprocess.PIPE, text=True
    )
    alive, left = None, None
    try:
        assert starter.stdout is not None
        left = Path(starter.stdout.readline().strip())
        server = int((left / "data" / "postmaster.pid").read_text().split()[0])
        starter.kill()
        starter.wait(timeout=30)
        assert _running(server)  # the killed run's server goes on without it
        alive = PgCluster(template=pg_cluster.template).start()
        again = PgCluster(template=pg_cluster.template).start()  # a second, while one lives
        again.stop()
        assert not left.exists()
        for _ in range(100):  # the server is told to stop at once; bounded: 10 s
            if not _running(server):
                break
            time.sleep(0.1)
        assert not _running(server)
        assert alive.folder.is_dir()  # the live process's own cluster is untouched
        assert (alive.folder / "data" / "postmaster.pid").is_file()
    finally:
        if starter.poll() is None:
            starter.kill()
        if alive is not None:
            alive.stop()
        if left is not None and left.is_dir():  # not swept: stopped here all the same
            PgCluster(folder=left, bin=pg_cluster.bin).stop()
        shutil.rmtree(parent, ignore_errors=True)
