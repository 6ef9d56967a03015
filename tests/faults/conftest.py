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
    from game.i18n import Catalog
    from game.ui.ai_seat import BuiltinAi
    from game.ui.art import Art
    from game.ui.context import Context, MemoryStorage
    from game.ui.scenes.registry import all_scenes

    catalog = Catalog.load("en", strict=True)
    c = Context(tr=catalog.tr, art=Art(), storage=MemoryStorage(), has_key=catalog.has)
    c.scenes = all_scenes()
    c.ai_factory = lambda level, seat, seed=0: BuiltinAi(level, seat)
    c.settings.speed = "instant"
    return c


@pytest.fixture
def app(ctx):  # noqa: ANN001, ANN201 - the app shell without a window
    import pygame

    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()
