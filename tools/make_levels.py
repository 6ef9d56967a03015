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
    z = [
        Zone("banner", 10, 8, 1380, 50),
        Zone("button_hint", 1400, 8, 120, 50),
        Zone("button_rules", 1530, 8, 120, 50),
        Zone("button_settings", 1660, 8, 120, 50),
        Zone("button_menu", 1790, 8, 120, 50),
    ]
    # Reserve: a deck stub and four cards per level, level 3 on top.
    # The cards are a little smaller than the row allows so the tree supply below gets tiles
    # that stay readable at 1280x720.
    card_w, card_h, top = 118, 156, 70
    for i, level in enumerate((3, 2, 1)):
        y = top + i * (card_h + 12)
        z.append(Zone(f"market_{level}", 10, y, 70, card_h))
        z.append(Zone(f"reserve_{level}", 90, y, 4 * card_w + 3 * 10, card_h))
    y = top + 3 * (card_h + 12)
    supplies_h = 50
    supplies_y = 880 - supplies_h
    z.append(Zone("tree_supply", 10, y + 4, 580, supplies_y - 8 - (y + 4)))
    z += _row(
        ["fragment_supply", "varan_supply", "fire_supply"], 10, supplies_y, 580, supplies_h, 10
    )
    # Circle of Spirits and its rocks (the art's own proportions).
    cx, cy, size = 600, 66, 410
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
    z.append(Zone("firepower", cx, cy + size + 4, size, 34))
    z.append(Zone("log", cx, cy + size + 46, size, 880 - (cy + size + 46)))
    # Bottom bar: the prompt, the buttons, the key help.
    z.append(Zone("prompt", 10, 890, 1900, 44))
    buttons = [f"button_action_{i}" for i in range(1, 6)]
    buttons += ["button_pass", "button_finish", "button_confirm", "button_undo", "button_discard"]
    row = _row(buttons, 10, 940, 1900, 66, 10)
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
    z.append(Zone("keys", 10, 1014, 1900, 56))
    # End of the round: a band over the prompt and buttons, so the table above stays visible
    # while Varans, Fires and new Reserve cards fly to their places.
    z.append(Zone("onibi_panel", 10, 884, 1900, 188))
    z.append(Zone("dialog", 560, 240, 800, 600))
    # A Forest seen up close (title bar, then the board) where the player boards are small:
    # over the Reserve, clear of the tree supply a planter picks from.
    z.append(Zone("forest_focus", 10, 66, 580, 44 + 564 / FOREST_ASPECT + 8))
    return z


def player_zones(n: int) -> list[Zone]:
    """One panel per seat: a header (name, totals), then the Forest with the Help Line
    beside it, then a strip of piles, tokens and tracks.

    With 2 players the panels are tall: the strip is a full-width row under both the Forest
    and the Help Line, so the tokens and tracks get room. With 3 and 4 the strip sits under
    the Help Line only; the Forest is kept a little smaller to widen it (4 players also have
    the Forest focus view for planting)."""
    z: list[Zone] = []
    x0, y0, w, total = 1020, 66, 890, 814
    gap = 8
    h = (total - gap * (n - 1)) / n
    for p in range(n):
        y = y0 + p * (h + gap)
        pre = f"p{p}_"
        z.append(Zone(pre + "panel", x0, y, w, h))
        head = 34
        z.append(Zone(pre + "name", x0 + 8, y + 4, 330, head))
        z.append(Zone(pre + "totals", x0 + 346, y + 4, w - 354, head))
        body_y, body_h = y + head + 8, h - head - 14
        fh = 200 if n == 2 else min(body_h, 200)
        fw = fh * FOREST_ASPECT
        z.append(Zone(pre + "forest", x0 + 8, body_y, fw, fh))
        gx, gy, gw, gh = GRID
        z.append(Zone(pre + "forest_grid", x0 + 8 + gx * fw, body_y + gy * fh, gw * fw, gh * fh))
        rx = x0 + 8 + fw + 10
        rw = x0 + w - 8 - rx
        if n == 2:
            line_h = fh
            sx, sy = x0 + 8, body_y + fh + 8
            sh = body_h - fh - 8
            pile_w = min(sh * 0.72, 100)
        else:
            line_h = round(body_h * 0.6)
            sx, sy = rx, body_y + line_h + 6
            sh = body_h - line_h - 6
            pile_w = sh * 0.72
        z.append(Zone(pre + "help_line", rx, body_y, rw, line_h))
        z.append(Zone(pre + "draw_pile", sx, sy, pile_w, sh))
        z.append(Zone(pre + "discard", sx + pile_w + 8, sy, pile_w, sh))
        ox = sx + 2 * (pile_w + 8)
        names = ["fragments", "fires", "victory", "tracks"]
        widths = [0.17, 0.24, 0.27, 0.32] if n == 2 else [0.14, 0.20, 0.25, 0.41]
        avail = x0 + w - 8 - ox
        cx = ox
        for name, frac in zip(names, widths, strict=True):
            bw = avail * frac - 6
            z.append(Zone(pre + name, cx, sy, bw, sh))
            cx += avail * frac
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
