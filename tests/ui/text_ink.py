"""A painter that notes where the ink of every text it writes lands (window pixels) and at
what size, and every picture it draws: for tests that words never leave their places nor
overlap each other or an icon, at any interface scale."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pygame
from pygame import Rect

from game.i18n import Catalog
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.text import TextCache
from game.ui.media.art import Art
from game.ui.table.layout import Layout
from tests.ui.art_formats import converted_art

# pictures that carry meaning a word must not cover (card faces and backs carry badges)
ICONS = frozenset(
    {"tree", "element_icon", "coin", "fragment", "fire_tile", "victory_tile", "sacred_tree",
     "level_mark"}
)  # fmt: skip
CONTAINERS = ("panel", "dialog", "forest_focus", "circle", "banner", "log", "prompt", "keys")


@dataclass(frozen=True)
class Ink:
    text: str
    px: int  # the size it was written at (after shrinking to its width)
    rect: Rect  # its ink's bounding box, window pixels


@dataclass(frozen=True)
class Box:
    text: str
    rect: Rect  # the box it was wrapped in (logical)
    used: int  # the logical height its lines took


class InkRecorder(Painter):
    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.inks: list[Ink] = []
        self.boxes: list[Box] = []
        self.pictures: list[tuple[str, tuple, Rect]] = []  # name, args, window rect
        self.placed: list[tuple[str, tuple, Rect]] = []  # the same, logical rects
        self.fills: list[Rect] = []  # filled boxes (badges, chips, panels), logical
        self._last: tuple[int, pygame.Surface] | None = None

    def render_line(self, *args: Any, **kw: Any) -> tuple[int, pygame.Surface]:
        self._last = super().render_line(*args, **kw)
        return self._last

    def text(
        self,
        s: str,
        pos: tuple[float, float],
        size: int = theme.BODY,
        color: Any = theme.TEXT,
        anchor: str = "topleft",
        bold: bool = False,
        max_width: float | None = None,
        room: float | None = None,
    ) -> Rect:
        self._last = None
        r = super().text(s, pos, size, color, anchor, bold, max_width, room)
        if s and self._last is not None:
            px, surf = self._last
            dest = surf.get_rect(**{anchor: self.vp.point(pos)})
            if room is not None and anchor in ("midleft", "center", "midright"):
                dest.y -= self.texts.ink_middle(px, bold)  # as ``Painter.text`` places it
            ink = surf.get_bounding_rect()
            if ink.w and ink.h:
                self.inks.append(Ink(s, px, ink.move(dest.topleft)))
        return r

    def text_box(self, s: str, r: Rect, *args: Any, **kw: Any) -> int:
        used = super().text_box(s, r, *args, **kw)
        self.boxes.append(Box(s, Rect(r), used))
        return used

    def rect(self, r: Rect | tuple, color: Any, radius: int = 0, width: int = 0) -> None:
        if width == 0:
            self.fills.append(Rect(r))
        super().rect(r, color, radius, width)

    def image(self, name: str, *args: Any, rect: Rect | tuple, **kw: Any) -> Rect:
        drawn = super().image(name, *args, rect=rect, **kw)
        self.pictures.append((name, args, Rect(drawn)))
        self.placed.append((name, args, Rect(rect)))
        return drawn


@cache
def shared_art(language: str) -> Art:
    """One ``Art`` per language for a test process's boards: its pictures are cached by
    name, size, words and scale, so a fresh one would draw the very same pixels, only
    scaling and lettering them all again first."""
    return converted_art(Catalog.load(language).tr)


@cache
def shared_texts() -> TextCache:
    """One ``TextCache`` (lines cached by text, size, colour and weight), as ``shared_art``."""
    return TextCache()


def leaf_zones(layout: Layout) -> dict[str, Rect]:
    """The layout's places that hold words themselves (not the panels around them)."""
    return {
        name: r
        for name, r in layout.zones.items()
        if not name.startswith("expand_") and not any(name.endswith(c) for c in CONTAINERS)
    }


def misplaced(p: InkRecorder, zones: dict[str, Rect]) -> list[str]:
    """Words whose ink leaves the place they are written in (the smallest zone holding the
    ink's centre), or lies in none."""
    out = []
    places = [(r.w * r.h, name, p.vp.rect(r)) for name, r in zones.items()]  # window pixels
    for ink in p.inks:
        holding = [z for z in places if z[2].collidepoint(ink.rect.center)]
        if not holding:
            out.append(f"{ink.text!r} {ink.rect}: in no place")
            continue
        _, name, place = min(holding)
        if not place.inflate(2, 2).contains(ink.rect):
            out.append(f"{ink.text!r} {ink.rect} leaves {name} {place}")
    return out


def overlaps(p: InkRecorder) -> list[str]:
    """Pairs of words whose ink overlaps, and words over an icon."""
    out = []
    inks = [i for i in p.inks if i.rect.w > 1 and i.rect.h > 1]
    cores = [i.rect.inflate(-2, -2) for i in inks]  # (the pairs are found by pygame, in C)
    icons = [(name, args, r) for name, args, r in p.pictures if name in ICONS]
    icon_cores = [r.inflate(-2, -2) for _, _, r in icons]
    for k, a in enumerate(inks):
        for j in cores[k].collidelistall(cores[k + 1 :]):
            b = inks[k + 1 + j]
            out.append(f"{a.text!r} {a.rect} over {b.text!r} {b.rect}")
        for j in cores[k].collidelistall(icon_cores):
            name, args, r = icons[j]
            out.append(f"{a.text!r} {a.rect} over {name}{args} {r}")
    return out


def overfull(p: InkRecorder) -> list[str]:
    """Wrapped texts taller than their box."""
    return [f"{b.text!r}: {b.used} > {b.rect.h}" for b in p.boxes if b.used > b.rect.h + 1]
