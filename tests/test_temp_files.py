"""With ``LIVING_FOREST_TEST_FILES=memory`` the test run's files go to memory where the
machine has room (``tests/conftest.py``): fsyncs on a slow disk were most of the file tests'
time (issue 43)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

conftest = sys.modules["tests.conftest"]  # (as pytest loaded it: importing runs it again)

GIB = 1 << 30


class _Free:
    def __init__(self, free: int) -> None:
        self.f_bavail, self.f_frsize = free // 4096, 4096


def _choose(
    monkeypatch: pytest.MonkeyPatch, free: int, given: str | None, mode: str | None = "memory"
) -> str | None:
    """Where the conftest puts the files with ``free`` bytes in /dev/shm, ``TMPDIR``
    ``given`` by the caller and ``LIVING_FOREST_TEST_FILES`` ``mode`` (None: not set);
    restores this run's own afterwards."""
    monkeypatch.setattr(tempfile, "tempdir", tempfile.tempdir)
    if mode is None:
        monkeypatch.delenv("LIVING_FOREST_TEST_FILES", raising=False)
    else:
        monkeypatch.setenv("LIVING_FOREST_TEST_FILES", mode)
    monkeypatch.setenv("TMPDIR", given or "")  # (recorded, so restored afterwards)
    if given is None:
        monkeypatch.delenv("TMPDIR")
    monkeypatch.setattr(os, "statvfs", lambda path: _Free(free))
    monkeypatch.setattr(os, "access", lambda path, mode: True)
    conftest._test_files_in_memory()
    return os.environ.get("TMPDIR")


def test_in_memory_only_with_room_and_no_tmpdir_of_the_callers(monkeypatch) -> None:
    assert _choose(monkeypatch, 3 * GIB, None) == "/dev/shm"
    assert tempfile.tempdir is None  # read again at the next gettempdir
    assert _choose(monkeypatch, 1 * GIB, None) is None  # too little room: the disk
    assert _choose(monkeypatch, 3 * GIB, "/var/tmp") == "/var/tmp"  # the caller's choice


def test_on_disk_unless_asked(monkeypatch) -> None:
    assert _choose(monkeypatch, 3 * GIB, None, "disk") is None
    expected = "/dev/shm" if conftest.TEST_FILES == "memory" else None
    assert _choose(monkeypatch, 3 * GIB, None, None) == expected


def test_without_dev_shm_the_files_stay_on_disk(monkeypatch) -> None:
    monkeypatch.setenv("TMPDIR", "")  # (recorded, so restored afterwards)
    monkeypatch.delenv("TMPDIR")
    monkeypatch.setenv("LIVING_FOREST_TEST_FILES", "memory")

    def missing(path: str) -> object:
        raise FileNotFoundError(path)

    monkeypatch.setattr(os, "statvfs", missing)
    conftest._test_files_in_memory()
    assert "TMPDIR" not in os.environ
    monkeypatch.delattr(os, "statvfs")  # Windows has none
    conftest._test_files_in_memory()
    assert "TMPDIR" not in os.environ


def test_this_runs_files_are_where_the_conftest_chose(tmp_path: Path) -> None:
    where = Path(tempfile.gettempdir()).resolve()
    assert tmp_path.resolve().is_relative_to(where)
    assert Path(os.environ["LIVING_FOREST_HOME"]).resolve().is_relative_to(where)
    if os.environ.get("TMPDIR") == "/dev/shm":
        assert str(where) == os.environ["TMPDIR"]
