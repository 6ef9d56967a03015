"""How long a table stays loaded: the rules that keep abandoned tables from filling the
server (``Limits.matches``) for good, run by ``Hub.sweep`` (once a minute), on the hub's
clock, so a test moves time instead of sleeping; and the stand-ins for away players
(``stand_in``, once a second).

- A finished table stays loaded ``keep_finished_s`` (10 minutes) after its end, for late
  resumes (they are sent the whole match for replays), then is unloaded; the store keeps it.
- An unfinished table nobody is connected to, with no human move for ``idle_close_s``
  (24 hours; counted from the server's start for a table resumed at a restart), is closed:
  archived in the store (kept for replays, never resumed at a restart, its join code and
  tokens open nothing) and unloaded.
- A table without a human seat (made before such tables were refused) is closed at once.
- One server process only for the idle rule: with several over PostgreSQL a table's
  players may sit on another process, so there only finished tables are unloaded.

Meanwhile the AI seats of a table nobody is connected to do not play (``Hub.kick_ai``):
a table whose players all left does not run on by itself.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.net.protocol import encode
from game.net.store import StoreError

if TYPE_CHECKING:
    from game.net.hosted import HostedMatch
    from game.net.hub import Hub
    from game.net.limits import Limits

log = logging.getLogger(__name__)


def stand_in(hub: Hub, now: float) -> None:
    """An AI takes the seats whose players have been away longer than their host chose.
    One server process only: with several over PostgreSQL a player connected to another
    process would look away here."""
    if hub.store.shared:
        return
    for match in list(hub.matches.values()):
        overdue = match.overdue(now)
        if overdue:
            match.stand_ins.update(overdue)
            log.info("match %s: an AI plays seats %s while away", match.id, overdue)
            match.tell(encode(match.presence()))
            hub.kick_ai(match)


def sweep(hub: Hub, now: float) -> None:
    """Unload finished tables past their grace period; close abandoned ones."""
    lim = hub.limits
    for match in list(hub.matches.values()):
        if match.game.over:
            if not match.ended_at:
                match.ended_at = now  # loaded finished (another process ended it)
            if now - match.ended_at >= lim.keep_finished_s:
                hub.unload(match)
        elif not hub.store.shared and not match.clients() and abandoned(match, now, lim):
            close(hub, match)
    hub.admission.prune(now)


def abandoned(match: HostedMatch, now: float, limits: Limits) -> bool:
    """No human seat, or no human move for ``idle_close_s``."""
    no_human = all(s.kind != "human" for s in match.stored.seats)
    return no_human or now - match.human_at >= limits.idle_close_s


def close(hub: Hub, match: HostedMatch) -> None:
    """Archive ``match`` in the store and unload it (a store that fails now: next sweep)."""
    try:
        hub.store.archive(match.id)
    except StoreError:
        log.warning("match %s could not be archived now; tried again later", match.id)
        return
    log.info("match %s closed: nobody played it for a long time (archived)", match.id)
    hub.unload(match)
