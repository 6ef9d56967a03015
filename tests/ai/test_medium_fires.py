"""Medium contests the Fires (issue 31 item 5): a Fire left in the centre is the next seat's
to take, and the animals attracted this round feed the centre for whoever plays first in the
next. Before, Medium counted only the Fires a seat holds, so it left a rival at 10 Fires the
two it needed and lost most of its games against ``greedy`` to a Fire race."""

from __future__ import annotations

import random

from game.ai.heuristics.evaluate import SHARED, evaluate
from game.ai.heuristics.fire_contest import fed, fire_reach, still_to_play, take
from game.ai.levels.medium import CASUAL, MediumPolicy
from game.engine import Game, Phase, Tile, new_game
from game.engine.moves import DRAW, STOP
from game.engine.state import E_WATER, GOAL
from tests.ai.test_tie_break import play_turn

FIRE, TREE, FLOWER = Tile.FIRE, Tile.TREE, Tile.FLOWER


def stopped_game(first: int, players: int = 2, seed: int = 1) -> Game:
    """A real game start in its action phase, every seat stopped after one card."""
    g = new_game(players, seed=seed, first_player=first)
    while g.phase is Phase.DRAW:
        seat = g.pending()[0].player
        g.play(seat, STOP if g.players[seat].line else DRAW)
    return g


def rival_at_ten(seed: int) -> Game:
    """Round 8 of a recorded arena game (seed 2, game 53), Medium (seat 1) to act first:
    the rival stands at 10 Fires with Water 9, which puts out three of the centre's
    [2, 2, 3, 4]; Medium has Water 8 and Plant 9 (Tree 8, three Water, is in reach)."""
    g = stopped_game(first=1, seed=seed)
    rival, me = g.players
    rival.line = [32, 29, 40, 11, 9, 5, 13, 3, 17, 7, 1, 33, 42, 14, 8, 12, 2]
    rival.forest = [0, 1, 6, 4, -1, -1, -1, 12, -1, -1, -1, -1, 3, -1, -1]
    rival.fires = [2, 2, 2, 2, 3, 2, 3, 3, 3, 2]
    rival.tiles = [(FLOWER, 0), (TREE, 0)]
    me.line = [58, 24, 6, 5, 25, 9, 3, 12, 10, 46, 48, 21, 13, 2, 7, 31]
    me.forest = [-1, -1, -1, -1, -1, 7, 3, 12, 4, 6, 0, -1, -1, -1, 5]
    me.fires = [2, 3, 2, 2]
    me.tiles = [(FIRE, 1), (FLOWER, 1), (TREE, 1), (FIRE, 0)]
    rival.rock, me.rock, me.fragments = 0, 1, 1
    for p in g.players:
        p.recompute()
        p.actions_left = 2
    g.centre = [2, 2, 3, 4]
    assert rival.tracks() == (7, 10, 4) and me.tracks() == (8, 6, 7)
    assert g.turn == 1 and rival.total(E_WATER) == 9 and me.total(E_WATER) == 8
    return g


def rival_fires_after(g: Game, policy: MediumPolicy) -> int:
    """The Fires the rival can hold once Medium's turn is over (its Water, this round)."""
    play_turn(
        g,
        1,
        lambda g, s: policy.choose(
            g.view(s), g.pending()[0].decision, g.legal_moves(s), random.Random(1), 1.0
        ),
    )
    assert g.turn == 0
    rival = g.players[0]
    return rival.tracks()[1] + take(sorted(g.centre), rival.total(E_WATER))


def test_medium_puts_out_the_fires_a_rival_needs_for_twelve() -> None:
    for seed in (1, 2, 3):
        assert rival_fires_after(rival_at_ten(seed), MediumPolicy()) < GOAL
    # Counting only the Fires a seat holds (as before), Medium plants, attracts and moves,
    # and the rival puts out three Fires: 13.
    before = MediumPolicy(fires_now=0.0, fires_later=0.0)
    assert rival_fires_after(rival_at_ten(1), before) >= GOAL


