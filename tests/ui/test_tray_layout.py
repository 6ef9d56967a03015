"""The own seat's tray and the opponents' rows, measured on screen: at 1280x720 and
1920x1080, for 2-4 players, in English and Korean, every element chip of the tray's cards
is at least 16 px high, every card name in the tray shows whole, and every
solitary/gregarious marker in every Help Line is at least 16 px and uncovered."""

from __future__ import annotations

from functools import cache

import pygame
import pytest
from pygame import Rect

from game.data import animals
from game.engine import new_game
from game.i18n import Catalog
from game.ui.kit import theme
from game.ui.kit.viewport import Viewport
from game.ui.media.fonts import Fonts
from game.ui.media.sprites import Sprites
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.line_view import CardLook, art_chip_height, art_chips, row_line

SIZES = [(1280, 720), (1920, 1080)]
MIN_PX = 16
CARDS = [a.id for a in animals() if a is not None]
LONGEST_LINE = 20  # self-play lines reach 19 cards


def lines() -> list[list[int]]:
    """Lines of every length, together holding every card (five-chip Eagle and the
    longest names included) in every position."""
    out = []
    for n in range(1, LONGEST_LINE + 1):
        for start in range(0, len(CARDS), n):
            out.append([CARDS[(start + i) % len(CARDS)] for i in range(n)])
    return out


def screen(vp: Viewport, r: Rect) -> Rect:
    return vp.rect(r)


def covered(looks: list[CardLook], i: int, part: Rect) -> bool:
    """Whether a card drawn after card ``i`` lies over ``part``."""
    return any(later.rect.colliderect(part) for later in looks[i + 1 :])


def boards(n: int) -> list[BoardView]:
    """The table seen by each seat in turn (hot-seat hands the tray round)."""
    base = load_layout(n)
    return [BoardView(base.seated(tray, n), n, Catalog.load("en").tr, tray) for tray in range(n)]


def places(n: int, trays: bool) -> list[tuple[BoardView, int]]:
    """Each place a line takes, as (board, seat): the tray (``trays``) or the rows, whichever
    seat holds the tray. A line's layout depends on its place only (``line_looks``), and
    the seats take the same places in turn: each is measured once, not once a seat."""
    seen: dict[tuple, tuple[BoardView, int]] = {}
    for board in boards(n):
        seats = [board.tray] if trays else [s for s in range(n) if s != board.tray]
        for seat in seats:
            seen.setdefault(tuple(board.pz(seat, "help_line")), (board, seat))
    return list(seen.values())


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    pygame.font.init()
    return Fonts()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tray_cards_have_16px_chips_and_markers_and_whole_names(players: int, fonts: Fonts) -> None:
    """(A line's layout is logical: laid out once, measured at each window size and with
    each language's names. Sizes are measured in the smaller window: the larger one is the
    logical canvas itself, where a part 16 px at 1280x720 is at least 22 px.)"""
    vps = [Viewport(size) for size in SIZES]
    small = vps[0]
    assert small.scale < vps[1].scale == 1
    trs = {language: Catalog.load(language).tr for language in ("en", "ko")}
    sprites = Sprites()
    sprites._fonts = fonts
    laid_out = cache(sprites.name_layout)  # a card's name on a face of a size: the same
    name_width = cache(lambda px, name: fonts.get(px, bold=True).size(name)[0])  # each line
    for board, seat in places(players, trays=True):
        for line in lines():
            looks = board.line_looks(seat, line)
            assert len(looks) == len(line)
            for i, look in enumerate(looks):
                where = f"{players}p seat {seat} card {look.card} of {len(line)}"
                a = animals()[look.card]
                assert len(look.chips) == sum(1 for v in a.elements if v), where
                for chip in look.chips:
                    assert screen(small, chip).h >= MIN_PX, f"{where}: chip {screen(small, chip)}"
                    assert not covered(looks, i, chip), where
                if a.symbol == "neutral":
                    assert look.marker is None
                else:
                    m = screen(small, look.marker)
                    assert min(m.w, m.h) >= MIN_PX, f"{where} {small}: marker {m}"
                    assert not covered(looks, i, look.marker), where
                assert look.name is not None and not covered(looks, i, look.name), where
                for vp in vps:
                    box = screen(vp, look.name)
                    face = tuple(screen(vp, look.rect).size)
                    px = max(6, round(theme.SMALL * vp.scale))
                    for language, tr in trs.items():
                        name = tr(f"animal.{look.card}")
                        if look.style == "card":
                            laid = laid_out(look.card, face, name)
                            assert laid is not None, f"{where} {vp} {language}: {name!r} cut"
                        else:
                            width = name_width(px, name)
                            assert width <= box.w, f"{where}: {name!r} {width} > {box.w} px"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_marker_in_every_row_is_16px_and_uncovered(players: int) -> None:
    """(A line's layout is logical: laid out once, measured in the smaller window, as
    above.)"""
    small = Viewport(SIZES[0])
    tables = boards(players)
    opened = tables[0].layout["expand_help_line"]  # a row opened at length (the same for all)
    assert all(b.layout["expand_help_line"] == opened for b in tables)
    for board, seat in [*places(players, trays=False), (tables[0], -1)]:
        for line in lines():
            area = opened if seat < 0 else board.pz(seat, "help_line")
            looks = row_line(area, line) if seat < 0 else board.line_looks(seat, line)
            markers = []
            for i, look in enumerate(looks):
                assert area.contains(look.rect), f"{players}p seat {seat}: leaves the line"
                if look.marker is None:
                    continue
                m = screen(small, look.marker)
                assert min(m.w, m.h) >= MIN_PX, f"{players}p {small} seat {seat}: {m}"
                assert not covered(looks, i, look.marker)
                chips = sum(1 for v in animals()[look.card].elements if v)
                assert len(look.chips) == chips, "the element column shows"
                markers.append(look.marker)
            for i, a in enumerate(markers):
                assert not any(a.colliderect(b) for b in markers[i + 1 :]), "markers overlap"


