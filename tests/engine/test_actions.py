"""RULES.md §4.2, §5 and §6: the five actions, the Forest bonuses and bonus actions."""

import pytest

from game.data import LineBonus, boards
from game.engine import Action, Decision, IllegalMove, SkipReason, Source, TaskKind
from game.engine.moves import (
    FINISH,
    MOVE_BY,
    PASS,
    PICK_ANIMAL,
    PICK_FIRE,
    PLANT,
    SKIP_BONUS,
    STEAL,
)
from tests.engine.helpers import (
    CARD,
    TREE,
    act,
    choose,
    game2,
    give_fragments,
    kinds,
    plant_direct,
    to_actions,
)


def planted(events):
    return next(e for e in events if e.kind == "tree_planted")


def test_two_different_actions_then_turn_passes():
    g = game2()
    to_actions(g, {0: [CARD["Hare"]]})
    assert g.pending()[0].actions_left == 2
    act(g, choose(Action.FRAGMENT))
    assert choose(Action.FRAGMENT) not in g.legal_moves(0)
    with pytest.raises(IllegalMove, match="already took"):
        g.play(0, choose(Action.FRAGMENT))
    events = act(g, choose(Action.MOVE), MOVE_BY[1])
    assert "turn_ended" in kinds(events) and g.turn == 1


def test_three_solitary_gives_one_action():
    g = game2()
    to_actions(g, {0: [CARD["Bear"], CARD["Beetle"], CARD["Lynx"]]})
    assert g.players[0].actions_left == 1
    events = act(g, choose(Action.FRAGMENT))
    assert g.turn == 1 and "turn_ended" in kinds(events)


def test_take_fragment_impossible_when_supply_empty():
    g = game2()
    to_actions(g, {})
    give_fragments(g, 1, 20)
    assert choose(Action.FRAGMENT) not in g.legal_moves(0)


def test_attract_within_sun_goes_on_top_of_draw_pile_and_reserve_waits():
    g = game2()
    g.reserve[0] = [CARD["Hedgehog"], CARD["Beaver"], CARD["Raven"], CARD["Wolf"]]
    to_actions(g, {0: [CARD["Beetle"], CARD["Weasel"]]})  # 5 Sun
    act(g, choose(Action.ATTRACT))
    assert g.pending()[0].decision is Decision.ATTRACT and g.pending()[0].budget == 5
    assert FINISH not in g.legal_moves(0)  # a chosen Attract takes at least one animal
    act(g, PICK_ANIMAL[CARD["Hedgehog"]])  # 3
    legal = g.legal_moves(0)
    assert PICK_ANIMAL[CARD["Beaver"]] in legal and PICK_ANIMAL[CARD["Wolf"]] not in legal
    with pytest.raises(IllegalMove, match="costs 5 Sun and you have 2"):
        g.play(0, PICK_ANIMAL[CARD["Wolf"]])
    events = act(g, PICK_ANIMAL[CARD["Beaver"]])  # 2 more: budget used up, step ends
    assert "animal_attracted" in kinds(events)
    p = g.players[0]
    assert p.deck[-2:] == [CARD["Hedgehog"], CARD["Beaver"]] and p.known_top == 2
    assert g.reserve[0] == [CARD["Raven"], CARD["Wolf"]]
    assert g.pending()[0].decision is Decision.ACTION and g.players[0].actions_left == 1


def test_extinguish_within_water_and_each_tile_counts_one():
    g = game2()
    g.centre = [2, 3, 4]
    g.fire_supply[3] -= 1
    g.fire_supply[4] -= 1
    to_actions(g, {0: [CARD["Goldfish"], CARD["Hummingbird"], CARD["Bear"]]})  # 4 Water
    act(g, choose(Action.EXTINGUISH))
    assert g.legal_moves(0) == [PICK_FIRE[2], PICK_FIRE[3], PICK_FIRE[4]]
    act(g, PICK_FIRE[2])  # 2 Water left: neither 3 nor 4 fits, so the step ends
    assert g.pending()[0].decision is Decision.ACTION
    act(g, PASS)
    assert g.players[0].fires == [2] and g.centre == [3, 4]
    assert g.players[0].tracks()[1] == 2  # one tile taken + the Fire Victory tile


