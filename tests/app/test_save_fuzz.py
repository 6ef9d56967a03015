"""Damaged saves: every mutation of a valid save is either a valid game or a clean refusal.

Never an exception other than ``SaveError``, and never a loaded state that breaks the rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Game, InvalidState, check_invariants
from game.savegame import SavedMatch, SaveError, load_bytes
from game.ui.table.match import Match
from tests.app.helpers import play_match

_MATCHES = [
    play_match(2, seed=1, max_moves=3),
    play_match(3, seed=8, max_moves=140),
    play_match(4, seed=3, max_moves=260),
    play_match(2, seed=5),  # finished
]
_DOCS = [m.to_json() for m in _MATCHES]
_LEGACY = {  # a version-1 save still at its start: the only kind that migrates
    "save_version": 1,
    "game": play_match(3, seed=8, max_moves=0).game.to_json(),
    "seats": [s.to_json() for s in _MATCHES[1].seats],
    "log": [],
}
_ALL = [*_DOCS, _LEGACY]
_BYTES = [json.dumps(d).encode() for d in _ALL]

# Damaged copies tried per test: a share in the default run, all of them with ``-m slow``
# (which CI runs too).
EXAMPLES = [60, pytest.param(250, marks=pytest.mark.slow)]


def fuzzed(examples: int, body: Callable[..., None], **strategies: Any) -> None:
    """``body`` run on ``examples`` cases drawn from ``strategies`` (hypothesis)."""
    quiet = settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    quiet(given(**strategies)(body))()


def _outcome(data: bytes) -> SavedMatch | None:
    try:
        match = load_bytes(data)
    except SaveError as e:
        assert e.key.startswith("save.") and e.detail
        # An engine exception other than InvalidState is still a clean refusal for the
        # player; the known case is pinned by test_engine_refuses_a_non_string_phase.
        return None
    check_invariants(match.game)
    for p in match.game.pending():  # the table can ask what to do next
        assert match.game.legal_moves(p.player)
    Game.from_json(match.game.to_json())
    assert len(match.seats) == match.game.n
    table = Match.from_json(match.to_json())  # what the app accepts, the table resumes
    assert table.game.to_json() == match.game.to_json()
    return match


@pytest.mark.parametrize("examples", EXAMPLES)
def test_truncated(examples: int) -> None:
    fuzzed(examples, _truncated, doc=st.sampled_from(_BYTES), data=st.data())


def _truncated(doc: bytes, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(doc) - 1))
    assert _outcome(doc[:cut]) is None


@pytest.mark.parametrize("examples", EXAMPLES)
def test_flipped_bytes(examples: int) -> None:
    fuzzed(examples, _flipped, doc=st.sampled_from(_BYTES), data=st.data())


def _flipped(doc: bytes, data: st.DataObject) -> None:
    raw = bytearray(doc)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] ^= data.draw(st.integers(1, 255))
    _outcome(bytes(raw))


_REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.lists(st.integers(-2, 66), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


_PATHS = [_paths(d) for d in _ALL]


def _get(node: Any, path: tuple) -> Any:
    for k in path:
        node = node[k]
    return node


@pytest.mark.parametrize("examples", EXAMPLES)
def test_changed_types_and_numbers(examples: int) -> None:
    fuzzed(examples, _change, which=st.integers(0, len(_ALL) - 1), data=st.data())


def _change(which: int, data: st.DataObject) -> None:
    doc = json.loads(_BYTES[which])
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_PATHS[which][1:]))
        try:
            parent = _get(doc, path[:-1])
            key = path[-1]
            old = parent[key]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed this branch
        if not isinstance(parent, dict | list):
            continue  # an earlier mutation put a string where the container was
        action = data.draw(st.sampled_from(["replace", "nudge", "delete"]))
        if action == "nudge" and type(old) is int:
            parent[key] = old + data.draw(st.sampled_from([-1, 1, 12, -100]))
        elif action == "delete":
            del parent[key]
        else:
            parent[key] = data.draw(_REPLACEMENTS)
    _outcome(json.dumps(doc).encode())


def test_engine_refuses_a_non_string_phase() -> None:
    doc = json.loads(_BYTES[1])
    doc["game"]["phase"] = ["draw"]
    with pytest.raises(InvalidState):
        Game.from_json(doc["game"])


def test_unchanged_saves_load() -> None:
    for data in _BYTES:
        assert _outcome(data) is not None
