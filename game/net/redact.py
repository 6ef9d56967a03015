"""What a seat may be told, and how a seat's view follows the events it is told.

The server sends each client its seats' ``View`` (``game.engine.view.make_view``: every
hidden order sorted, the seed zeroed) and the events of each move, redacted: a field that
holds a hidden order (a reshuffle's new draw pile) is sent sorted, which is exactly what the
view holds of that pile. Everything else goes out as ``Event.to_json`` writes it, so a new
event or a new field is sent without this module knowing it; only a field that carries a
hidden order must be named in ``HIDDEN_ORDERS`` (the leak test of tests/net fails until it
is).

A client steps its view over the redacted events with ``step_view``: the engine's own
``apply_event``, after putting the cards an event takes from a hidden pile on top of it
(the view keeps those piles sorted). The stepped view is then exactly ``make_view`` of the
server's game after the move (tests/net/test_mirror.py), with no second copy of a rule.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.engine import Event, Game, apply_event, events
from game.engine.serialize import game_to_json
from game.engine.view import make_view

# Event type -> the fields whose ORDER is hidden (their contents are public).
HIDDEN_ORDERS: dict[type[Event], tuple[str, ...]] = {events.Reshuffled: ("deck",)}


def redact(event: Event) -> Event:
    """``event`` as a seat may see it: each hidden order sorted (the same for every seat:
    nobody knows the order of any draw pile or market deck, their own included)."""
    hidden = HIDDEN_ORDERS.get(type(event))
    if not hidden:
        return event
    return dataclasses.replace(event, **{f: tuple(sorted(getattr(event, f))) for f in hidden})


def redacted_json(event: Event) -> dict[str, Any]:
    return redact(event).to_json()


def view_json(game: Game, seat: int) -> dict[str, Any]:
    """The seat's view of ``game`` as JSON (``Game.from_json`` reads it back)."""
    return game_to_json(make_view(game, seat).game)


def step_view(view: Game, event: Event) -> None:
    """Step a seat's view over a redacted event: the cards the event takes from the top of
    a hidden pile are moved there first (removing cards from a sorted pile keeps it sorted,
    so the view stays exactly the server's ``make_view``)."""
    if isinstance(event, events.CardRevealed):
        deck = view.players[event.player].deck
        if deck and deck[-1] != event.card and event.card in deck:
            deck.remove(event.card)
            deck.append(event.card)
    elif isinstance(event, events.ReserveRefilled):
        deck = view.market[event.level - 1]
        for card in event.cards:
            if card in deck:
                deck.remove(card)
        deck.extend(event.cards)
    apply_event(view, event)
