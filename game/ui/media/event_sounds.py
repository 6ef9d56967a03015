"""Which sound effect the table plays as each event is shown (the effects: ``sound.EFFECTS``)."""

from __future__ import annotations

from typing import assert_never, cast

from game.engine import events as ev


def event_sound(event: ev.Event) -> str | None:
    """The effect the table plays as an event is shown (``None``: silence). The end of the
    round has one cue of its own ("onibi"), played when its walkthrough opens."""
    e = cast(ev.AnyEvent, event)
    match e:
        case ev.CardRevealed():
            return "draw"
        case ev.FragmentUsed() | ev.FragmentsTaken():
            return "fragment"
        case ev.AnimalAttracted():
            return "attract"
        case ev.FireExtinguished():
            return "extinguish"
        case ev.TreePlanted():
            return "plant"
        case ev.StandeeMoved():
            return "move"
        case ev.TileStolen():
            return "steal"
        case ev.PlayerStopped():
            return "bust" if e.forced else None
        case (
            ev.RoundStarted()
            | ev.Reshuffled()
            | ev.ActionPhaseStarted()
            | ev.TurnStarted()
            | ev.ActionChosen()
            | ev.BonusStarted()
            | ev.BonusSkipped()
            | ev.StepEnded()
            | ev.NothingToSteal()
            | ev.Passed()
            | ev.TurnEnded()
            | ev.OnibiAttack()
            | ev.VaransDealt()
            | ev.FiresAdded()
            | ev.ReserveRefilled()
            | ev.HelpLinesReturned()
            | ev.SacredTreePassed()
            | ev.GameOver()
        ):
            return None
        case _:
            assert_never(e)
