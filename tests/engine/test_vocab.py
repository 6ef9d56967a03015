"""The engine's vocabulary: string enums whose keys are what JSON, saves and the network carry,
checked wherever a string comes in from outside (``Event.from_json``, ``Game.from_json``,
``Move.from_json``)."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from enum import Enum

import pytest

from game.data import Symbol, _symbol, animals
from game.engine import (
    Action,
    Event,
    FireReason,
    Game,
    IllegalMove,
    InvalidState,
    Move,
    RefusalCode,
    SkipReason,
    Source,
    TaskKind,
    Tile,
    new_game,
)
from game.engine import events as ev
from game.engine.moves import STEAL
from game.engine.state import CORNERS, ROCKS
from game.engine.vocab import CORNER_BONUSES, ROCK_BONUSES, parse
from game.i18n import LANGUAGES, read_strings
from tests.engine.samples import one_of_each_event

VOCABULARY: tuple[type[Enum], ...] = (Action, TaskKind, Source, Tile, SkipReason, FireReason)
MEMBERS = [m for kind in VOCABULARY for m in kind]


def wire(doc: object) -> object:
    """Through the JSON text, as a save file or a network peer would carry it."""
    return json.loads(json.dumps(doc))


def events_with(member: Enum) -> list[Event]:
    """Events that carry ``member`` in a field of its type."""
    match member:
        case Action():
            return [ev.ActionChosen(0, member)]
        case TaskKind():
            return [
                ev.BonusStarted(0, member, Source.ROCK, 0),
                ev.BonusSkipped(1, member, SkipReason.DECLINED),
                ev.StepEnded(0, member),
                ev.TreePlanted(0, 3, 1, 2, (0, 3), member),
            ]
        case Source():
            return [ev.BonusStarted(0, TaskKind.PLANT, member, 0), ev.FragmentsTaken(0, 2, member)]
        case Tile():
            return [ev.TileStolen(0, 1, member, 1)]
        case SkipReason():
            return [ev.BonusSkipped(0, TaskKind.FRAGMENT, member)]
        case FireReason():
            return [ev.FiresAdded((2, 3), member)]
    raise AssertionError(member)


@pytest.mark.parametrize("member", MEMBERS, ids=lambda m: f"{type(m).__name__}.{m.name}")
def test_every_member_round_trips_through_json_as_its_plain_key(member: Enum) -> None:
    for event in events_with(member):
        doc = event.to_json()
        assert member.value in doc.values()
        # the JSON holds plain strings, never the enum type
        assert all(type(v) is not type(member) for v in doc.values())
        back = Event.from_json(wire(doc))
        assert back == event
        for f in fields(back):  # and each key comes back as the member, not a string
            value = getattr(back, f.name)
            if value == member:
                assert value is member


def test_every_sample_event_round_trips_with_its_types() -> None:
    for sample in one_of_each_event().values():
        back = Event.from_json(wire(sample.event.to_json()))
        assert back == sample.event
        assert [type(getattr(back, f.name)) for f in fields(back)] == [
            type(getattr(sample.event, f.name)) for f in fields(back)
        ]


def test_a_corner_with_no_bonus_is_null_in_json() -> None:
    planted = ev.TreePlanted(0, 3, 2, 0, (), None)
    assert planted.to_json()["corner"] is None
    assert Event.from_json(wire(planted.to_json())) == planted


@pytest.mark.parametrize("tile", list(Tile))
def test_a_steal_move_carries_its_tile_key(tile: Tile) -> None:
    doc = wire(STEAL[(1, tile)].to_json())
    assert doc == {"kind": "steal", "victim": 1, "tile": tile.value}
    assert Move.from_json(doc) is STEAL[(1, tile)]


@pytest.mark.parametrize("tile", ["Fire", "water", "", 3, None])
def test_a_steal_of_an_unknown_tile_is_refused_naming_the_field(tile: object) -> None:
    with pytest.raises(ValueError, match=r"steal\.tile.*not a known Tile"):
        Move.from_json({"kind": "steal", "victim": 1, "tile": tile})


@pytest.mark.parametrize(
    "raw,message",
    [
        (None, "an event must be an object"),
        ({"kind": "earthquake"}, "unknown event kind 'earthquake'"),
        (
            {"kind": "bonus_started", "player": 0, "bonus": "dance", "source": "rock", "extra": 0},
            r"bonus_started\.bonus: 'dance' is not a known TaskKind",
        ),
        (
            {"kind": "bonus_skipped", "player": 0, "bonus": "plant", "reason": "nothing possible"},
            r"bonus_skipped\.reason: 'nothing possible' is not a known SkipReason",
        ),
        (
            {"kind": "tile_stolen", "thief": 0, "victim": 1, "tile": "gold", "season": 1},
            r"tile_stolen\.tile: 'gold'",
        ),
        (
            {"kind": "fires_added", "values": [2, "3"], "reason": "attracted"},
            r"fires_added\.values item must be int",
        ),
        ({"kind": "turn_ended", "player": True}, r"turn_ended\.player must be int"),
        ({"kind": "turn_ended"}, "turn_ended needs player"),
        (  # an event written before the line bonuses were keys
            {
                "kind": "tree_planted",
                "player": 0,
                "tree": 5,
                "x": 2,
                "y": 2,
                "line_bonuses": ["column 3: +1 sun"],
                "corner": "",
            },
            r"unexpected fields for tree_planted: \['line_bonuses'\]",
        ),
    ],
)
def test_a_bad_event_is_refused_at_the_boundary_with_the_reason(raw: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Event.from_json(raw)


def test_a_game_with_an_unknown_task_or_tile_is_refused_naming_it() -> None:
    g = new_game(2, 3)
    doc = g.to_json()
    doc["seats"][0]["tiles"][0][0] = "gold"
    with pytest.raises(InvalidState, match="'gold' is not a known Tile"):
        Game.from_json(doc)
    doc = g.to_json()
    doc["phase"], doc["turn"] = "action", 0
    for seat in doc["seats"]:
        seat["stopped"] = True
    doc["tasks"] = [["dance", "action", 0, 0, 0, -1, False]]
    with pytest.raises(InvalidState, match="'dance' is not a known TaskKind"):
        Game.from_json(doc)


def test_tasks_and_tiles_are_saved_as_keys_and_read_back_as_members() -> None:
    g, rand = new_game(3, 8), random.Random(8)
    for _ in range(2000):  # to a pending step of an action (its task on the stack)
        if g.tasks:
            break
        seat = rand.choice(g.pending()).player
        g.play(seat, rand.choice(g.legal_moves(seat)))
    assert g.tasks
    doc = g.to_json()
    assert all(type(k) is str for t in doc["tasks"] for k in t[:2])
    assert all(type(k) is str for s in doc["seats"] for k, _ in s["tiles"])
    back = Game.from_json(wire(doc))
    assert back.tasks == g.tasks and back.to_json() == doc
    assert all(type(t.kind) is TaskKind and type(t.source) is Source for t in back.tasks)
    assert all(type(k) is Tile for p in back.players for k, _ in p.tiles)


def test_rocks_and_corners_give_only_the_bonuses_the_board_allows() -> None:
    assert set(ROCKS) == ROCK_BONUSES
    assert {c.bonus for c in CORNERS.values()} == CORNER_BONUSES
    assert all(type(r) is TaskKind for r in ROCKS)


@pytest.mark.parametrize("raw", ["Plant", "plants", 1, None, b"plant"])
def test_parse_refuses_anything_but_a_known_key(raw: object) -> None:
    with pytest.raises(ValueError, match="a rock: .* is not a known TaskKind"):
        parse(TaskKind, raw, "a rock")
    assert parse(TaskKind, "plant", "a rock") is TaskKind.PLANT


def test_every_refusal_code_is_worded_in_every_catalogue() -> None:
    for language in LANGUAGES:
        strings = read_strings(language)
        assert [c for c in RefusalCode if f"illegal.{c}" not in strings] == [], language
    worded = {k.removesuffix(".one") for k in read_strings("en") if k.startswith("illegal.")}
    assert worded == {f"illegal.{c}" for c in RefusalCode}  # (and a count's singular)


def test_a_refused_move_carries_its_code_as_a_member() -> None:
    g = new_game(2, 1)
    with pytest.raises(IllegalMove) as refused:
        g.play(0, STEAL[(1, Tile.FIRE)])
    assert refused.value.code is RefusalCode.DRAW_PHASE
    with pytest.raises(IllegalMove) as refused:
        g.play(True, STEAL[(1, Tile.FIRE)])  # type: ignore[arg-type]
    assert refused.value.code is RefusalCode.NO_SUCH_PLAYER


def test_every_card_symbol_is_a_member_and_a_bad_one_is_named() -> None:
    assert {type(c.symbol) for c in animals()[1:]} == {Symbol}
    assert {c.symbol for c in animals()[1:]} == set(Symbol)
    with pytest.raises(ValueError, match="card 7 has symbol 'lonely'"):
        _symbol("lonely", "7")
