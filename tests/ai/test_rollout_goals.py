"""Hard's cheap rollout policy takes a win that is on the board: the Fire or the tree that
reaches 12, before any move its rules of thumb would otherwise rate higher. (A rollout
opponent that leaves the winning Fire makes every move that leaves it to them look safe.)"""

from __future__ import annotations

import random

from game.ai.levels.rollout import choose
from game.engine import Action, Decision, Tile
from game.engine.moves import CHOOSE, MoveSpirit, Plant, Steal
from game.engine.state import E_PLANT, E_WATER, E_WIND, EMPTY
from tests.ai.positions import action_position

BEAR, BEETLE = 1, 2  # two solitary cards: two actions


def test_the_fire_that_reaches_twelve_beats_a_new_tree() -> None:
    for seed in range(3):
        g = action_position([BEAR, BEETLE], seed=seed, centre=(2,))
        p = g.players[0]
        p.fires = [2] * 10  # and the Fire tile every seat starts with
        p.line_elems[E_WATER] = 3 - p.forest_elems[E_WATER]
        p.line_elems[E_PLANT] = 10 - p.forest_elems[E_PLANT]  # Tree 10, a new kind: worth more
        assert p.tracks()[1] == 11
        legal = g.legal_moves(0)
        assert CHOOSE[Action.PLANT] in legal and CHOOSE[Action.EXTINGUISH] in legal
        move = choose(g, 0, Decision.ACTION, legal, random.Random(seed))
        assert move == CHOOSE[Action.EXTINGUISH]


def test_a_new_kind_that_reaches_twelve_beats_a_richer_copy() -> None:
    """Nine kinds, the starting tree and the Tree tile make 11: the new Tree 3A wins, a
    second Tree 10 (worth more in elements) does not."""
    for seed in range(3):
        g = action_position([BEAR, BEETLE], seed=seed)
        p = g.players[0]
        spaces = (6, 8, 2, 12, 5, 9, 1, 3, 11)
        for space, kind in zip(spaces, (1, 2, 3, 4, 5, 6, 7, 8, 10), strict=True):
            p.forest[space] = kind
        p.recompute()
        p.line_elems[E_PLANT] = 10 - p.forest_elems[E_PLANT]
        g.tree_supply[9] = 0  # the other new kind it could afford is gone
        assert p.tracks()[0] == 11 and EMPTY in p.forest
        g.play(0, CHOOSE[Action.PLANT])
        legal = g.legal_moves(0)
        move = choose(g, 0, Decision.PLANT, legal, random.Random(seed))
        assert isinstance(move, Plant) and move.tree == 0, move


def test_a_move_to_the_extinguish_rock_that_reaches_twelve_beats_the_plant_rock() -> None:
    """Eleven Fires and one Fire in reach: landing on the Extinguish rock (4) wins; the
    Plant rock (6), worth a little more by the rules of thumb, does not."""
    for seed in range(3):
        g = action_position([BEAR, BEETLE], seed=seed, centre=(2,))
        p = g.players[0]
        p.fires = [2] * 10
        p.rock, g.players[1].rock = 3, 11
        p.line_elems[E_WIND] = 3 - p.forest_elems[E_WIND]
        p.line_elems[E_WATER] = 2 - p.forest_elems[E_WATER]
        p.line_elems[E_PLANT] = 10 - p.forest_elems[E_PLANT]
        g.play(0, CHOOSE[Action.MOVE])
        legal = g.legal_moves(0)
        assert {m.distance for m in legal if isinstance(m, MoveSpirit)} == {1, 2, 3}
        move = choose(g, 0, Decision.MOVE, legal, random.Random(seed))
        assert move == MoveSpirit(1), move


def test_in_the_last_round_the_action_that_adds_most_to_the_track_sum_is_taken() -> None:
    """At 12 Trees the game ends this round and the sum of the tracks decides among those at
    12: two Fires (+2) beat a new Tree 10 (+1) that the rules of thumb rate higher, as they
    still do at 10 Trees. (The Flower trees, a new kind and Flowers at once, are gone.)"""
    for seed in range(3):
        picks = []
        for tree_tiles in (8, 10):
            g = action_position([BEAR, BEETLE], seed=seed, centre=(2, 2))
            p = g.players[0]
            p.tiles += [(Tile.TREE, 1)] * tree_tiles
            p.line_elems[E_WATER] = 4 - p.forest_elems[E_WATER]
            p.line_elems[E_PLANT] = 10 - p.forest_elems[E_PLANT]
            g.tree_supply[3] = g.tree_supply[9] = 0
            assert p.tracks()[0] == 2 + tree_tiles and max(g.players[1].tracks()) < 12
            picks.append(choose(g, 0, Decision.ACTION, g.legal_moves(0), random.Random(seed)))
        assert picks == [CHOOSE[Action.PLANT], CHOOSE[Action.EXTINGUISH]]


def test_a_steal_that_takes_the_victim_back_below_twelve_beats_my_best_track() -> None:
    """The victim stands at 12 Fires with its Fire tile: that tile stops its win, so it is
    taken before the Tree tile the thief's own best track would want."""
    for seed in range(3):
        picks = []
        for fires in (10, 11):  # the victim at 11, or at 12 (its Fire tile included)
            g = action_position([BEAR, BEETLE], seed=seed)
            g.players[0].tiles += [(Tile.TREE, 1)] * 6
            g.players[1].fires = [2] * fires
            legal = [Steal(1, tile) for tile in ("tree", "fire", "flower")]
            picks.append(choose(g, 0, Decision.STEAL, legal, random.Random(seed)))
        assert picks == [Steal(1, "tree"), Steal(1, "fire")]


def test_a_move_that_jumps_a_seat_at_twelve_beats_three_fires() -> None:
    """A jump over the seat at exactly 12 Fires steals it back below the goal: the Move
    comes before an Extinguish of three Fires that the rules of thumb rate higher, and not
    when nobody is at 12."""
    for seed in range(3):
        picks = []
        for fires in (10, 11):
            g = action_position([BEAR, BEETLE], seed=seed, centre=(2, 2, 2))
            p, q = g.players
            q.fires = [2] * fires
            p.rock, q.rock = 3, 5
            p.line_elems[E_WIND] = 3 - p.forest_elems[E_WIND]
            p.line_elems[E_WATER] = 6 - p.forest_elems[E_WATER]
            legal = g.legal_moves(0)
            assert CHOOSE[Action.MOVE] in legal and CHOOSE[Action.EXTINGUISH] in legal
            picks.append(choose(g, 0, Decision.ACTION, legal, random.Random(seed)))
        assert picks == [CHOOSE[Action.EXTINGUISH], CHOOSE[Action.MOVE]]
