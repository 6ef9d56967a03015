"""Rendered text, cached: a frame never renders the same string twice.

The cache is keyed by (text, pixel size, colour, bold); the least recently drawn texts go
once their pixels pass ``TEXT_BUDGET`` (``SurfaceCache``), and all of them when the window is
resized, so memory stays bounded however many log lines a session writes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit.line_breaks import break_lines, word_estimates
from game.ui.kit.surface_cache import SurfaceCache
from game.ui.kit.theme import Color

FontSource = Callable[[int, bool], pygame.font.Font]
_LIMIT = 4000  # wrapped texts (lists of lines: small)
TEXT_BUDGET = 16 * 2**20  # rendered texts' pixels: a frame's texts and many more


def default_fonts() -> FontSource:
    """The bundled fonts (``game/ui/media/fonts.py``): Latin and Hangul, the same everywhere."""
    from game.ui.media.fonts import Fonts

    return Fonts().get


class TextCache:
    def __init__(self, fonts: FontSource | None = None) -> None:
        self.fonts = fonts or default_fonts()
        self._surfaces = SurfaceCache(TEXT_BUDGET)
        self._wraps: dict[tuple[str, int, int, bool], list[str]] = {}
        self._middles: dict[tuple[int, bool], int] = {}
        self._advances: dict[tuple[str, bool], tuple[int, list[int]]] = {}

    def clear(self) -> None:
        self._surfaces.clear()
        self._wraps.clear()
        self._middles.clear()
        self._advances.clear()

    def ink_middle(self, px: int, bold: bool = False) -> int:
        """How far below the middle of a rendered line its letters' middle lies (pixels):
        the bundled fonts keep more room above the letters than below them."""
        key = (px, bold)
        middle = self._middles.get(key)
        if middle is None:
            surf = self.font(px, bold).render("Hg(y0", True, (255, 255, 255))
            middle = surf.get_bounding_rect().centery - surf.get_height() // 2
            self._middles[key] = middle
        return middle

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        return self.fonts(max(6, px), bold)

    def render(self, text: str, px: int, color: Color, bold: bool = False) -> pygame.Surface:
        key = (text, px, color, bold)
        surf = self._surfaces.get(key)
        if surf is None:
            surf = self.font(px, bold).render(text, True, color)
            if len(color) == 4:
                surf.set_alpha(color[3])
            self._surfaces.put(key, surf)
        return surf

    def wrap(self, text: str, px: int, width: int, bold: bool = False) -> list[str]:
        """Lines of ``text`` that fit ``width`` pixels (newlines kept)."""
        key = (text, px, width, bold)
        lines = self._wraps.get(key)
        if lines is None:
            font = self.font(px, bold)

            def measure(s: str) -> int:
                return font.size(s)[0]

            space = _advance(font, " ")
            lines = []
            for para in text.split("\n"):
                words = para.split(" ")
                estimates = self._estimates(font, para, words, px, bold)
                lines += break_lines(words, width, measure, estimates, space)
            if len(self._wraps) > _LIMIT:
                self._wraps.clear()
            self._wraps[key] = lines
        return lines

    def _estimates(
        self, font: pygame.font.Font, para: str, words: list[str], px: int, bold: bool
    ) -> list[int]:
        """Each word's estimated width at ``px`` (``break_lines``' guide): its letters'
        advances, read once per paragraph at the first size asked and scaled to the
        others (a note is laid out at many sizes and widths)."""
        known = self._advances.get((para, bold))
        if known is None:
            advances = [m[4] if m else 0 for m in font.metrics(para)]
            if len(advances) != len(para):  # (only a guide: none is a slow one)
                advances = [0] * len(para)
            if len(self._advances) > _LIMIT:
                self._advances.clear()
            known = self._advances[para, bold] = (px, word_estimates(words, advances))
        at, estimates = known
        return estimates if at == px else [e * px // at for e in estimates]


def _advance(font: pygame.font.Font, letter: str) -> int:
    metrics = font.metrics(letter)[0]
    return metrics[4] if metrics else 0
