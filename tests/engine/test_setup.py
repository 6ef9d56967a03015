"""RULES.md §2-§3: components and setup."""

import pytest

from game.engine import Decision, new_game
from game.engine.state import START_SPACE, START_TREE, STARTING_CARDS


@pytest.mark.parametrize("players,rocks", [(2, [0, 6]), (3, [2, 6, 10]), (4, [0, 6, 9, 3])])
def test_standees_start_in_seating_order_from_first_player(players, rocks):
    for first in range(players):
        g = new_game(players, 3, first_player=first)
        for i, start in enumerate(rocks):
            assert g.players[(first + i) % players].rock == start


@pytest.mark.parametrize("players,total", [(2, 24), (3, 33), (4, 39)])
def test_tree_supply_depends_on_player_count(players, total):
    assert sum(new_game(players, 1).tree_supply) == total


def test_setup_components():
    g = new_game(4, 11, first_player=2)
    assert g.centre == [2] and g.fire_supply == {2: 19, 3: 20, 4: 20}
    assert g.varans == 23 and g.fragments == 20
    assert [len(r) for r in g.reserve] == [4, 4, 4]
    assert [len(m) for m in g.market] == [19, 12, 8]
    assert all(c in range(15, 38) for c in g.reserve[0])
    assert g.first == 2 and g.round == 1
    for p in g.players:
        assert sorted(p.deck) == sorted(STARTING_CARDS) and len(p.deck) == 14
        assert p.forest[START_SPACE] == START_TREE
        assert p.forest.count(-1) == 14
        assert sorted(k for k, _ in p.tiles) == ["fire", "flower", "tree"]
        assert all(season == p.seat for _, season in p.tiles)
        assert p.tracks() == (2, 1, 1)  # starting tree + Tree tile; Fire tile; Flower tile
    assert [d.decision for d in g.pending()] == [Decision.DRAW] * 4


def test_same_seed_same_game_and_seed_chooses_first_player():
    a, b = new_game(3, 99), new_game(3, 99)
    assert a.to_json() == b.to_json()
    firsts = {new_game(3, s).first for s in range(40)}
    assert firsts == {0, 1, 2}
    assert new_game(3, 1).to_json() != new_game(3, 2).to_json()


@pytest.mark.parametrize("bad", [1, 5, 0])
def test_player_count_is_checked(bad):
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(bad, 1)
