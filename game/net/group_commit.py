"""Group commit: a move is checked and applied at once, and the moves applied while the
event loop is busy are committed together on its next turn, one disk flush for all of them;
each is acknowledged and told only after that commit. One flush a move (about 4 ms here)
would cap a server process at a couple of hundred moves a second, every move waiting in
line behind the others' flushes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import Event, Move
from game.net.hosted import HostedMatch
from game.net.store import Store, StoreError

log = logging.getLogger(__name__)


@dataclass
class Unstored:
    """A move applied but not yet committed: acknowledged and told after the commit."""

    match: HostedMatch
    idx: int  # the move's number in its match (0-based)
    seat: int
    move: Move
    events: list[Event]
    client: Any | None  # who sent it (None: an AI seat)
    ref: dict[str, int]  # the client's seat and seq, echoed in its ack or refusal
    back: list[int] | None = None  # what could be taken back right after it (told with it)


class GroupCommit:
    """The moves waiting for the next commit, in the order they were applied."""

    def __init__(
        self,
        store: Store,
        stored: Callable[[Unstored], None],
        lost: Callable[[list[Unstored], list[HostedMatch]], None],
    ) -> None:
        self.store = store
        self.stored, self.lost = stored, lost  # what the hub does after the commit
        self.waiting: list[Unstored] = []
        self.transactions = 0

    def add(self, move: Unstored) -> None:
        self.waiting.append(move)
        if len(self.waiting) == 1:
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Store every waiting move in one transaction, then hand each to ``stored`` in
        order; if the store refuses, hand them all to ``lost`` (it undoes them)."""
        batch, self.waiting = self.waiting, []
        if not batch:
            return
        matches = list({id(u.match): u.match for u in batch}.values())
        self.transactions += 1
        try:
            self.store.add_moves(
                [(u.match.id, u.idx, u.seat, u.move, u.match.version_at(u.idx)) for u in batch],
                [m for match in matches for m in match.ended()],
            )
        except StoreError as e:  # the store's outage log says it once, not per commit
            log.debug("%d moves of %d matches not stored; undone: %s", len(batch), len(matches), e)
            self.lost(batch, matches)
            return
        for match in matches:
            match.committed()
        for u in batch:
            self.stored(u)
