"""A player who really leaves a table (``leave``): the server forgets their seats. What
becomes of each is the host's choice at create (``left_seat``): an AI plays it from now on
(the seat's kind becomes the stand-in level), or it is open for someone to join with the
code (meanwhile the away rule applies, as to any empty seat). The store first, then the
table told; the leaver is answered ``bye`` (``left``) and its connection closes."""

from __future__ import annotations

from typing import Any

from game.net.hosted import STAND_IN_LEVEL
from game.net.protocol import encode
from game.net.refusals import Refused
from game.net.store import StoreError
from game.seats import Seat


def leave(hub: Any, client: Any) -> None:
    match = client.match
    if match is None:
        raise Refused("not_joined", "join a table before leaving it")
    seats = sorted(client.seats)
    to_ai = match.stored.left_seat == "ai" and not match.game.over
    now = list(match.stored.seats)
    if to_ai:
        for s in seats:
            now[s] = Seat(now[s].name, STAND_IN_LEVEL)
    hub.flush(match)  # the moves applied so far are stored before the seats change
    try:
        hub.store.release(match.id, seats, now)
    except StoreError as e:
        raise Refused("storage", "the server could not give up your seat") from e
    match.stored.seats = now
    for s in seats:
        match.stored.tokens.pop(s, None)
        match.stand_ins.discard(s)
        if match.peers.get(s) is client:
            del match.peers[s]
        if to_ai:
            match.away_since.pop(s, None)
        else:
            match.away_since[s] = hub.clock()
    client.match, client.seats = None, set()
    client.push(encode({"type": "bye", "reason": "left"}))
    client.close_soon(1000, "left the table")
    match.tell(encode(match.presence()))
    hub.kick_ai(match)