def test_plant_needs_cost_and_adjacency_and_counts_at_once():
    g = game2()
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"], CARD["Bear"]]})  # 5 Plant
    act(g, choose(Action.PLANT))
    legal = g.legal_moves(0)
    assert PLANT[(TREE["5B"], 1, 1)] in legal
    assert PLANT[(TREE["6"], 1, 1)] not in legal  # costs 6
    assert PLANT[(TREE["3A"], 0, 0)] not in legal  # not next to a tree
    with pytest.raises(IllegalMove, match="next to a tree"):
        g.play(0, PLANT[(TREE["3A"], 0, 0)])
    act(g, PLANT[(TREE["5A"], 1, 1)])  # +2 Sun at once
    assert g.players[0].total(0) == 2
    assert choose(Action.ATTRACT) in g.legal_moves(0) or not any(
        c for row in g.reserve for c in row if c and g.players[0].total(0) >= 2
    )


def test_duplicate_tree_kinds_allowed_but_count_once():
    g = game2()
    plant_direct(g, 0, "3A", 1, 1)
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})  # 3 Plant
    act(g, choose(Action.PLANT), PLANT[(TREE["3A"], 3, 1)])
    p = g.players[0]
    assert p.forest.count(TREE["3A"]) == 2 and p.tracks()[0] == 1 + 1 + 1


def test_tree_11_allows_the_same_action_twice_from_when_planted():
    g = game2()
    for x, y in ((1, 1), (3, 1), (2, 0)):
        plant_direct(g, 0, "5B", x, y)  # +3 Plant
    to_actions(g, {0: [CARD["Spider"], CARD["Owl"], CARD["Bee"], CARD["Boar"]]})  # 9 Plant
    assert g.players[0].total(2) == 12 and g.players[0].actions_left == 2
    act(g, choose(Action.PLANT), PLANT[(TREE["11"], 2, 2)])
    assert choose(Action.PLANT) in g.legal_moves(0)
    act(g, choose(Action.PLANT), PLANT[(TREE["10"], 1, 2)])
    assert g.players[0].forest.count(TREE["10"]) == 1


def test_without_tree_11_the_second_action_must_differ():
    g = game2()
    to_actions(g, {0: [CARD["Spider"], CARD["Owl"], CARD["Bee"], CARD["Boar"]]})
    act(g, choose(Action.PLANT), PLANT[(TREE["9"], 2, 2)])
    assert choose(Action.PLANT) not in g.legal_moves(0)


def test_move_jumps_standees_without_counting_them_and_steals():
    g = game2(players=3)  # standees on rocks 2, 6, 10 for seats 0, 1, 2
    g.players[1].rock = 3
    to_actions(g, {0: [CARD["Hare"], CARD["Horse"]]})  # 3 Wind
    act(g, choose(Action.MOVE))
    events = act(g, MOVE_BY[2])
    moved = events[0]
    assert moved.kind == "standee_moved" and moved.path == (3, 4, 5)
    assert moved.end == 5 and moved.jumped == (1,)
    assert g.pending()[0].decision is Decision.STEAL
    assert set(g.legal_moves(0)) == {STEAL[(1, k)] for k in ("fire", "flower", "tree")}
    events = act(g, STEAL[(1, "flower")])
    assert events[0].kind == "tile_stolen" and ("flower", 1) in g.players[0].tiles
    assert g.players[1].tile_count("flower") == 0
    # rock 5 gives a Fragment bonus, taken at once; the action is complete
    assert "fragments_taken" in kinds(events) and g.players[0].fragments == 1


def test_move_zero_is_not_a_move_and_cannot_exceed_wind():
    g = game2()
    to_actions(g, {0: [CARD["Hare"]]})
    act(g, choose(Action.MOVE))
    assert g.legal_moves(0) == [MOVE_BY[1]]


@pytest.mark.parametrize(
    "rock,decision",
    [(0, Decision.PLANT), (2, Decision.ATTRACT), (4, Decision.EXTINGUISH)],
)
def test_landing_rock_gives_bonus_action(rock, decision):
    g = game2()
    g.players[0].rock = (rock - 1) % 12
    g.players[1].rock = (rock + 5) % 12
    g.centre = [2]
    line = ["Hare", "Weasel", "Beetle", "Goldfish", "Owl", "Bee"]  # 5 Sun, 2 Water, 3 Plant
    to_actions(g, {0: [CARD[name] for name in line]})
    act(g, choose(Action.MOVE))
    events = act(g, MOVE_BY[1])
    assert events[-1].kind == "bonus_started" and events[-1].source == "rock"
    pending = g.pending()[0]
    assert pending.decision is decision and pending.bonus
    assert pending.actions_left == 1  # the bonus is extra


