"""Every fault test gets its own LIVING_FOREST_HOME, so no test touches the real folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.paths import HOME_ENV, AppPaths


@pytest.fixture
def paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppPaths:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return AppPaths.default()
