"""RULES.md §4.1: the Guardian Animals phase."""

import pytest

from game.engine import IllegalMove
from game.engine.moves import DRAW, STOP, USE_FRAGMENT
from tests.engine.helpers import CARD, draw, game2, give_fragments, kinds, stack

SOL = [CARD["Bear"], CARD["Beetle"], CARD["Lynx"]]


def test_draw_reveals_top_card_and_counts_elements():
    g = game2()
    stack(g, 0, [CARD["Lynx"], CARD["Goldfish"]])
    events = draw(g, 0, 2)
    p = g.players[0]
    assert p.line == [CARD["Lynx"], CARD["Goldfish"]]
    assert p.totals() == (2, 3, 0, 0, 0)  # Lynx 2/1/1 + Goldfish 0/2/-1
    assert kinds(events) == ["card_revealed", "card_revealed"]
    assert events[0].solitary == 1 and events[1].solitary == 1


def test_cannot_stop_before_a_card_and_may_stop_after_one():
    g = game2()
    with pytest.raises(IllegalMove, match="at least one card"):
        g.play(0, STOP)
    draw(g, 0)
    g.play(0, STOP)
    assert g.players[0].stopped and g.players[0].actions_left == 2


def test_third_solitary_forces_stop_without_fragment():
    g = game2()
    stack(g, 0, SOL)
    events = draw(g, 0, 3)
    p = g.players[0]
    assert p.stopped and p.uncancelled == 3 and p.actions_left == 1
    assert events[-1].kind == "player_stopped" and events[-1].forced


def test_gregarious_cancels_one_solitary_and_still_gives_elements():
    g = game2()
    stack(g, 0, [CARD["Chimpanzee"], *SOL])
    draw(g, 0, 4)
    p = g.players[0]
    assert p.uncancelled == 2 and not p.stopped
    assert p.total(2) == 2 + 1 + 1 - 2  # Chimpanzee's -2 Plant still counts
    assert DRAW in g.legal_moves(0)


def test_count_never_below_zero():
    g = game2()
    stack(g, 0, [CARD["Chimpanzee"], CARD["Toucan"], CARD["Bear"]])
    draw(g, 0, 3)
    assert g.players[0].uncancelled == 0


def test_fragment_at_three_solitary_lets_player_continue():
    g = game2()
    give_fragments(g, 0, 1)
    stack(g, 0, SOL)
    draw(g, 0, 3)
    p = g.players[0]
    assert not p.stopped and g.legal_moves(0) == [STOP, USE_FRAGMENT]
    events = g.play(0, USE_FRAGMENT)
    assert events[0].kind == "fragment_used" and events[0].solitary == 2
    assert p.line == SOL[:2] and p.discard[-1] == SOL[2] and p.fragments == 0
    assert g.fragments == 20  # back in the supply
    assert DRAW in g.legal_moves(0)


def test_fragment_only_on_the_card_just_revealed():
    g = game2()
    give_fragments(g, 0, 2)
    stack(g, 0, [CARD["Hare"], CARD["Bee"]])
    draw(g, 0, 2)
    g.play(0, USE_FRAGMENT)
    assert USE_FRAGMENT not in g.legal_moves(0)
    with pytest.raises(IllegalMove, match="just revealed"):
        g.play(0, USE_FRAGMENT)


def test_players_draw_independently_in_any_order():
    a, b = game2(seed=5), game2(seed=5)
    draw(a, 0, 2)
    draw(a, 1, 2)
    for _ in range(2):
        draw(b, 1)
        draw(b, 0)
    assert a.players[0].line == b.players[0].line
    assert a.players[1].line == b.players[1].line
