"""The ``random`` yardstick: any legal move, uniformly (arena only): the floor Easy must
clear by far (issue 31: Easy beats it at least 95% of the time)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Decision, Move, View


@dataclass(frozen=True, slots=True)
class RandomPolicy:
    level: str = "random"

    def close(self) -> None:
        """Nothing to release."""

    def choose(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        rng: random.Random,
        budget_s: float,
    ) -> Move:
        return rng.choice(list(legal_moves))
