"""Prepared positions for AI tests: a real game start, then the state a test needs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.engine import Game, Phase, new_game
from game.engine.moves import DRAW, STOP
from game.savegame import load_bytes

DATA = Path(__file__).with_name("data")  # games recorded by the arena, Hard's losses mostly


def draw_position(
    line: Sequence[int],
    deck: Sequence[int],
    discard: Sequence[int] = (),
    fragments: int = 0,
    players: int = 2,
    seed: int = 1,
) -> Game:
    """Seat 0 in the Guardian Animals phase with this Help Line and pile (order unknown)."""
    g = new_game(players, seed=seed, first_player=0)
    p = g.players[0]
    p.line = list(line)
    p.deck = list(deck)
    p.known_top = 0
    p.discard = list(discard)
    p.fragments = fragments
    g.fragments -= fragments
    p.recompute()
    p.just_revealed = bool(line)
    return g


def action_position(
    line: Sequence[int], players: int = 2, seed: int = 1, centre: Sequence[int] = (2,)
) -> Game:
    """Seat 0 to act first with this Help Line; the others stopped after one card."""
    g = new_game(players, seed=seed, first_player=0)
    while g.phase is Phase.DRAW:
        seat = g.pending()[0].player
        g.play(seat, STOP if g.players[seat].line else DRAW)
    p = g.players[0]
    p.line = list(line)
    p.recompute()
    p.actions_left = 1 if p.uncancelled >= 3 else 2
    g.centre = list(centre)
    assert g.turn == 0 and not g.tasks
    return g


def recorded_position(name: str, moves: int) -> Game:
    """The recorded game ``name`` (in ``tests/ai/data``) after its first ``moves`` moves."""
    m = load_bytes((DATA / name).read_bytes())
    g = new_game(m.players, m.seed, m.first_player)
    for seat, move in m.moves[:moves]:
        g.play(seat, move)
    return g
