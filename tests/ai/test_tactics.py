"""Unit tests of the candidate macro-moves (``game/ai/heuristics/tactics.py``) that Medium and Hard
choose among: each is playable as a whole, and each respects what it claims to respect."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.heuristics.tactics import (
    attract_sets,
    extinguish_sets,
    macros,
    move_options,
    plant_options,
)
from game.engine import Decision, Game, Tile, new_game
from game.engine.moves import FINISH, MOVE_BY, PICK_ANIMAL, PICK_FIRE
from game.engine.state import CARD_COST, E_FLOWER, E_WIND, GOAL, START_TREE, TREE_COST, TREE_ELEMS


def decisions(players: int, seed: int, limit: int = 2500) -> list[tuple[Game, int, Decision]]:
    """Every action-phase decision of one random game (a clone at each)."""
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    out = []
    for _ in range(limit):
        if g.over:
            break
        pend = g.pending()[0]
        if pend.decision is not Decision.DRAW and pend.decision is not Decision.ACTION:
            out.append((g.clone(), pend.player, pend.decision))
        g.play(pend.player, rng.choice(g.legal_moves(pend.player)))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_macro_completes_its_step_with_legal_moves(players: int, seed: int) -> None:
    """A macro is played until its step ends (the engine may end it early, e.g. when the Sun
    is spent): each move up to then is legal, and afterwards the step is over."""
    seen: Counter[Decision] = Counter()
    for g, seat, decision in decisions(players, seed):
        options = macros(g, seat, decision, g.legal_moves(seat), width=4)
        assert options, decision
        for _score, moves in options:
            h = g.clone()
            depth = len(h.tasks)
            for i, m in enumerate(moves):
                if i > 0 and (len(h.tasks) < depth or h.turn != seat):
                    break
                assert m in h.legal_moves(seat), (decision, moves, m)
                h.play(seat, m)
            step = (len(h.tasks), h.turn, None if h.over else h.pending()[0].decision)
            assert step != (depth, seat, decision), moves
        seen[decision] += 1
    assert seen[Decision.ATTRACT] and seen[Decision.PLANT] and seen[Decision.MOVE]


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_attract_sets_fit_the_sun_and_the_reserve(seed: int) -> None:
    g = new_game(3, seed=seed)
    p = g.players[0]
    reserve = Counter(c for row in g.reserve for c in row)
    for budget in (2, 5, 9):
        sets = attract_sets(g, p, budget, width=8)
        values = [v for v, _ in sets]
        assert values == sorted(values, reverse=True)
        for _v, moves in sets:
            assert moves[-1] == FINISH
            cards = Counter(next(c for c, m in PICK_ANIMAL.items() if m == x) for x in moves[:-1])
            assert sum(CARD_COST[c] * n for c, n in cards.items()) <= budget
            assert all(n <= reserve[c] for c, n in cards.items())


def test_extinguish_sets_fit_the_water_and_the_centre() -> None:
    g = new_game(2, seed=1)
    g.centre = [2, 2, 3, 4]
    for budget in range(0, 13):
        for _v, moves in extinguish_sets(g, budget, width=20):
            values = [v for v, m in PICK_FIRE.items() for x in moves if x == m]
            assert sum(values) <= budget and moves[-1] == FINISH
            assert all(values.count(v) <= g.centre.count(v) for v in set(values))
    assert extinguish_sets(g, 1, width=5) == []
    best = extinguish_sets(g, 7, width=1)[0][1]
    assert len(best) - 1 == 3  # three tiles (2+2+3) before two bigger ones


def test_a_tree_that_reaches_twelve_is_always_offered() -> None:
    """Even at width 1, a new kind that makes the twelfth tree on Trees comes first (the
    tree that adds most to the tie-break sum may follow it, ``plant_options``)."""
    g = new_game(2, seed=2)
    p = g.players[0]
    p.tiles = [(Tile.TREE, 0)] * (GOAL - 2)  # Trees 11 with the start tree: one new kind wins
    p.line_elems = [0, 0, 12, 0, 0]
    score, (move,) = plant_options(g, p, width=1)[0]
    kinds = {t for t in p.forest if 0 <= t < START_TREE}
    assert move.tree not in kinds and TREE_COST[move.tree] <= 12 and score >= 50


def test_a_tree_whose_flowers_reach_twelve_comes_before_new_kinds() -> None:
    """A second Tree 9 brings 10 Flowers to 12: at width 1 it is the tree offered, though a
    kind not yet planted scores more by its elements and its novelty (Tree 10: 3.8 against
    Tree 9's 1.8). Without the winning tree's bonus the planner tried Tree 10, and Tree 4B
    for the tie-break sum, never Tree 9."""
    g = new_game(2, seed=2)
    p = g.players[0]
    nine = next(k for k in range(START_TREE) if TREE_ELEMS[k][E_FLOWER] == 2)
    space = p.plantable_spaces()[0]
    p.forest[space] = nine
    p.recompute()
    p.tiles += [(Tile.FLOWER, 0)] * (GOAL - 2 - p.tracks()[2])
    p.line_elems = [0, 0, 12, 0, 0]
    assert p.tracks()[2] == GOAL - 2 and p.tracks()[0] < GOAL - 1 and g.tree_supply[nine]
    score, (move,) = plant_options(g, p, width=1)[0]
    assert move.tree == nine and score >= 50


def test_near_the_end_the_tree_that_adds_most_to_the_sum_is_offered() -> None:
    """At width 1 the cheap score offers one tree; once a seat is within two of 12 the
    tree that adds most to the sum of the tracks (a new kind and its Flowers: the
    tie-break, RULES §7) is offered too, and not before."""
    g = new_game(2, seed=2)
    p = g.players[0]
    p.line_elems = [0, 0, 12, 0, 0]
    kinds = {t for t in p.forest if 0 <= t < START_TREE}

    def sum_gain(tree: int) -> int:
        return (tree not in kinds) + TREE_ELEMS[tree][E_FLOWER]

    assert len(plant_options(g, p, width=1)) == 1
    g.players[1].tiles += [(Tile.FIRE, 0)] * (GOAL - 2 - g.players[1].tracks()[1])
    offered = [m.tree for _v, (m,) in plant_options(g, p, width=1)]
    best = max(sum_gain(k) for k, n in enumerate(g.tree_supply) if n and TREE_COST[k] <= 12)
    assert len(offered) == 2 and sum_gain(offered[1]) == best > sum_gain(offered[0])


def test_move_options_stay_within_the_wind() -> None:
    g = new_game(4, seed=3)
    p = g.players[0]
    for wind in range(0, 8):
        p.line_elems = [0, 0, 0, wind, 0]
        distances = [_distance(m) for _v, (m,) in move_options(g, p, width=20)]
        assert len(distances) == min(p.total(E_WIND), len(MOVE_BY))
        assert all(1 <= d <= p.total(E_WIND) for d in distances)


def _distance(move: object) -> int:
    return next(d for d, m in MOVE_BY.items() if m == move)