def test_bonus_may_repeat_an_action_already_taken():
    g = game2()
    g.players[0].rock = 11
    g.players[1].rock = 5
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"], CARD["Hare"]]})  # 3 Plant, 1 Wind
    act(g, choose(Action.PLANT), PLANT[(TREE["3A"], 1, 1)])
    act(g, choose(Action.MOVE), MOVE_BY[1])  # rock 0: Plant bonus
    assert g.pending()[0].decision is Decision.PLANT
    act(g, PLANT[(TREE["3B"], 3, 1)])
    assert g.players[0].forest.count(-1) == 12 and g.turn == 1


def test_impossible_bonus_is_skipped():
    g = game2()
    g.players[0].rock = 3
    g.players[1].rock = 9
    g.centre = [4]
    g.fire_supply[2] += 1
    g.fire_supply[4] -= 1
    to_actions(g, {0: [CARD["Hare"]]})  # no Water
    act(g, choose(Action.MOVE))
    events = act(g, MOVE_BY[1])  # rock 4: Extinguish, nothing affordable
    assert "bonus_skipped" in kinds(events)
    assert g.pending()[0].decision is Decision.ACTION


def test_bonus_can_be_declined():
    g = game2()
    g.players[0].rock = 11
    g.players[1].rock = 5
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})
    act(g, choose(Action.MOVE), MOVE_BY[1])
    assert SKIP_BONUS in g.legal_moves(0)
    events = act(g, SKIP_BONUS)
    assert events[0].kind == "bonus_skipped" and events[0].reason is SkipReason.DECLINED


def test_line_bonuses():
    g = game2()
    plant_direct(g, 0, "3A", 1, 0)
    plant_direct(g, 0, "3A", 1, 1)
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})
    before = g.players[0].total(1)
    events = act(g, choose(Action.PLANT), PLANT[(TREE["3B"], 1, 2)])
    (line,) = planted(events).lines  # the second column: +1 Water
    assert boards().line_bonuses[line] == LineBonus("column", 1, ((1, 0), (1, 1), (1, 2)), 1, 1)
    assert g.players[0].total(1) == before + 1 + 1  # tree's Water + column bonus


@pytest.mark.parametrize(
    "spaces,element,amount",
    [
        ([(2, 0), (2, 2)], 0, 1),  # the column through the starting tree: +1 Sun
        ([(3, 0), (3, 1), (3, 2)], 3, 1),  # +1 Wind
        ([(0, 1), (1, 1), (3, 1), (4, 1)], 4, 2),  # middle row: +2 Flowers
    ],
)
def test_each_line_bonus(spaces, element, amount):
    g = game2()
    for x, y in spaces:
        plant_direct(g, 0, "5B", x, y)  # Tree 5B gives Plant only
    p = g.players[0]
    assert p.forest_elems[element] == amount + (len(spaces) if element == 2 else 0)


@pytest.mark.parametrize(
    "space,decision,extra",
    [((0, 0), Decision.ATTRACT, 3), ((4, 2), Decision.EXTINGUISH, 2)],
)
def test_corner_bonus_actions(space, decision, extra):
    g = game2()
    x, y = space
    path = [(1, 1), (0, 1)] if x == 0 else [(3, 1), (4, 1)]
    for px, py in path:
        plant_direct(g, 0, "5B", px, py)
    g.centre = [2]
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})  # 3 Plant + 2 from trees
    events = act(g, choose(Action.PLANT), PLANT[(TREE["3A"], x, y)])
    assert planted(events).corner is TaskKind(decision.value)
    pending = g.pending()[0]
    assert pending.decision is decision and pending.bonus and pending.source is Source.CORNER
    p = g.players[0]
    base = p.total(0) if decision is Decision.ATTRACT else p.total(1)
    assert pending.budget == base + extra


@pytest.mark.parametrize("space", [(4, 0), (0, 2)])
def test_corner_fragments(space):
    g = game2()
    x, y = space
    for px, py in [(3, 1), (4, 1)] if x == 4 else [(1, 1), (0, 1)]:
        plant_direct(g, 0, "5B", px, py)
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})
    events = act(g, choose(Action.PLANT), PLANT[(TREE["3A"], x, y)])
    assert g.players[0].fragments == 2 and "fragments_taken" in kinds(events)


def test_bonus_plant_on_corner_triggers_the_corner():
    g = game2()
    for px, py in [(3, 1), (4, 1)]:
        plant_direct(g, 0, "5B", px, py)
    g.players[0].rock = 5
    g.players[1].rock = 0
    to_actions(g, {0: [CARD["Owl"], CARD["Hare"]]})  # 2 Plant + 2, 2 Wind
    act(g, choose(Action.MOVE), MOVE_BY[1])  # rock 6: Plant bonus
    act(g, PLANT[(TREE["3A"], 4, 0)])
    assert g.players[0].fragments == 2
