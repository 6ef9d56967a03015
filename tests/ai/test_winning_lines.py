"""Hard finds a win that is not on Fires: prepared positions where the only way to reach
12 this turn is on Trees, or on Flowers."""

from __future__ import annotations

import random

from game.ai.hard import HardPolicy, Settings
from game.engine import Game, Phase
from game.engine.state import START_TREE
from tests.ai.positions import action_position

BEAR, BEETLE, OWL = 1, 2, 14  # three solitary cards: one action, Plant 5


def hard_turn(g: Game, seed: int) -> None:
    hard = HardPolicy(settings=Settings(iterations=60))
    rng = random.Random(seed)
    while g.phase is Phase.ACTION and g.turn == 0:
        pend = g.pending()[0]
        legal = g.legal_moves(0)
        if len(legal) > 1:
            legal = [hard.choose(g.view(0), pend.decision, legal, rng, 30.0)]
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
