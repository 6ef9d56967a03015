"""The server's public lobby: the answer to ``list``, which tables anyone may see.

A table is listed only if its host made it public (``create`` with ``"public": true``) and
it still has a free human seat and is not over; private tables are found by their join
code alone. An entry says only what a player about to join sees anyway in the lobby: the
join code, the table's name, how many seats are taken and open, and the names of the
people seated. Never a token, a seed, a match id or a card.

Listing is allowed before joining (it is how a player finds a table) and costs the
connection's message budget like any message; on top of that each address may list
``LISTS_PER_WINDOW`` times a minute (a refusal says when to try again), so a scraper
cannot turn the list into a load on the server.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import Any

from game.net.hosted import HostedMatch
from game.net.limits import Window
from game.net.protocol import Create, encode, show_code
from game.net.refusals import Refused

MAX_LISTED = 50  # tables in one answer (the newest first)
LISTS_PER_WINDOW = 30  # lists one address may ask for per window
LIST_WINDOW_S = 60.0
_EVERYONE = 1 << 30  # no shared cap: one address's lists never refuse another's


def create_options(msg: Create) -> dict[str, Any]:
    """What a ``create`` sets of the stored table beyond its seats: the wait before an AI
    stands in for an away player, and whether (and as what) the table is listed."""
    return {"away_ai": msg.away_ai_s, "public": msg.public, "table_name": msg.table_name}


def entry(match: HostedMatch) -> dict[str, Any] | None:
    """What the list says of ``match``, or None if it is not listed."""
    stored = match.stored
    if not stored.public or stored.finished or match.game.over:
        return None
    free = match.open_seats()
    if not free:
        return None
    seats = stored.seats
    taken = sorted(stored.tokens)
    first = taken[0] if taken else 0
    return {
        "code": show_code(stored.code),
        "name": stored.table_name or seats[first].name,
        "seats": stored.players,
        "taken": len(taken),
        "open": len(free),
        "ai": sum(1 for s in seats if s.kind != "human"),
        "players": [seats[s].name for s in taken],
    }


def listing(matches: Iterable[HostedMatch], most: int = MAX_LISTED) -> list[dict[str, Any]]:
    """The public tables with a free seat, newest first, at most ``most``."""
    out: list[dict[str, Any]] = []
    for match in matches:
        item = entry(match)
        if item is not None:
            out.append(item)
            if len(out) >= most:
                break
    return out


class Lobby:
    """A hub's lobby: the per-address window on lists."""

    def __init__(self, per_window: int = LISTS_PER_WINDOW, span: float = LIST_WINDOW_S) -> None:
        self.asked = Window(span, per_window, _EVERYONE)

    def answer(self, hub: Any, client: Any, now: float) -> None:
        """Send ``client`` the public tables of ``hub`` (or refuse: ``list_limited``)."""
        if not self.asked.allowed(client.address, now):
            wait = round(self.asked.retry_after(client.address, now), 1)
            raise Refused("list_limited", f"too many lists: wait {wait} s", retry_after=wait)
        self.asked.record(client.address, now)
        tables = listing(reversed(hub.matches.values()))
        client.push(encode({"type": "tables", "tables": tables}))


_lobbies: weakref.WeakKeyDictionary[Any, Lobby] = weakref.WeakKeyDictionary()


def answer(hub: Any, client: Any, now: float) -> None:
    """A ``list`` from ``client``: the hub's lobby (made at its first list) answers it."""
    found = _lobbies.get(hub)
    if found is None:
        found = _lobbies[hub] = Lobby()
    found.answer(hub, client, now)
