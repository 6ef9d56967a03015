"""Thinking during the human's turn where that is free (issue 31, item 4).

Hard searches a fixed amount of work from the decision's own seed, so an answer computed
early is the answer computed on demand. While the human draws and every AI seat has
stopped, the position the table will reach if the human stops now is known move for move:
the human's Stop, then every AI decision before the human's first action turn (each the
answer to the one before). ``Foresight`` walks that chain and asks a ``Ponderer`` (a worker
process of its own, at a lower priority, so the table's frames and the seats' real answers
come first) for each decision in turn. The answers are kept by the exact request
(``request_key``: the seat's view in its saved form, the decision, the legal moves, the
seed); ``WorkerAi`` uses one only when the real request is identical, so a resumed game
replays the same moves. When the human draws again the chain is walked from the new
position; answers for the old one are never asked for again and fall out of the store.
In the action phase, while an AI seat decides, its own worker answers that decision and the
chain goes on from its answer: the next decision of the turn (or the next AI seat's) is
thought out while the table shows the last move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import Game, Move, Phase
from game.engine.moves import STOP
from game.ui.table.ai_seats.ai_seat import decision_seed
from game.ui.table.ai_seats.ponderer import Ponderer, request_key

if TYPE_CHECKING:
    from game.ui.table.match import Match

MAX_CHAIN = 40  # decisions walked ahead at most (every AI turn before the human's)


def predicted(match: Match) -> tuple[Game, int, bool] | None:
    """Where the chain starts: the position after the human's Stop when that is the only
    move left before the action phase (every other seat has stopped), or the action phase
    itself while an AI seat decides (its own worker is on that decision: the chain waits
    for its answer, ``WorkerAi`` remembers it, and goes on with the next seat's); with the
    moves played there and whether its first decision is the real one. Else None."""
    g = match.game
    if g.over:
        return None
    pending = g.pending()
    if len(pending) != 1:
        return None
    seat = pending[0].player
    if g.phase is Phase.ACTION and match.seats[seat].is_ai:
        return g.clone(), len(match.history), True
    if g.phase is not Phase.DRAW or not match.draws_at_once():
        return None
    if match.seats[seat].is_ai or STOP not in g.legal_moves(seat):
        return None
    after = g.clone()
    after.play(seat, STOP)
    return after, len(match.history) + 1, False


@dataclass
class Foresight:
    """The chain of AI decisions after the human's Stop, pondered one at a time."""

    base: tuple[int, int] | None = None  # (moves played, the game's id) it was built on

    def step(self, match: Match, ponderer_for: Callable[[str], Ponderer | None]) -> None:
        """Once a frame: collect answers and ask for the next decision of the chain."""
        if not match.runs_seats():
            return
        arrived = False
        for level in {s.kind for s in match.seats if s.is_ai}:
            ponderer = ponderer_for(level)
            if ponderer is not None:
                arrived = ponderer.poll() or arrived
        base = (len(match.history), id(match.game))
        if base == self.base and not arrived:
            return  # nothing new since the last walk
        self.base = base
        start = predicted(match)
        if start is not None:
            walk(match, *start, ponderer_for)

    def cancel(self) -> None:
        self.base = None


def walk(
    match: Match,
    g: Game,
    moves: int,
    real: bool,
    ponderer_for: Callable[[str], Ponderer | None],
) -> None:
    """Follow the chain from ``g`` (``moves`` played) through the answers known and ask for
    the first one missing (a busy ponderer is asked again once it is free); ``real``: the
    first decision is the table's own, which the seat's worker answers."""
    for step in range(MAX_CHAIN):
        if g.over or g.phase is not Phase.ACTION:
            return
        seats, decision = g.deciding()
        if len(seats) != 1 or decision is None or not match.seats[seats[0]].is_ai:
            return  # a human decides next: the chain ends
        seat = seats[0]
        ponderer = ponderer_for(match.seats[seat].kind)
        if ponderer is None:
            return  # a level that is not pondered: its answer is not known ahead
        legal = g.legal_moves(seat)
        if len(legal) == 1:
            move: Move | None = legal[0]
        else:
            view = g.view(seat)
            key = request_key(view, decision, legal, decision_seed(match.ai_seed, moves, seat))
            move = ponderer.lookup(key)
            if move is None:
                if not (real and step == 0):
                    ponderer.ask(key, view, decision, legal)
                return
        assert move is not None  # the only move, or the one the ponderer knows
        g.play(seat, move)
        moves += 1
