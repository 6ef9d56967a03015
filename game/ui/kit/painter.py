"""Drawing in logical coordinates onto a window-sized surface.

Scenes call ``Painter`` with canvas rectangles; it scales them, renders text at the window's
pixel size through the text cache, and blits pictures from ``Art``. Nothing here touches game
state.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from game.ui.kit import theme
from game.ui.kit.text import TextCache
from game.ui.kit.theme import Color
from game.ui.kit.viewport import Viewport
from game.ui.media.art import Art

_ANCHORS = (
    "topleft",
    "midtop",
    "topright",
    "midleft",
    "center",
    "midright",
    "bottomleft",
    "midbottom",
    "bottomright",
)


class Painter:
    def __init__(
        self, surface: pygame.Surface, viewport: Viewport, text: TextCache, art: Art
    ) -> None:
        self.surface = surface
        self.vp = viewport
        self.texts = text
        self.art = art
        self._alpha: dict[tuple, pygame.Surface] = {}
        self.text_scale = 1.0  # the player's interface scale (1, 1.25, 1.5): text only

    def retarget(self, surface: pygame.Surface, viewport: Viewport) -> None:
        if viewport.window != self.vp.window:
            self._alpha.clear()
        self.surface = surface
        self.vp = viewport

    # -- shapes ----------------------------------------------------------------------------

    def clear(self, color: Color = theme.LETTERBOX) -> None:
        self.surface.fill(color)

    def rect(self, r: Rect | tuple, color: Color, radius: int = 0, width: int = 0) -> None:
        pr = self.vp.rect(r)
        rad = self.vp.length(radius) if radius else 0
        w = self.vp.length(width) if width else 0
        if len(color) == 4 and width == 0:
            self._alpha_rect(pr, color, rad)
            return
        pygame.draw.rect(self.surface, color[:3], pr, w, border_radius=rad)

    def _alpha_rect(self, pr: Rect, color: Color, rad: int) -> None:
        key = (pr.size, color, rad)
        surf = self._alpha.get(key)
        if surf is None:
            surf = pygame.Surface(pr.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, color, surf.get_rect(), border_radius=rad)
            if len(self._alpha) > 500:
                self._alpha.clear()
            self._alpha[key] = surf
        self.surface.blit(surf, pr)

    def line(
        self, a: tuple[float, float], b: tuple[float, float], color: Color, width: int = 2
    ) -> None:
        pygame.draw.line(
            self.surface, color[:3], self.vp.point(a), self.vp.point(b), self.vp.length(width)
        )

    def circle(
        self, centre: tuple[float, float], radius: float, color: Color, width: int = 0
    ) -> None:
        pygame.draw.circle(
            self.surface,
            color[:3],
            self.vp.point(centre),
            self.vp.length(radius),
            self.vp.length(width) if width else 0,
        )

    # -- text ------------------------------------------------------------------------------

    def px(self, size: int) -> int:
        """A text size in window pixels: the canvas scale times the interface scale (text
        that has a width to keep to shrinks back into it)."""
        return max(6, round(size * self.vp.scale * self.text_scale))

    def text_size(self, s: str, size: int = theme.BODY, bold: bool = False) -> tuple[int, int]:
        """Logical width and height of a one-line text."""
        w, h = self.texts.font(self.px(size), bold).size(s)
        return (round(w / self.vp.scale), round(h / self.vp.scale))

    def text(
        self,
        s: str,
        pos: tuple[float, float],
        size: int = theme.BODY,
        color: Color = theme.TEXT,
        anchor: str = "topleft",
        bold: bool = False,
        max_width: float | None = None,
    ) -> Rect:
        """One line of text; returns its logical rect. Too long → shrunk to ``max_width``."""
        if not s:
            return Rect(round(pos[0]), round(pos[1]), 0, 0)
        px = self.px(size)
        surf = self.texts.render(s, px, color, bold)
        if max_width is not None:
            limit = self.vp.length(max_width)
            while surf.get_width() > limit and px > 8:
                px = max(8, int(px * 0.9))
                surf = self.texts.render(s, px, color, bold)
        dest = surf.get_rect(**{anchor: self.vp.point(pos)})
        self.surface.blit(surf, dest)
        s_ = self.vp.scale
        return Rect(
            round((dest.x - self.vp.ox) / s_),
            round((dest.y - self.vp.oy) / s_),
            round(dest.w / s_),
            round(dest.h / s_),
        )

    def text_box(
        self,
        s: str,
        r: Rect,
        size: int = theme.BODY,
        color: Color = theme.TEXT,
        align: str = "left",
        bold: bool = False,
        valign: str = "top",
        line_gap: float = 1.15,
    ) -> int:
        """Wrapped text inside ``r``; returns the logical height used."""
        px = self.px(size)
        pr = self.vp.rect(r)
        lines = self.texts.wrap(s, px, pr.w, bold)
        step = round(self.texts.font(px, bold).get_linesize() * line_gap / 1.15)
        total = step * len(lines)
        y = pr.y
        if valign == "center":
            y = pr.y + (pr.h - total) // 2
        elif valign == "bottom":
            y = pr.bottom - total
        for line in lines:
            if line:
                surf = self.texts.render(line, px, color, bold)
                if align == "center":
                    x = pr.x + (pr.w - surf.get_width()) // 2
                elif align == "right":
                    x = pr.right - surf.get_width()
                else:
                    x = pr.x
                self.surface.blit(surf, (x, y))
            y += step
        return round(total / self.vp.scale)

    def text_height(
        self,
        s: str,
        width: float,
        size: int = theme.BODY,
        bold: bool = False,
        line_gap: float = 1.15,
    ) -> int:
        """The logical height ``text_box`` needs for ``s`` in a box ``width`` wide. Measured
        one pixel narrower than the box's rounded width: wherever the box sits, its pixel
        width (both edges rounded) is at least that, so the text never wraps to more lines
        than measured."""
        px = self.px(size)
        lines = self.texts.wrap(s, px, max(1, self.vp.length(width) - 1), bold)
        step = round(self.texts.font(px, bold).get_linesize() * line_gap / 1.15)
        return round(step * len(lines) / self.vp.scale)

    # -- pictures --------------------------------------------------------------------------

    def image(
        self, name: str, *args: Any, rect: Rect | tuple, fit: bool = False, alpha: int = 255
    ) -> Rect:
        """Blit ``Art.image(name, *args)`` into ``rect``; ``fit`` keeps the picture's aspect
        inside the rect (the picture's natural aspect is read from the art)."""
        pr = self.vp.rect(rect)
        if fit:
            aspect = ASPECT.get(name, 1.0)
            w = min(pr.w, round(pr.h * aspect))
            h = min(pr.h, round(w / aspect))
            centre = pr.center
            pr = Rect(0, 0, max(1, w), max(1, h))
            pr.center = centre
        surf = self.art.image(name, *args, size=pr.size)
        if alpha < 255:
            surf = surf.copy()
            surf.set_alpha(alpha)
        self.surface.blit(surf, pr)
        return pr

    def blit(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        """Blit a window-pixel surface (e.g. a cached layer) at window pixels."""
        self.surface.blit(surf, pos)


ASPECT = {
    "card_face": 0.72,
    "card_back": 0.72,
    "standee": 2 / 3,
    "forest_board": 1.6,
    "background": 16 / 9,
}
