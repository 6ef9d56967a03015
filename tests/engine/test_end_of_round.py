"""RULES.md §4.3: Onibi, the Reserve, the Help Lines and the Sacred Tree."""

from game.engine import FireReason, Phase
from game.engine.state import VARAN
from tests.engine.helpers import CARD, game2, kinds, pass_all, to_actions


def set_centre(g, values):
    for v in g.centre:
        g.fire_supply[v] += 1
    for v in values:
        g.fire_supply[v] -= 1
    g.centre = list(values)


def end_round(g, lines):
    to_actions(g, lines)
    return pass_all(g)


def test_onibi_hits_players_whose_water_is_strictly_below_firepower():
    g = game2(players=3)
    set_centre(g, [2, 3])  # firepower 5, two tiles
    events = end_round(
        g,
        {
            0: [CARD["Goldfish"], CARD["Hummingbird"], CARD["Bear"]],  # 4 Water: hit
            1: [CARD["Goldfish"], CARD["Hummingbird"], CARD["Bear"], CARD["Fox"]],  # 5: safe
            2: [CARD["Hare"]],  # 0 Water: hit
        },
    )
    attack = next(e for e in events if e.kind == "onibi_attack")
    assert attack.firepower == 5 and attack.fires == 2 and attack.hit == (0, 2)
    assert g.players[0].discard.count(VARAN) == 2
    assert g.players[1].discard.count(VARAN) == 0
    assert g.players[2].discard.count(VARAN) == 2
    assert g.varans == 23 - 4


def test_short_varan_supply_is_dealt_one_at_a_time_from_first_player():
    g = game2(players=3, first=1)
    set_centre(g, [2, 2, 2])
    g.varans = 4
    g.players[0].discard += [VARAN] * 19  # the rest of the 23 are already dealt
    end_round(g, {})
    # hit in turn order 1, 2, 0: rounds of one each -> 1,2,0 then 1 -> seat 1 gets 2
    got = [p.discard.count(VARAN) for p in g.players]
    assert got == [19 + 1, 2, 1] and g.varans == 0


def test_fires_added_per_attracted_animal_level_one_first_capped_at_seven():
    g = game2()
    set_centre(g, [2, 2, 2, 2])
    g.attracted = [1, 2, 1]  # would add 2, 3, 3, 4
    events = end_round(g, {0: [CARD["Goldfish"]] * 5, 1: [CARD["Goldfish"]] * 5})
    added = next(e for e in events if e.kind == "fires_added")
    assert added.values == (2, 3, 3) and len(g.centre) == 7


def test_empty_centre_with_nothing_attracted_gets_one_fire():
    g = game2()
    set_centre(g, [])
    events = end_round(g, {})
    assert g.centre == [2]
    assert next(e for e in events if e.kind == "fires_added").reason is FireReason.EMPTY_CENTRE


def test_reserve_refilled_and_stays_short_when_deck_empty():
    g = game2()
    g.reserve[0] = g.reserve[0][:1]
    g.reserve[2] = g.reserve[2][:2]
    g.market[2] = g.market[2][:1]
    end_round(g, {})
    assert len(g.reserve[0]) == 4 and len(g.reserve[2]) == 3 and g.market[2] == []


def test_help_lines_return_to_discard_and_sacred_tree_passes():
    g = game2(first=1)
    events = end_round(g, {0: [CARD["Hare"], CARD["Bee"]], 1: [CARD["Fawn"]]})
    assert g.players[0].line == [] and CARD["Bee"] in g.players[0].discard
    assert g.first == 0 and g.round == 2 and g.phase is Phase.DRAW
    order = kinds(events)
    i = order.index
    assert (
        i("onibi_attack") < i("help_lines_returned") < i("sacred_tree_passed") < i("round_started")
    )
    assert g.players[0].totals() == (0, 0, 0, 0, 0)
