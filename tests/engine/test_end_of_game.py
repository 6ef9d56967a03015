"""RULES.md §7: when the game ends and who wins."""

from game.engine import Action, Phase
from game.engine.moves import PICK_FIRE
from tests.engine.helpers import CARD, act, choose, game2, pass_all, plant_direct, to_actions


def give_fires(g, seat, n):
    g.fire_supply[2] -= n
    g.players[seat].fires += [2] * n


def test_game_ends_only_when_the_action_phase_is_complete():
    g = game2()
    give_fires(g, 0, 10)  # 10 + Fire tile = 11
    g.centre = [2]
    to_actions(g, {0: [CARD["Goldfish"]], 1: [CARD["Hare"]]})
    act(g, choose(Action.EXTINGUISH), PICK_FIRE[2])
    assert g.players[0].tracks()[1] == 12 and g.phase is Phase.ACTION
    events = pass_all(g)
    assert g.over and events[-1].kind == "game_over" and events[-1].winners == (0,)
    r = g.result()
    assert r.winners == (0,) and not r.tiebreak and r.ranking[0] == (0,)


def test_several_qualify_highest_sum_wins():
    g = game2(players=3)
    give_fires(g, 0, 11)  # fires 12, trees 2, flowers 1 -> 15
    give_fires(g, 1, 11)  # fires 12 + Fawn flower 1 -> trees 2, flowers 2 -> 16
    give_fires(g, 2, 3)
    plant_direct(g, 2, "3A", 1, 1)  # not qualified; sum 2+... still ranks last
    to_actions(g, {1: [CARD["Fawn"]]})
    pass_all(g)
    r = g.result()
    assert r.over and r.winners == (1,) and r.tiebreak
    assert [s.total for s in r.scores] == [15, 16, 3 + 4 + 1]
    assert r.ranking == ((1,), (0,), (2,))


def test_equal_sums_share_the_victory_and_unqualified_rank_below():
    g = game2(players=3)
    give_fires(g, 0, 11)
    give_fires(g, 1, 11)
    for x, y in ((1, 1), (3, 1), (1, 0), (1, 2), (3, 0), (3, 2)):
        plant_direct(g, 2, "5B", x, y)  # trees 3 total; sum larger but not 12
    g.players[2].fires = []
    to_actions(g, {})
    pass_all(g)
    r = g.result()
    assert r.winners == (0, 1) and r.tiebreak
    assert r.ranking[-1] == (2,)


def test_flowers_in_the_help_line_count_that_round():
    g = game2()
    g.players[0].tiles += [("flower", 1)]
    g.players[1].tiles.remove(("flower", 1))
    plant_direct(g, 0, "9", 1, 1)  # +2 Flowers
    plant_direct(g, 0, "9", 3, 1)  # +2
    to_actions(g, {0: [CARD["Fawn"]] * 6})
    p = g.players[0]
    assert p.tracks()[2] == 6 + 2 + 4 and not g.over  # Help Line + tiles + trees
    pass_all(g)
    assert g.over and g.result().winners == (0,)


def test_tree_track_counts_distinct_kinds_start_and_tiles():
    g = game2()
    for i, (x, y) in enumerate(((1, 1), (3, 1), (2, 0))):
        plant_direct(g, 0, ["3A", "3A", "4B"][i], x, y)
    assert g.players[0].tracks()[0] == 2 + 1 + 1  # 3A, 4B, start, Tree tile
