"""Who takes the Fires a turn leaves behind (Medium's leaf valuation only).

The Fires in the centre are nobody's until someone puts them out: a Fire left there at the
end of a turn is the next seat's to take, and the animals attracted this round feed the
centre at its end (RULES §4.3) for whoever plays first in the next round. Medium's
evaluation counts only the Fires a seat holds, so taking a Fire looked worth one step on
its own track and leaving one to a rival at 11 Fires cost nothing. ``fire_reach`` says how
many tiles each seat can take: the seats still to play this round with the Water their
Help Line shows (exact), then, in the next round's order, each with the Water a typical
Help Line of its pile brings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Game, Phase
from game.engine.state import CENTRE_MAX, E_WATER, FIRE_BY_LEVEL


@dataclass(frozen=True, slots=True)
class Reach:
    """Fire tiles each seat can take: ``now`` in the rest of this round (what its Help
    Line's Water puts out), ``next`` in the next round (from a typical Help Line)."""

    now: tuple[int, ...]
    next: tuple[int, ...]


def take(centre: list[int], water: float) -> int:
    """Most tiles ``water`` puts out in one Extinguish (smallest first); removes them from
    ``centre`` (kept sorted)."""
    spent = 0
    n = 0
    while n < len(centre) and spent + centre[n] <= water:
        spent += centre[n]
        n += 1
    del centre[:n]
    return n


def fed(g: Game, centre: Sequence[int]) -> list[int]:
    """The Fires the animals attracted this round add at its end (lowest level first, up to
    the centre's room; an empty centre still gets one of the lowest value)."""
    added: list[int] = []
    room = CENTRE_MAX - len(centre)
    for level in (1, 2, 3):
        added += [FIRE_BY_LEVEL[level]] * g.attracted[level - 1]
    added = added[: max(room, 0)]
    if not added and not centre:
        added = [FIRE_BY_LEVEL[1]]
    return added


def still_to_play(g: Game, seat: int) -> list[int]:
    """The seats after ``seat`` that have not taken their turn this round, in turn order
    (a seat that has played, or passed, has no action left)."""
    n = g.n
    return [(seat + k) % n for k in range(1, n) if g.players[(seat + k) % n].actions_left > 0]


def fire_reach(g: Game, seat: int, water_next: Sequence[float]) -> Reach:
    """The tiles each seat takes once ``seat``'s turn is over (``water_next``: each seat's
    Water in a typical Help Line of next round, its Forest included)."""
    now = [0] * g.n
    nxt = [0] * g.n
    if g.phase is not Phase.ACTION:
        return Reach(tuple(now), tuple(nxt))
    centre = sorted(g.centre)
    later = still_to_play(g, seat)
    for s in later:
        now[s] = take(centre, g.players[s].total(E_WATER))
    # The round's last seat is the one before its first; the next round starts one later.
    last = later[-1] if later else seat
    centre = sorted(centre + fed(g, centre))
    for k in range(g.n):
        s = (last + 2 + k) % g.n
        nxt[s] = take(centre, water_next[s])
    return Reach(tuple(now), tuple(nxt))
