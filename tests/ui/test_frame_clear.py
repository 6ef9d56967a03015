"""A frame whose first scene paints the whole canvas (the table's board layer) is not cleared
first (``Scene.covers_window``): the window shows the same pixels as a cleared frame, while
a letterboxed window and the other scenes are still cleared."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import TableApp
from game.ui.headless import headless_context
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from game.ui.table.match import Match, Seat

SENTINEL = (250, 0, 250)


def frame_over_sentinel(app: TableApp) -> bytes:
    app.window.fill(SENTINEL)
    app.draw()
    return pygame.image.tobytes(app.window, "RGB")


def cleared_frame(app: TableApp) -> bytes:
    """The frame as drawn before: the window cleared, then the scenes in the canvas."""
    app.painter.clear()
    app.window.set_clip(app.viewport.area)
    app.stack.draw(app.painter)
    app.window.set_clip(None)
    return pygame.image.tobytes(app.window, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (1000, 700)])
def test_a_table_frame_is_the_cleared_frame_with_or_without_the_clear(size) -> None:
    ctx = headless_context()
    app = TableApp(ctx, size)
    try:
        match = Match.new([Seat("Ana", "human"), Seat("Bo", "easy")], 4, first_player=0)
        app.stack.push(TableScene(ctx, match))
        for _ in range(3):
            app.step(1 / 60)
        assert app.stack.covers_window()
        assert frame_over_sentinel(app) == cleared_frame(app)
        app.stack.push(MenuScene(ctx))
        assert not app.stack.covers_window()
        app.step(1 / 60)
        assert frame_over_sentinel(app) == cleared_frame(app)
    finally:
        pygame.display.quit()
