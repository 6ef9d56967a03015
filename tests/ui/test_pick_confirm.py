"""A turn never ends without the player deciding it (issue 32, item 3): the pick that ends
an Attract or an Extinguish by itself (nothing else fits) waits for Confirm, like a
planting, and can be taken back; and the Fires left in the centre keep their places between
two picks, so the next click lands on a Fire."""

from __future__ import annotations

import pygame

from game.data import animals
from game.engine import Decision
from game.engine.moves import PickAnimal
from game.ui.table.match import Seat
from game.ui.table.targets import Target
from tests.ui.test_table import boost, start, to_action_phase

SEATS = [Seat("Ana"), Seat("Bo")]


def test_the_last_pick_of_the_last_action_waits_for_confirm(app, ctx) -> None:
    d, match = start(app, ctx, SEATS)
    to_action_phase(d, match)
    p = match.game.players[0]
    offered = [c for row in match.game.reserve for c in row]
    card = min(offered, key=lambda c: animals()[c].cost)
    p.forest_elems = [animals()[card].cost - p.line_elems[0], 0, 0, 0, 0]
    p.actions_left = 1
    match.sync()
    d.frames()
    d.key(pygame.K_2)
    d.click(d.target(Target("reserve", card)))
    table = d.top
    assert table.tentative == PickAnimal(card)
    assert match.active().decision is Decision.ATTRACT and match.game.turn == 0
    assert "button_confirm" in table.targets.buttons
    assert table.hud.default_prompt(table.hud_view()) == ctx.tr(
        "prompt.confirm_attract", move=table.describe(PickAnimal(card))
    )
    d.key(pygame.K_BACKSPACE)  # taken back: nothing happened
    assert table.tentative is None and any(card in row for row in match.game.reserve)
    d.click(d.target(Target("reserve", card)))
    d.key(pygame.K_RETURN)  # the player decides: the turn ends
    assert p.deck[-1] == card and match.game.turn == 1


def test_a_pick_that_leaves_more_to_take_is_played_at_once(app, ctx) -> None:
    d, match = start(app, ctx, SEATS)
    to_action_phase(d, match)
    boost(match, 0)
    match.game.centre[:] = [2, 3]
    match.sync()
    d.frames()
    d.key(pygame.K_3)
    d.click(d.target(Target("centre_fire", 2, 0)))
    assert match.game.players[0].fires == [2] and d.top.tentative is None


def test_the_fires_left_keep_their_places_between_picks(app, ctx) -> None:
    d, match = start(app, ctx, SEATS)
    to_action_phase(d, match)
    boost(match, 0)
    match.game.centre[:] = [2, 3, 2, 4]
    match.sync()
    d.frames()
    d.key(pygame.K_3)
    d.frames()
    board = d.top.board
    before = [board.rect_of(Target("centre_fire", v, i)) for i, v in enumerate([2, 3, 2, 4])]
    d.click(before[1].center)  # the 3
    d.frames(30)
    assert match.game.centre == [2, 2, 4]
    after = [board.rect_of(Target("centre_fire", v, i)) for i, v in enumerate([2, 2, 4])]
    assert after == [before[0], before[2], before[3]]
    d.click(before[3].center)  # where the 4 was: it is still there
    assert match.game.players[0].fires == [3, 4]
