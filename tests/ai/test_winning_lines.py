"""Hard finds a win that is not on Fires: prepared positions where the only way to reach
12 this turn is on Trees, or on Flowers; and the turn that stops another seat's win."""

from __future__ import annotations

import random

import pytest

from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.levels.medium import MediumPolicy
from game.engine import Game, Phase
from game.engine.state import E_PLANT, E_WIND, START_TREE
from tests.ai.positions import action_position

BEAR, BEETLE, OWL = 1, 2, 14  # three solitary cards: one action, Plant 5
WIND_TREE = 2  # Tree 2: cost 4, one Wind


def hard_turn(g: Game, seed: int) -> None:
    # 30 iterations a decision: each win below is found from 15 on, and with the steal's
    # tactic taken out (``tactics.block_wind``) Hard misses it at 15, 30 and 60 alike.
    hard = HardPolicy(settings=HardSettings(iterations=30))
    rng = random.Random(seed)
    while g.phase is Phase.ACTION and g.turn == 0:
        pend = g.pending()[0]
        legal = g.legal_moves(0)
        if len(legal) > 1:
            legal = [hard.choose(g.view(0), pend.decision, legal, rng, 30.0)]
        g.play(0, legal[0])


def medium_turn(g: Game) -> None:
    rng = random.Random(0)
    while g.phase is Phase.ACTION and g.turn == 0:
        pend = g.pending()[0]
        legal = g.legal_moves(0)
        if len(legal) > 1:
            legal = [MediumPolicy().choose(g.view(0), pend.decision, legal, rng, 1.0)]
        g.play(0, legal[0])


def test_hard_wins_on_trees() -> None:
    """Nine kinds planted (11 with the starting tree and the Tree tile): a tenth kind wins;
    a second copy of a kind it has would not."""
    for seed in range(3):
        g = action_position([BEAR, BEETLE, OWL], seed=seed)
        p = g.players[0]
        for space, kind in zip((6, 8, 2, 12, 5, 9, 1, 3, 11), range(1, 10), strict=True):
            p.forest[space] = kind
        p.recompute()
        p.line_elems[2] = 5 - p.forest_elems[2]  # Plant 5 in all: Tree 3A (cost 3) is new
        assert p.tracks()[0] == 11 and max(p.tracks()[1:]) < 11 and p.actions_left == 1
        hard_turn(g, seed)
        assert p.tracks()[0] >= 12, p.forest


def test_hard_wins_on_flowers() -> None:
    """Eleven Flowers: Tree 4B (one Flower) is the win; Trees and Fires are far off."""
    for seed in range(3):
        g = action_position([BEAR, BEETLE, OWL], seed=seed)
        p = g.players[0]
        p.tiles += [("flower", 1)] * 10
        assert p.tracks() == (2, 1, 11) and p.total(2) >= 4
        assert START_TREE in p.forest and p.actions_left == 1
        hard_turn(g, seed)
        assert p.tracks()[2] >= 12, p.forest


@pytest.mark.parametrize(
    "seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)]
)
def test_a_wind_tree_then_a_move_steals_a_seat_back_below_twelve(seed: int) -> None:
    """The other seat stands at exactly 12 Fires; a Move needs one more Wind to jump it.
    Planting the Wind tree first, then moving over it for its Fire tile, is the only turn
    that does not lose at once: Medium and Hard both play it (seeds 1 and 2: ``-m slow``)."""
    for level in ("medium", "hard"):
        g = action_position([BEAR, BEETLE], seed=seed)
        p, q = g.players
        q.fires = [2] * 11
        p.rock, q.rock = 3, 7  # rocks 4, 5 and 6 to pass, then the jump: 4 Wind
        p.line_elems[E_WIND] = 3 - p.forest_elems[E_WIND]
        p.line_elems[E_PLANT] = 4 - p.forest_elems[E_PLANT]  # Tree 2 (Wind 1) costs 4
        assert q.tracks()[1] == 12 and g.tree_supply[WIND_TREE] > 0
        if level == "medium":
            medium_turn(g)
        else:
            hard_turn(g, seed)
        assert q.tracks()[1] == 11, (level, seed, p.forest, p.rock)
