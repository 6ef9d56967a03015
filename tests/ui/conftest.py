"""Headless table fixtures: strict catalogue, memory storage, the built-in AI."""

from __future__ import annotations

import os

import pytest

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    return headless_context()


@pytest.fixture
def app(ctx):
    import pygame

    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()
