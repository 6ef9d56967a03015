"""Each seat's panel as last drawn into the board layer, kept to be blitted back while
nothing it shows has changed; and the shared parts under them (the background, the Reserve,
the supplies, the circle: ``SeatCache.shared``), kept the same way.

The board layer is drawn again whenever anything on it changes (an event shown, the active
seat, the log), and the panels are most of its cost (~3 of 4-5 ms at 1280x720, 4 players)
while one event changes one seat, or two. A panel's pixels are a function of what lies under
it and what it shows (``seat_key``): when its place holds only the background (nothing
drawn before it in this redraw reaches it: ``SeatCache.open``) and its key is the one kept,
the kept pixels and hit targets are exactly what drawing it again would give. Everything a
seat draws lies in ``seat_region`` (``tests/ui/test_seat_cache.py`` checks it on the ink,
and that a cached layer equals one drawn afresh, state after state).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.ui.kit.painter import Painter
from game.ui.table.layout import PLAYER_ZONES, Layout
from game.ui.table.targets import Target

EDGE = 3  # the active seat's edge lies this far (logical px) outside its panel


def seat_zones(layout: Layout, seat: int, tray: bool) -> tuple[tuple[int, int, int, int], ...]:
    """The seat's places on the layout (the tray's pile note too): part of its key."""
    rects = [layout.player(seat, z) for z in PLAYER_ZONES]
    if tray:
        rects.append(layout["pile_note"])
    return tuple((r.x, r.y, r.w, r.h) for r in map(Rect, rects))


def seat_region(p: Painter, zones: Sequence[tuple[int, int, int, int]]) -> Rect:
    """The window pixels a seat's panel may touch: its places and the active edge."""
    panel = Rect(zones[0])  # PLAYER_ZONES starts with the panel
    region = p.vp.rect(panel.inflate(2 * EDGE, 2 * EDGE))
    return region.unionall([p.vp.rect(z) for z in zones[1:]])


@dataclass
class _Kept:
    key: tuple
    region: Rect
    form: tuple  # the surface's pixel format
    pixels: pygame.Surface
    targets: list[tuple[Target, Rect]]


class SeatCache:
    """The last drawing of each seat, and the places drawn so far in the current redraw;
    and the layer as it stood before the seats (background, Reserve, supplies, circle)."""

    def __init__(self) -> None:
        self._kept: dict[int, _Kept] = {}
        self._drawn: list[Rect] = []
        self._shared: _Kept | None = None
        self.hits = 0  # panels blitted back (for measurements and tests)
        self.shared_hits = 0

    def clear(self) -> None:
        self._kept.clear()
        self._shared = None

    def shared(
        self,
        p: Painter,
        key: tuple,
        targets: list[tuple[Target, Rect]],
        draw: Callable[[], None],
    ) -> None:
        """The layer's shared parts: the kept canvas blitted back if ``key`` is the kept
        one, else drawn and kept. They start with the background, which covers the canvas
        opaquely, and stay in it, so what lay there before does not matter."""
        surface = p.surface
        canvas = p.vp.area.clip(surface.get_rect())
        form = (surface.get_bitsize(), surface.get_masks(), surface.get_flags())
        kept = self._shared
        if kept is not None and kept.region == canvas and kept.form == form and kept.key == key:
            surface.blit(kept.pixels, canvas)
            targets.extend(kept.targets)
            self.shared_hits += 1
            return
        start = len(targets)
        draw()
        pixels = surface.subsurface(canvas).copy()
        self._shared = _Kept(key, canvas, form, pixels, targets[start:])

    def open(self, drawn: list[Rect]) -> None:
        """A redraw starts its seats: ``drawn`` holds (window pixels) everything drawn so
        far over the background."""
        self._drawn = drawn

    def draw(
        self,
        p: Painter,
        seat: int,
        key: tuple,
        region: Rect,
        targets: list[tuple[Target, Rect]],
        draw: Callable[[], None],
    ) -> None:
        """Blit ``seat``'s kept panel if its key and place are the kept ones and only the
        background lies under it; else ``draw`` it (adding to ``targets``) and keep it."""
        region = region.clip(p.surface.get_rect())
        under_clear = region.collidelist(self._drawn) < 0
        self._drawn.append(region)
        kept = self._kept.get(seat)
        form = (p.surface.get_bitsize(), p.surface.get_masks(), p.surface.get_flags())
        if (
            under_clear
            and kept is not None
            and kept.region == region
            and kept.form == form
            and kept.key == key
        ):
            p.surface.blit(kept.pixels, region)
            targets.extend(kept.targets)
            self.hits += 1
            return
        start = len(targets)
        draw()
        if under_clear and region.w > 0 and region.h > 0:
            pixels = p.surface.subsurface(region).copy()
            self._kept[seat] = _Kept(key, region, form, pixels, targets[start:])
        else:
            self._kept.pop(seat, None)
