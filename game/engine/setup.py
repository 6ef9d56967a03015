"""Setting up a new match (RULES.md §3)."""

from __future__ import annotations

import game.engine.rng as rng
from game.engine.game import Game
from game.engine.state import (
    BOARDS,
    FIRE_BY_LEVEL,
    FIRE_SUPPLY,
    MARKET_CARDS,
    RESERVE_SIZE,
    SPACES,
    START_SPACE,
    START_TREE,
    STARTING_CARDS,
    SUPPLY,
    TREES,
    VICTORY_KINDS,
    Phase,
    PlayerState,
)


def new_player(seat: int, rock: int, seed: int) -> PlayerState:
    deck = list(STARTING_CARDS)
    rng.shuffle(deck, seed, seat, 0)
    forest = [-1] * SPACES
    forest[START_SPACE] = START_TREE
    return PlayerState(
        seat=seat,
        deck=deck,
        known_top=0,
        shuffles=1,
        discard=[],
        line=[],
        line_elems=[0, 0, 0, 0, 0],
        solitary=0,
        gregarious=0,
        just_revealed=False,
        stopped=False,
        forest=forest,
        forest_elems=[0, 0, 0, 0, 0],
        lines_done=0,
        fragments=0,
        fires=[],
        tiles=[(kind, seat) for kind in VICTORY_KINDS],
        rock=rock,
        actions_left=0,
        used=0,
    )


def new_game(players: int, seed: int, first_player: int | None = None) -> Game:
    """A fresh match for 2-4 players; the same seed always gives the same game."""
    if players not in (2, 3, 4):
        raise ValueError(f"Living Forest is for 2 to 4 players, not {players}")
    if not isinstance(seed, int):
        raise ValueError("the seed must be an integer")
    if first_player is None:
        first_player = rng.derive(seed, rng.FIRST_PLAYER_STREAM) % players
    elif not 0 <= first_player < players:
        raise ValueError(f"first_player must be 0..{players - 1}")
    starts = BOARDS.start_rocks[players]
    g = Game.__new__(Game)
    g.n = players
    g.seed = seed
    g.round = 1
    g.phase = Phase.DRAW
    g.first = first_player
    g.turn = -1
    # Standees start in seating order beginning with the first player.
    rocks = {(first_player + i) % players: starts[i] for i in range(players)}
    g.players = [new_player(s, rocks[s], seed) for s in range(players)]
    g.market = []
    g.reserve = []
    for level in (1, 2, 3):
        deck = list(MARKET_CARDS[level])
        rng.shuffle(deck, seed, rng.MARKET_STREAM[level], 0)
        g.reserve.append([deck.pop() for _ in range(min(RESERVE_SIZE, len(deck)))])
        g.market.append(deck)
    setup_fire = FIRE_BY_LEVEL[1]
    g.fire_supply = dict(FIRE_SUPPLY)
    g.fire_supply[setup_fire] -= 1
    g.centre = [setup_fire]
    g.varans = SUPPLY.varans
    g.fragments = SUPPLY.fragments
    g.tree_supply = [t.copies[players] for t in TREES]
    g.attracted = [0, 0, 0]
    g.tasks = []
    g.is_view = False
    return g
