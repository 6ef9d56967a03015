"""A seat's undo, as the server answers it: only a step of the seat's own unfinished action
that revealed nothing (the engine's rule, ``game/engine/undo.py``, kept by each match's
``WayBack``), stored before it is acknowledged, then told to every client at the table as
the table now stands (each client its own seats' views, redacted). Anything else is refused
with its reason and changes nothing."""

from __future__ import annotations

import logging
from typing import Any, Protocol

from game.engine import Phase
from game.engine.undo import Closed
from game.net.hosted import HostedMatch
from game.net.protocol import Undo, encode
from game.net.refusals import Refused, check_seq
from game.net.store import StaleMatch, Store, StoreError

log = logging.getLogger(__name__)
CONFLICT_TRIES = 20  # an undo another server process keeps beating is refused as busy after

# Why a seat cannot take a step back (``engine.undo.Closed``, or not its action): the
# refusal's ``reason`` and its text.
NO_WAY_BACK: dict[str, tuple[str, str]] = {
    Closed.DRAW: ("draw", "a draw shows a card: the draw phase cannot be taken back"),
    Closed.FINISHED: ("finished", "your action is over: it cannot be taken back"),
    Closed.REVEALED: ("revealed", "that step showed something new: it cannot be taken back"),
    "not_yours": ("not_your_action", "only the player whose action it is can take it back"),
    "nothing": ("nothing", "there is no step of this action to take back"),
}


def cannot_undo(match: HostedMatch, seat: int) -> str:
    """Why ``seat`` cannot take a step back now (a key of ``NO_WAY_BACK``)."""
    back = match.back
    if match.game.phase is Phase.DRAW:
        return Closed.DRAW
    if back.closed_by == seat and back.why in (Closed.FINISHED, Closed.REVEALED):
        return back.why  # its own last step closed the way back
    now = match.deciding()
    if not now or now[0][0] != seat:
        return "not_yours"
    return "nothing"  # its turn has only begun


class HubPart(Protocol):
    """What of the hub an undo uses."""

    store: Store

    def flush(self, match: HostedMatch | None = None) -> None: ...
    def catch_up(self, match: HostedMatch) -> None: ...
    def kick_ai(self, match: HostedMatch) -> None: ...


def undo(hub: HubPart, client: Any, msg: Undo) -> None:
    """Take back the seat's last step if the rule allows it; the moves waiting for the group
    commit are stored (and told) first, since the step may be one of them."""
    match = client.match
    if match is None:
        raise Refused("not_joined", "join a table before playing")
    hub.flush(match)
    ref = {"seat": msg.seat, "seq": msg.seq, "undo": True}
    if msg.seat not in client.seats:
        raise Refused("not_your_seat", "you do not hold that seat", **ref)
    for _ in range(CONFLICT_TRIES):
        check_seq(match, msg.seat, msg.seq, ref)
        if not match.back.steps(msg.seat):
            code, text = NO_WAY_BACK[cannot_undo(match, msg.seat)]
            raise Refused("cannot_undo", text, reason=code, **ref)
        try:
            match.take_back(hub.store, msg.seat)
            break
        except StaleMatch:  # another server process changed the match first
            hub.catch_up(match)
        except StoreError as e:
            log.debug("match %s: a take-back was not stored: %s", match.id, e)  # outage.py says it
            raise Refused("storage", "the server could not store the undo", **ref) from e
    else:
        raise Refused("busy", "the table is changing too fast: try again", **ref)
    log.info("match %s: seat %d took back a step (%d moves)", match.id, msg.seat, match.moves)
    client.push(encode({"type": "ack", **ref, "n": match.moves}))
    for peer in match.clients():
        peer.push(encode(match.undone_message(msg.seat, peer.seats)))
    hub.kick_ai(match)


def reload(hub: HubPart, match: HostedMatch) -> None:
    """Another server process took a step back: the match as stored, and every client
    here welcomed to it afresh."""
    match.reload(hub.store)
    for peer in match.clients():
        peer.push(match.welcome(peer.seats))
    hub.kick_ai(match)
