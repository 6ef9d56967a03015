"""The Guardian Animals phase (RULES.md §4.1): the events of Draw, Use a Fragment and Stop.

Every seat draws at once. A reshuffle is decided here (its order from the seed and the
seat's shuffle count, ``engine/rng.py``) and carried by ``Reshuffled``; a third
uncancelled solitary symbol with nothing left to answer stops the player. The last seat to
stop opens the action phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game.engine.events as ev
import game.engine.rng as rng
from game.engine.apply import emit
from game.engine.legal import draw_moves
from game.engine.moves import STOP
from game.engine.state import CARD_GREGARIOUS, CARD_SOLITARY, SOLITARY_LIMIT, VARAN, PlayerState

if TYPE_CHECKING:
    from game.engine.game import Game


def draw(g: Game, p: PlayerState, out: list[ev.Event]) -> None:
    """Reveal the top card, reshuffling the discard pile first if the draw pile is empty."""
    if not p.deck:
        deck = p.discard[:]
        rng.shuffle(deck, g.seed, p.seat, p.shuffles)
        emit(g, ev.Reshuffled(p.seat, len(deck), tuple(deck)), out)
    card = p.deck[-1]
    n = p.solitary + CARD_SOLITARY[card] - p.gregarious - CARD_GREGARIOUS[card]
    emit(g, ev.CardRevealed(p.seat, card, n if n > 0 else 0), out)
    _stop_if_forced(g, p, out)


def use_fragment(g: Game, p: PlayerState, out: list[ev.Event]) -> None:
    """Remove the card just revealed (a Varan back to the supply, any other to discard)."""
    card = p.line[-1]
    n = p.solitary - CARD_SOLITARY[card] - p.gregarious + CARD_GREGARIOUS[card]
    emit(g, ev.FragmentUsed(p.seat, card, card == VARAN, n if n > 0 else 0), out)
    _stop_if_forced(g, p, out)


def stop(g: Game, p: PlayerState, forced: bool, out: list[ev.Event]) -> None:
    """The seat stops drawing (one action with three uncancelled solitary symbols, else
    two); when it is the last, the action phase starts with the Sacred Tree holder."""
    n = p.uncancelled
    emit(g, ev.PlayerStopped(p.seat, n, forced, 1 if n >= SOLITARY_LIMIT else 2), out)
    if all(q.stopped for q in g.players):
        emit(g, ev.ActionPhaseStarted(tuple(g.turn_order())), out)
        emit(g, ev.TurnStarted(g.first, g.players[g.first].actions_left), out)


def _stop_if_forced(g: Game, p: PlayerState, out: list[ev.Event]) -> None:
    moves = draw_moves(p)
    if len(moves) == 1 and moves[0] is STOP:
        stop(g, p, True, out)
