"""The board layer keeps each seat's panel and blits it back while nothing it shows changed
(``game/ui/table/seat_cache.py``): a layer so drawn is the very layer drawn afresh, pixel for
pixel and target for target, state after state of a played game; and it can be, because a
seat draws only inside its region and the shared parts only in theirs."""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest

from game.engine import Game, new_game
from game.i18n import Catalog
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import Viewport
from game.ui.table.ai_seats.ai_seat import builtin_choice
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.seat_cache import SeatCache, seat_region, seat_zones
from tests.ui.test_row_icons import staged
from tests.ui.text_ink import shared_art, shared_texts

SIZES = [(1280, 720), (1920, 1080)]
NAMES = ["Ana", "Bo", "Cy", "Di"]
SENTINEL = (1, 254, 3)


@cache
def played(players: int, seed: int = 3) -> tuple[Game, ...]:
    """A whole game with the built-in AI, position after position."""
    g = new_game(players, seed=seed)
    rand = random.Random(seed)
    states = [g.clone()]
    while not g.over:
        a = g.pending()[0].player
        g.play(a, builtin_choice(g, a, rand))
        states.append(g.clone())
    return tuple(states)


def painter(size: tuple[int, int], scale: float = 1.0) -> Painter:
    vp = Viewport(size)
    p = Painter(pygame.Surface(vp.window), vp, shared_texts(), shared_art("en"))
    p.text_scale = scale
    return p


def board_for(players: int, tray: int = 0) -> BoardView:
    layout = load_layout(players).seated(tray, players)
    return BoardView(layout, players, Catalog.load("en").tr, tray)


def pixels(p: Painter) -> bytes:
    return p.surface.get_buffer().raw


def untouched_outside(p: Painter, regions: list[pygame.Rect]) -> bool:
    """Every pixel outside ``regions`` still holds the sentinel."""
    for r in regions:
        p.surface.fill(SENTINEL, r)
    blank = p.surface.copy()
    blank.fill(SENTINEL)
    return blank.get_buffer().raw == pixels(p)


