"""Each player's three victory tracks at the end of every Action phase (when the game checks
for 12), from a match's seed and moves: the engine replays the game (a few milliseconds), so
the chart shows the numbers the game had, never a second bookkeeping of them.

One subtlety: Flowers count the Help Line, which goes back to the discard pile within the
same move that ends the round. No action changes a Help Line, so the Help Line's Flowers
just before that move are the ones it had when the Action phase ended.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Move, new_game
from game.engine.state import E_FLOWER

Tracks = tuple[int, int, int]  # Trees, Fires, Flowers


def tracks_by_round(
    players: int, seed: int, first: int, history: Sequence[tuple[int, Move]]
) -> list[tuple[Tracks, ...]]:
    """Row ``r`` holds every seat's tracks when the Action phase of round ``r + 1`` ended
    (the last row: when the game ended, or now if it goes on)."""
    g = new_game(players, seed, first)
    rows: list[tuple[Tracks, ...]] = []
    played = g.round
    for seat, move in history:
        line_flowers = [p.line_elems[E_FLOWER] for p in g.players]
        g.play(seat, move)
        if g.round != played:
            rows.append(_now(g, line_flowers))
            played = g.round
    if g.over or not rows or rows[-1] != _now(g):
        rows.append(_now(g))
    return rows


def _now(g, line_flowers: Sequence[int] | None = None) -> tuple[Tracks, ...]:  # noqa: ANN001
    """Every seat's tracks; ``line_flowers`` adds back Help Lines just returned."""
    out = []
    for p in g.players:
        trees, fires, flowers = p.tracks()
        out.append((trees, fires, flowers + (line_flowers[p.seat] if line_flowers else 0)))
    return tuple(out)
