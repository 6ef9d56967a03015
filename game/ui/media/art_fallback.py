"""Placeholder art: plain shapes and numbers with the same API as ``sprites.Sprites``.

Used only when the real sprites are missing (a checkout without built assets), so the table
always runs; ``art.Art`` picks the real sprites whenever they exist.
"""

from __future__ import annotations

import pygame

from game.data import ELEMENTS, animals, trees
from game.ui.kit import theme
from game.ui.kit.surface_cache import SurfaceCache
from game.ui.media.fonts import Fonts

Size = int | tuple[int, int]
FALLBACK_BUDGET = 16 * 2**20


def _wh(size: Size) -> tuple[int, int]:
    return (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))


class FallbackArt:
    """Simple drawings, cached by name and size."""

    def __init__(self) -> None:
        self._cache = SurfaceCache(FALLBACK_BUDGET)
        self.fonts = Fonts()

    def _label(self, surf: pygame.Surface, text: str, color: theme.Color, rel_y: float) -> None:
        w, h = surf.get_size()
        px = max(8, min(h // 5, w // max(3, len(text) // 2 + 1)))
        img = self.fonts.get(px, True).render(text, True, color)
        surf.blit(img, img.get_rect(center=(w // 2, round(h * rel_y))))

    def _make(
        self,
        key: tuple,
        size: Size,
        fill: theme.Color,
        text: str = "",
        round_: bool = False,
        text_color: theme.Color = theme.TEXT_DARK,
    ) -> pygame.Surface:
        wh = _wh(size)
        cached = self._cache.get((key, wh))
        if cached is not None:
            return cached
        surf = pygame.Surface(wh, pygame.SRCALPHA)
        r = surf.get_rect()
        if round_:
            pygame.draw.ellipse(surf, fill, r)
            pygame.draw.ellipse(surf, (20, 20, 20), r, max(1, wh[0] // 30))
        else:
            rad = max(2, min(wh) // 10)
            pygame.draw.rect(surf, fill, r, border_radius=rad)
            pygame.draw.rect(surf, (20, 20, 20), r, max(1, wh[0] // 40), border_radius=rad)
        if text:
            self._label(surf, text, text_color, 0.5)
        return self._cache.put((key, wh), surf)

    def card_face(self, card_id: int, size: Size) -> pygame.Surface:
        card = animals()[card_id]
        fill = {0: (230, 224, 200), -1: (200, 80, 60)}.get(card.level, (200, 230, 190))
        elems = " ".join(
            f"{e[0].upper()}{v:+d}" for e, v in zip(ELEMENTS, card.elements, strict=True) if v
        )
        return self._make(("card", card_id), size, fill, f"{card.name} {elems}")

    def card_art(self, card_id: int, size: Size) -> pygame.Surface:
        return self.card_face(card_id, size)

    def card_back(self, size: Size) -> pygame.Surface:
        return self._make(("back",), size, (70, 110, 80))

    def tree(self, kind: int | str, size: Size) -> pygame.Surface:
        label = "S" if kind == "start" else trees()[int(kind)].id
        return self._make(("tree", kind), size, (90, 160, 80), label, round_=True)

    def fire_tile(self, value: int, size: Size) -> pygame.Surface:
        return self._make(("fire", value), size, (240, 120, 40), str(value))

    def fragment(self, size: Size) -> pygame.Surface:
        return self._make(("fragment",), size, (120, 210, 200), "F")

    def victory_tile(self, kind: str, season: str, size: Size) -> pygame.Surface:
        return self._make(("victory", kind, season), size, (240, 230, 200), kind[:2].upper())

    def element_icon(self, name: str, size: Size) -> pygame.Surface:
        colour = theme.ELEMENT_COLOURS[ELEMENTS.index(name)]
        return self._make(("elem", name), size, colour, name[0].upper(), round_=True)

    def coin(self, symbol: str, size: Size) -> pygame.Surface:
        fill = (20, 20, 20) if symbol == "solitary" else (250, 250, 250)
        return self._make(("coin", symbol), size, fill, round_=True)

    def level_mark(self, level: int, size: Size) -> pygame.Surface:
        return self._make(("level", level), size, (240, 240, 200), str(level), round_=True)

    def standee(self, season: str, size: Size) -> pygame.Surface:
        seasons = ("spring", "summer", "autumn", "winter")
        colour = theme.SEASON_COLOURS[seasons.index(season)]
        return self._make(("standee", season), size, colour, round_=True)

    def sacred_tree(self, size: Size) -> pygame.Surface:
        return self._make(("sacred",), size, (60, 140, 60), "ST", round_=True)

    def forest_board(self, size: Size) -> pygame.Surface:
        return self._make(("forest",), size, (110, 84, 56))

    def circle(self, size: Size) -> pygame.Surface:
        return self._make(("circle",), size, (70, 110, 74), round_=True)

    def background(self, size: Size) -> pygame.Surface:
        return self._make(("bg",), size, theme.BG)
