"""The hint names a legal move and its reasons as catalogue keys (worded by the table)."""

from __future__ import annotations

from game.ai.hint import advise
from tests.ai.helpers import random_positions

REASONS = {
    "track",
    "for_good",
    "fragments",
    "attracted",
    "steals",
    "best_rated",
    "varan_back",
    "would_cost_action",
    "must_reveal",
    "draw_odds",
    "stop_odds",
    "line_enough",
}


def test_advice_is_a_legal_move_with_known_reasons() -> None:
    for g in random_positions(3, 21, 5):
        seat = g.pending()[0].player
        advice = advise(g.view(seat), budget_s=0.03)
        assert advice is not None and advice.move in g.legal_moves(seat)
        assert 1 <= len(advice.reasons) <= 3
        for key, params in advice.reasons:
            assert key in REASONS and all(isinstance(v, int | str) for v in params.values())
        others = [s for s in range(3) if s not in {p.player for p in g.pending()}]
        if others:
            assert advise(g.view(others[0])) is None
