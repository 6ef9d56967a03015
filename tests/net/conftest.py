"""The headless app for the tests that drive it (``app``, on the module's own ``ctx``), and
PostgreSQL for the tests that need it: one throwaway cluster per test process (started
from the installed binaries, 127.0.0.1 only; ``game.devtools.pg_cluster``), a fresh database
for each test. Without PostgreSQL or ``psycopg`` those tests skip and say why, unless
``LIVING_FOREST_REQUIRE_PG=1`` (set by ``.ci/run``): then they fail. And a TLS certificate
for the tests that serve wss:// (``certificate``, one per test process)."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.devtools.pg_cluster import NoPostgres, PgCluster

_names = itertools.count()


def _unavailable(reason: str) -> None:
    if os.environ.get("LIVING_FOREST_REQUIRE_PG") == "1":
        pytest.fail(f"PostgreSQL is required here (LIVING_FOREST_REQUIRE_PG=1): {reason}")
    pytest.skip(f"no PostgreSQL to test against: {reason}")


@pytest.fixture
def app(ctx):  # noqa: ANN001, ANN201 - each module that drives the app gives its own ctx
    """The app's window, headless, on the module's ``ctx`` (a context made for its tests)."""
    import pygame

    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()


@pytest.fixture(scope="session")
def pg_cluster(request: pytest.FixtureRequest) -> Iterator[PgCluster]:
    """The test process's cluster, copied from one kept under pytest's cache folder (made
    by the first run: initdb once, not once per test process and run), or for this run
    under ``LIVING_FOREST_PG_ROOT`` when that is set (CI: a fresh clone, and a folder that
    PostgreSQL's user can reach)."""
    try:
        import psycopg  # noqa: F401, PLC0415 - the optional driver
    except ImportError:
        _unavailable("psycopg is not installed (pip install -e '.[test]')")
    root = os.environ.get("LIVING_FOREST_PG_ROOT")
    cache = getattr(request.config, "cache", None)  # None: pytest's cache plugin is off
    template = Path(root) / "template" if root else None
    if template is None and cache is not None:
        template = Path(cache.mkdir("pg-template"))
    try:
        cluster = PgCluster(template=template).start()
    except NoPostgres as e:
        _unavailable(str(e))
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    """The URL of a new, empty database on the test cluster."""
    return pg_cluster.create_database(f"t{os.getpid()}_{next(_names)}")


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (PEM), made once per test
    process. An elliptic-curve key (P-256, as most sites' certificates now): openssl makes
    one at once, where an RSA key took 0.2 to 0.7 s of CPU, a search for primes whose
    length was luck (issue 43); TLS serves and trusts it the same way."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key
