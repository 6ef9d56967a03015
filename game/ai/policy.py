"""The one interface every AI level answers, and the registry of levels.

``choose(view, decision, legal_moves, rng, budget_s) -> Move``: the policy sees only the
acting seat's ``View`` (hidden orders scrubbed), the decision it faces and the legal moves,
and must return one of those moves. ``rng`` makes it reproducible; ``budget_s`` is a time
allowance that only searching levels use. ``close()`` releases what a policy holds (Hard's
search processes); every caller that builds a policy closes it (``with closing(policy)``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from contextlib import closing
from typing import Any, Protocol

from game.engine import Decision, Move, View
from game.seats import AI_LEVELS

LEVELS = AI_LEVELS  # the names the game shows: Easy, Medium, Hard
# Arena-only seats written from the rules alone, to measure the levels against.
BASELINES = ("greedy", "pimc", "pimc2", "ismcts", "random")


class Policy(Protocol):
    """An AI level; implementations hold settings only, never per-game state."""

    @property
    def level(self) -> str: ...

    def choose(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        rng: random.Random,
        budget_s: float,
    ) -> Move: ...

    def close(self) -> None:
        """Release the policy's resources (helper processes); safe to call twice."""
        ...


def make_policy(level: str, **options: Any) -> Policy:
    """A policy by level name ("easy", "medium" or "hard", any case), or a baseline seat
    ("greedy", "pimc", "pimc2", "ismcts", "random")."""
    key = level.lower()
    if key == "easy":
        from game.ai.levels.easy import EasyPolicy

        return EasyPolicy()
    if key == "medium":
        from game.ai.levels.medium import MediumPolicy

        return MediumPolicy(**options)
    if key == "hard":
        from game.ai.levels.hard import HardPolicy

        return HardPolicy(**options)
    if key in BASELINES:
        return _baseline(key, **options)
    raise ValueError(f"unknown AI level {level!r}; choose easy, medium or hard")


def _baseline(key: str, **options: Any) -> Policy:
    """The arena's independent yardsticks (not offered at the table)."""
    if key == "greedy":
        from game.ai.yardsticks.greedy import GreedyPolicy

        return GreedyPolicy()
    if key == "random":
        from game.ai.yardsticks.random_seat import RandomPolicy

        return RandomPolicy()
    if key in ("pimc", "pimc2"):
        from game.ai.yardsticks.pimc import PIMC2, PimcPolicy

        preset = PIMC2 if key == "pimc2" else {}
        return PimcPolicy(**{**preset, **options})
    from game.ai.yardsticks.ismcts import IsmctsPolicy

    return IsmctsPolicy(**options)


def decide(game_view: View, level: str, rng: random.Random, budget_s: float = 1.0) -> Move:
    """Convenience: the move ``level`` makes for the view's seat (which must be pending)."""
    g = game_view.game
    seat = game_view.player
    pend = [p for p in g.pending() if p.player == seat]
    if not pend:
        raise ValueError(f"seat {seat} has nothing to decide")
    with closing(make_policy(level)) as policy:
        return policy.choose(game_view, pend[0].decision, g.legal_moves(seat), rng, budget_s)
