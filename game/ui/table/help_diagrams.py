"""Small diagrams for the rules help, drawn on the board art itself: which lines and corners
of the Forest give bonuses, and how a Move on the Circle of Spirits counts free rocks and
jumps a Spirit. The highlighted lines come from the component data (``boards()``), so a
change there moves the diagram too; only the art's proportions are fixed here.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pygame import Rect

from game.data import boards
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.layout import grid_cells

Tr = Callable[..., str]
COLUMNS, ROWS = 5, 3
FOREST_ASPECT = 960 / 600
FOREST_GRID = (75 / 960, 40 / 600, 750 / 960, 450 / 600)  # the 5x3 grid inside the art
RING, ROCK_R = 0.72, 74 / 880  # rocks on a ring at 0.72 of the Circle's radius
JUMP_FROM, JUMP_OVER, JUMP_WIND = 0, 1, 2  # the example Move: 2 free rocks, 1 Spirit jumped


def fit(area: Rect, aspect: float) -> Rect:
    """The largest rect of ``aspect`` (w/h) centred at the top of ``area``."""
    w = min(area.w, round(area.h * aspect))
    r = Rect(0, 0, w, round(w / aspect))
    r.midtop = area.midtop
    return r


def forest_cells(board: Rect) -> list[Rect]:
    gx, gy, gw, gh = FOREST_GRID
    grid = Rect(
        board.x + round(gx * board.w),
        board.y + round(gy * board.h),
        round(gw * board.w),
        round(gh * board.h),
    )
    return grid_cells(grid, COLUMNS, ROWS)


def rock_rects(circle: Rect, rocks: int = 12) -> list[Rect]:
    r, size = circle.w / 2, circle.w * ROCK_R
    out = []
    for i in range(rocks):
        a = -math.pi / 2 + i * 2 * math.pi / rocks
        x = circle.centerx + math.cos(a) * r * RING
        y = circle.centery + math.sin(a) * r * RING
        out.append(Rect(round(x - size), round(y - size), round(2 * size), round(2 * size)))
    return out


def draw_forest(p: Painter, area: Rect, tr: Tr, palette: theme.Palette) -> Rect:
    """The Forest board with each bonus line outlined in its element's colour and the four
    corners in gold; a caption below. Returns the rect used."""
    board = fit(Rect(area.x, area.y, area.w, area.h - 90), FOREST_ASPECT)
    p.image("forest_board", rect=board)
    cells = forest_cells(board)
    centre = cells[ROWS // 2 * COLUMNS + COLUMNS // 2]
    p.image("tree", "start", rect=centre.inflate(-12, -12), fit=True)
    for lb in boards().line_bonuses:
        if lb.line == "column":
            line = [cells[y * COLUMNS + lb.index] for y in range(ROWS)]
        else:
            line = [cells[lb.index * COLUMNS + x] for x in range(COLUMNS)]
        box = line[0].unionall(line[1:]).inflate(-4, -4)
        p.rect(box, palette.elements[lb.element], radius=10, width=4)
    for c in boards().corner_bonuses:
        x, y = c.space
        p.rect(cells[y * COLUMNS + x].inflate(-14, -14), theme.ACCENT, radius=8, width=3)
    caption = Rect(area.x, board.bottom + 12, area.w, area.bottom - board.bottom - 12)
    p.text_box(tr("help.diagram.forest"), caption, theme.SMALL, theme.TEXT_DIM, align="center")
    return area


def draw_circle(p: Painter, area: Rect, tr: Tr) -> Rect:
    """The Circle with Spring about to Move 2: rock 1 holds Summer, so it is jumped and not
    counted; Spring lands on rock 3 and takes one of Summer's Victory tiles."""
    seasons = boards().seasons
    circle = fit(Rect(area.x, area.y, area.w, area.h - 110), 1.0)
    p.image("circle", rect=circle)
    rocks = rock_rects(circle, len(boards().rocks))
    land = JUMP_FROM + JUMP_WIND + 1
    path = [rocks[i].center for i in range(JUMP_FROM, land + 1)]
    for a, b in zip(path, path[1:], strict=False):
        p.line(a, b, theme.ACCENT, width=5)
    p.rect(rocks[land].inflate(6, 6), theme.ACCENT, radius=rocks[land].w // 2, width=5)
    p.rect(rocks[JUMP_OVER].inflate(6, 6), theme.DANGER, radius=rocks[JUMP_OVER].w // 2, width=4)
    for rock, season in ((JUMP_FROM, seasons[0]), (JUMP_OVER, seasons[1])):
        r = rocks[rock]
        p.image("standee", season, rect=Rect(r.x + r.w // 6, r.y - r.h // 3, r.w * 2 // 3, r.h),
                fit=True)  # fmt: skip
    caption = Rect(area.x, circle.bottom + 12, area.w, area.bottom - circle.bottom - 12)
    text = tr("help.diagram.circle", wind=JUMP_WIND, land=land, over=JUMP_OVER)
    p.text_box(text, caption, theme.SMALL, theme.TEXT_DIM, align="center")
    return area


DIAGRAMS = {"forest", "circle"}
