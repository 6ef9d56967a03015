"""The screen never runs ahead of the event being shown (banner, log, totals read the display
copy), and a tooltip gives way: on a click or key, a change of what it describes, an
animation of its object, its object gone."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.engine.moves import FINISH, PASS, STOP
from game.ui.kit.anim import Flight
from game.ui.scenes.end_round import EndOfRoundOverlay
from game.ui.table.match import Seat
from game.ui.table.targets import Target
from tests.ui.test_table import Driver, start


def test_the_banner_and_log_stay_with_the_round_being_shown(app, ctx) -> None:
    ctx.settings.speed = "normal"
    d, match = start(app, ctx, [Seat("Bo", "easy"), Seat("Cy", "easy")])
    d.dt = 0.1  # frames as long as the app lets one be (its cap): the same rounds shown
    behind = 0.0  # seconds shown behind the real game
    for _ in range(10 * 90):
        d.frames()
        t = d.top
        if isinstance(t, EndOfRoundOverlay):
            t = t.table  # the banner and the log are the table's, below the walkthrough
        if match.game.round > match.shown.round and t.kind in ("action", "draw"):
            behind += d.dt
            banner = t.banner_text()
            assert f"Round {match.shown.round}" in banner, banner
            assert f"Round {match.game.round}" not in banner, banner
            shown_log = t.log_entries()
            assert len(shown_log) < len(match.log), "the next round's lines wait"
            assert all(e.round <= match.shown.round for e in shown_log)
        if match.shown.round >= 2 and t.kind == "draw":
            break
    assert behind > 1, "the real game ran ahead while round 1 was still being shown"


def test_the_log_waits_for_the_piece_to_land(app, ctx) -> None:
    ctx.settings.speed = "normal"
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    before = len(d.top.log_entries())
    d.key(pygame.K_SPACE)  # the card flies for a while
    assert d.top.anims.busy
    assert len(d.top.log_entries()) == before, "no line before the card lands"
    for _ in range(120):
        if not d.top.anims.busy:
            break
        d.frames()
    assert len(d.top.log_entries()) > before


def hovering(app, ctx) -> tuple[Driver, object, Target]:
    ctx.settings.speed = "normal"
    ctx.settings.hover_help = True
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    for _ in range(200):
        d.frames()
        if d.top.human_seat() == 0:
            break
    target = Target("draw_pile", 0)
    d.move(d.target(target))
    d.frames(30)
    assert d.top.pointer.hover == target and d.top.tooltip() is not None
    return d, match, target


def test_a_click_or_a_key_hides_the_tooltip_until_the_pointer_moves(app, ctx) -> None:
    d, _match, target = hovering(app, ctx)
    d.key(pygame.K_F2)  # a key that does nothing
    d.frames(30)
    assert d.top.tooltip() is None
    d.move(d.target(target))
    d.frames(30)
    assert d.top.tooltip() is not None
    pos = d.app.viewport.point(d.target(target))
    d.app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=2))
    d.frames(30)
    assert d.top.tooltip() is None


def test_a_change_of_what_it_describes_hides_the_tooltip(app, ctx) -> None:
    d, match, _target = hovering(app, ctx)
    pile = Target("discard", 1)
    d.move(d.target(pile))
    d.frames(30)
    assert d.top.tooltip() is not None
    match.game.players[1].discard.append(match.game.players[1].deck.pop())
    match.sync()  # one more card in the pile under the pointer, nothing animated
    d.frames(2)
    assert d.top.tooltip() is None and d.top.pointer.tip_blocked


def test_an_animation_of_its_object_hides_the_tooltip(app, ctx) -> None:
    d, _match, target = hovering(app, ctx)
    t = d.top
    far = Rect(0, 0, 10, 10)
    t.anims.add(Flight(5.0, image=("fragment",), src=far, dst=far.move(20, 0)))
    d.frames(2)
    assert t.tooltip() is not None, "an animation elsewhere leaves it"
    t.anims.finish()
    t.anims.add(Flight(5.0, image=("fragment",), src=t.board.rect_of(target), dst=far))
    d.frames(2)
    assert t.tooltip() is None


def test_a_tooltip_goes_with_its_object(app, ctx) -> None:
    ctx.settings.speed = "instant"
    ctx.settings.hover_help = True
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    d.key(pygame.K_SPACE)
    card = Target("help_card", 0, 0, c=match.shown.players[0].line[0])
    assert d.top.board.rect_of(card) is not None
    d.move(d.target(card))
    d.frames(30)
    assert d.top.pointer.hover == card and d.top.tooltip() is not None
    while match.game.round == 1:  # to the end of the round: the line goes back
        seat = match.active().player
        moves = match.game.legal_moves(seat)
        match.play(seat, next((m for m in (STOP, PASS, FINISH) if m in moves), moves[0]))
    for _ in range(3000):
        d.frames()
        if match.shown.round == 2:
            break
    assert d.top.board.rect_of(card) is None
    assert d.top.tooltip() is None and d.top.pointer.hover != card


def test_the_banner_names_the_round_shown_while_the_game_is_ahead(app, ctx) -> None:
    """Moves made but not yet shown (the AI plays on while pieces still fly): the banner
    keeps the round and the seat being shown, not the next round's."""
    d, match = start(app, ctx, [Seat("Bo", "human"), Seat("Cy", "human")])
    table = d.top
    for _ in range(400):  # bounded: a round of first legal moves ends well before
        if match.game.round > 1:
            break
        match.play(match.active().player, match.legal()[0])
    assert match.game.round == 2 and match.shown.round == 1
    banner = table.hud.banner_text(table.tr)
    assert "Round 1" in banner and "Round 2" not in banner, banner
