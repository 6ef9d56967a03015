"""The table's cached board layer: the board, the log and the banner drawn once per change
into a surface the size of the window; each frame blits it and adds only highlights,
animations and the pointer's help."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit.painter import Painter
from game.ui.table.seat_cache import SeatCache


class BoardLayer:
    """One cached surface, redrawn when its key changes (or after ``invalidate``)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple = ()
        self.dirty = True
        self.seats = SeatCache()  # the panels as last drawn into it (``BoardView.render``)

    def invalidate(self) -> None:
        self.dirty = True

    def drop(self) -> None:
        """A new window size or language: the surface goes too."""
        self.surface = None
        self.dirty = True
        self.seats.clear()

    def draw(self, p: Painter, key: tuple, render: Callable[[Painter], None]) -> None:
        """Blit the layer, first redrawing it with ``render`` if ``key`` changed."""
        if self.surface is None or self.dirty or key != self.key:
            size = p.surface.get_size()
            if self.surface is None or self.surface.get_size() != size:
                surface = pygame.Surface(size)
                self.surface = surface.convert() if pygame.display.get_surface() else surface
            lp = Painter(self.surface, p.vp, p.texts, p.art)
            lp.text_scale = p.text_scale
            lp.clear()
            render(lp)
            self.key = key
            self.dirty = False
        p.blit(self.surface, (0, 0))
