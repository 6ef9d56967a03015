"""What a widget drew in an earlier frame, blitted back while nothing it depends on changed.

Drawing is a function of what it draws (its key) and of the pixels under it: where both are
the ones kept, the kept result is exactly what drawing again would give. The pixels under it
are compared, not assumed, so anything drawn under the widget since (a highlight, a flight,
a new board layer) makes it draw again. Worth it for small, many, steady things (the table's
dozen buttons, drawn every frame: ~40 us each against ~10 for the check and the blit).
"""

from __future__ import annotations

import pygame
from pygame import Rect


def _pixels(surface: pygame.Surface, region: Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(region), "RGBX")


class KeptPixels:
    """One widget's last drawing: its key, the window pixels it covered, those pixels
    before and after it drew."""

    __slots__ = ("key", "region", "under", "over", "hits")

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.region = Rect(0, 0, 0, 0)
        self.under = b""
        self.over: pygame.Surface | None = None
        self.hits = 0  # drawings blitted back (for tests and measurements)

    def blit_back(self, surface: pygame.Surface, key: tuple, region: Rect) -> bool:
        """Blit the kept drawing if ``key`` and ``region`` are the kept ones and the pixels
        under it are the ones it was drawn over; else say it must be drawn."""
        if self.over is None or key != self.key or region != self.region:
            return False
        if _pixels(surface, region) != self.under:
            return False
        surface.blit(self.over, region)
        self.hits += 1
        return True

    def before(self, surface: pygame.Surface, key: tuple, region: Rect) -> None:
        """About to draw ``key`` over ``region``: note what lies there."""
        self.key, self.region, self.over = key, Rect(region), None
        self.under = _pixels(surface, region)

    def after(self, surface: pygame.Surface) -> None:
        """Drawn: keep the result."""
        self.over = surface.subsurface(self.region).copy()
