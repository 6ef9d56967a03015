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
