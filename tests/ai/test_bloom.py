"""Flower bursts: the chance of reaching 12 Flowers by drawing on, and the rollout rules and
Hard drawing on for one (``ismcts`` won games that way that Hard's rollouts never saw)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from game.ai.heuristics.bloom import CHASE, bloom_chance
from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.levels.rollout import choose
from game.engine import Decision, Game
from game.engine.moves import DRAW, STOP, USE_FRAGMENT
from game.engine.state import GOAL
from tests.ai.positions import draw_position

BEAR, BEETLE, BEE, RAM = 1, 2, 12, 18  # solitary, solitary, plain, two Flowers


def flowers_to(g: Game, flowers: int) -> None:
    """Give seat 0 Flower tiles so that its Flowers stand at ``flowers``."""
    p = g.players[0]
    p.tiles += [("flower", 1)] * (flowers - p.tracks()[2])
    assert p.tracks()[2] == flowers


def exact(pile: list[int], need: int, fragments: int) -> Fraction:
    """Share of the pile's orders in which Rams bring ``need`` Flowers before the Bears
    (after two solitary cards in the Help Line) end the draw, Fragments removing Bears."""
    orders = list(itertools.permutations(pile))
    wins = 0
    for order in orders:
        got, frags = 0, fragments
        for c in order:
            if c == RAM:
                got += 2
                if got >= need:
                    wins += 1
                    break
            elif frags:
                frags -= 1
            else:
                break
    return Fraction(wins, len(orders))


def test_chance_matches_the_exact_share_of_orders() -> None:
    pile = [RAM] * 3 + [BEAR] * 3
    for fragments, need in ((0, 4), (1, 4), (0, 2), (1, 6)):
        g = draw_position([BEAR, BEETLE], pile, fragments=fragments)
        flowers_to(g, GOAL - need)
        want = float(exact(pile, need, fragments))
        got = bloom_chance(g.players[0], random.Random(7), tries=4000)
        assert abs(got - want) < 0.03, (fragments, need, got, want)


def test_no_chance_at_the_goal_or_when_the_whole_pile_falls_short() -> None:
    g = draw_position([BEAR, BEETLE], [RAM] * 2 + [BEE] * 4)
    flowers_to(g, GOAL - 5)  # the two Rams bring 4
    assert bloom_chance(g.players[0], random.Random(1)) == 0.0
    flowers_to(g, GOAL)
    assert bloom_chance(g.players[0], random.Random(1)) == 0.0


def test_the_discard_counts_after_the_pile() -> None:
    """The Rams are in the discard, drawn once the two plain cards are gone."""
    g = draw_position([BEAR, BEETLE], [BEE, BEE], discard=[RAM, RAM])
    flowers_to(g, GOAL - 4)
    assert bloom_chance(g.players[0], random.Random(1)) == 1.0


def test_rollout_draws_on_for_a_likely_burst_and_not_without_one() -> None:
    """Two symbols, no Fragment, half the pile solitary: the rules of thumb stop, unless the
    next card has an even chance of reaching the goal on Flowers."""
    for seed in range(5):
        picks = {}
        for near in (True, False):  # 10 Flowers, or the one of the starting Flower tile
            g = draw_position([BEAR, BEETLE], [RAM] * 4 + [BEAR] * 4, seed=seed)
            if near:
                flowers_to(g, GOAL - 2)
            legal = g.legal_moves(0)
            assert DRAW in legal and STOP in legal
            picks[near] = choose(g, 0, Decision.DRAW, legal, random.Random(seed))
        assert picks == {True: DRAW, False: STOP}


def test_rollout_keeps_the_card_that_reaches_the_goal() -> None:
    """The third solitary card would take a Fragment, but its Flowers complete 12."""
    g = draw_position([BEAR, BEETLE, BEAR], [BEE] * 4, fragments=1)
    flowers_to(g, GOAL)
    legal = g.legal_moves(0)
    assert USE_FRAGMENT in legal and STOP in legal
    assert choose(g, 0, Decision.DRAW, legal, random.Random(1)) == STOP


def test_hard_races_and_takes_a_likely_burst() -> None:
    """Two symbols, 6 Flowers short, a third of the pile solitary: three Rams before a Bear
    (about one chance in four) win the game this round, which is worth an action while the
    other seat stands at 9 Fires; Hard draws on. (With the other seat at 1 Fire Hard wins
    either way, and its race valued Stop and Draw alike once every candidate's round was
    finished by the same rollout players: ``HardSettings.steady``.)"""
    for seed in range(4):
        g = draw_position([BEAR, BEETLE], [RAM] * 8 + [BEAR] * 4, seed=seed)
        flowers_to(g, GOAL - 6)
        g.players[1].fires = [2] * 8  # and its Fire tile: 9
        assert g.players[1].tracks()[1] == 9
        assert bloom_chance(g.players[0], random.Random(seed), tries=4000) >= CHASE
        # 40 iterations: with ``chase`` taken out Hard stops on seeds 2 and 3 at 20, 40
        # and 80 alike; with it, it draws on all four from 20 on.
        hard = HardPolicy(settings=HardSettings(iterations=40))
        legal = g.legal_moves(0)
        move = hard.choose(g.view(0), Decision.DRAW, legal, random.Random(seed), 30.0)
        assert move == DRAW
