"""Whose seat the tray shows: the only human, or in hot-seat the human deciding now, handed
over with the banner; the layouts name places and ``Layout.seated`` maps seats to them."""

from __future__ import annotations

import pygame
import pytest

from game.data import animals
from game.engine import Phase
from game.ui.kit.painter import Painter
from game.ui.table.layout import load_layout
from game.ui.table.match import Seat
from game.ui.table.seat_view import solitary_left
from game.ui.table.seating import HANDOVER_S
from tests.ui.test_table import start


def test_seated_layout_puts_the_tray_seat_in_place_zero_and_the_rest_in_order() -> None:
    base = load_layout(4)
    seated = base.seated(2, 4)
    assert seated.player(2, "panel") == base.player(0, "panel")  # the tray
    assert [seated.player(s, "panel") for s in (3, 0, 1)] == [
        base.player(k, "panel") for k in (1, 2, 3)
    ]
    assert seated["circle"] == base["circle"] and base.seated(0, 4) is base


def test_the_only_human_holds_the_tray_even_when_not_first(app, ctx) -> None:
    seats = [Seat("Bo", "easy"), Seat("Cy", "easy"), Seat("Ana", "human")]
    d, _match = start(app, ctx, seats)
    tray = d.top.layout.player(2, "panel")
    assert d.top.seating.tray == 2 and tray == load_layout(3).player(0, "panel")
    assert tray.bottom > d.top.layout.player(0, "panel").bottom  # along the bottom


def test_hot_seat_hands_the_tray_over_with_the_banner(app, ctx) -> None:
    seats = [Seat("Ana", "human"), Seat("Bo", "human"), Seat("Cy", "easy"), Seat("Di", "easy")]
    d, match = start(app, ctx, seats)
    assert d.top.seating.tray == 0
    d.key(pygame.K_SPACE)
    d.key(pygame.K_RETURN)  # Ana stops: Bo draws next
    for _ in range(600):
        if d.top.human_seat() == 1:
            break
        d.frames()
    d.frames()
    t, s = d.top, d.top.seating
    assert match.game.phase is Phase.DRAW and s.tray == 1
    assert t.layout.player(1, "panel") == load_layout(4).player(0, "panel")
    assert t.clock - s.handed_at < HANDOVER_S and t.busy()  # the banner says so, for a while
    assert "Bo" in ctx.tr("banner.handover", name="Bo")
    d.frames(round(HANDOVER_S * 60) + 5)
    assert t.clock - s.handed_at >= HANDOVER_S


def test_the_pile_note_counts_what_the_owner_knows(app, ctx) -> None:
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    deck = match.shown.players[0].deck
    k = sum(1 for c in deck if animals()[c].symbol == "solitary")
    assert solitary_left(deck) == k > 0
    note = ctx.tr("table.pile_note", n=len(deck), k=k)
    assert str(len(deck)) in note and str(k) in note
    painter = Painter(pygame.Surface((1280, 720)), app.viewport, app.text, ctx.art)
    written: list[str] = []
    box = painter.text_box
    painter.text_box = lambda s, *a, **kw: written.append(s) or box(s, *a, **kw)
    d.top.board.render(painter, match.shown, match.names, ["human", "easy"], 0)
    assert note.replace(" · ", "\n") in written  # beside the tray's draw pile, a fact a line


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_two_digit_totals_stand_clear_of_the_next_icon(app, ctx, size) -> None:
    from game.ui.kit.viewport import Viewport

    seats = [Seat("Ana", "human"), Seat("Bo", "easy"), Seat("Cy", "easy"), Seat("Di", "easy")]
    d, match = start(app, ctx, seats)
    for q in match.shown.players:
        q.forest_elems = [12, 15, 18, 10, 0]
    painter = Painter(pygame.Surface(size), Viewport(size), app.text, ctx.art)
    drawn: list[tuple[str, object]] = []
    text, image = painter.text, painter.image

    def record_text(s, *a, **kw):
        r = text(s, *a, **kw)
        drawn.append(("text", r))
        return r

    def record_image(name, *a, **kw):
        drawn.append((name, kw.get("rect")))
        return image(name, *a, **kw)

    painter.text, painter.image = record_text, record_image
    d.top.board.render(painter, match.shown, match.names, [s.kind for s in seats], 0)
    zones = [d.top.layout.player(seat, "totals") for seat in range(4)]
    pairs = 0
    for (kind, icon), (_t, number), (after, nxt) in zip(drawn, drawn[1:], drawn[2:], strict=False):
        in_totals = any(z.contains(icon) for z in zones if icon is not None)
        if kind == "element_icon" and after in ("element_icon", "coin") and in_totals:
            assert number.right + 6 <= nxt.x, (number, nxt)
            pairs += 1
    assert pairs >= 4 * 5  # every seat's header: five gaps between six icons
