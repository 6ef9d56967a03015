"""The tests' throwaway PostgreSQL clusters are copies of one kept cluster (made once by
``initdb`` under pytest's cache folder): each copy is a cluster of its own, and the kept one
is made once, not again for every test process."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.devtools.pg_cluster import PgCluster


def test_a_cluster_copied_from_the_kept_one_is_a_cluster_of_its_own(
    pg_cluster: PgCluster, tmp_path: Path
) -> None:
    import psycopg  # noqa: PLC0415 - the optional driver (pg_cluster skips without it)

    if pg_cluster.template is None:
        pytest.skip("pytest's cache folder is off: no kept cluster")
    kept = [p for p in pg_cluster.template.iterdir() if p.name.startswith("cluster-")]
    assert len(kept) == 1 and (kept[0] / "PG_VERSION").is_file()
    made = kept[0].stat().st_mtime_ns
    with psycopg.connect(pg_cluster.url(), autocommit=True) as conn:
        conn.execute("CREATE TABLE only_in_the_first (x integer)")
    other = PgCluster(template=pg_cluster.template).start()
    try:
        assert other.folder != pg_cluster.folder and other.port != pg_cluster.port
        with psycopg.connect(other.url(), autocommit=True) as conn:
            tables = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname='public'")
            assert tables.fetchall() == []  # a fresh cluster, not the first one's data
    finally:
        other.stop()
    assert kept[0].stat().st_mtime_ns == made  # copied, not made again
    assert not (kept[0] / "postmaster.pid").exists()  # the kept one never runs
    with psycopg.connect(pg_cluster.url(), autocommit=True) as conn:
        conn.execute("DROP TABLE only_in_the_first")
