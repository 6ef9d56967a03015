from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.app import atomic
from game.app.atomic import (
    FileTooLarge,
    move_aside,
    read_bytes_limited,
    write_bytes_atomic,
    write_json_atomic,
)
from game.app.paths import HOME_ENV, AppPaths


def test_home_env_moves_every_folder(tmp_path: Path) -> None:
    p = AppPaths.default({HOME_ENV: str(tmp_path)})
    for folder in (p.settings, p.autosave, p.stats, p.replays, p.quarantine):
        assert tmp_path in folder.parents


def test_default_uses_platformdirs_outside_any_home() -> None:
    p = AppPaths.default({})
    assert "LivingForest" in str(p.config) and "LivingForest" in str(p.data)


def test_atomic_write_keeps_the_previous_file_as_backup(tmp_path: Path) -> None:
    target, bak = tmp_path / "a" / "save.json", tmp_path / "a" / "save.bak.json"
    write_json_atomic(target, {"n": 1}, backup=bak)
    assert not bak.exists()
    write_json_atomic(target, {"n": 2}, backup=bak)
    assert target.read_text().replace(" ", "").replace("\n", "") == '{"n":2}'
    assert '"n": 1' in bak.read_text()
    assert [p.name for p in target.parent.iterdir() if p.suffix == ".tmp"] == []


def test_transient_permission_error_is_retried(tmp_path: Path, monkeypatch) -> None:
    real, calls = os.replace, []

    def flaky(a, b):
        calls.append(a)
        if len(calls) <= 2:
            raise PermissionError("locked by a virus scanner")
        real(a, b)

    monkeypatch.setattr(atomic.os, "replace", flaky)
    write_bytes_atomic(tmp_path / "f.json", b"{}", sleep=lambda s: None)
    assert (tmp_path / "f.json").read_bytes() == b"{}"
    assert len(calls) == 3


def test_lasting_permission_error_raises_and_leaves_no_temp_file(
    tmp_path: Path, monkeypatch
) -> None:
    (tmp_path / "f.json").write_bytes(b"old")

    def locked(a, b):
        raise PermissionError("locked")

    monkeypatch.setattr(atomic.os, "replace", locked)
    with pytest.raises(PermissionError):
        write_bytes_atomic(tmp_path / "f.json", b"new", sleep=lambda s: None)
    assert (tmp_path / "f.json").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_read_limit(tmp_path: Path) -> None:
    f = tmp_path / "big.json"
    f.write_bytes(b"x" * 101)
    with pytest.raises(FileTooLarge):
        read_bytes_limited(f, 100)
    assert read_bytes_limited(f, 101) == b"x" * 101


def test_move_aside_never_overwrites(tmp_path: Path) -> None:
    moved = []
    for i in range(3):
        f = tmp_path / "autosave.json"
        f.write_text(str(i))
        moved.append(move_aside(f, tmp_path / "damaged"))
        assert not f.exists()
    assert len({m for m in moved if m}) == 3
    assert sorted(m.read_text() for m in moved if m) == ["0", "1", "2"]
