"""Saves written before events carried keys still load (``tests/engine/data``: real files from
that build), and a save holds no display text: only keys, numbers and the seat names."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.engine import Tile, new_game
from game.engine import events as ev
from game.savegame import SAVE_VERSION, SavedMatch, load_bytes
from game.seats import Seat

DATA = Path(__file__).parent / "data"
OLD = ("save_v2.json", "save_v2_with_log.json")


def strings(doc: Any) -> set[str]:
    """Every string in a JSON document, keys of objects left out."""
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set().union(*(strings(v) for v in doc.values()))
    if isinstance(doc, list):
        return set().union(*(strings(v) for v in doc))
    return set()


@pytest.mark.parametrize("name", OLD)
def test_an_old_save_loads_and_replays_to_its_position(name: str) -> None:
    raw = (DATA / name).read_bytes()
    match = load_bytes(raw)
    assert (match.players, match.seed, len(match.moves), match.round) == (2, 120, 216, 13)
    assert [s.name for s in match.seats] == ["봄", "Grove"]
    # the log is rebuilt from the moves, typed: the line bonuses as indexes, reasons as keys
    events = [e for _, e in match.log]
    planted = [e for e in events if isinstance(e, ev.TreePlanted)]
    assert [e.lines for e in planted if e.lines] == [(1,)]  # the old "column 3: +1 sun"
    assert any(e.corner is not None for e in planted)
    skips = {e.reason for e in events if isinstance(e, ev.BonusSkipped)}
    assert skips == {ev.SkipReason.DECLINED, ev.SkipReason.NOTHING_POSSIBLE}
    assert {e.tile for e in events if isinstance(e, ev.TileStolen)} <= set(Tile)


@pytest.mark.parametrize("name", OLD)
def test_an_old_save_is_written_back_in_the_same_format_without_its_english(name: str) -> None:
    doc = json.loads((DATA / name).read_bytes())
    again = load_bytes((DATA / name).read_bytes()).to_json()
    assert again["version"] == doc["version"] == SAVE_VERSION  # the format did not change
    assert again == {k: v for k, v in doc.items() if k != "log"}
    if "log" in doc:  # the old log's English is not carried on
        assert "column 3: +1 sun" in strings(doc["log"])
        assert "nothing possible" in strings(doc["log"])
        assert not {"column 3: +1 sun", "nothing possible", "declined"} & strings(again)


def test_a_korean_game_saves_no_english_only_keys_numbers_and_names() -> None:
    """Every string a save holds is a key of the engine's vocabulary, a move or event kind,
    the format name, the time or a seat name: nothing a player reads in a language."""
    seats = [Seat("봄", "human"), Seat("여름", "medium"), Seat("가을", "easy")]
    g, rand, moves = new_game(3, 77, first_player=1), random.Random(77), []
    while not g.over:
        seat = rand.choice(g.pending()).player
        move = rand.choice(g.legal_moves(seat))
        g.play(seat, move)
        moves.append((seat, move))
    doc = SavedMatch(3, 77, 1, seats, g, 5, moves).to_json()
    assert load_bytes(json.dumps(doc).encode()).game.to_json() == g.to_json()
    keys = {"living-forest-save", "human", "medium", "easy", "over", *(t.value for t in Tile)}
    keys |= {m["kind"] for _, m in doc["moves"]}
    names = {s.name for s in seats}
    left = strings(doc) - keys - names - {doc["saved_at"]}
    assert left == set()
