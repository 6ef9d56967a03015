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
from game.ui.kit.surface_cache import SurfaceCache
from game.ui.kit.text import TextCache
from game.ui.kit.theme import INK_HEIGHT, Color
from game.ui.kit.viewport import Viewport
from game.ui.media.art import Art

_MIDDLE = ("midleft", "center", "midright")
ALPHA_BUDGET = 32 * 2**20  # translucent boxes (one may be the whole window: 8 MB)
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
        self,
        surface: pygame.Surface,
        viewport: Viewport,
        text: TextCache,
        art: Art,
        reuse: bool = False,
    ) -> None:
        """``reuse``: widgets may blit back the pixels they drew in an earlier frame where
        nothing changed (``Button``; the app's window painter). A painter that records its
        calls (tests) keeps the default, so it sees every one."""
        self.reuse = reuse
        self.surface = surface
        self.vp = viewport
        self.texts = text
        self.art = art
        self._alpha = SurfaceCache(ALPHA_BUDGET)  # translucent boxes by size, colour, radius
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
            self._alpha.put(key, surf)
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

    def px(self, size: int, room: float | None = None) -> int:
        """A text size in window pixels: the canvas scale times the interface scale (text
        that has a width to keep to shrinks back into it). ``room``: the logical height of
        the band the line is centred in; the interface scale grows the line only as far as
        its letters stay in it (``INK_HEIGHT``), and never below its size at 100%."""
        base = size * self.vp.scale
        px = base * self.text_scale
        if room is not None:
            px = max(base, min(px, room * self.vp.scale / INK_HEIGHT))
        return max(6, round(px))

    def em(self, size: int, room: float | None = None) -> float:
        """The logical size ``text`` writes ``size`` at (``room`` as in ``px``): what a
        label's neighbours make room for."""
        return self.px(size, room) / self.vp.scale

    def text_size(
        self, s: str, size: int = theme.BODY, bold: bool = False, room: float | None = None
    ) -> tuple[int, int]:
        """Logical width and height of a one-line text."""
        w, h = self.texts.font(self.px(size, room), bold).size(s)
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
        room: float | None = None,
    ) -> Rect:
        """One line of text; returns its logical rect. Too long → shrunk to ``max_width``;
        ``room``: the height of the band it is centred in, which its letters grow to fill
        (``px``); such a line is centred by its letters, not by its font's line."""
        if not s:
            return Rect(round(pos[0]), round(pos[1]), 0, 0)
        surf, dest = self.line_at(s, pos, size, color, anchor, bold, max_width, room)
        self.surface.blit(surf, dest)
        s_ = self.vp.scale
        return Rect(
            round((dest.x - self.vp.ox) / s_),
            round((dest.y - self.vp.oy) / s_),
            round(dest.w / s_),
            round(dest.h / s_),
        )

    def line_at(
        self,
        s: str,
        pos: tuple[float, float],
        size: int = theme.BODY,
        color: Color = theme.TEXT,
        anchor: str = "topleft",
        bold: bool = False,
        max_width: float | None = None,
        room: float | None = None,
    ) -> tuple[pygame.Surface, Rect]:
        """The line ``text`` writes for these arguments, and where (window pixels)."""
        px, surf = self.render_line(s, size, color, bold, max_width, room)
        dest = surf.get_rect(**{anchor: self.vp.point(pos)})
        if room is not None and anchor in _MIDDLE:
            dest.y -= self.texts.ink_middle(px, bold)
        return surf, dest

    def render_line(
        self,
        s: str,
        size: int,
        color: Color,
        bold: bool = False,
        max_width: float | None = None,
        room: float | None = None,
    ) -> tuple[int, pygame.Surface]:
        """The line ``text`` writes, and its size in window pixels: at ``px(size, room)``,
        or the largest size below that fits ``max_width``."""
        px = self.px(size, room)
        surf = self.texts.render(s, px, color, bold)
        if max_width is not None:
            limit = self.vp.length(max_width)
            start = px
            while surf.get_width() > limit and px > 8:
                # width grows about linearly with size: jump close, then step down...
                px = max(8, min(px - 1, int(px * limit / surf.get_width())))
                surf = self.texts.render(s, px, color, bold)
            while px + 1 < start:  # ...and back up: the largest size that fits is kept
                wider = self.texts.render(s, px + 1, color, bold)
                if wider.get_width() > limit:
                    break
                px, surf = px + 1, wider
        return px, surf

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
        fit: bool = False,
    ) -> int:
        """Wrapped text inside ``r``; returns the logical height used. ``fit``: the
        interface scale grows it only as far as its lines still fit ``r``'s height (never
        below its size at 100%)."""
        px = self.px(size)
        pr = self.vp.rect(r)
        if fit:
            base = self.px(size, room=0)
            while px > base and self._box_height(s, px, pr.w, bold, line_gap) > pr.h:
                px = max(base, int(px * 0.94))
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

    def _box_height(self, s: str, px: int, width: int, bold: bool, line_gap: float) -> int:
        """The window height ``text_box`` takes for ``s`` at ``px`` in ``width`` pixels."""
        step = round(self.texts.font(px, bold).get_linesize() * line_gap / 1.15)
        return step * len(self.texts.wrap(s, px, width, bold))

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
        surf = self.art.image(name, *args, size=pr.size, text_scale=self.text_scale)
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
