"""A Flower finish the action phase completes (issue 42): a seat that draws to 10 and plants
Tree 9 (2 Flowers), or the tree that completes the Forest's Flower line (2 more), wins on
Flowers that round. Hard's burst estimate counted only the Help Line's Flowers, so at three
players against two ``pimc`` it saw no threat in 6 of the 10 finishes made that way.

The prepared position is one of them (seed 41, game 31, Hard in seat 1): round 9 starts,
seat 0 stands at 3 Flowers with 8 more in a pile it can draw to the end and a Forest one
Plant short of Tree 9's cost; it drew them all, planted Tree 9 and won with 12.
"""

from __future__ import annotations

import random

from game.ai.heuristics.bloom import MOST_ADDED, bloom_chance, chase, pile_flowers, reach
from game.ai.heuristics.flower_race import THREAT, burst_chance, burst_threat
from game.ai.levels.race import near_goal
from game.engine import Decision, Game, Phase
from game.engine.moves import DRAW, STOP
from game.engine.state import COLUMNS, E_FLOWER, E_PLANT, EMPTY, LINES, TREE_COST, TREES
from tests.ai.positions import draw_position, recorded_position

AT = 326  # moves played before round 9's draw phase
BURSTER, HARD = 0, 1
TREE = {t.id: t.index for t in TREES}
BEE, RAM = 12, 18  # a plain card; two Flowers


def round_nine() -> Game:
    return recorded_position("flower_plant_3p.json", AT)


def test_the_position() -> None:
    g = round_nine()
    assert g.round == 9 and g.phase is Phase.DRAW and g.deciding()[1] is Decision.DRAW
    p = g.players[BURSTER]
    assert p.tracks() == (10, 4, 3) and not p.line
    assert g.tree_supply[TREE["9"]] > 0
    # The whole pile's Flowers fall short of 12 without the tree: the old estimate's 0.
    assert p.tracks()[2] + pile_flowers(p) == 11
    assert bloom_chance(p, random.Random(1), 400) == 0.0


def test_a_plant_that_completes_the_flowers_is_a_threat_before_the_draw_shows_it() -> None:
    g = round_nine()
    p = g.players[BURSTER]
    acts = reach(g, p)
    assert acts is not None and acts.gain(TREE_COST[TREE["9"]]) == 2
    assert bloom_chance(p, random.Random(1), 400, acts) >= 0.9
    assert burst_chance(g, p) >= THREAT and burst_threat(g, HARD) >= THREAT
    # Hard's rollouts turn to the Medium planner for the round, which sees the finish.
    assert near_goal(g, 10)


def flower_row_short_of(space: tuple[int, int]) -> Game:
    """Seat 0 with every space of the Forest's Flower line planted but ``space``."""
    g = draw_position([], [BEE] * 6)
    p = g.players[0]
    (spaces, _element, _amount) = next(line for line in LINES if line[1] == E_FLOWER)
    for s in spaces:
        if s != space[1] * COLUMNS + space[0] and p.forest[s] == EMPTY:
            p.forest[s] = TREE["3A"]
    p.recompute()
    return g


def test_the_tree_and_the_line_it_completes_by_the_plant_in_hand() -> None:
    g = flower_row_short_of((0, 1))
    acts = reach(g, g.players[0])
    assert acts is not None
    # Nothing below the cheapest tree; a tree with no Flower still completes the line (2);
    # Tree 4B adds its Flower (3); Tree 9 its two (4): the most one Plant adds.
    assert [acts.gain(n) for n in (2, 3, 4, 9, 30, -3)] == [0, 2, 3, 4, 4, 0]
    assert MOST_ADDED == 4
    g.tree_supply[TREE["9"]] = 0  # both copies planted elsewhere
    left = reach(g, g.players[0])
    assert left is not None and left.gain(11) == 3


def test_a_seat_whose_plant_already_reaches_the_goal_stops_and_is_a_certain_threat() -> None:
    g = flower_row_short_of((0, 1))
    p = g.players[0]
    p.tiles += [("flower", 1)] * (8 - p.tracks()[2])  # 8 kept, 2 on the line, 4 planted
    p.line = [RAM]
    p.deck = p.deck[1:]
    p.recompute()
    p.forest_elems[E_PLANT] += TREE_COST[TREE["9"]]  # as if its trees gave that much Plant
    p.just_revealed = True
    assert p.tracks()[2] == 10
    legal = g.legal_moves(0)
    assert DRAW in legal and STOP in legal
    assert not chase(g, p, legal, random.Random(1))  # a third symbol would cost an action
    assert burst_chance(g, p) == 1.0
    p.stopped = True
    assert burst_chance(g, p) == 1.0
