"""The one table of event kinds: for every engine event type, which part of the screen shows
it, which end-of-round step it belongs to and which sound it makes (whether undo stops before
it is the engine's rule, ``game/engine/undo.py``, shared with the match server). The event
director, the end-of-round walkthrough and the sounds read this table instead of each
listing every event type again, and ``tests/ui/test_event_consumers.py`` checks that it
names every type in ``ev.AnyEvent``.

A new event type is one row here (the director's animation and the log's sentence are
behaviour of their own and still dispatch with ``match``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.engine import events as ev
from game.engine.undo import reveals

# The end-of-round walkthrough's steps, in order (RULES §4.3); each row's ``step`` is one.
STEPS: tuple[str, ...] = ("attack", "fires", "reserve", "return", "sacred")


class Part(Enum):
    """Which part of the table shows an event."""

    TABLE = "table"  # the table itself, through its director
    END_OF_ROUND = "end_of_round"  # the walkthrough pushed over the table
    GAME_OVER = "game_over"  # the game-over scene in the table's place


@dataclass(frozen=True)
class EventKind:
    part: Part = Part.TABLE
    step: str | None = None  # the walkthrough's step ("attack", "fires"...), end of round only
    sound: str | None = None  # the effect played as it is shown (``sound.EFFECTS``)


def _end(step: str) -> EventKind:
    return EventKind(Part.END_OF_ROUND, step=step)


EVENT_KINDS: dict[type[ev.Event], EventKind] = {
    ev.RoundStarted: EventKind(),
    ev.Reshuffled: EventKind(),
    ev.CardRevealed: EventKind(sound="draw"),
    ev.FragmentUsed: EventKind(sound="fragment"),
    ev.PlayerStopped: EventKind(sound="bust"),  # only when forced: ``event_sound``
    ev.ActionPhaseStarted: EventKind(),
    ev.TurnStarted: EventKind(),
    ev.ActionChosen: EventKind(),
    ev.BonusStarted: EventKind(),
    ev.BonusSkipped: EventKind(),
    ev.StepEnded: EventKind(),
    ev.FragmentsTaken: EventKind(sound="fragment"),
    ev.AnimalAttracted: EventKind(sound="attract"),
    ev.FireExtinguished: EventKind(sound="extinguish"),
    ev.TreePlanted: EventKind(sound="plant"),
    ev.StandeeMoved: EventKind(sound="move"),
    ev.TileStolen: EventKind(sound="steal"),
    ev.NothingToSteal: EventKind(),
    ev.Passed: EventKind(),
    ev.TurnEnded: EventKind(),
    ev.OnibiAttack: _end("attack"),
    ev.VaransDealt: _end("attack"),
    ev.FiresAdded: _end("fires"),
    ev.ReserveRefilled: _end("reserve"),
    ev.HelpLinesReturned: _end("return"),
    ev.SacredTreePassed: _end("sacred"),
    ev.GameOver: EventKind(Part.GAME_OVER),
}


def kind_of(event: ev.Event) -> EventKind:
    """The row of ``event``'s type; ``KeyError`` for a type the table does not list."""
    try:
        return EVENT_KINDS[type(event)]
    except KeyError:
        raise KeyError(f"{type(event).__name__} is not in EVENT_KINDS") from None


def part_for(event: ev.Event) -> Part:
    return kind_of(event).part


def step_of(event: ev.Event) -> str | None:
    """Which step of the walkthrough shows an event (``None``: not an end-of-round event)."""
    return kind_of(event).step


def reveals_something(event: ev.Event) -> bool:
    """Whether an event shows something new or ends the turn: undo stops before it (the
    engine's rule, ``game/engine/undo.py``, which the match server follows too)."""
    kind_of(event)  # a type the table does not list is refused here as everywhere
    return reveals(event)


def event_sound(event: ev.Event) -> str | None:
    """The effect the table plays as an event is shown (``None``: silence). A player who
    stops on their own makes no sound; only a bust does. The end of the round has one cue
    of its own ("onibi"), played when its walkthrough opens."""
    sound = kind_of(event).sound
    if isinstance(event, ev.PlayerStopped) and not event.forced:
        return None
    return sound
