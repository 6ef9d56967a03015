"""The end of a match: each player's three tracks and the ranking (RULES.md §7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.quick_init import quick_init
from game.engine.state import GOAL, PlayerState


@quick_init  # a ranking at every simulated turn's end
@dataclass(frozen=True, slots=True)
class Score:
    player: int
    trees: int
    fires: int
    flowers: int
    qualified: bool  # reached the goal on at least one track

    @property
    def total(self) -> int:
        return self.trees + self.fires + self.flowers


@quick_init
@dataclass(frozen=True, slots=True)
class Result:
    over: bool
    scores: tuple[Score, ...]  # by seat
    ranking: tuple[tuple[int, ...], ...]  # groups of tied seats, best first
    winners: tuple[int, ...]
    tiebreak: bool  # several players reached the goal, so the sums decided


def ranking(players: Sequence[PlayerState], over: bool) -> Result:
    """Who reached the goal, ranked by the sum of their tracks; ties share a place."""
    scores = []
    for p in players:
        trees, fires, flowers = p.tracks()
        reached = trees >= GOAL or fires >= GOAL or flowers >= GOAL
        scores.append(Score(p.seat, trees, fires, flowers, reached))
    groups: dict[tuple[bool, int], list[int]] = {}
    for s in scores:
        groups.setdefault((s.qualified, s.total), []).append(s.player)
    ranked = tuple(tuple(groups[k]) for k in sorted(groups, reverse=True))
    qualified = [s for s in scores if s.qualified]
    winners: tuple[int, ...] = ranked[0] if qualified else ()
    return Result(
        over=over,
        scores=tuple(scores),
        ranking=ranked,
        winners=winners,
        tiebreak=len(qualified) > 1,
    )
