"""Group commit: a move is checked and applied at once, and the moves applied while a
commit is being written are committed together in the next one, one disk flush for all of
them; each is acknowledged and told only after its commit. One flush a move (about 4 ms
here) would cap a server process at a couple of hundred moves a second, every move waiting
in line behind the others' flushes.

The commit, the disk flush, runs on a thread of its own (the store writer), not on the
event loop's: a flush takes milliseconds (tens on a busy disk), and on the loop's thread it
stopped every table, pings included, while it ran (issue 41: at 1,000 tables the loop
spent a fifth of its time waiting for the disk). The transaction's statements, CPU only,
run on the loop's thread (``store.stage_moves``): run on the writer's, each took the
interpreter's lock back from the busy loop. One commit is in flight at a time, so each
match's moves reach the store in the order they were applied; the moves that arrive
meanwhile wait for the next one, which starts when this one lands. The store is used by
one thread at a time (``SqliteStore``: a lock, and a staged transaction keeps every other
use waiting for its commit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
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


@dataclass
class Batch:
    """The moves of one commit, being written on the store writer's thread."""

    moves: list[Unstored]
    matches: list[HostedMatch]
    written: Future[None]  # the store's transaction (its result, or the StoreError)
    done: bool = False  # handed to ``stored`` or ``lost`` (once: ``flush`` may do it first)


class GroupCommit:
    """The moves waiting for the next commit, in the order they were applied, and the
    commit in flight."""

    def __init__(
        self,
        store: Store,
        stored: Callable[[Unstored], None],
        lost: Callable[[list[Unstored], list[HostedMatch]], None],
    ) -> None:
        self.store = store
        self.stored, self.lost = stored, lost  # what the hub does after the commit
        self.waiting: list[Unstored] = []
        self.running: Batch | None = None
        self.transactions = 0
        self._writer: ThreadPoolExecutor | None = None  # started at the first commit
        self.timed: Callable[[float, int], None] | None = None  # told each commit's time

    def add(self, move: Unstored) -> None:
        self.waiting.append(move)
        if self.running is None and len(self.waiting) == 1:
            asyncio.get_running_loop().call_soon(self._next)

    def _next(self) -> None:
        """Start the next commit on the writer's thread, unless one is in flight (then it
        starts when that one lands)."""
        if self.running is not None or not self.waiting:
            return
        loop = asyncio.get_running_loop()
        batch = self._begin()
        batch.written.add_done_callback(partial(_wake, loop, partial(self._landed, batch)))

    def _begin(self) -> Batch:
        """Hand every waiting move to the writer in one transaction, its statements run
        here (``store.stage_moves``: CPU only) and its commit on the writer's thread. What
        it writes is read here, on the loop's thread: each move's version, and the matches
        now over (every move applied so far is in this batch or stored)."""
        moves, self.waiting = self.waiting, []
        matches = list({id(u.match): u.match for u in moves}.values())
        rows = [(u.match.id, u.idx, u.seat, u.move, u.match.version_at(u.idx)) for u in moves]
        ended = [m for match in matches for m in match.ended()]
        if self._writer is None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        self.transactions += 1
        written: Future[None] = Future()
        try:
            commit = self.store.stage_moves(rows, ended)
        except StoreError as e:  # refused before its commit: undone as a failed commit is
            written.set_exception(e)
        except Exception as e:  # a fault of its own, not the store's refusal: said here
            log.exception("a group commit could not be staged; its moves are undone")
            written.set_exception(StoreError(f"not staged: {e!r}"))
        else:
            if self.timed is not None:
                commit = partial(_timed, commit, self.timed, len(moves))
            try:
                written = self._writer.submit(commit)
            except RuntimeError:  # the interpreter is exiting: committed here, at once
                written = _run_here(commit)
        self.running = Batch(moves, matches, written)
        return self.running

    def _landed(self, batch: Batch) -> None:
        """A commit ended (on the loop's thread): its moves told, then the next begun."""
        if not batch.done:  # else ``flush`` waited for it and handed its moves on already
            self._finish(batch)
        self._next()

    def _finish(self, batch: Batch) -> None:
        """Hand each move of ``batch`` to ``stored`` in order; if the store refused, hand
        them to ``lost`` (it undoes them) with the moves applied since on the same matches
        (they were applied on top of the lost ones). Waits for the commit if it is still
        being written."""
        batch.done = True
        self.running = None
        error = batch.written.exception()
        if error is not None:
            if isinstance(error, StoreError):  # the store's outage log says it once
                log.debug("%d moves not stored; undone: %s", len(batch.moves), error)
            else:  # not known to be stored: undone like a refusal, and said
                log.error("a group commit failed; its moves are undone", exc_info=error)
            failed = {id(m) for m in batch.matches}
            later = [u for u in self.waiting if id(u.match) in failed]
            self.waiting = [u for u in self.waiting if id(u.match) not in failed]
            self.lost(batch.moves + later, batch.matches)
            return
        upto = {id(u.match): u.idx + 1 for u in batch.moves}  # the last one of each match
        for match in batch.matches:
            match.committed(upto[id(match)])
        for u in batch.moves:
            self.stored(u)

    def flush(self, match: HostedMatch | None = None) -> None:
        """Commit every move applied so far, waiting for it on this thread (before a welcome,
        an undo or a seat given up, and at shutdown): the commit in flight first, then the
        moves waiting. ``match``: only its moves are needed (nothing is done if they are
        all stored)."""
        if match is not None and match.stored_upto == match.moves:
            return
        if self.running is not None:
            self._finish(self.running)
        if self.waiting:
            self._finish(self._begin())

    def close(self) -> None:
        """Shutdown: every move applied is committed (or refused), then the writer stops."""
        self.flush()
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None


def _wake(loop: asyncio.AbstractEventLoop, then: Callable[[], None], _: Future[None]) -> None:
    """On the writer's thread, as a commit ends: ``then`` on the loop's next turn (one turn,
    not the two ``asyncio.wrap_future`` takes: the loop is often busy at 1,000 tables)."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: ``close`` handed it on
        loop.call_soon_threadsafe(then)


def _timed(commit: Callable[[], None], told: Callable[[float, int], None], moves: int) -> None:
    """``commit``, and how long it took (on the writer's thread), told whatever its end."""
    started = time.perf_counter()
    try:
        commit()
    finally:
        told(time.perf_counter() - started, moves)


def _run_here(commit: Callable[[], None]) -> Future[None]:
    """``commit`` on this thread (no writer can start), its outcome as the writer's is."""
    done: Future[None] = Future()
    try:
        commit()
    except StoreError as e:
        done.set_exception(e)
    else:
        done.set_result(None)
    return done
