"""The ``greedy`` yardstick: exact draw odds from the knowable pile, its draw and Fragment
choices on prepared Help Lines, and its own position score."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from game.ai.yardsticks.greedy import TOP, GreedyPolicy, LineJudge, Pile
from game.ai.yardsticks.greedy_score import WIN, score, seat_worth, threat
from game.engine import Action, Decision, Game, Phase, new_game
from game.engine.moves import CHOOSE, DRAW, STOP, USE_FRAGMENT
from game.engine.state import CARD_SOLITARY, E_WATER, TREE_COST, VARAN
from tests.ai.helpers import random_positions
from tests.ai.positions import action_position, draw_position

BEAR, BEETLE, FOX, GOLDFISH, WEASEL, HARE, FAWN, OWL = 1, 2, 4, 5, 8, 9, 10, 14


def solitary_chance(pile: Pile) -> float:
    return sum(prob for card, prob, _ in pile.next_cards() if CARD_SOLITARY[card])


def test_next_card_odds_are_the_counted_fractions_of_the_hidden_pile() -> None:
    deck = [VARAN, VARAN, BEAR, GOLDFISH, HARE, FAWN, WEASEL]
    g = draw_position([WEASEL], deck=deck)
    pile = Pile.of(g.players[0])
    odds = {card: prob for card, prob, _ in pile.next_cards()}
    counted = Counter(deck)
    assert odds == {c: k / len(deck) for c, k in counted.items()}
    assert abs(sum(odds.values()) - 1.0) < 1e-12
    sol = sum(1 for c in deck if CARD_SOLITARY[c])
    assert Fraction(solitary_chance(pile)).limit_denominator(100) == Fraction(sol, len(deck))


def test_odds_after_one_card_leave_that_card_out() -> None:
    g = draw_position([WEASEL], deck=[VARAN, VARAN, HARE, FAWN])
    (card, prob, rest), *_ = [x for x in Pile.of(g.players[0]).next_cards() if x[0] == VARAN]
    assert (card, prob) == (VARAN, 0.5)
    assert solitary_chance(rest) == 1 / 3  # one Varan left among three cards


def test_an_empty_pile_draws_from_the_discard_that_a_reshuffle_brings() -> None:
    g = draw_position([WEASEL], deck=[], discard=[OWL, HARE, HARE, FAWN])
    pile = Pile.of(g.players[0])
    assert solitary_chance(pile) == 0.25
    assert dict((c, p) for c, p, _ in pile.next_cards()) == {OWL: 0.25, HARE: 0.5, FAWN: 0.25}


def test_a_known_top_is_certain() -> None:
    g = draw_position([WEASEL], deck=[HARE, FAWN, BEAR])
    g.players[0].known_top = 1  # the Bear was attracted this round: it is on top
    assert [(c, p) for c, p, _ in Pile.of(g.players[0]).next_cards()] == [(BEAR, 1.0)]


def test_greedy_draws_while_a_card_cannot_cost_an_action() -> None:
    """At one uncancelled solitary symbol the next card leaves at most two: always draw,
    even from a pile of Varans."""
    g = draw_position([BEAR, WEASEL], deck=[VARAN] * 6)
    assert g.players[0].uncancelled == 1
    move = GreedyPolicy().choose(g.view(0), Decision.DRAW, [DRAW, STOP], random.Random(1), 1)
    assert move == DRAW


def test_greedy_keeps_its_Fragment_on_a_harmless_card() -> None:
    """A neutral card at no risk: the Fragment is kept for a card that would cost an action."""
    g = draw_position([BEAR, WEASEL, HARE], deck=[FAWN, GOLDFISH, OWL], fragments=1)
    assert LineJudge(g, 0).choose([DRAW, STOP, USE_FRAGMENT]) != USE_FRAGMENT


def test_greedy_spends_a_Fragment_on_a_third_solitary_Varan() -> None:
    """A third solitary symbol (a Varan, which gives nothing) would cost one of two
    actions: the Fragment saves it."""
    g = draw_position([BEAR, BEETLE, WEASEL, HARE, GOLDFISH, VARAN], deck=[FAWN], fragments=1)
    assert g.players[0].uncancelled == 3
    assert LineJudge(g, 0).choose([STOP, USE_FRAGMENT]) == USE_FRAGMENT


def test_score_counts_a_Fire_taken_for_the_seat_and_against_its_rival() -> None:
    g = action_position([GOLDFISH, WEASEL, HARE])
    before = score(g, 0), score(g, 1)
    g.players[0].fires.append(3)
    assert score(g, 0) > before[0] and score(g, 1) < before[1]


def test_worth_falls_when_Onibi_is_about_to_deal_Varans() -> None:
    g = action_position([WEASEL, HARE], centre=[4, 4])  # Water 0 against firepower 8
    p = g.players[0]
    assert threat(g, p) == 2
    threatened = seat_worth(g, p)
    g.centre = []
    assert threat(g, p) == 0 and seat_worth(g, p) > threatened


def test_a_finished_game_scores_exactly() -> None:
    g = action_position([GOLDFISH, WEASEL, HARE])
    g.phase = Phase.OVER
    g.players[0].fires = [2] * 11
    assert score(g, 0) == WIN and score(g, 1) == -WIN


def test_greedy_puts_out_the_Fire_that_saves_it_from_Onibi() -> None:
    """Water 7 against firepower 8: one Fire of 4 put out leaves 4, and no Varan comes."""
    flamingo, hummingbird = 17, 11
    g = action_position([GOLDFISH, hummingbird, BEAR, FOX, flamingo, WEASEL], centre=[4, 4])
    p = g.players[0]
    assert p.total(E_WATER) == 7 and threat(g, p) == 2
    policy = GreedyPolicy()
    rng = random.Random(1)
    first = True
    while g.turn == 0 and g.phase is Phase.ACTION and (first or g.tasks):
        first = False
        pend = g.pending()[0]
        legal = g.legal_moves(0)
        g.play(0, policy.choose(g.view(0), pend.decision, legal, rng, 1.0))
    assert len(p.fires) == 1 and threat(g, p) == 0


def test_greedy_spends_spare_Sun_on_animals_rather_than_a_Fragment() -> None:
    """Sun 6 and nothing else to do: animals bring income for the rest of the game (and
    feed Fires to the seat with the Water), a Fragment only saves a later action."""
    tanuki, baboon = 6, 13
    g = action_position([tanuki, WEASEL, baboon, HARE])
    assert g.players[0].totals()[:3] == (6, 0, 0)
    legal = g.legal_moves(0)
    move = GreedyPolicy().choose(g.view(0), Decision.ACTION, legal, random.Random(1), 1.0)
    assert move == CHOOSE[Action.ATTRACT]


def test_income_counts_for_fewer_rounds_once_a_rival_nears_12() -> None:
    """The game ends when anyone reaches 12: a rival at 11 Fires leaves a card in the deck
    little time to pay, whatever the seat's own tracks."""
    dolphin = 61

    def gain(g: Game) -> float:
        before = score(g, 0)
        g.players[0].discard.append(dolphin)
        after = score(g, 0)
        g.players[0].discard.pop()
        return after - before

    g = action_position([GOLDFISH, WEASEL, HARE])
    far = gain(g)
    g.players[1].fires = [2] * 10  # and the Fire Victory tile: 11
    assert 0 < gain(g) < far


