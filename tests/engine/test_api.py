"""The engine's public API: moves, illegal moves, JSON, views, layering."""

import json
import random
import subprocess
import sys

import pytest

from game.engine import Game, IllegalMove, InvalidState, Move, determinize, new_game
from game.engine.moves import DRAW, PICK_ANIMAL, PLANT, STOP, Action, ChooseAction
from tests.engine.helpers import CARD, act, choose, game2, to_actions


def random_game(players, seed, steps):
    g = new_game(players, seed)
    r = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        seat = r.choice(g.pending()).player
        g.play(seat, r.choice(g.legal_moves(seat)))
    return g


def test_every_move_round_trips_through_json_and_describes_itself():
    g = random_game(3, 4, 300)
    seen = set()
    r = random.Random(1)
    while not g.over and len(seen) < 12:
        seat = g.pending()[0].player
        for m in g.legal_moves(seat):
            assert Move.from_json(json.loads(json.dumps(m.to_json()))) is m
            assert m.describe() and "\n" not in m.describe()
            seen.add(m.kind)
        g.play(seat, r.choice(g.legal_moves(seat)))
    assert len(seen) >= 8


@pytest.mark.parametrize(
    "raw",
    [
        None,
        {},
        {"kind": "fly"},
        {"kind": "plant", "tree": "1", "x": 0, "y": 0},
        {"kind": "draw", "extra": 1},
        {"kind": "pick_fire", "value": True},
    ],
)
def test_malformed_moves_are_refused(raw):
    with pytest.raises(ValueError):
        Move.from_json(raw)


def test_illegal_move_has_a_reason_and_changes_nothing():
    g = game2()
    to_actions(g, {0: [CARD["Hare"]]})
    before = json.dumps(g.to_json())
    cases = [
        (1, choose(Action.MOVE), "not your turn"),
        (0, DRAW, "five actions"),
        (0, choose(Action.PLANT), "not possible"),
        (0, PICK_ANIMAL[15], "Attract action first"),
        (0, ChooseAction(9), "no action 9"),
        (7, STOP, "no player"),
        (0, "draw", "not a move"),
    ]
    for seat, move, reason in cases:
        with pytest.raises(IllegalMove, match=reason):
            g.play(seat, move)
        assert json.dumps(g.to_json()) == before


def test_plant_refusal_explains_cost():
    g = game2()
    to_actions(g, {0: [CARD["Owl"], CARD["Bee"]]})
    act(g, choose(Action.PLANT))
    with pytest.raises(IllegalMove, match="costs 6 Plant and you have 3"):
        g.play(0, PLANT[(6, 1, 1)])


def test_json_round_trip_continues_identically():
    g = random_game(4, 8, 400)
    h = Game.from_json(json.loads(json.dumps(g.to_json())))
    r1, r2 = random.Random(3), random.Random(3)
    for _ in range(300):
        if g.over:
            break
        seat = g.pending()[0].player
        m1 = r1.choice(g.legal_moves(seat))
        m2 = r2.choice(h.legal_moves(seat))
        assert g.play(seat, m1) == h.play(seat, m2)
    assert g.to_json() == h.to_json()


@pytest.mark.parametrize(
    "mutate,reason",
    [
        (lambda d: d.update(schema_version=99), "schema_version"),
        (lambda d: d["seats"][0]["deck"].append(15), "duplicated"),
        (lambda d: d.update(fragments=5), "Fragments"),
        (lambda d: d["seats"][1].update(rock=d["seats"][0]["rock"]), "same rock"),
        (lambda d: d.update(players="two"), "players"),
        (lambda d: d["seats"][0].pop("deck"), "missing"),
        (
            lambda d: (
                d["seats"][0]["forest"].__setitem__(0, 3),
                d["tree_supply"].__setitem__(3, 1),
            ),
            "connected",
        ),
    ],
)
def test_invalid_documents_are_refused_with_a_reason(mutate, reason):
    doc = json.loads(json.dumps(random_game(2, 3, 50).to_json()))
    mutate(doc)
    with pytest.raises(InvalidState, match=reason):
        Game.from_json(doc)


def test_clone_is_independent():
    g = random_game(2, 5, 100)
    c = g.clone()
    snapshot = g.to_json()
    r = random.Random(0)
    for _ in range(50):
        if c.over:
            break
        seat = c.pending()[0].player
        c.play(seat, r.choice(c.legal_moves(seat)))
    assert g.to_json() == snapshot


def test_view_hides_orders_and_seed_but_keeps_contents():
    g = random_game(3, 6, 200)
    v = g.view(1)
    assert v.game.seed == 0 and v.game.is_view
    for seat in range(3):
        assert v.deck_contents(seat) == __import__("collections").Counter(g.players[seat].deck)
        assert v.game.players[seat].line == g.players[seat].line
    with pytest.raises(IllegalMove, match="view"):
        v.game.play(v.game.pending()[0].player, v.game.legal_moves(v.game.pending()[0].player)[0])


def test_views_of_games_differing_only_in_hidden_order_are_equal():
    a = random_game(2, 9, 120)
    b = a.clone()
    b.players[0].deck[: len(b.players[0].deck) - b.players[0].known_top] = sorted(
        b.players[0].deck[: len(b.players[0].deck) - b.players[0].known_top], reverse=True
    )
    b.market[1].reverse()
    b.seed += 1
    assert a.view(0).game.to_json() == b.view(0).game.to_json()


def test_view_keeps_known_top_cards_in_place():
    g = game2()
    g.reserve[0][0] = CARD["Hedgehog"]
    to_actions(g, {0: [CARD["Beetle"]]})
    act(g, choose(Action.ATTRACT), PICK_ANIMAL[CARD["Hedgehog"]])
    v = g.view(1)
    assert v.known_top(0) == [CARD["Hedgehog"]]
    for s in range(5):
        d = determinize(v, random.Random(s))
        assert d.players[0].deck[-1] == CARD["Hedgehog"]


def test_determinize_is_consistent_with_the_view():
    g = random_game(4, 2, 250)
    v = g.view(2)
    d = determinize(v, random.Random(5))
    assert not d.is_view and d.seed != 0
    assert d.view(2).game.to_json() == {**v.game.to_json()}
    d.play(d.pending()[0].player, d.legal_moves(d.pending()[0].player)[0])


def test_engine_and_data_import_without_pygame():
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import game.engine, game.data, game.devtools.engine_bench\n"
        "g = game.engine.new_game(2, 1); print(len(g.legal_moves(0)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_play_unchecked_matches_play_for_legal_moves():
    a, b = new_game(3, 12), new_game(3, 12)
    r = random.Random(4)
    for _ in range(400):
        if a.over:
            break
        seat = a.pending()[0].player
        move = r.choice(a.legal_moves(seat))
        assert a.play(seat, move) == b.play_unchecked(seat, move)
    assert a.to_json() == b.to_json()
