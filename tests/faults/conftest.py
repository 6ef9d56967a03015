"""Every fault test gets its own LIVING_FOREST_HOME, so no test touches the real folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.paths import HOME_ENV, AppPaths


@pytest.fixture
def paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppPaths:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return AppPaths.default()


@pytest.fixture
def ctx():  # noqa: ANN201 - a headless table context: strict catalogue, memory storage
    from game.ui.headless import headless_context

    return headless_context()


@pytest.fixture
def app(ctx):  # noqa: ANN001, ANN201 - the app shell without a window
    import pygame

    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()


@pytest.fixture
def deny(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201 - a function that locks a folder
    """``deny(folder)``: every file call under ``folder`` fails with ``PermissionError`` from
    now on, as for a folder whose permissions shut the player out (the tests run as root,
    for whom ``chmod 000`` changes nothing)."""
    import errno
    import io
    import os

    locked: list[str] = []

    def under(path: object) -> bool:
        if isinstance(path, int) or not isinstance(path, str | bytes | os.PathLike):
            return False
        p = os.fsdecode(os.fspath(path))
        return any(p == f or p.startswith(f + os.sep) for f in locked)

    def guard(fn):  # noqa: ANN001, ANN202
        def wrapped(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
            if under(path):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
            return fn(path, *args, **kwargs)

        return wrapped

    for name in ("stat", "lstat", "open", "mkdir", "scandir", "listdir", "replace", "unlink"):
        monkeypatch.setattr(os, name, guard(getattr(os, name)))
    monkeypatch.setattr(io, "open", guard(io.open))

    def lock(folder: Path) -> None:
        locked.append(str(folder))

    return lock
