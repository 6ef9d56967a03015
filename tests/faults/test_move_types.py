"""Issue 17 item 8: legality compares with ``==``, so ``True``, ``1.0`` and ``None`` must be
refused by type before anything else, and a refused move changes nothing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine import Game, IllegalMove, Move, new_game
from game.engine.moves import PickFire, Plant, Steal, check_move_types


def _positions(n: int = 400) -> list[Game]:
    """Positions of one seeded game (plant, extinguish and steal decisions included)."""
    game, rand, out = new_game(3, 11, 0), random.Random(11), []
    while not game.over and len(out) < n:
        out.append(game.clone())
        seat = game.pending()[0].player
        game.play(seat, rand.choice(game.legal_moves(seat)))
    return out


def _twins(move: Move) -> list[Move]:
    """``move`` with one int field turned into an equal float or bool (``==`` still holds)."""
    out = []
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if type(value) is int:
            out.append(dataclasses.replace(move, **{f.name: float(value)}))
            if value in (0, 1):
                out.append(dataclasses.replace(move, **{f.name: bool(value)}))
    return out


def test_equal_floats_and_bools_are_refused_and_change_nothing() -> None:
    tried = 0
    for game in _positions():
        seat = game.pending()[0].player
        before = game.to_json()
        for move in game.legal_moves(seat):
            for twin in _twins(move):
                assert twin == move  # the trap: legality alone would accept it
                with pytest.raises(IllegalMove) as refused:
                    game.play(seat, twin)
                assert refused.value.code == "not_a_move"
                assert game.to_json() == before
                tried += 1
    assert tried > 100


def test_a_bool_seat_is_not_seat_one() -> None:
    game = new_game(2, 3, 1)
    assert game.legal_moves(1)
    before = game.to_json()
    with pytest.raises(IllegalMove) as refused:
        game.play(True, game.legal_moves(1)[0])  # type: ignore[arg-type]
    assert refused.value.code == "no_such_player"
    assert game.to_json() == before


@pytest.mark.parametrize(
    "move",
    [
        Plant(None, None, None),
        Plant(0.0, 1.0, 2.0),
        PickFire(2.0),
        Steal(1.0, "fire"),  # type: ignore[arg-type]
        Steal(1, 3),
        PickFire([2]),  # issue 32 item 18: unhashable fields raised TypeError
        Plant({"tree": 0}, 1, 2),
        Steal(1, ["fire"]),  # type: ignore[arg-type]
        "draw",
        None,
    ],  # type: ignore[arg-type]
)
def test_malformed_moves_are_illegal_moves_not_type_errors(move: object) -> None:
    game = new_game(2, 3, 0)
    before = game.to_json()
    with pytest.raises(IllegalMove):
        game.play(0, move)  # type: ignore[arg-type]
    assert game.to_json() == before


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "pick_fire", "value": 2.0},
        {"kind": "pick_fire", "value": True},
        {"kind": "plant", "tree": 0, "x": 1},
        {"kind": "plant", "tree": None, "x": 1, "y": 1},
        {"kind": "steal", "victim": 1, "tile": 2},
        {"kind": "choose_action", "action": False},
        {"kind": "pick_fire", "value": [2]},
        {"kind": "steal", "victim": {"seat": 1}, "tile": "fire"},
    ],
)
def test_from_json_refuses_wrong_types(raw: dict) -> None:
    with pytest.raises(ValueError):
        Move.from_json(raw)


def test_well_formed_moves_pass_the_type_check() -> None:
    assert check_move_types(Plant(0, 1, 2)) is None
    assert check_move_types(Steal(3, "tree"), 2) is None
    assert Move.from_json({"kind": "pick_fire", "value": 3}) == PickFire(3)
