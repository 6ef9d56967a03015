"""``quick_init``: the faster ``__init__`` of the events and the other frozen values a search
creates makes the same objects as the dataclass's own, with the same parameters and
defaults, still frozen; a class it cannot serve is refused."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from game.engine.legal import Decision, Pending
from game.engine.quick_init import quick_init
from game.engine.result import Result, Score
from tests.engine.samples import EVENT_TYPES, one_of_each_event


@dataclass(frozen=True, slots=True)
class _Plain:
    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class _Quick:
    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


def _parameters(cls: type) -> list[tuple[str, object]]:
    return [(p.name, p.default) for p in inspect.signature(cls).parameters.values()]


def _from_fields(cls: type) -> list[tuple[str, object]]:
    return [
        (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(cls)
    ]


def test_same_parameters_and_defaults_as_the_fields() -> None:
    for cls in (*EVENT_TYPES, Pending, Score, Result, _Quick):
        assert _parameters(cls) == _from_fields(cls), cls.__name__
    assert _parameters(_Quick) == _parameters(_Plain)


def test_the_same_objects_by_position_by_keyword_and_by_default() -> None:
    for args, kwargs in [((1,), {}), ((1, (2, 3)), {}), ((), {"a": 1, "c": "x"})]:
        quick, plain = _Quick(*args, **kwargs), _Plain(*args, **kwargs)
        assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
        assert repr(quick).replace("_Quick", "_Plain") == repr(plain)
    assert _Quick(1) == _Quick(1) and hash(_Quick(1)) == hash(_Quick(1)) and _Quick(1) != _Quick(2)
    with pytest.raises(TypeError):
        _Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Quick(1, d=2)  # type: ignore[call-arg]
    pend = Pending(2, Decision.PLANT, budget=5)
    assert (pend.player, pend.decision, pend.bonus, pend.budget, pend.victim) == (
        2,
        Decision.PLANT,
        False,
        5,
        -1,
    )


def test_events_rebuilt_field_by_field_equal_the_games_own_and_stay_frozen() -> None:
    for kind, sample in one_of_each_event().items():
        e = sample.event
        assert type(e).__init__.__qualname__ == f"{kind.__qualname__}.__init__"
        values = [getattr(e, f.name) for f in dataclasses.fields(e)]
        assert kind(*values) == e and hash(kind(*values)) == hash(e)
        assert pickle.loads(pickle.dumps(e)) == e
        name = dataclasses.fields(e)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(e, name, 0)


def test_only_frozen_slotted_dataclasses_with_plain_fields() -> None:
    @dataclass(slots=True)
    class Thawed:
        a: int

    @dataclass(frozen=True)
    class Slotless:
        a: int

    @dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class Checked:  # its check would be skipped by the quick __init__
        a: int

        def __post_init__(self) -> None:
            assert self.a >= 0

    class NotADataclass:
        pass

    for cls in (Thawed, Slotless, Factory, Checked, NotADataclass):
        with pytest.raises(TypeError):
            quick_init(cls)
