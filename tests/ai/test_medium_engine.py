"""Medium values its engine above the shared weights Hard's search keeps: on a prepared
early position it builds its deck with its second action where the shared weights take a
Fragment."""

from __future__ import annotations

import random

from game.ai.heuristics.evaluate import SHARED
from game.ai.levels.medium import CASUAL, MediumPolicy, rank
from game.engine import Action, Decision, Game, Phase
from game.engine.moves import CHOOSE, ChooseAction
from tests.ai.positions import action_position

WOODPECKER, WEASEL, LYNX, FAWN, TANUKI, BOAR = 38, 8, 3, 10, 6, 7
GOLDFISH, BEE, HUMMINGBIRD, OWL = 5, 12, 11, 14


def early_turn() -> Game:
    """Round 1, Sun 5, Water 4, Plant 7, a Fire of 3 in the centre, cheap animals for sale."""
    line = [WOODPECKER, WEASEL, LYNX, FAWN, TANUKI, BOAR, GOLDFISH, BEE, HUMMINGBIRD, OWL]
    g = action_position(line, centre=[3])
    assert g.players[0].totals()[:3] == (5, 4, 7) and g.players[0].actions_left == 2
    return g


def test_medium_spends_its_second_action_on_animals_not_a_Fragment() -> None:
    g = early_turn()
    policy, rng = MediumPolicy(), random.Random(1)
    chosen = []
    for _ in range(20):
        if g.phase is not Phase.ACTION or g.turn != 0:
            break
        pend = g.pending()[0]
        move = policy.choose(g.view(0), pend.decision, g.legal_moves(0), rng, 1.0)
        if isinstance(move, ChooseAction):
            chosen.append(move)
        g.play(0, move)
    assert CHOOSE[Action.ATTRACT] in chosen and CHOOSE[Action.FRAGMENT] not in chosen
    assert len(g.players[0].deck) > 0 and g.players[0].known_top > 0  # the animals wait on top


def test_hard_keeps_the_shared_weights_when_it_asks_for_Medium_s_ranking() -> None:
    """``rank`` without an engine (Hard's search, its rollouts, the hints) is unchanged;
    only Medium's own policy counts income its way."""
    g = early_turn()
    legal = g.legal_moves(0)
    default = rank(g, 0, Decision.ACTION, legal)
    assert default == rank(g, 0, Decision.ACTION, legal, engine=SHARED)
    assert default[0][0] != rank(g, 0, Decision.ACTION, legal, engine=CASUAL)[0][0]
