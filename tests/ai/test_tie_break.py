"""Near 12 the sum of the three tracks decides between the seats that reach it (RULES §7).

Hard stands at 10 Fires with its other tracks low; the opponent, at 10 Flowers, reaches 12
on its own turn by planting Tree 9 (two Flowers), with a sum of 17. Hard reaches 12 Fires
with any of its good turns, but only the turn with Tree 9 (a new kind and two Flowers) takes
its sum to 18; one with two more Fires (a Move onto the Extinguish rock) or the Water of
Tree 8 stops at 17 and shares the victory. Before, Medium's planner never tried Tree 9 (its
cheap tree score put Tree 8 on three spaces ahead of it) and its leaf valued a thirteenth
Fire over the sum, so Hard raced only turns that share.
"""

from __future__ import annotations

import random

from game.ai.heuristics.evaluate import evaluate
from game.ai.levels.budgets import BUDGET_S, worker_options
from game.ai.levels.medium import rank
from game.ai.policy import make_policy
from game.engine import Game, Phase, Tile, new_game
from game.engine.moves import DRAW, STOP, Plant
from game.engine.state import GOAL
from game.ui.table.ai_seats.ai_seat import decision_seed

WATER, PLANT_3, PLANT_3_SUN_DOWN, PLANT_2, PLANT_1, WIND = 17, 41, 27, 16, 12, 19
FLOWER_TREE = 9  # two Flowers, cost 9


def race_to_twelve(seed: int) -> Game:
    """Seat 0 (Hard) acts first: 10 Fires, Water 4 for two of the four value-2 Fires in the
    centre, Plant 9, Wind 4 to the Extinguish rock. Seat 1: 10 Flowers, Plant 9."""
    g = new_game(2, seed=seed, first_player=0)
    while g.phase is Phase.DRAW:
        seat = g.pending()[0].player
        g.play(seat, STOP if g.players[seat].line else DRAW)
    hard, other = g.players
    hard.line = [WATER, WATER, PLANT_3, PLANT_3_SUN_DOWN, PLANT_2, PLANT_1, WIND, WIND]
    hard.fires, hard.rock = [2] * 9, 0
    other.line, other.rock = [PLANT_3, PLANT_3_SUN_DOWN, PLANT_2, PLANT_1], 7
    other.fires = [2]
    other.tiles += [(Tile.FLOWER, 1)] * (10 - other.tracks()[2])
    for p in g.players:
        p.recompute()
        p.actions_left = 2
    g.centre = [2, 2, 2, 2]
    assert hard.tracks() == (2, 10, 1) and other.tracks() == (2, 2, 10)
    assert g.tree_supply[FLOWER_TREE] > 0 and g.pending()[0].player == 0
    return g


def play_turn(g: Game, seat: int, choose: object) -> None:
    """Play ``seat``'s whole turn, each decision asked of ``choose`` (bounded)."""
    for _ in range(40):
        if g.over or g.phase is not Phase.ACTION or g.deciding()[0] != [seat]:
            return
        g.play(seat, choose(g, seat))  # type: ignore[operator]
    raise AssertionError("the turn did not end in 40 decisions")


def medium_move(g: Game, seat: int) -> object:
    _, decision = g.deciding()
    assert decision is not None
    return rank(g, seat, decision, g.legal_moves(seat))[0][0]


def test_hard_takes_the_turn_that_wins_the_sum() -> None:
    g = race_to_twelve(seed=1)
    hard = make_policy("hard", **worker_options("hard", processes=1))  # the same moves
    moves: list[object] = []

    def hard_move(game: Game, seat: int) -> object:
        _, decision = game.deciding()
        assert decision is not None
        seed = decision_seed(7, len(moves), seat)
        legal = game.legal_moves(seat)
        move = hard.choose(game.view(seat), decision, legal, random.Random(seed), BUDGET_S["hard"])
        moves.append(move)
        return move

    try:
        play_turn(g, 0, hard_move)
    finally:
        hard.close()
    assert any(isinstance(m, Plant) and m.tree == FLOWER_TREE for m in moves), moves
    assert g.players[0].tracks() == (3, 12, 3)  # a sum of 18
    play_turn(g, 1, medium_move)  # the opponent's best answer: Tree 9 itself, 12 Flowers
    assert g.over and g.players[1].tracks()[2] >= GOAL
    assert g.result().winners == (0,)


def test_a_seat_at_twelve_values_the_sum_that_decides() -> None:
    """Medium's leaf: of two positions where the seat alone stands at 12, the one with the
    higher sum of the tracks is worth more, even when the other has more Fires (its
    single track's convex progress used to count for more than the tie-break)."""
    g = race_to_twelve(seed=1)
    p = g.players[0]
    fires = g.clone()
    fires.players[0].fires += [2] * 4  # 14 Fires: 2 + 14 + 1 = 17
    sums = g.clone()
    q = sums.players[0]
    q.fires += [2] * 2  # 12 Fires
    q.tiles += [(Tile.TREE, 1), (Tile.FLOWER, 1), (Tile.FLOWER, 1)]  # 3 + 12 + 3 = 18
    assert sum(fires.players[0].tracks()) < sum(q.tracks()) and p.tracks()[1] == 10
    assert evaluate(sums, 0) > evaluate(fires, 0)
