"""Which steps a player may take back: the one rule the local table and the match server
both follow, so the table offers Undo online exactly when the server allows it.

A step is taken back only inside its player's own action, and only while nothing new has
been seen: a move may be taken back (with the earlier ones of the same action that still
may) if it was a step of the seat's own action turn (choosing the action, a pick, a plant,
a move of the Spirit...; not a draw, not a pass), none of its events revealed anything or
ended the turn, and the same seat still decides afterwards, outside the draw phase. Any
other move closes the way back: nothing before it can be taken back any more.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from game.engine import events as ev
from game.engine.legal import Decision, Pending
from game.engine.moves import ChooseAction, Move

# Events that show something new (a card, a new pile order, a new round) or end the turn:
# a step that made one cannot be taken back.
REVEALING: frozenset[type[ev.Event]] = frozenset(
    {ev.RoundStarted, ev.Reshuffled, ev.CardRevealed, ev.TurnEnded, ev.GameOver}
)


class Closed(StrEnum):
    """Why nothing can be taken back after a move (the server tells a refused player)."""

    DRAW = "draw"  # a draw-phase move (a draw reveals a card; stops and Fragments go with it)
    FINISHED = "finished"  # the action turn is over (a pass, the end of the turn)
    REVEALED = "revealed"  # the step showed something new
    OTHER = "other"  # someone else decides now (or nobody: the game is over)


def reveals(event: ev.Event) -> bool:
    """Whether ``event`` shows something new or ends the turn: undo stops before it."""
    return type(event) in REVEALING


def closes(
    before: Pending | None,
    seat: int,
    move: Move,
    events: Iterable[ev.Event],
    after: Pending | None,
) -> Closed | None:
    """``None`` if ``seat`` may take ``move`` back afterwards (``before`` and ``after``:
    who decided before and after it); else why nothing before this point can be."""
    if before is not None and before.decision is Decision.DRAW:
        return Closed.DRAW
    if before is None or before.player != seat:
        return Closed.OTHER
    if before.decision is Decision.ACTION and not isinstance(move, ChooseAction):
        return Closed.FINISHED  # a pass ends the seat's action phase
    for e in events:
        if isinstance(e, ev.TurnEnded | ev.GameOver):
            return Closed.FINISHED
        if reveals(e):
            return Closed.REVEALED
    if after is None or after.player != seat:
        return Closed.OTHER
    if after.decision is Decision.DRAW:
        return Closed.FINISHED
    return None