def test_animals_attracted_this_round_feed_Fires_to_the_seat_with_the_Water() -> None:
    """The Fires this round's animals add to the centre count for whoever can put them out
    next round: the seat with a deck of Water, not its dry rival."""
    dolphin = 61  # Water 4
    g = action_position([GOLDFISH, WEASEL, HARE], centre=[])
    g.players[0].discard += [dolphin] * 6
    wet, dry = score(g, 0), score(g, 1)
    g.attracted = [2, 0, 0]  # two Fires of 2 at the end of the round
    assert score(g, 0) > wet and score(g, 1) < dry


def test_a_new_tree_kind_within_next_rounds_Plant_is_worth_something() -> None:
    """The trees a typical Help Line's Plant affords are a step next round; with every
    such kind gone from the supply that step is not there."""
    g = action_position([GOLDFISH, WEASEL, HARE])
    p = g.players[0]
    with_trees = seat_worth(g, p)
    g.tree_supply = [0 if TREE_COST[k] <= 6 else n for k, n in enumerate(g.tree_supply)]
    assert seat_worth(g, p) < with_trees


def test_the_plant_table_is_the_best_tree_on_every_space_scored_one_by_one() -> None:
    """The table scores a kind once per set of lines its space leaves complete: it equals
    scoring each kind on each free space, for every seat at the start of a played game's
    first twelve rounds (lines completed, new kinds and copies come up)."""
    checked, seen_round = 0, 0
    g = new_game(3, seed=2)
    rng = random.Random(2)
    while not g.over and checked < 36:
        if g.round != seen_round:
            seen_round = g.round
            for seat in range(3):
                judge = LineJudge(g, seat)
                assert judge.plant == _plant_table_one_by_one(judge)
                checked += 1
        pend = g.pending()[0]
        g.play(pend.player, rng.choice(g.legal_moves(pend.player)))
    assert checked == 36


def _plant_table_one_by_one(judge: LineJudge) -> list[float]:
    p, g = judge.p, judge.g
    gains: dict[int, float] = {}
    for k, n in enumerate(g.tree_supply):
        if n > 0:
            gains[k] = 0.0
            for s in p.plantable_spaces():
                q = p.clone()
                q.forest[s] = k
                q.recompute()
                gains[k] = max(gains[k], seat_worth(g, q, judge.lead) - judge.base)
    return [
        max((v for k, v in gains.items() if TREE_COST[k] <= pl), default=0.0)
        for pl in range(TOP + 1)
    ]


def test_the_odds_alone_are_those_of_the_next_cards() -> None:
    """``Pile.odds`` (no look-ahead left: no pile after the card) lists the same cards with
    the same chances, in the same order, as ``next_cards``, two cards deep."""
    known = draw_position([WEASEL], deck=[HARE, FAWN, BEAR])
    known.players[0].known_top = 1
    empty = draw_position([WEASEL], deck=[], discard=[OWL, HARE, HARE, FAWN])
    players = [known.players[0], empty.players[0]]
    players += [p for n in (2, 4) for g in random_positions(n, 5, 6) for p in g.players]
    for p in players:
        pile = Pile.of(p)
        assert pile.odds() == [(c, x) for c, x, _rest in pile.next_cards()]
        for _c, _x, rest in pile.next_cards():
            assert rest.odds() == [(c, x) for c, x, _rest in rest.next_cards()]
