"""Table layouts: the named zones of ``levels/table_{n}p.tmx``, read with pytmx.

Every board position comes from these maps (made by ``tools/make_levels.py``); Python only
subdivides a zone (four cards in a Reserve row, 5x3 spaces in a Forest grid).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytmx
from pygame import Rect

from game.resources import level

# the shared parts of the board: the Reserve and the market, the supplies, the circle
SHARED_ZONES: tuple[str, ...] = (
    *(f"{part}_{level}" for part in ("market", "reserve") for level in (1, 2, 3)),
    "tree_supply",
    "fragment_supply",
    "varan_supply",
    "fire_supply",
    "circle",
    "circle_centre",
    "firepower",
)
COMMON_ZONES: tuple[str, ...] = (
    "banner",
    "button_hint",
    "button_rules",
    "button_settings",
    "button_menu",
    *SHARED_ZONES,
    *(f"rock_{i}" for i in range(12)),
    "log",
    "prompt",
    *(f"button_action_{i}" for i in range(1, 6)),
    "button_pass",
    "button_finish",
    "button_confirm",
    "button_undo",
    "button_discard",
    "button_draw",
    "button_stop",
    "button_fragment",
    "button_skip",
    "keys",
    "onibi_panel",
    "dialog",
    "forest_focus",
    "pile_note",
)
PLAYER_ZONES: tuple[str, ...] = (
    "panel",
    "name",
    "totals",
    "forest",
    "forest_grid",
    "help_line",
    "draw_pile",
    "discard",
    "fragments",
    "fires",
    "victory",
    "tracks",
)


EXPAND = "expand_"  # an opponent's row shown at length over the whole column of rows


def required_zones(players: int) -> list[str]:
    """Every zone name a table for ``players`` players needs."""
    names = list(COMMON_ZONES)
    for p in range(players):
        names += [f"p{p}_{z}" for z in PLAYER_ZONES]
    names += [f"{EXPAND}{z}" for z in PLAYER_ZONES]
    return names


class LayoutError(ValueError):
    """A layout file is missing a zone the table needs."""


@dataclass(frozen=True)
class Layout:
    """Zone rectangles in logical canvas pixels."""

    size: tuple[int, int]
    zones: dict[str, Rect]

    def __getitem__(self, name: str) -> Rect:
        return self.zones[name]

    def player(self, seat: int, name: str) -> Rect:
        return self.zones[f"p{seat}_{name}"]

    def missing(self, players: int) -> list[str]:
        return [z for z in required_zones(players) if z not in self.zones]

    def seated(self, tray: int, players: int) -> Layout:
        """This layout with seat ``tray`` in the tray (place 0) and the others in the rows
        in seat order after it: ``player(seat, ...)`` then answers for seats, not places.
        The maps name places; the table shows them for whoever holds the tray."""
        if tray == 0:
            return self
        zones = dict(self.zones)
        for seat in range(players):
            place = (seat - tray) % players
            for z in PLAYER_ZONES:
                zones[f"p{seat}_{z}"] = self.zones[f"p{place}_{z}"]
        return Layout(self.size, zones)


def layout_path(players: int) -> Path:
    return level(f"table_{players}p.tmx")


def read_layout(path: Path) -> Layout:
    """Parse one map; images are not loaded (the maps have no tilesets)."""
    tmx = pytmx.TiledMap(str(path))
    zones: dict[str, Rect] = {}
    for obj in tmx.objects:
        if obj.name:
            zones[obj.name] = Rect(round(obj.x), round(obj.y), round(obj.width), round(obj.height))
    return Layout((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight), zones)


@cache
def load_layout(players: int) -> Layout:
    """The table layout for ``players`` players, checked for every required zone."""
    path = layout_path(players)
    layout = read_layout(path)
    missing = layout.missing(players)
    if missing:
        raise LayoutError(f"{path} lacks zones: {', '.join(missing)}")
    return layout


def grid_cells(area: Rect, columns: int, rows: int) -> list[Rect]:
    """``columns`` x ``rows`` equal cells of ``area``, row by row."""
    return [grid_cell(area, columns, rows, x, y) for y in range(rows) for x in range(columns)]


def grid_cell(area: Rect, columns: int, rows: int, x: int, y: int) -> Rect:
    """Cell (``x``, ``y``) of ``grid_cells``: one space asked for alone (the board asks for
    each of a Forest's spaces as it draws it)."""
    x0 = area.x + area.w * x // columns
    x1 = area.x + area.w * (x + 1) // columns
    y0 = area.y + area.h * y // rows
    y1 = area.y + area.h * (y + 1) // rows
    return Rect(x0, y0, x1 - x0, y1 - y0)


def row_slots(area: Rect, count: int, aspect: float, gap: int = 8) -> list[Rect]:
    """``count`` boxes of the given width/height ``aspect`` along ``area``, left aligned,
    overlapping when they do not fit side by side."""
    if count <= 0:
        return []
    h = area.h
    w = round(h * aspect)
    step = w + gap
    if count > 1 and w + step * (count - 1) > area.w:
        step = max(4, (area.w - w) // (count - 1))
        if step > w:
            step = w
    return [Rect(area.x + i * step, area.y, w, h) for i in range(count)]
