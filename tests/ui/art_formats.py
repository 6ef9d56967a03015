"""Art for tests that draw without a window: the sprites converted to the pixel formats the
test surfaces use, as the app's own sprites are converted to the window's (``Sprites`` can
only ``convert`` with a display, so without one it keeps each file's format, and every blit
of a picture onto a test's surface swizzled its bytes: ~20% of those tests' time). What is
measured (where pictures and words land, their sizes) does not depend on the format."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.media.art import Art
from game.ui.media.sprites import Sprites


class ConvertedSprites(Sprites):
    """``Sprites`` whose originals are converted as they load, display or not."""

    def original(self, name: str) -> pygame.Surface:
        surf = self._originals.get(name)
        if surf is None:
            surf = super().original(name)
            if pygame.display.get_surface() is None:  # (with one, already converted)
                alpha = pygame.SRCALPHA if name.endswith(".png") else 0
                surf = surf.convert(pygame.Surface((1, 1), alpha, 32))
                self._originals[name] = surf
        return surf


def converted_art(label: Callable[[str], str] | None = None) -> Art:
    return Art(sprites=ConvertedSprites(label=label))
