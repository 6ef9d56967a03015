"""Issue 32, item 8: an opponent's row reads at 1280x720. At 4 players its Help Line was
small cards whose element chips were 9 px under a band of markers and its track icons 15 px;
now every picture drawn in a row (trees, element chips, markers, tokens, tiles, tracks) is at
least 16 px and every counter at least 12 px, for 2-4 players at 1280x720 and 1920x1080, in
English and Korean, for Help Lines up to ``TABS_HOLD`` cards (a longer line, rare, falls back
to the small cards under the marker band: ``test_tray_layout`` keeps their markers 16 px)."""

from __future__ import annotations

import pygame
import pytest

from game.data import animals
from game.engine import Game, new_game
from game.engine.state import VICTORY_KINDS
from game.i18n import Catalog
from game.ui.kit.viewport import Viewport
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.line_view import ROW_CHIP_MIN, art_chips, row_line, smallest_chip
from tests.ui.text_ink import InkRecorder, shared_art, shared_texts

SIZES = [(1280, 720), (1920, 1080)]
MIN_ICON = 16  # px, at 1280x720
MIN_TEXT = 12  # px: the smallest text the table writes (SMALL - 2 at 1280x720)
CARDS = [a.id for a in animals() if a is not None]
ICONS = {"tree", "element_icon", "coin", "fragment", "fire_tile", "victory_tile", "sacred_tree"}
TABS_HOLD = {2: 20, 3: 20, 4: 16}  # the longest line every window of cards fits readable
# (at 4 players 99.6% of Help Lines in Medium self-play are at most 16 cards)


def staged(players: int, length: int) -> Game:
    """A game whose opponents hold ``length``-card lines, trees, Fires, a Fragment and
    Victory tiles, so every kind of picture a row has is drawn."""
    g = new_game(players, seed=1)
    for seat in range(players):
        q = g.players[seat]
        q.line = [CARDS[(seat * 11 + i) % len(CARDS)] for i in range(length)]
        q.forest[3], q.forest[9], q.forest[14] = 0, 5, 11
        q.fires = [2, 3, 4]
        q.fragments = 2
        q.tiles = [(VICTORY_KINDS[k], (seat + 1) % players) for k in range(3)]
    return g


def draw(
    players: int, size: tuple[int, int], language: str, g: Game
) -> tuple[BoardView, InkRecorder]:
    tr = Catalog.load(language).tr
    board = BoardView(load_layout(players), players, tr)
    vp = Viewport(size)
    p = InkRecorder(pygame.Surface(vp.window), vp, shared_texts(), shared_art(language))
    names = ["Ana", "Bo", "Cy", "Di"][:players]
    board.render(p, g, names, ["human"] + ["medium"] * (players - 1), 0)
    return board, p


def smallest_icon(board: BoardView, p: InkRecorder, seat: int) -> tuple[int, str]:
    """The smallest picture (px on screen) drawn in ``seat``'s row, and what it was: an
    icon's shorter side, or a Help Line card's element chip."""
    vp = p.vp
    panel = board.pz(seat, "panel")
    line = board.pz(seat, "help_line")
    seen: list[tuple[int, str]] = []
    for name, args, r in p.placed:
        if not panel.contains(r):
            continue
        if name in ICONS:
            s = vp.rect(r)
            seen.append((min(s.w, s.h), f"{name}{args} at {r}"))
        elif name in ("card_face", "card_art") and line.contains(r):
            for chip in art_chips(args[0], r):
                seen.append((vp.rect(chip).h, f"chip of card {args[0]} at {r}"))
    return min(seen)


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_icon_and_counter_in_an_opponent_row_reads(
    players: int, size: tuple[int, int], language: str
) -> None:
    pygame.font.init()
    scale = size[1] / 720
    for length in sorted({1, 4, 8, 12, TABS_HOLD[players]}):
        board, p = draw(players, size, language, staged(players, length))
        for seat in range(1, players):
            px, what = smallest_icon(board, p, seat)
            assert px >= MIN_ICON * scale - 0.5, f"{players}p {size} line {length}: {what} {px}px"
            panel = board.pz(seat, "panel")
            texts = [(i.text, i.px) for i in p.inks if p.vp.rect(panel).contains(i.rect)]
            assert any("/12" in s for s, _ in texts), "the tracks are written"
            small = [(s, t) for s, t in texts if t < MIN_TEXT * scale - 0.5]
            assert not small, f"{players}p {size} {language} line {length}: {small}"
        kinds = {name for name, _, r in p.placed if board.pz(1, "panel").contains(r)}
        assert {"tree", "element_icon", "coin", "fire_tile", "victory_tile"} <= kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lines_up_to_their_length_keep_every_chip_readable(players: int) -> None:
    """Every window of the cards, of every length up to ``TABS_HOLD``: the row's chips are
    16 px at 1280x720 (cards while they allow it, tabs after)."""
    area = load_layout(players)["p1_help_line"]
    vp = Viewport((1280, 720))
    for length in range(1, TABS_HOLD[players] + 1):
        for start in range(len(CARDS)):
            line = [CARDS[(start + i) % len(CARDS)] for i in range(length)]
            looks = row_line(area, line)
            assert smallest_chip(looks) >= ROW_CHIP_MIN, (players, line)
            chips = [vp.rect(c).h for look in looks for c in look.chips]
            assert min(chips, default=MIN_ICON) >= MIN_ICON, (players, line)
            assert all(area.contains(look.rect) for look in looks)
            rects = [look.rect for look in looks if look.style == "tab"]
            for i, a in enumerate(rects):
                assert a.collidelist(rects[i + 1 :]) < 0, "row tabs never overlap"