@pytest.mark.parametrize(("size", "scale"), [(SIZES[0], 1.5), (SIZES[1], 1.0)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_draws_only_inside_its_region(players, size, scale) -> None:
    """Long lines (tabs) and short ones (cards), every place at the table (the tray and
    each row), active (its edge drawn), at the largest interface scale and at 100%: every
    pixel a seat touches lies in its region."""
    games = [staged(players, 16), played(players)[-1]]
    kinds = ["human"] + ["medium"] * (players - 1)
    vp = Viewport(size)
    board = board_for(players)
    board.text_scale = scale
    clear = pygame.Surface(vp.window, pygame.SRCALPHA)
    p = Painter(clear, vp, shared_texts(), shared_art("en"))
    p.text_scale = scale
    for g in games:
        for seat in range(players):
            clear.fill((0, 0, 0, 0))  # alpha 0: nothing drawn
            board._player(p, g, seat, NAMES, kinds, True, frozenset())
            region = seat_region(p, seat_zones(board.layout, seat, board.in_tray(seat)))
            touched = pygame.mask.from_surface(clear, 0)  # every pixel of alpha > 0
            inside = pygame.mask.Mask(region.size, fill=True)
            assert touched.overlap_area(inside, region.topleft) == touched.count(), seat


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_shared_parts_draw_only_inside_their_zones(players, size) -> None:
    board = board_for(players)
    for g in (staged(players, 5), played(players)[len(played(players)) // 2]):
        p = painter(size)
        p.surface.fill(SENTINEL)
        board.targets = []
        board._reserve(p, g)
        board._trees(p, g)
        board._supplies(p, g)
        board._circle(p, g, frozenset())
        assert untouched_outside(p, board.shared_rects(p))


@pytest.mark.parametrize("players", [2, 4])
def test_a_layer_with_kept_seats_is_the_layer_drawn_afresh(players) -> None:
    """Position after position of a whole game, the active seat moving, the tray handed
    to another seat now and then, the interface scale changed once: the same pixels and
    targets as drawing every seat again; and most panels come from the cache."""
    size = SIZES[0]
    kinds = ["human"] + ["medium"] * (players - 1)
    names = NAMES[:players]
    kept = SeatCache()
    cached, fresh = painter(size), painter(size)
    game = played(players)
    middle = len(game) // 2
    states = game[:10] + game[middle : middle + 10] + game[-10:]  # each a run of moves
    for i, g in enumerate(states):
        tray = (i // 5) % players
        scale = 1.25 if i >= 17 else 1.0
        cached.text_scale = fresh.text_scale = scale
        pending = g.pending()
        active = pending[0].player if pending else -1
        board = board_for(players, tray)
        board.render(cached, g, names, kinds, active, seats=kept)
        board_targets = list(board.targets)
        board.render(fresh, g, names, kinds, active)
        assert pixels(cached) == pixels(fresh), i
        assert board_targets == board.targets, i
    assert kept.hits >= len(states) * (players - 1) // 3, kept.hits


def test_whatever_a_panel_shows_that_changes_draws_it_again() -> None:
    """Each thing a panel is drawn from, changed alone, gives the fresh drawing's pixels."""
    from dataclasses import replace

    from game.engine import Phase
    from game.ui.kit import theme

    base = played(3)[100].clone()  # the draw phase: two seats stopped, one drawing
    base.players[2].actions_left = 2  # (the action phase would show them)
    kept = SeatCache()
    cached, fresh = painter(SIZES[0]), painter(SIZES[0])

    def same(g: Game, names=NAMES[:3], kinds=("human", "easy", "hard"), active=1, **kw) -> bool:
        board = board_for(3)
        board.palette = kw.get("palette", theme.NORMAL)
        board.fires_coming = kw.get("coming", 0)  # Fires on their way: the centre makes room
        cached.text_scale = fresh.text_scale = kw.get("scale", 1.0)
        hidden = kw.get("hidden", frozenset())
        board.render(cached, g, list(names), list(kinds), active, hidden, seats=kept)
        if kw.get("reset"):  # (only the cache back to the base position)
            return True
        board.render(fresh, g, list(names), list(kinds), active, hidden)
        return pixels(cached) == pixels(fresh)

    assert same(base)
    hits = kept.hits
    assert same(base) and kept.hits == hits + 3
    first, phase, centre = base.clone(), base.clone(), base.clone()
    first.first = (base.first + 1) % 3
    phase.phase = Phase.ACTION
    centre.centre = [*base.centre, 2, 2]  # Firepower past one more seat's Plants
    shared = []  # the Reserve, the decks, the supplies, a Spirit moved: the shared parts
    for change in range(8):
        g = base.clone()
        if change == 0:
            g.reserve[0] = g.reserve[0][::-1]
        elif change == 1:
            g.market[1] = g.market[1][:-1]
        elif change == 2:
            g.tree_supply[3] -= 1
        elif change == 3:
            g.fragments -= 1
        elif change == 4:
            g.varans -= 1
        elif change == 5:
            g.fire_supply[2] -= 1
        elif change == 6:
            g.centre[0] = 4 if g.centre[0] != 4 else 3
        else:
            g.players[1].rock = (g.players[1].rock + 1) % 12
        shared.append({"g": g})
    changes = [
        *shared,
        {"hidden": frozenset({("standee", 1)})},
        {"coming": 2},
        {"hidden": frozenset({("centre_fire", 0)})},
        {"g": first},
        {"g": phase},
        {"g": centre},
        {"names": ("Ana", "Bob", "Cy")},
        {"kinds": ("human", "hard", "hard")},
        {"active": 2},
        {"scale": 1.5},
        {"palette": replace(theme.NORMAL, seasons=((9, 9, 9),) * 4)},
        {"hidden": frozenset({("line", 0, 0)})},
    ]
    for change in changes:
        assert same(**{"g": base, **change}), change
        same(base, reset=True)


def test_a_panel_drawn_over_is_not_kept() -> None:
    """A seat whose place something else drew into first is drawn, never blitted back."""
    g = played(2)[10]
    board = board_for(2)
    p = painter(SIZES[0])
    kept = SeatCache()
    for _ in range(2):
        board.render(p, g, NAMES[:2], ["human", "easy"], 0, seats=kept)
    assert kept.hits == 2
    region = seat_region(p, seat_zones(board.layout, 1, False))
    drawn: list[int] = []
    kept.open([region.inflate(-10, -10)])
    kept.draw(p, 1, kept._kept[1].key, region, [], lambda: drawn.append(1))
    assert kept.hits == 2 and drawn == [1] and 1 not in kept._kept
