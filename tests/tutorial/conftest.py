"""Headless fixtures for the tutorial: strict catalogue, memory storage, instant speed."""

from __future__ import annotations

import pytest


def make_ctx(language: str = "en"):
    from game.ui.headless import headless_context

    return headless_context(language)


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
