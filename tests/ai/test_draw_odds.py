"""Unit tests of the draw odds (``game/ai/heuristics/draw_odds.py``): what a seat knows about its
pile, the exact chance of each next card, and the action tables the draw-or-stop judge uses."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from game.ai.heuristics.draw_odds import MAX_TOTAL, DrawJudge, outlook, pile_of
from game.ai.heuristics.evaluate import THREAT_PER_FIRE
from game.engine.moves import DRAW, STOP
from game.engine.state import CARD_GREGARIOUS, CARD_SOLITARY, E_FLOWER, E_WATER, GOAL, VARAN
from tests.ai.helpers import random_positions
from tests.ai.positions import draw_position

PLAIN = [c for c in range(1, VARAN) if not CARD_SOLITARY[c] and not CARD_GREGARIOUS[c]]


def test_the_known_top_is_drawn_first_and_for_certain() -> None:
    g = draw_position(line=[PLAIN[0]], deck=[PLAIN[1], PLAIN[2], PLAIN[3]])
    g.players[0].known_top = 2  # the last two cards (the top) were attracted last round
    pile = pile_of(g.players[0])
    assert pile.known == [PLAIN[2], PLAIN[3]] and pile.hidden == Counter([PLAIN[1]])
    [(card, prob, rest)] = pile.next_cards()
    assert (card, prob) == (PLAIN[3], 1.0) and rest.known == [PLAIN[2]]


def test_hidden_cards_come_with_their_counted_share() -> None:
    deck = [PLAIN[0], PLAIN[0], PLAIN[0], PLAIN[1], VARAN]
    pile = pile_of(draw_position(line=[], deck=deck).players[0])
    odds = {card: prob for card, prob, _ in pile.next_cards()}
    assert odds == pytest.approx({PLAIN[0]: 3 / 5, PLAIN[1]: 1 / 5, VARAN: 1 / 5})
    assert sum(odds.values()) == pytest.approx(1.0)


def test_an_empty_pile_reshuffles_the_discard() -> None:
    pile = pile_of(draw_position(line=[PLAIN[0]], deck=[], discard=[PLAIN[1], VARAN]).players[0])
    outcomes = pile.next_cards()
    assert {c for c, _, _ in outcomes} == {PLAIN[1], VARAN}
    for card, _prob, rest in outcomes:
        assert sum(rest.hidden.values()) == 1 and not rest.discard  # the discard became the pile
        assert card not in rest.hidden or rest.hidden[card] == 0


def test_two_draws_match_the_count_over_every_order() -> None:
    """Chaining ``next_cards`` gives each pair of cards exactly its share of all orders."""
    deck = [PLAIN[0], PLAIN[0], PLAIN[1], VARAN, PLAIN[2]]
    pile = pile_of(draw_position(line=[], deck=deck).players[0])
    chained: Counter[tuple[int, int]] = Counter()
    for first, p1, rest in pile.next_cards():
        for second, p2, _ in rest.next_cards():
            chained[first, second] += p1 * p2
    orders = list(itertools.permutations(deck))
    counted = Counter((o[-1], o[-2]) for o in orders)  # the top card is the last
    for pair, n in counted.items():
        assert chained[pair] == pytest.approx(float(Fraction(n, len(orders))))
    assert sum(chained.values()) == pytest.approx(1.0)


def test_the_hidden_order_is_never_read() -> None:
    a = draw_position(line=[], deck=[PLAIN[0], PLAIN[1], VARAN, PLAIN[2]])
    b = draw_position(line=[], deck=[VARAN, PLAIN[2], PLAIN[1], PLAIN[0]])
    pa, pb = pile_of(a.players[0]), pile_of(b.players[0])
    assert (pa.known, pa.hidden, pa.discard) == (pb.known, pb.hidden, pb.discard)


def test_a_pile_of_varans_at_two_solitary_is_not_worth_drawing() -> None:
    """Every next card is a third solitary symbol with nothing on it: stop."""
    solitary = [c for c in range(1, VARAN) if CARD_SOLITARY[c] and not CARD_GREGARIOUS[c]]
    g = draw_position(line=solitary[:2], deck=[VARAN, VARAN, VARAN])
    ranked = dict(DrawJudge(g, 0).rank(g.legal_moves(0)))
    assert ranked[STOP] > ranked[DRAW]


def test_a_pile_without_solitary_symbols_is_worth_drawing() -> None:
    rich = [c for c in PLAIN if min(_elems(c)) >= 0 and sum(_elems(c)) >= 2]
    g = draw_position(line=[rich[0]], deck=rich[1:6])
    ranked = dict(DrawJudge(g, 0).rank(g.legal_moves(0)))
    assert ranked[DRAW] > ranked[STOP]


def _elems(card: int) -> tuple[int, ...]:
    from game.engine.state import CARD_ELEMS

    return CARD_ELEMS[card]


@pytest.mark.parametrize("players", [2, 4])
def test_more_of_an_element_never_makes_its_action_worth_less(players: int) -> None:
    for g in random_positions(players, seed=11, count=6):
        look = outlook(g, 0)
        for table in (look.attract, look.extinguish, look.plant, look.move):
            assert len(table) == MAX_TOTAL + 1
            assert all(a <= b + 1e-9 for a, b in itertools.pairwise(table)), table


def test_the_line_value_counts_onibi_flowers_and_the_second_action() -> None:
    g = draw_position(line=[], deck=[PLAIN[0]])
    g.centre = [4, 4]
    g.players[0].forest_elems = [0, 0, 0, 0, 0]
    look = outlook(g, 0)
    dry = [0, 0, 0, 0, 0]
    wet = [0, 0, 0, 0, 0]
    wet[E_WATER] = 8  # puts out nothing by itself, but the attack no longer lands
    fires = min(len(g.centre), g.varans)
    gap = look.line_value(wet, 2) - look.line_value(dry, 2)
    assert gap >= THREAT_PER_FIRE * fires - 1e-9
    flowers = [0, 0, 0, 0, 0]
    flowers[E_FLOWER] = GOAL - look.base_flowers
    assert look.line_value(flowers, 2) - look.line_value(dry, 2) >= 100.0
    rich = [8, 8, 8, 8, 0]
    assert look.line_value(rich, 2) > look.line_value(rich, 1)


def test_the_odds_alone_are_those_of_the_next_cards() -> None:
    """``odds`` (the last card looked at: no pile left after it) lists the same cards with the
    same chances, in the same order, as ``next_cards``: a known top, a hidden pile, an empty
    pile drawing on the discard, and the piles of played games."""
    known = draw_position(line=[PLAIN[0]], deck=[PLAIN[1], PLAIN[2], PLAIN[3]])
    known.players[0].known_top = 1
    empty = draw_position(line=[PLAIN[0]], deck=[], discard=[PLAIN[1], PLAIN[1], VARAN])
    players = [known.players[0], empty.players[0]]
    players += [p for n in (2, 4) for g in random_positions(n, 5, 6) for p in g.players]
    for p in players:
        pile = pile_of(p)
        assert pile.odds() == [(c, x) for c, x, _rest in pile.next_cards()]
        for _c, _x, rest in pile.next_cards():
            assert rest.odds() == [(c, x) for c, x, _rest in rest.next_cards()]
