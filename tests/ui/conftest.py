"""Headless table fixtures: strict catalogue, memory storage, the built-in AI."""

from __future__ import annotations

import os

import pytest

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
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
def app(ctx):
    import pygame

    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()
