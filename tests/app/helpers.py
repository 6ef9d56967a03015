"""Matches played by a simple seeded policy, for save, replay and statistics tests."""

from __future__ import annotations

import random

from game.engine import Game, Move, new_game
from game.engine.moves import DRAW, STOP, ChooseAction
from game.savegame import SavedMatch, Seat


def choose(game: Game, seat: int, rand: random.Random) -> Move:
    moves = game.legal_moves(seat)
    if DRAW in moves and game.players[seat].uncancelled < 2:
        return DRAW
    if STOP in moves:
        return STOP
    preferred = [m for m in moves if not (isinstance(m, ChooseAction) and m.action == 1)]
    return rand.choice(preferred or moves)


def play_match(
    players: int = 3,
    seed: int = 7,
    max_moves: int | None = None,
    kinds: tuple[str, ...] | None = None,
) -> SavedMatch:
    """A match from ``new_game`` played to the end (or ``max_moves``), as a save would hold."""
    first = seed % players
    game = new_game(players, seed, first)
    rand = random.Random(seed)
    moves: list[tuple[int, Move]] = []
    while not game.over and (max_moves is None or len(moves) < max_moves):
        seat = game.pending()[0].player
        move = choose(game, seat, rand)
        game.play(seat, move)
        moves.append((seat, move))
    kinds = kinds or ("human", *("medium",) * (players - 1))
    seats = [Seat(f"Player {i + 1}", kinds[i]) for i in range(players)]
    return SavedMatch(players, seed, first, seats, game, seed * 3, moves, [], "")
