"""The seating on its own, with the inputs the table gives it: the tray follows the human
deciding only once what came before has been shown, a hand-over is stamped with the clock it
is given, the board is re-seated with it, and a row opened by a click closes with Esc or when
the tray moves. The HUD measures the move buttons' row once per change."""

from __future__ import annotations

import pygame

from game.engine.moves import DRAW, STOP
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.table.board import BoardView
from game.ui.table.hud import Pointer, TableHud
from game.ui.table.layout import load_layout
from game.ui.table.match import Match, Seat
from game.ui.table.seating import HANDOVER_S, Seating
from game.ui.table.target_map import TargetMap


def seated(ctx, n: int) -> tuple[Match, Seating]:
    names = ["Ana", "Bo", "Cy", "Di"][:n]
    match = Match.new([Seat(x, "human") for x in names], 5, first_player=0)
    base = load_layout(n)
    return match, Seating(match, base, BoardView(base, n, ctx.tr))


def until_bo_decides(match: Match) -> None:
    while match.active().player == 0:
        match.play(0, STOP if STOP in match.legal() else DRAW)


def test_the_tray_follows_the_human_deciding_once_the_queue_is_shown(ctx) -> None:
    match, s = seated(ctx, 2)
    assert s.tray == 0 and s.board.layout is s.layout and s.board.tray == 0
    until_bo_decides(match)
    assert not s.follow(3.0, animating=False) and s.tray == 0, "Ana's draws still to show"
    match.queue.clear()
    match.sync()
    assert not s.follow(3.0, animating=True) and s.tray == 0, "her last card still flies"
    assert s.follow(3.0, animating=False) and s.tray == 1
    assert s.handed_at == 3.0 and s.handing_over(3.0 + HANDOVER_S - 0.01)
    assert not s.handing_over(3.0 + HANDOVER_S)
    assert s.layout.player(1, "panel") == load_layout(2).player(0, "panel")
    assert s.board.layout is s.layout and s.board.tray == 1
    assert not s.follow(4.0, animating=False) and s.handed_at == 3.0  # no change: no redraw


def test_a_new_table_keeps_the_tray_without_a_hand_over(ctx) -> None:
    match, s = seated(ctx, 2)
    until_bo_decides(match)
    match.queue.clear()
    assert s.keep(1, 7.0, animating=False) and s.tray == 1 and not s.handing_over(7.0)


def test_a_clicked_row_opens_and_closes_with_esc_or_a_new_tray(ctx) -> None:
    _match, s = seated(ctx, 3)
    assert s.row_at(s.layout.player(0, "panel").center) == -1  # the tray is no row
    s.click_row(s.layout.player(2, "panel").center)
    assert s.expanded == 2
    assert s.close_row() and s.expanded == -1 and not s.close_row()
    s.click_row(s.layout.player(1, "panel").center)
    assert s.expanded == 1 and s.seat(1, 0.0) and s.expanded == -1
    assert s.hit(s.layout["circle"].center) == (False, None)  # nothing open: nothing covered


def test_the_button_row_shares_the_size_at_which_every_label_fits(app, ctx) -> None:
    match, s = seated(ctx, 2)
    hud = TableHud(match, TargetMap(s.board), Pointer())
    p = Painter(pygame.Surface((1280, 720)), app.viewport, app.text, ctx.art)
    short = [Button(pygame.Rect(0, 0, 300, 40), "Draw", lambda: None, key_hint="Space")]
    long = short + [Button(pygame.Rect(310, 0, 110, 40), "Fragment of the Forest", lambda: None)]
    assert theme.SMALL - 6 <= hud.row_text_size(p, long) < theme.BODY  # one shrinks them all
    assert hud.row_text_size(p, short) == theme.BODY
    measured: list[str] = []
    measure = p.text_size
    p.text_size = lambda text, *a, **kw: measured.append(text) or measure(text, *a, **kw)
    assert hud.row_text_size(p, short) == theme.BODY and measured == []  # measured once
    short[0].label = "Draw a card from the pile"
    assert hud.row_text_size(p, short) <= theme.BODY and measured  # a new label: again
