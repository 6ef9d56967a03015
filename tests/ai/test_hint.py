"""The hint sentence names a legal move and a reason."""

from __future__ import annotations

from game.ai.hint import hint
from tests.ai.helpers import random_positions


def test_hint_is_one_short_sentence() -> None:
    for g in random_positions(3, 21, 5):
        seat = g.pending()[0].player
        text = hint(g.view(seat), budget_s=0.03)
        assert text.endswith(".") and ": " in text and len(text) < 160
        others = [s for s in range(3) if s not in {p.player for p in g.pending()}]
        if others:
            assert hint(g.view(others[0])).startswith("Nothing to decide")