def test_take_puts_out_the_most_tiles_smallest_first() -> None:
    centre = [2, 2, 3, 4]
    assert take(centre, 6) == 2 and centre == [3, 4]
    assert take(centre, 2) == 0 and centre == [3, 4]
    assert take(centre, 40) == 2 and centre == []


def test_attracted_animals_feed_the_centre_by_level_up_to_its_room() -> None:
    g = stopped_game(first=0)
    g.attracted = [2, 0, 1]
    assert fed(g, []) == [2, 2, 4]
    assert fed(g, [3] * 5) == [2, 2]  # seven Fires at most
    g.attracted = [0, 0, 0]
    assert fed(g, []) == [2] and fed(g, [3]) == []  # an empty centre still gets one


def test_the_seats_still_to_play_and_the_next_rounds_first_take_in_turn() -> None:
    """Four seats, seat 1 first: seat 2 has just played; 3 and 0 are still to play this
    round (with their Help Lines' Water), and seat 2 plays first in the next round."""
    g = stopped_game(first=1, players=4)
    g.centre = [2, 3, 4]
    g.attracted = [1, 1, 0]
    for p in g.players:
        p.line = []
        p.recompute()
    g.players[1].actions_left = g.players[2].actions_left = 0
    g.players[3].line = [17, 17, 11]  # Water 5: the 2 and the 3
    g.players[0].line = [17]  # Water 2: nothing left it can put out (the 4)
    for p in g.players:
        p.recompute()
    assert still_to_play(g, 2) == [3, 0]
    reach = fire_reach(g, 2, [6.0, 0.0, 6.0, 6.0])
    assert reach.now == (0, 0, 0, 2)
    # Next round: the 4 left, and the 2 and 3 fed; seat 2 first (Water 6: the 2 and 3),
    # then seat 3 (the 4), seat 0 and seat 1 nothing.
    assert reach.next == (0, 0, 2, 1)


def test_hard_s_evaluation_leaves_the_fires_out() -> None:
    """The shared weights (Hard's search, its rollouts, the hints) do not count the Fires
    a rival can take; Medium's own do."""
    g = rival_at_ten(1)
    g.turn = -1  # Medium's turn over: the rival to play
    g.players[1].actions_left = 0
    assert evaluate(g, 1, CASUAL) < evaluate(g, 1, SHARED) - 100  # the rival will reach 12
    assert SHARED.now == SHARED.later == 0.0


def rival_first_next_round(seed: int) -> Game:
    """Medium (seat 0) acts first with Sun 14 and little else, the centre empty; the rival
    at 10 Fires plays after it and first in the next round, with Water in its pile."""
    g = stopped_game(first=0, seed=seed)
    me, rival = g.players
    me.line = [46, 20, 15, 8, 12, 11]
    me.fires = [2] * 4
    rival.line = [17]
    rival.fires = [2] * 9  # and its Fire Victory tile: 10
    rival.deck += [36, 36, 17, 17]
    for p in g.players:
        p.recompute()
        p.actions_left = 2
    g.centre = []
    assert me.totals()[:3] == (14, 1, 1) and rival.tracks()[1] == 10
    return g


def fires_next_round(g: Game, policy: MediumPolicy) -> list[int]:
    """The centre the next round starts with once Medium's turn is over (the rival,
    with Water 2, puts nothing out this round)."""
    play_turn(g, 0, lambda g, s: medium_choice(policy, g, s))
    return g.centre + fed(g, g.centre)


def medium_choice(policy: MediumPolicy, g: Game, seat: int) -> object:
    legal = g.legal_moves(seat)
    return policy.choose(g.view(seat), g.pending()[0].decision, legal, random.Random(1), 1.0)


def test_medium_does_not_feed_a_rival_at_ten_the_fires_of_its_next_round() -> None:
    """Every animal attracted adds a Fire at the round's end; two would take the rival,
    first to play next round, to 12. Medium attracts one animal at most."""
    for seed in (1, 2, 3):
        assert len(fires_next_round(rival_first_next_round(seed), MediumPolicy())) <= 1
    before = MediumPolicy(fires_later=0.0)  # the next round's Fires left out, as before
    assert len(fires_next_round(rival_first_next_round(1), before)) == 4
