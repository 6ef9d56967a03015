"""RULES.md §8, one test per edge case (the official edition got these wrong)."""

from game.engine import Action, Decision
from game.engine.moves import MOVE_BY, PICK_ANIMAL, PICK_FIRE, PLANT, STEAL, USE_FRAGMENT
from game.engine.state import VARAN
from tests.engine.helpers import (
    CARD,
    TREE,
    act,
    choose,
    draw,
    game2,
    give_fragments,
    kinds,
    pass_all,
    plant_direct,
    to_actions,
)


def test_reshuffle_happens_when_a_draw_is_wanted_not_when_the_pile_empties():
    g = game2()
    p = g.players[0]
    p.discard, p.deck = p.deck[:12], p.deck[12:]
    p.deck = [CARD["Hare"], CARD["Fawn"]]
    events = draw(g, 0, 2)
    assert p.deck == [] and len(p.discard) == 12 and "reshuffled" not in kinds(events)
    events = draw(g, 0)
    assert kinds(events)[:2] == ["reshuffled", "card_revealed"]
    assert len(p.deck) == 11 and p.discard == [] and p.shuffles == 2


def test_varan_removed_with_fragment_returns_to_supply():
    g = game2()
    give_fragments(g, 0, 1)
    g.varans -= 1
    g.players[0].deck.append(VARAN)
    draw(g, 0)
    events = g.play(0, USE_FRAGMENT)
    assert events[0].to_varan_supply and g.varans == 23
    assert VARAN not in g.players[0].discard and VARAN not in g.players[0].line


def test_fragment_may_remove_any_just_revealed_card():
    g = game2()
    give_fragments(g, 0, 1)
    g.players[0].deck.append(CARD["Fawn"])  # neutral
    draw(g, 0)
    assert USE_FRAGMENT in g.legal_moves(0)
    g.play(0, USE_FRAGMENT)
    assert g.players[0].discard == [CARD["Fawn"]] and g.players[0].line == []


def test_attracted_cards_are_the_next_cards_drawn():
    g = game2()
    g.reserve[0][0] = CARD["Hedgehog"]
    g.reserve[0][1] = CARD["Raven"]
    to_actions(g, {0: [CARD["Beetle"], CARD["Weasel"]], 1: [CARD["Hare"]]})
    act(g, choose(Action.ATTRACT), PICK_ANIMAL[CARD["Hedgehog"]], PICK_ANIMAL[CARD["Raven"]])
    pass_all(g)
    assert g.round == 2
    draw(g, 0, 2)
    assert set(g.players[0].line) == {CARD["Hedgehog"], CARD["Raven"]}


def test_extinguishing_does_not_lower_water_against_onibi():
    g = game2()
    g.fire_supply[2] += 1
    g.fire_supply[3] -= 2
    g.centre = [3, 3]  # firepower 6 before; 3 left after putting out one
    line = [CARD["Goldfish"], CARD["Hummingbird"], CARD["Bear"]]  # 4 Water
    to_actions(g, {0: line, 1: [CARD["Hare"]]})
    act(g, choose(Action.EXTINGUISH), PICK_FIRE[3])
    events = pass_all(g)
    attack = next(e for e in events if e.kind == "onibi_attack")
    assert attack.firepower == 3 and attack.water[0] == 4 and attack.hit == (1,)
    assert g.players[0].discard.count(VARAN) == 0


def test_jumped_standees_are_not_counted_and_each_gives_one_tile():
    g = game2(players=4)
    for seat, rock in ((0, 0), (1, 1), (2, 2), (3, 4)):
        g.players[seat].rock = rock
    # seat 1 has no tiles left (seat 3 took them); seat 2 keeps its three.
    g.players[3].tiles += g.players[1].tiles
    g.players[1].tiles = []
    to_actions(g, {0: [CARD["Hare"], CARD["Hare"]]})  # 2 Wind
    act(g, choose(Action.MOVE))
    events = act(g, MOVE_BY[2])
    assert events[0].path == (1, 2, 3, 4, 5) and events[0].end == 5
    assert events[0].jumped == (1, 2, 3)
    assert kinds(events)[1] == "nothing_to_steal"
    assert g.pending()[0].decision is Decision.STEAL and g.pending()[0].victim == 2
    act(g, STEAL[(2, "tree")])
    assert g.pending()[0].victim == 3
    act(g, STEAL[(3, "fire")])
    mine = sorted(g.players[0].tiles)
    assert len(mine) == 5 and ("tree", 2) in mine
    assert sum(1 for k, _ in g.players[3].tiles if k == "fire") == 1


def test_tree_victory_counts_distinct_kinds():
    g = game2()
    plant_direct(g, 0, "3A", 1, 1)
    plant_direct(g, 0, "3A", 3, 1)
    assert g.players[0].tracks()[0] == 1 + 1 + 1


def test_flowers_in_help_line_count_for_that_rounds_end_check():
    g = game2()
    g.players[0].tiles.append(("flower", 1))
    g.players[1].tiles.remove(("flower", 1))
    plant_direct(g, 0, "9", 1, 1)
    plant_direct(g, 0, "9", 3, 1)
    to_actions(g, {0: [CARD["Fawn"]] * 6})
    pass_all(g)
    assert g.over and g.result().scores[0].flowers == 12


def test_tree_11_gives_no_element_and_applies_at_once():
    g = game2()
    for x, y in ((1, 1), (3, 1), (2, 0)):
        plant_direct(g, 0, "5B", x, y)
    to_actions(g, {0: [CARD["Spider"], CARD["Owl"], CARD["Bee"], CARD["Boar"]]})
    before = g.players[0].totals()
    act(g, choose(Action.PLANT), PLANT[(TREE["11"], 1, 2)])
    assert g.players[0].totals() == before
    assert choose(Action.PLANT) in g.legal_moves(0)


def test_line_bonus_from_first_action_counts_for_the_second():
    g = game2()
    g.players[1].rock = 11
    plant_direct(g, 0, "3A", 3, 0)
    plant_direct(g, 0, "3A", 3, 1)
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})  # 3 Plant, 1 Wind
    act(g, choose(Action.PLANT), PLANT[(TREE["3B"], 3, 2)])  # column 4 full: +1 Wind
    assert g.players[0].total(3) == 2
    act(g, choose(Action.MOVE))
    assert MOVE_BY[2] in g.legal_moves(0)


def test_centre_never_exceeds_seven_and_empty_centre_gets_a_fire():
    g = game2()
    g.fire_supply[2] += 1
    g.fire_supply[4] -= 6
    g.centre = [4] * 6
    g.attracted = [3, 0, 0]
    to_actions(g, {})
    pass_all(g)
    assert len(g.centre) == 7 and g.centre.count(2) == 1
    h = game2()
    h.fire_supply[2] += 1
    h.centre = []
    to_actions(h, {})
    pass_all(h)
    assert h.centre == [2]
