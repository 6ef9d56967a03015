"""The ``ismcts`` yardstick: its tree statistics, its cut-off rollouts, its move filter."""

from __future__ import annotations

import random

from game.ai.yardsticks.ismcts import DOUBT, IsmctsPolicy, Node, rewards, rollout, sensible
from game.engine import Action, Decision, determinize, new_game
from game.engine.moves import CHOOSE, DRAW, PASS, STOP, Plant
from game.engine.state import VARAN
from tests.ai.positions import action_position, draw_position

BEAR, GOLDFISH, WEASEL, HARE, BEE, OWL, CATERPILLAR = 1, 5, 8, 9, 12, 14, 16


def test_root_statistics_count_every_iteration_and_every_availability() -> None:
    g = action_position([GOLDFISH, WEASEL, HARE], centre=[2, 3])
    legal = g.legal_moves(0)
    policy = IsmctsPolicy(iterations=120)
    root = Node(None, -1, None)
    rng = random.Random(5)
    for _ in range(120):
        policy.iterate(determinize(g.view(0), rng), 0, legal, root, rng)
    children = list(root.children.values())
    assert {c.move for c in children} == set(legal) - {PASS}  # passing is filtered
    assert sum(c.visits for c in children) == root.visits == 120
    # every root move is available in every world: each was counted once per iteration
    # from its creation on, so availability is at least the visits and at most the total
    assert all(c.visits <= c.available <= 120 for c in children)


def test_a_rollout_stops_after_its_depth() -> None:
    g = new_game(2, seed=3, first_player=0)
    rollout(g, random.Random(1), g.round, leaf="worth", depth=3)
    # each move of a game's opening is a Draw (one more card) or a Stop
    assert sum(len(p.line) + p.stopped for p in g.players) == 3
    r = rewards(g, "worth", 0.5)
    assert abs(sum(r) - 1.0) < 1e-9


def test_a_rollout_without_a_cut_ends_the_round() -> None:
    g = new_game(2, seed=3, first_player=0)
    rollout(g, random.Random(1), g.round, leaf="worth")
    assert g.round == 2 or g.over


def test_sharper_rewards_separate_the_seats_more() -> None:
    g = action_position([GOLDFISH, WEASEL, HARE])
    g.players[0].fires = [2, 2, 3]
    soft, sharp = rewards(g, "worth", 0.1), rewards(g, "worth", 1.0)
    assert 0.5 < soft[0] < sharp[0] < 1.0 - DOUBT / 2  # a lead is never a won game


def test_planting_a_kind_already_owned_is_filtered_while_a_new_kind_fits() -> None:
    g = action_position([BEE, CATERPILLAR, WEASEL])  # Plant 3 (and the Caterpillar's 2)
    g.play(0, CHOOSE[Action.PLANT])
    legal = g.legal_moves(0)
    kinds = {m.tree for m in legal if isinstance(m, Plant)}
    assert len(kinds) > 1
    owned = next(iter(kinds))
    g.players[0].forest[0] = owned  # pretend one kind is already planted
    kept = sensible(g, 0, legal)
    assert kept and all(m.tree != owned for m in kept if isinstance(m, Plant))
    assert {m.tree for m in kept if isinstance(m, Plant)} == kinds - {owned}


def test_ismcts_plays_the_Extinguish_that_wins_with_short_rollouts() -> None:
    g = action_position([1, 2, 3], centre=[2, 4, 4])  # one action, Water 2
    g.players[0].fires = [2] * 10  # and the Fire Victory tile: 11
    policy = IsmctsPolicy(iterations=200, depth=8)
    move = policy.choose(g.view(0), Decision.ACTION, g.legal_moves(0), random.Random(2), 10)
    assert move == CHOOSE[Action.EXTINGUISH]


def test_stopping_is_filtered_while_the_next_card_cannot_cost_an_action() -> None:
    g = draw_position([BEAR, WEASEL], deck=[VARAN] * 5)  # one uncancelled symbol
    legal = g.legal_moves(0)
    assert STOP in legal and STOP not in sensible(g, 0, legal)
    move = IsmctsPolicy(iterations=20).choose(g.view(0), Decision.DRAW, legal, random.Random(1), 1)
    assert move == DRAW
    g2 = draw_position([BEAR, OWL, WEASEL], deck=[VARAN] * 5)  # two: the next may cost one
    assert STOP in sensible(g2, 0, g2.legal_moves(0))


def test_passing_is_filtered_while_an_action_is_open() -> None:
    g = action_position([GOLDFISH, WEASEL, HARE])
    legal = g.legal_moves(0)
    assert legal[-1] == PASS and len(legal) > 1
    assert sensible(g, 0, legal) == legal[:-1]
