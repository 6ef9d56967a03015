"""The hint names a legal move and its reasons as catalogue keys (worded by the table)."""

from __future__ import annotations

from game.ai.coach.hint import _explain_draw, advise
from game.engine import new_game
from game.engine.moves import DRAW
from tests.ai.helpers import random_positions
from tests.engine.helpers import CARD, draw, stack

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
    "draw_safe",
    "stop_odds",
    "line_enough",
    "longer_line",
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


def test_a_draw_that_cannot_cost_an_action_says_so_and_odds_are_never_0_or_100() -> None:
    g = new_game(2, 3)
    stack(g, 0, [CARD["Hare"]])
    draw(g, 0)  # balance 0: no single card reaches three solitary symbols
    assert _explain_draw(g, 0, DRAW) == ("draw_safe", {})
    stack(g, 0, [CARD["Bear"], CARD["Bear"]])
    draw(g, 0, 2)  # balance 2, solitary and other cards left in the pile: a real risk
    key, params = _explain_draw(g, 0, DRAW)
    assert key == "draw_odds" and 1 <= params["percent"] <= 99


def test_a_gregarious_pick_is_explained_by_the_longer_help_line() -> None:
    """The Butterfly costs 3 Sun and gives nothing this round: the hint says what it buys."""
    from game.ai.coach.hint import explain
    from game.engine import Action, Decision
    from game.engine.moves import CHOOSE, PICK_ANIMAL
    from tests.ai.test_hard_thinning import BUTTERFLY, CATERPILLAR, solitary_pile_turn

    g = solitary_pile_turn()
    g.play(0, CHOOSE[Action.ATTRACT])
    reasons = dict(explain(g, 0, Decision.ATTRACT, PICK_ANIMAL[BUTTERFLY]))
    assert reasons["longer_line"]["before"] == "6.5"
    assert float(reasons["longer_line"]["after"]) > 6.8
    # A plain animal adds no such reason.
    assert "longer_line" not in dict(explain(g, 0, Decision.ATTRACT, PICK_ANIMAL[CATERPILLAR]))
