"""Every consumer of events and moves handles every type: the log's words, the sounds, the
part of the table that shows an event, the end-of-round steps, the undo policy, the event
director's animations, the move sentences, and the target map (the table's targets and the
tutorial's pointer). The sounds, the part, the steps and the undo policy read the one table
``EVENT_KINDS``, checked here against every type in ``ev.AnyEvent``; the others dispatch with
``match`` ending in ``assert_never``. The last tests show that a new type does fail."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, get_args

import pytest

from game.engine import Event, Game, Move
from game.engine import events as ev
from game.engine.apply import apply_event
from game.ui.media.sound import EFFECTS
from game.ui.table.event_kinds import (
    EVENT_KINDS,
    STEPS,
    Part,
    event_sound,
    part_for,
    reveals_something,
    step_of,
)
from game.ui.table.match import Match, Seat
from game.ui.words.sentences import describe_move, log_sentence
from tests.engine.samples import ONE_OF_EACH_MOVE, Sample, one_of_each_event
from tests.engine.test_stepping import differences

NAMES = ["Ann", "Bo", "Cy", "Di"]


@dataclass(frozen=True, slots=True)
class Unheard(Event):
    """An event type no consumer knows (``kind`` empty: it stays out of the registry)."""

    player: int = 0
    kind: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class Unknown(Move):
    kind: ClassVar[str] = ""


def event_consumers(ctx) -> dict[str, Callable[[Event], Any]]:
    return {
        "log": lambda e: log_sentence(ctx.tr, e, NAMES),
        "sound": event_sound,
        "scene": part_for,
        "end of round": step_of,
        "undo": reveals_something,
    }


def samples() -> list[Sample]:
    return list(one_of_each_event().values())


def test_the_table_of_event_kinds_names_every_event_type_once() -> None:
    every = set(get_args(ev.AnyEvent))
    assert set(EVENT_KINDS) == every
    assert {k.step for k in EVENT_KINDS.values() if k.step is not None} == set(STEPS)
    assert {k.sound for k in EVENT_KINDS.values() if k.sound is not None} <= set(EFFECTS)
    for t, k in EVENT_KINDS.items():  # a step exactly for the walkthrough's events
        assert (k.step is not None) == (k.part is Part.END_OF_ROUND), t.__name__


def test_every_consumer_handles_every_event_type(ctx) -> None:
    for name, consume in event_consumers(ctx).items():
        for sample in samples():
            result = consume(sample.event)
            if name == "sound":
                assert result is None or result in EFFECTS


def test_the_table_animates_every_event_type_and_lands_on_the_real_state(ctx) -> None:
    from game.ui.scenes.table import TableScene

    for sample in samples():
        before, e = sample.before, sample.event
        # the real game is at rest after the move; the display copy is just before ``e``
        match = Match(sample.after_move.clone(), [Seat(n, "easy") for n in NAMES[: before.n]])
        match.shown = before.clone()
        table = TableScene(ctx, match)
        table.director.show(e, table.speed)
        table.anims.finish()
        after = before.clone()
        apply_event(after, e)
        assert differences(match.shown, after) == [], type(e).__name__


def test_every_move_type_has_a_sentence_and_a_place_in_the_target_map(ctx) -> None:
    from game.ui.scenes.table import TableScene

    game = samples()[0].after_move
    table = TableScene(ctx, Match(game.clone(), [Seat(n) for n in NAMES[: game.n]]))
    for m in ONE_OF_EACH_MOVE:
        assert describe_move(ctx.tr, m, game, 0, NAMES)
        table.targets.rect_of(m)  # where the tutorial points for it


@pytest.mark.parametrize("consumer", ["log", "sound", "scene", "end of round", "undo"])
def test_an_event_type_a_consumer_does_not_know_fails(ctx, consumer: str) -> None:
    error = AssertionError if consumer == "log" else KeyError  # the table names it
    with pytest.raises(error, match="Unheard" if consumer != "log" else None):
        event_consumers(ctx)[consumer](Unheard())


def test_an_event_type_the_table_does_not_know_fails(ctx) -> None:
    from game.ui.scenes.table import TableScene

    game = samples()[0].after_move
    table = TableScene(ctx, Match(game.clone(), [Seat(n) for n in NAMES[: game.n]]))
    with pytest.raises(AssertionError):
        table.director.show(Unheard(), table.speed)


def test_the_table_offers_a_target_or_a_button_for_every_move_type(ctx, monkeypatch) -> None:
    from game.ui.scenes.table import TableScene

    game = samples()[0].after_move
    table = TableScene(ctx, Match(game.clone(), [Seat(n) for n in NAMES[: game.n]]))
    assert table.human_seat() >= 0
    monkeypatch.setattr(Game, "legal_moves", lambda self, seat: list(ONE_OF_EACH_MOVE))
    table.refresh_choices()
    assert {type(c.move) for c in table.targets.choices if c.move is not None} >= {
        type(m) for m in (ONE_OF_EACH_MOVE[0], ONE_OF_EACH_MOVE[5], ONE_OF_EACH_MOVE[9])
    }
    monkeypatch.setattr(Game, "legal_moves", lambda self, seat: [Unknown()])
    table.targets.invalidate()
    with pytest.raises(AssertionError):
        table.refresh_choices()


def test_a_move_type_the_words_and_the_target_map_do_not_know_fails(ctx) -> None:
    from game.ui.scenes.table import TableScene

    game = samples()[0].after_move
    table = TableScene(ctx, Match(game.clone(), [Seat(n) for n in NAMES[: game.n]]))
    with pytest.raises(AssertionError):
        describe_move(ctx.tr, Unknown())
    with pytest.raises(AssertionError):
        table.targets.rect_of(Unknown())
