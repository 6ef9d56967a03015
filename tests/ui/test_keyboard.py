"""The keyboard path end to end, and the 4-player Forest focus view."""

from __future__ import annotations

import pygame

from game.engine import Decision, Phase
from game.engine import events as ev
from game.ui.match import Seat
from game.ui.targets import Target
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
    focused = d.top.choices[d.top.focus].target
    assert focused.kind == "tree_kind"
    d.key(pygame.K_RETURN)
    assert d.top.selected_tree == focused.a
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    space = d.top.choices[d.top.focus].target
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
    card = d.top.choices[d.top.focus].target
    assert card.kind == "reserve"
    d.key(pygame.K_RETURN)
    assert g.players[0].deck[-1] == card.a
    if match.active() and match.active().player == 0:
        d.key(pygame.K_RETURN)  # Finish
    d.frames(3)
    ended = [e.event for e in match.log if isinstance(e.event, ev.TurnEnded)]
    assert ended and ended[0].player == 0  # the turn went on to Bo


def test_four_players_plant_in_the_focus_view(app, ctx) -> None:
    seats = [Seat("Ana", "human")] + [Seat(n, "human") for n in ("Bo", "Cy", "Di")]
    d, match = start(app, ctx, seats)
    while match.game.phase is Phase.DRAW:
        match.play(match.active().player, match.legal()[-1])
    d.frames(3)
    boost(match, 0)
    d.frames()
    assert d.top.small_forests
    d.key(pygame.K_4)
    d.click(d.target(Target("tree_kind", 0)))
    d.frames()
    cells = dict(d.top.focus_cells)
    target = Target("space", 0, 1, 1)
    big = cells[target]
    assert big.w > 2 * d.top.board.rect_of(target).w  # up close
    d.click(big.center)
    assert d.top.tentative is not None and (d.top.tentative.x, d.top.tentative.y) == (1, 1)
    d.key(pygame.K_RETURN)
    assert match.game.players[0].forest[1 * 5 + 1] == 0


def test_hovering_a_small_forest_shows_it_up_close(app, ctx) -> None:
    seats = [Seat(n, "human") for n in ("Ana", "Bo", "Cy", "Di")]
    d, match = start(app, ctx, seats)
    pos = app.viewport.point(d.target(Target("space", 2, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(30)
    assert d.top.focus_seat() == 2 and d.top.focus_cells