def test_the_board_draws_the_line_where_the_geometry_says(fonts: Fonts) -> None:
    """The rectangles measured above are the ones the table draws and hit-tests."""
    from game.ui.kit.painter import Painter
    from game.ui.kit.text import TextCache
    from game.ui.media.art import Art
    from game.ui.table.targets import Target

    g = new_game(4, seed=3)
    g.players[0].line = CARDS[:12]  # tabs in the tray
    g.players[2].line = CARDS[12:28]  # a long row
    vp = Viewport((1280, 720))
    surface = pygame.Surface(vp.window)
    p = Painter(surface, vp, TextCache(), Art())
    board = BoardView(load_layout(4), 4, Catalog.load("en").tr)
    board.render(p, g, ["A", "B", "C", "D"], ["human", "easy", "easy", "easy"], 0)
    for seat in (0, 2):
        looks = board.line_looks(seat, g.players[seat].line)
        for i, look in enumerate(looks):
            assert board.rect_of(Target("help_card", seat, i, look.card)) == look.rect
    assert {look.style for look in board.line_looks(0, g.players[0].line)} == {"tab"}
    assert {look.style for look in board.line_looks(0, CARDS[:5])} == {"card"}


def test_a_line_laid_out_again_is_the_one_kept_and_the_callers_own() -> None:
    """The board asks for the same line at every redraw and every flight into it: the layout
    is kept by area, cards and interface scale, and each caller gets a list of its own."""
    from game.ui.table import line_view

    area, other = Rect(0, 0, 400, 120), Rect(0, 0, 260, 120)
    line = CARDS[:9]
    first = row_line(area, line)
    hits = line_view._row_line.cache_info().hits
    again = row_line(area, list(line))
    assert line_view._row_line.cache_info().hits == hits + 1
    assert again == first and again is not first
    again.clear()  # a caller's list: the kept layout stays whole
    assert row_line(area, line) == first
    assert row_line(other, line) != first  # another area, its own layout
    assert line_view.tray_line(area, line, 1.5) == line_view.tray_line(area, line, 1.5)
    assert line_view._tray_line.cache_info().hits >= 1


def test_a_faces_chips_share_the_height_the_row_layout_reads() -> None:
    """The row's layout reads a face's chip height without laying out its chips."""
    for r in (Rect(0, 0, 72, 100), Rect(13, 7, 101, 141), Rect(5, 900, 137, 190)):
        for card in CARDS:
            chips = art_chips(card, r)
            assert art_chip_height(card, r) == (chips[0].h if chips else None)
            assert all(c.h == chips[0].h for c in chips)
