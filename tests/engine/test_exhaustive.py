"""The lists every ``match`` over events and moves is checked against are complete: the
``AnyEvent``/``AnyMove`` unions, the apply table, and the samples the consumer tests use."""

from __future__ import annotations

from typing import get_args

from game.engine import events as ev
from game.engine import moves as mv
from game.engine.apply import _APPLY
from tests.engine.samples import EVENT_TYPES, MOVE_TYPES, ONE_OF_EACH_MOVE, one_of_each_event


def names(types: frozenset[type]) -> set[str]:
    return {t.__name__ for t in types}


def test_the_event_union_names_every_event_type() -> None:
    assert set(get_args(ev.AnyEvent)) == EVENT_TYPES
    # (by name: a slots dataclass leaves its first, slot-less class among the subclasses)
    assert {c.__name__ for c in ev.Event.__subclasses__() if c.kind} == names(EVENT_TYPES)


def test_the_move_union_names_every_move_type() -> None:
    assert set(get_args(mv.AnyMove)) == MOVE_TYPES
    assert {c.__name__ for c in mv.Move.__subclasses__() if c.kind} == names(MOVE_TYPES)


def test_every_event_type_has_an_apply_function() -> None:
    assert set(_APPLY) == EVENT_TYPES


def test_the_samples_hold_one_event_and_one_move_of_every_type() -> None:
    events = one_of_each_event()
    assert set(events) == EVENT_TYPES
    assert all(type(s.event) is t for t, s in events.items())
    assert {type(m) for m in ONE_OF_EACH_MOVE} == MOVE_TYPES
