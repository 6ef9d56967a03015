"""Hard sees the Flower race (issue 31): an opponent's burst this round switches its search to
the endgame before the burst shows on the tracks, and outside a race the bust and Fragment
choices follow the exact odds instead of a race over a handful of sampled worlds."""

from __future__ import annotations

import random

from game.ai.heuristics.flower_race import THREAT, burst_chance, burst_threat, odds_settle
from game.ai.levels.budgets import worker_options
from game.ai.levels.medium import rank
from game.ai.levels.race import near_goal
from game.ai.policy import make_policy
from game.engine import Decision, Game
from game.engine.moves import STOP, USE_FRAGMENT
from game.engine.state import GOAL
from tests.ai.positions import draw_position

BEAR, BEETLE, BEE, SPIDER, RAM, PANDA, STAG = 1, 2, 12, 35, 18, 63, 64


def threatened(kept: int, pile: list[int]) -> Game:
    """Seat 0 about to draw; seat 1 still drawing, with ``kept`` Flowers and ``pile``."""
    g = draw_position([], [BEE] * 8)
    q = g.players[1]
    q.line, q.deck, q.discard, q.known_top = [], list(pile), [], 0
    q.tiles += [("flower", 1)] * (kept - q.tracks()[2])
    q.recompute()
    assert q.tracks()[2] == kept and max(q.tracks()) < 10
    return g


def test_an_opponents_likely_burst_is_the_endgame_before_the_tracks_show_it() -> None:
    """Four kept Flowers and a pile of Rams, Pandas and Stags (gregarious: they cancel the
    Bears): the table can see a burst to 12 coming. The old switch read the tracks alone
    (best track 4, not near 10), so Hard's rollouts played the rules of thumb there."""
    g = threatened(4, [RAM] * 4 + [PANDA] * 3 + [STAG] * 3 + [BEAR] * 2)
    assert burst_chance(g, g.players[1]) >= THREAT
    assert burst_threat(g, 0) >= THREAT
    assert near_goal(g, 10)
    # The same seat with too few Flowers in its whole pile is no threat.
    calm = threatened(4, [RAM] * 2 + [BEE] * 6 + [BEAR] * 2)
    assert burst_threat(calm, 0) == 0.0 and not near_goal(calm, 10)


def test_a_burst_already_on_the_line_is_certain_and_a_stopped_seat_short_is_none() -> None:
    g = threatened(4, [RAM] * 4 + [PANDA] * 3 + [STAG] * 3 + [BEAR] * 2)
    q = g.players[1]
    q.line = [PANDA, PANDA, RAM]  # 3 + 3 + 2 = 8 Flowers on the line: 12
    q.deck = q.deck[3:]
    q.recompute()
    assert q.tracks()[2] >= GOAL and burst_chance(g, q) == 1.0
    q.line = [RAM]
    q.recompute()
    q.stopped = True
    assert burst_chance(g, q) == 0.0


def test_the_fragment_that_buys_back_the_second_action_is_spent() -> None:
    """Bear, Beetle, Spider: a third solitary symbol, one action left, a Fragment in hand.
    Removing the Spider gives the second action back (Medium's exact odds value it 0.5
    above stopping); Hard as shipped stopped in 11 of 12 seeds, its draw race over about
    fifteen sampled worlds deciding by noise."""
    g = draw_position([BEAR, BEETLE, SPIDER], deck=[17, 22, 43, 12, 9, 13, 11, 25], fragments=1)
    legal = g.legal_moves(0)
    assert set(legal) == {STOP, USE_FRAGMENT}
    assert rank(g, 0, Decision.DRAW, legal)[0][0] == USE_FRAGMENT
    assert odds_settle(g, 0, legal)
    hard = make_policy("hard", **worker_options("hard", processes=1))  # the same moves
    for seed in range(4):
        move = hard.choose(g.view(0), Decision.DRAW, legal, random.Random(seed), 1.0)
        assert move == USE_FRAGMENT


def test_in_a_flower_race_the_search_decides_the_bust() -> None:
    """The same bust while the opponent may burst to 12 this round: the exact odds of the
    next cards cannot see the game end, so the race over sampled worlds decides."""
    g = threatened(4, [RAM] * 4 + [PANDA] * 3 + [STAG] * 3 + [BEAR] * 2)
    p = g.players[0]
    p.line, p.deck, p.fragments = [BEAR, BEETLE, SPIDER], [17, 22, 43, 12, 9, 13, 11, 25], 1
    p.recompute()
    assert not odds_settle(g, 0, g.legal_moves(0))
