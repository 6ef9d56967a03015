"""One server process among several over a shared PostgreSQL store: it hears the moves the
others store (``LISTEN``), runs the AI seats it holds the lease of, takes over those of a
process that died, and lets go of matches nobody here needs.

The store's ``NOTIFY`` is sent in the move's own transaction, so it is delivered exactly
when the move is committed, and only then; a process that was not listening (its listening
connection dropped) checks every match it holds against the store's versions when it is
back, and every few seconds anyway, so a lost notification delays a move, never loses it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import psycopg

from game.engine import IllegalMove
from game.net.hub import Hub
from game.net.log_throttle import Throttle
from game.net.protocol import encode
from game.net.refusals import Refused
from game.net.store import StoreError
from game.net.store.base import AI_LEASE_RENEW_S
from game.net.store.postgres import CHANNEL, PostgresStore

log = logging.getLogger(__name__)
TICK_S = AI_LEASE_RENEW_S  # leases renewed and taken this often
CHECK_S = 3.0  # every held match checked against the store this often (a lost notification)
RECONNECT_S = 1.0  # after the listening connection drops, try again this much later


class Cluster:
    """The cross-process duties of one server process (``start``, then ``stop``)."""

    def __init__(self, hub: Hub, store: PostgresStore) -> None:
        self.hub, self.store = hub, store
        self.tasks: list[asyncio.Task[None]] = []
        self.checked_at = 0.0
        self.dropped = Throttle(log, 60.0)  # the listening connection lost, while it lasts

    @classmethod
    def start(cls, hub: Hub) -> Cluster:
        assert isinstance(hub.store, PostgresStore)
        cluster = cls(hub, hub.store)
        cluster.tasks = [
            asyncio.create_task(cluster.listen(), name="store-listen"),
            asyncio.create_task(cluster.tick(), name="store-leases"),
        ]
        return cluster

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # -- hearing other processes -----------------------------------------------------------

    async def listen(self) -> None:
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.store.url, autocommit=True, connect_timeout=10
                )
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.check_all()  # whatever was stored while nobody here listened
                    async for note in conn.notifies():
                        self.heard(note.payload)
            except (psycopg.Error, OSError) as e:  # once a minute while it lasts, with a count
                self.dropped.log(
                    logging.WARNING, "listen", "the store's notifications stopped (%s);"
                    " listening again", str(e).strip().splitlines()[0] if str(e) else repr(e),
                )  # fmt: skip
            await asyncio.sleep(RECONNECT_S)

    def heard(self, payload: str) -> None:
        """One notification: ``m <match> <version>`` (a change) or ``c <match>`` (a seat)."""
        parts = payload.split()
        match = self.hub.matches.get(parts[1]) if len(parts) >= 2 else None
        if match is None:
            return  # a match this process does not hold
        try:
            if parts[0] == "m" and len(parts) == 3 and int(parts[2]) > match.version:
                self.hub.catch_up(match)
            elif parts[0] == "c":
                match.refresh(self.store)
                match.tell(encode(match.presence()))
        except (StoreError, IllegalMove, ValueError):
            log.exception("match %s: could not follow the store (%r)", match.id, payload)

    def check_all(self) -> None:
        """Catch up every held match that is behind the store."""
        self.checked_at = time.monotonic()
        held = [m for m in self.hub.matches.values() if not m.game.over]
        if not held:
            return
        try:
            versions = self.store.versions([m.id for m in held])
            for match in held:
                if versions.get(match.id, 0) > match.version:
                    self.hub.catch_up(match)
        except StoreError as e:  # the store's outage log says it once
            log.debug("could not check the held matches against the store: %s", e)
        except IllegalMove:
            log.exception("could not check the held matches against the store")

    # -- AI leases and letting go ----------------------------------------------------------

    async def tick(self) -> None:
        while True:
            self.lease_round()
            if time.monotonic() - self.checked_at >= CHECK_S:
                self.check_all()
                self.let_go()
            await asyncio.sleep(TICK_S)

    def lease_round(self) -> None:
        """Renew this process's AI leases; load and start the matches it takes over."""
        try:
            taken = self.store.lease_ai()
        except StoreError as e:  # the store's outage log says it once, not every second
            log.debug("could not renew the AI leases: %s", e)
            return
        for match_id in taken:
            try:
                match = self.hub.load(match_id)
                if match is not None:
                    self.hub.catch_up(match)
                    self.hub.kick_ai(match)
                    log.info("took over the AI seats of match %s", match_id)
            except (Refused, StoreError, IllegalMove):
                log.exception("match %s: could not take over its AI seats", match_id)

    def let_go(self) -> None:
        """Drop the matches with no client here whose AI seats another process runs."""
        for match_id, match in list(self.hub.matches.items()):
            if match.peers or match.thinking or self.store.runs_ai(match_id):
                continue
            if match.game.over:
                continue  # the hub's sweep drops finished matches after a while
            del self.hub.matches[match_id]
            self.hub.codes.pop(match.stored.code, None)
