"""Random positions for AI tests: games advanced by random legal moves from a seed."""

from __future__ import annotations

import random

from game.engine import Game, new_game


def random_positions(players: int, seed: int, count: int, max_steps: int = 400) -> list[Game]:
    """``count`` positions of one random game, sampled along the way (never over). (Each
    move is taken from ``legal_moves``, so it is played unchecked, and the seat read with
    ``deciding``: the same games, a quarter faster; many AI tests start from these.)"""
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    stops = sorted(rng.sample(range(1, max_steps), count))
    out: list[Game] = []
    step = 0
    for stop in stops:
        while step < stop and not g.over:
            seat = g.deciding()[0][0]
            g.play_unchecked(seat, rng.choice(g.legal_moves(seat)))
            step += 1
        if g.over:
            break
        out.append(g.clone())
    return out


def with_other_hidden_order(g: Game, seed: int) -> Game:
    """The same game with every hidden order (pile bottoms, market decks) reshuffled."""
    h = g.clone()
    rng = random.Random(seed)
    for p in h.players:
        n = len(p.deck) - p.known_top
        hidden = p.deck[:n]
        rng.shuffle(hidden)
        p.deck[:n] = hidden
    for deck in h.market:
        rng.shuffle(deck)
    h.seed = g.seed + 7919
    return h
