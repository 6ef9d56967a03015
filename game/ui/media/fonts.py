"""The game's bundled fonts (Noto Sans CJK KR subset: Latin and Hangul, regular and bold).

The table asks ``Fonts.get(size, bold)`` for every text; nothing falls back to a system font
or to pygame's default one, so Korean renders the same on every machine.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.resources import asset

REGULAR = "NotoSansKR-Regular.otf"
BOLD = "NotoSansKR-Bold.otf"


class Fonts:
    """Cached ``pygame.font.Font`` objects by (size, bold); one instance per app."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    @staticmethod
    def path(bold: bool = False) -> Path:
        path = asset("fonts", BOLD if bold else REGULAR)
        if not path.is_file():
            raise FileNotFoundError(f"font missing: {path} (run tools/build_assets.py fonts)")
        return path

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled font at ``size`` px (initialises pygame.font if needed)."""
        if size <= 0:
            raise ValueError(f"font size must be positive, got {size}")
        key = (int(size), bool(bold))
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(self.path(bold), key[0])
            self._cache[key] = font
        return font

    def fit(
        self, text: str, width: int, size: int, min_size: int = 1, bold: bool = False
    ) -> int | None:
        """The largest size up to ``size`` at which ``text`` is at most ``width`` px wide, or
        ``None`` if even ``min_size`` is too wide (or ``size`` is below ``min_size``)."""
        px = int(size)
        while px >= max(1, min_size):
            w = self.get(px, bold).size(text)[0]
            if w <= width:
                return px
            # Width grows about linearly with size: jump close, then step down.
            px = min(px - 1, int(px * width / max(1, w)) + 1)
        return None
