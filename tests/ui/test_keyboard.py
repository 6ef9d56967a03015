"""The keyboard path end to end; at 4 players, planting in the tray and opening an
opponent's row."""

from __future__ import annotations

import pygame

from game.engine import Decision, Phase
from game.engine import events as ev
from game.ui.table.match import Seat
from game.ui.table.targets import Target
from tests.ui.test_table import boost, start


def test_a_whole_human_turn_without_the_mouse(app, ctx) -> None:
    """Draw and stop, then Plant (tree and space by arrows + Enter, Enter to confirm) and
    Attract (arrows + Enter, Enter to finish), then the turn passes on."""
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")], seed=7)
    g = match.game
    d.key(pygame.K_SPACE)
    d.key(pygame.K_SPACE)
    assert len(g.players[0].line) == 2
    d.key(pygame.K_RETURN)
    assert g.players[0].stopped
    for _ in range(300):  # the AI draws
        if d.top.kind == "action" and d.top.human_seat() == 0:
            break
        d.frames()
    assert g.phase is Phase.ACTION and match.active().player == 0
    boost(match, 0, actions=2)
    g.players[0].forest[2] = -1  # no Tree 11: the two actions must differ
    match.sync()
    d.frames()
    # Plant: a tree, a space, confirm
    d.key(pygame.K_4)
    assert match.active().decision is Decision.PLANT
    d.key(pygame.K_RIGHT)
    focused = d.top.targets.choices[d.top.targets.focus].target
    assert focused.kind == "tree_kind"
    d.key(pygame.K_RETURN)
    assert d.top.selected_tree == focused.a
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    space = d.top.targets.choices[d.top.targets.focus].target
    assert space.kind == "space" and space.a == 0
    d.key(pygame.K_RETURN)
    assert d.top.tentative is not None
    assert g.players[0].forest[space.c * 5 + space.b] == -1  # waits for the confirmation
    d.key(pygame.K_RETURN)
    assert g.players[0].forest[space.c * 5 + space.b] == focused.a
    # Attract: arrows to an animal, Enter to take it, Enter to finish
    assert match.active().decision is Decision.ACTION
    d.key(pygame.K_2)
    d.key(pygame.K_LEFT)
    card = d.top.targets.choices[d.top.targets.focus].target
    assert card.kind == "reserve"
    d.key(pygame.K_RETURN)
    assert g.players[0].deck[-1] == card.a
    if match.active() and match.active().player == 0:
        d.key(pygame.K_RETURN)  # Finish
    d.frames(3)
    ended = [e.event for e in match.log if isinstance(e.event, ev.TurnEnded)]
    assert ended and ended[0].player == 0  # the turn went on to Bo


def test_four_players_plant_in_the_tray_without_a_close_up(app, ctx) -> None:
    """The planter's Forest is the tray's, large where it is: no close-up over the
    Reserve, and the spaces are clicked in the tray itself."""
    seats = [Seat("Ana", "human")] + [Seat(n, "human") for n in ("Bo", "Cy", "Di")]
    d, match = start(app, ctx, seats)
    while match.game.phase is Phase.DRAW:
        match.play(match.active().player, match.legal()[-1])
    d.frames(3)
    boost(match, 0)
    d.frames()
    assert d.top.seating.tray == 0
    d.key(pygame.K_4)
    d.click(d.target(Target("tree_kind", 0)))
    d.frames(30)
    assert d.top.closeup.cells == [] and d.top.focus_seat() == -1
    target = Target("space", 0, 1, 1)
    cell = d.top.board.rect_of(target)
    assert (
        cell.colliderect(d.top.layout.player(0, "panel")) and cell.h * 720 / 1080 >= 26
    )  # was ~20 px
    d.click(cell.center)
    assert d.top.tentative is not None and (d.top.tentative.x, d.top.tentative.y) == (1, 1)
    d.key(pygame.K_RETURN)
    assert match.game.players[0].forest[1 * 5 + 1] == 0


def hover(app, d, logical) -> None:
    pos = app.viewport.point(logical)
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(30)


def test_an_opponents_row_opens_at_length_on_hover_and_click(app, ctx) -> None:
    seats = [Seat("Ana", "human")] + [Seat(n, "easy") for n in ("Bo", "Cy", "Di")]
    d, match = start(app, ctx, seats)
    for _ in range(300):  # the AI seats' draws done (how many a frame plays is wall time's)
        if not match.draws.drawing(match):
            break
        d.frames()
    assert not match.draws.drawing(match)
    match.game.players[2].line = list(range(2, 14))
    match.sync()
    d.frames()
    t = d.top
    hover(app, d, t.layout.player(0, "forest").center)  # the own board: nothing pops up
    assert t.closeup.cells == [] and t.seating.expand_cells == []
    hover(app, d, t.layout.player(2, "totals").center)
    assert t.seating.expand_shown == 2 and t.seating.expand_cells
    open_line = [r for tg, r in t.seating.expand_cells if tg.kind == "help_card" and tg.a == 2]
    small_line = t.layout.player(2, "help_line")
    assert len(open_line) == 12 and all(r.h > small_line.h for r in open_line)  # at length
    hover(app, d, t.layout["expand_panel"].move(0, -5).midbottom)  # still over it: stays
    assert t.seating.expand_cells
    hover(app, d, t.layout["circle"].center)
    assert t.seating.expand_cells == []
    d.click(t.layout.player(3, "help_line").center)  # a click keeps it open
    hover(app, d, t.layout["circle"].center)
    s = t.seating
    assert s.expanded == 3 and s.expand_shown == 3 and s.expand_cells
    d.key(pygame.K_ESCAPE)
    d.frames()
    assert s.expanded == -1 and s.expand_cells == []
