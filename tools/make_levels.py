"""Write the table layouts ``levels/table_{2,3,4}p.tmx`` (Tiled maps, no tilesets).

Each map holds one object group, ``zones``, of named rectangles on a 1920x1080 logical canvas;
the table places every zone from these names, so no board position lives in Python. Run
``python tools/make_levels.py`` after changing a position here, and commit both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

W, H = 1920, 1080
TILE = 8  # the map grid; only the canvas size matters to the table
OUT = Path(__file__).resolve().parent.parent / "levels"
N_ROCKS = 12
# Proportions of the art: the Forest board is 960x600 with its 5x3 grid at (75, 40) and
# cells of 150; the Circle puts its rocks on a ring at 0.72 of the radius.
FOREST_ASPECT = 960 / 600
GRID = (75 / 960, 40 / 600, 750 / 960, 450 / 600)
RING, ROCK_R, CENTRE_R = 0.72, 74 / 880, 0.42
TOP = 66  # under the banner
MIDDLE_BOTTOM = 680  # the Reserve, the Circle and the rows end here
TRAY_Y, TRAY_H = 688, 232  # the own seat's tray, above the prompt at 926
TRAY_HEAD = 4 + 34 + 6  # the tray's header line above its Forest and Help Line
TRAY_FOREST_H = TRAY_H - TRAY_HEAD - 6  # the own Forest's height: no row shows one larger


@dataclass(frozen=True)
class Zone:
    name: str
    x: float
    y: float
    w: float
    h: float


def _row(names: list[str], x: float, y: float, w: float, h: float, gap: float) -> list[Zone]:
    """Equal boxes side by side, filling ``w``."""
    bw = (w - gap * (len(names) - 1)) / len(names)
    return [Zone(n, x + i * (bw + gap), y, bw, h) for i, n in enumerate(names)]


def common_zones() -> list[Zone]:
    """The shared table: the Reserve and the supplies on the left, the Circle, its Fires
    and the tree supply in the middle, the log under the Reserve; the own seat's tray runs
    along the bottom above the prompt and buttons."""
    z = [
        Zone("banner", 10, 8, 1380, 50),
        Zone("button_hint", 1400, 8, 120, 50),
        Zone("button_rules", 1530, 8, 120, 50),
        Zone("button_settings", 1660, 8, 120, 50),
        Zone("button_menu", 1790, 8, 120, 50),
    ]
    # Reserve: a deck stub and four cards per level, level 3 on top.
    card_w, card_h, top = 98, 136, TOP
    for i, level in enumerate((3, 2, 1)):
        y = top + i * (card_h + 8)
        z.append(Zone(f"market_{level}", 10, y, 70, card_h))
        z.append(Zone(f"reserve_{level}", 90, y, 4 * card_w + 3 * 10, card_h))
    y = top + 3 * (card_h + 8)
    z.append(Zone("log", 10, y, 580, MIDDLE_BOTTOM - y))
    # Circle of Spirits and its rocks (the art's own proportions), centred in its column.
    size = 380
    cx, cy = 600 + (410 - size) / 2, top
    z.append(Zone("circle", cx, cy, size, size))
    r = size / 2
    z.append(
        Zone(
            "circle_centre",
            cx + r - r * CENTRE_R,
            cy + r - r * CENTRE_R,
            2 * r * CENTRE_R,
            2 * r * CENTRE_R,
        )
    )
    rock = size * ROCK_R
    for i in range(N_ROCKS):
        a = -math.pi / 2 + i * 2 * math.pi / N_ROCKS
        x = cx + r + math.cos(a) * r * RING
        y_ = cy + r + math.sin(a) * r * RING
        z.append(Zone(f"rock_{i}", x - rock, y_ - rock, 2 * rock, 2 * rock))
    z.append(Zone("firepower", 600, cy + size + 4, 410, 32))
    trees_y = cy + size + 40
    supplies_h = 44
    supplies_y = MIDDLE_BOTTOM - supplies_h
    z.append(Zone("tree_supply", 600, trees_y, 410, supplies_y - 6 - trees_y))
    z += _row(["fragment_supply", "varan_supply", "fire_supply"], 600, supplies_y, 410, 44, 8)
    # Bottom bar: the prompt, the buttons, the key help.
    z.append(Zone("prompt", 10, 926, 1900, 42))
    buttons = [f"button_action_{i}" for i in range(1, 6)]
    buttons += ["button_pass", "button_finish", "button_confirm", "button_undo", "button_discard"]
    row = _row(buttons, 10, 974, 1900, 62, 10)
    z += row
    # Buttons never shown together share a place: the draw phase uses the first three
    # places of the actions, and a bonus's Skip sits where Finish would be.
    at = {b.name: b for b in row}
    shared = {
        "button_draw": "button_action_1",
        "button_stop": "button_action_2",
        "button_fragment": "button_action_3",
        "button_skip": "button_finish",
    }
    for name, src in shared.items():
        b = at[src]
        z.append(Zone(name, b.x, b.y, b.w, b.h))
    z.append(Zone("keys", 10, 1042, 1900, 34))
    # End of the round: a band over the prompt and buttons, so the table above stays visible
    # while Varans, Fires and new Reserve cards fly to their places.
    z.append(Zone("onibi_panel", 10, 922, 1900, 154))
    z.append(Zone("dialog", 560, 240, 800, 600))
    # A Forest seen up close (title bar, then the board) where an opponent's board is small:
    # over the Reserve, clear of the tree supply and of the tray.
    z.append(Zone("forest_focus", 10, TOP, 580, 44 + 564 / FOREST_ASPECT + 8))
    return z


def _forest(pre: str, x: float, y: float, h: float) -> list[Zone]:
    fw = h * FOREST_ASPECT
    gx, gy, gw, gh = GRID
    return [
        Zone(pre + "forest", x, y, fw, h),
        Zone(pre + "forest_grid", x + gx * fw, y + gy * h, gw * fw, gh * h),
    ]


def tray_zones(pre: str = "p0_") -> list[Zone]:
    """The own seat's tray along the bottom: one header line (name, totals, tokens,
    tracks), then the Forest, the Help Line at full legibility (cards 176 high: their
    element chips and marker are 16 px at 1280x720) and the piles."""
    x0, y0, w, h = 10, TRAY_Y, 1900, TRAY_H
    z = [Zone(pre + "panel", x0, y0, w, h)]
    hy, hh = y0 + 4, 34
    z.append(Zone(pre + "name", x0 + 8, hy, 300, hh))
    z.append(Zone(pre + "totals", x0 + 316, hy, 660, hh))
    cx = x0 + 990
    for name, bw in (("fragments", 100), ("fires", 150), ("victory", 190), ("tracks", 440)):
        z.append(Zone(pre + name, cx, hy, bw, hh))
        cx += bw + 10
    by = hy + hh + 6
    bh = y0 + h - 6 - by
    z += _forest(pre, x0 + 8, by, bh)
    fw = bh * FOREST_ASPECT
    pile_w = 88  # its note under it: two lines of 20 (57 high)
    piles_x = x0 + w - 8 - (2 * pile_w + 10)
    line_x = x0 + 8 + fw + 12
    z.append(Zone(pre + "help_line", line_x, by, piles_x - 12 - line_x, bh))
    pile_h = pile_w / 0.72
    z.append(Zone(pre + "draw_pile", piles_x, by, pile_w, pile_h))
    z.append(Zone(pre + "discard", piles_x + pile_w + 10, by, pile_w, pile_h))
    z.append(Zone("pile_note", piles_x, by + pile_h + 2, 2 * pile_w + 10, bh - pile_h - 2))
    return z


def row_zones(
    pre: str, x0: float, y: float, w: float, h: float, forest_cap: float = TRAY_FOREST_H
) -> list[Zone]:
    """An opponent's row: a header line (name, totals), a line of piles, tokens and tracks
    (icons 24 high: 16 px at 1280x720), then the Forest and the Help Line (cards under a
    band of markers, or tabs where cards would be too small: ``line_view.row_line``). Its
    Forest fills the rest of the row's height (at 4 players its trees are 16 px at
    1280x720) but is never larger than the player's own (``forest_cap``), except in the
    row opened at length."""
    z = [Zone(pre + "panel", x0, y, w, h)]
    # the name with its season and seat kind whole ("Summer · AI Medium"), then the totals
    z.append(Zone(pre + "name", x0 + 8, y + 4, 340, 30))
    z.append(Zone(pre + "totals", x0 + 356, y + 4, w - 364, 30))
    ty, th = y + 38, 30  # icons 24 high: 16 px at 1280x720
    cx = x0 + 8
    # the draw pile's note whole ("14 cards left · 5 solitary"), each track's "10/12" 13 px
    # and two-digit counts ("×11") as large as the rest
    widths = (("draw_pile", 266), ("discard", 56), ("fragments", 76), ("fires", 100),
              ("victory", 84), ("tracks", w - 16 - 582 - 30))  # fmt: skip
    for name, bw in widths:
        z.append(Zone(pre + name, cx, ty, bw, th))
        cx += bw + 6
    by = ty + th + 6
    bh = y + h - 6 - by
    fh = min(bh, forest_cap)
    z += _forest(pre, x0 + 8, by, fh)
    line_x = x0 + 8 + fh * FOREST_ASPECT + 10
    z.append(Zone(pre + "help_line", line_x, by, x0 + w - 8 - line_x, bh))
    return z


def player_zones(n: int) -> list[Zone]:
    """Seat zones by place: ``p0_`` is the tray (the seat the table is shown for), ``p1_``
    onward the opponents' rows in seat order after it (``Layout.seated`` maps seats to
    places). The rows share the right-hand column; ``expand_`` is one row over the whole
    column, where a hovered or clicked opponent is shown at length."""
    z = tray_zones()
    x0, w, gap = 1020, 890, 8
    total = MIDDLE_BOTTOM - TOP
    h = (total - gap * (n - 2)) / (n - 1)
    for k in range(1, n):
        z += row_zones(f"p{k}_", x0, TOP + (k - 1) * (h + gap), w, h)
    z += row_zones("expand_", x0, TOP, w, total, forest_cap=300)  # opened: shown large
    return z


def tmx(zones: list[Zone], players: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{W // TILE}" height="{H // TILE}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="2" '
        f'nextobjectid="{len(zones) + 1}">',
        " <properties>",
        f'  <property name="players" type="int" value="{players}"/>',
        " </properties>",
        ' <objectgroup id="1" name="zones">',
    ]
    for i, z in enumerate(zones, 1):
        lines.append(
            f'  <object id={quoteattr(str(i))} name={quoteattr(z.name)} type="zone" '
            f'x="{z.x:.0f}" y="{z.y:.0f}" width="{z.w:.0f}" height="{z.h:.0f}"/>'
        )
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for n in (2, 3, 4):
        zones = common_zones() + player_zones(n)
        names = [z.name for z in zones]
        assert len(names) == len(set(names)), "zone names must be unique"
        (OUT / f"table_{n}p.tmx").write_text(tmx(zones, n), encoding="utf-8")
        print(f"wrote {OUT / f'table_{n}p.tmx'} ({len(zones)} zones)")


if __name__ == "__main__":
    main()
