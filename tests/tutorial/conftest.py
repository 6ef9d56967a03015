"""Headless fixtures for the tutorial: strict catalogue, memory storage, instant speed."""

from __future__ import annotations

import pytest


def make_ctx(language: str = "en"):
    from game.i18n import Catalog
    from game.ui.art import Art
    from game.ui.context import Context, MemoryStorage
    from game.ui.scenes.registry import all_scenes

    catalog = Catalog.load(language, strict=True)
    c = Context(tr=catalog.tr, art=Art(), storage=MemoryStorage(), has_key=catalog.has)
    c.scenes = all_scenes()
    c.settings.speed = "instant"
    return c


@pytest.fixture
def ctx():
    return make_ctx("en")


@pytest.fixture
def app(ctx):
    import pygame

    from game.ui.app import TableApp

    a = TableApp(ctx, (1280, 720))
    yield a
    pygame.display.quit()
