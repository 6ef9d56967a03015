"""The tests' throwaway PostgreSQL clusters are copies of one kept cluster (made once by
``initdb`` under pytest's cache folder): the test process's cluster runs from its own copy,
and a further copy is made from the kept one without making it again. They live in memory
(``/dev/shm``) when there is room there."""

from __future__ import annotations

import os
import shutil
import tempfile
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
