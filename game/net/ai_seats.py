"""The server's AI seats: each decision is the existing AI (``game.ai.make_policy``, with the
table's budgets) run off the event loop, in worker processes (a dedicated server) or in a
thread (tests, a small embedded host), so a thinking AI never holds up another match.

The AI sees only its seat's ``View``. A decision's seed comes from the match's own AI seed
and the number of moves made (the seat's own in the draw phase), never from a random state
kept in memory, so a restarted server asks the same questions with the same seeds.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import closing
from functools import partial
from typing import Any

from game.ai.levels.budgets import BUDGET_S, worker_options
from game.ai.policy import make_policy
from game.engine import Decision, Move, View
from game.net.worker_exit import die_with_parent

log = logging.getLogger(__name__)


def decision_seed(ai_seed: int, moves: int, seat: int) -> int:
    return (ai_seed * 1_000_003 + moves * 31 + seat) % (1 << 62)


def decide(
    level: str, view: View, decision: Decision, legal: Sequence[Move], seed: int, scale: float
) -> Move:
    """One AI decision (runs in a worker). A move outside ``legal`` is replaced by the
    first legal one: the server plays only what the rules allow."""
    budget = BUDGET_S.get(level, 0.5) * scale
    # One process: the server's own pool runs the decisions, and a helper pool spawned
    # per decision would cost more than it saves (the sharded work gives the same move).
    with closing(make_policy(level, **worker_options(level, scale, processes=1))) as policy:
        move = policy.choose(view, decision, legal, random.Random(seed), budget)
    return move if move in legal else legal[0]


Job = tuple[Any, ...]  # the arguments of one decision, as ``FairQueue``'s ``start`` takes them


class FairQueue:
    """The AI decisions of every table, served round-robin, with at most one decision of a
    table in flight. Two levels: owners (the address that created the table), then each
    owner's tables, so twelve busy tables of one address delay another owner's table by one
    decision, as one busy table does, and never by their whole queues, as one first-come
    queue on the executor did (a table's four AI seats drawing at once, twelve such tables).
    ``start(job)`` begins one decision on a worker and returns its future; at most
    ``slots`` (the workers) run at once, so the waiting is here, in turn order."""

    def __init__(self, slots: int, start: Callable[[Job], asyncio.Future[Move]]) -> None:
        self.slots, self.start = max(1, slots), start
        self.waiting: dict[str, deque[tuple[Job, asyncio.Future[Move]]]] = {}
        self.owner: dict[str, str] = {}  # table -> its owner, while it has decisions
        self.ready: dict[str, deque[str]] = {}  # owner -> its tables with one waiting, in turn
        self.turns: deque[str] = deque()  # owners with a ready table, in turn
        self.running: set[str] = set()  # tables with a decision in flight

    def ask(self, table: str, job: Job, owner: str = "") -> asyncio.Future[Move]:
        out: asyncio.Future[Move] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(table, deque()).append((job, out))
        self.owner.setdefault(table, owner or table)
        if table not in self.running:
            self._ready(table)
        self._pump()
        return out

    def _ready(self, table: str) -> None:
        """``table`` has a decision waiting and none in flight: in its owner's turn."""
        owner = self.owner[table]
        tables = self.ready.setdefault(owner, deque())
        if table not in tables:
            tables.append(table)
        if owner not in self.turns:
            self.turns.append(owner)

    def drop(self, table: str) -> None:
        """Forget a table's waiting decisions (it was unloaded): cancelled."""
        for _, out in self.waiting.pop(table, ()):
            out.cancel()
        tables = self.ready.get(self.owner.get(table, ""))
        if tables is not None and table in tables:
            tables.remove(table)

    def _next(self) -> str | None:
        """The next table in turn (its owner goes to the back of the owners' line)."""
        while self.turns:
            owner = self.turns.popleft()
            tables = self.ready.get(owner)
            if not tables:
                self.ready.pop(owner, None)
                continue
            table = tables.popleft()
            if tables:
                self.turns.append(owner)
            else:
                del self.ready[owner]
            return table
        return None

    def _pump(self) -> None:
        while len(self.running) < self.slots and (table := self._next()) is not None:
            queue = self.waiting.get(table)
            job, out = queue.popleft() if queue else ((), None)
            if queue is not None and not queue:
                del self.waiting[table]
            if out is None or out.cancelled():
                if table in self.waiting:
                    self._ready(table)
                else:
                    self.owner.pop(table, None)
                continue
            try:
                inner = self.start(job)
            except RuntimeError as e:  # no worker could start (a shut-down pool)
                out.set_exception(e)
                continue
            self.running.add(table)
            inner.add_done_callback(partial(self._done, table, out))

    def _done(self, table: str, out: asyncio.Future[Move], inner: asyncio.Future[Move]) -> None:
        self.running.discard(table)
        if not out.cancelled():
            if inner.cancelled():
                out.cancel()
            elif (error := inner.exception()) is not None:
                out.set_exception(error)
            else:
                out.set_result(inner.result())
        if table in self.waiting:
            self._ready(table)  # its next decision waits for the others' turns
        else:
            self.owner.pop(table, None)
        self._pump()


class AiRunner:
    """Runs AI decisions on an executor, fairly across tables (``FairQueue``);
    ``processes`` 0 means one thread."""

    def __init__(self, processes: int = 0, budget_scale: float = 1.0) -> None:
        self.scale = budget_scale
        self.executor: Executor
        if processes > 0:
            ctx = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(
                processes, ctx, initializer=die_with_parent, initargs=(os.getpid(),)
            )
        else:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-seat")
        self.queue = FairQueue(max(1, processes), self._start)

    def _start(self, job: Job) -> asyncio.Future[Move]:
        return asyncio.get_running_loop().run_in_executor(self.executor, decide, *job)

    def ask(
        self,
        level: str,
        view: View,
        decision: Decision,
        legal: Sequence[Move],
        seed: int,
        table: str = "",
        owner: str = "",
    ) -> asyncio.Future[Move]:
        """One decision of ``table``'s AI seat (created by ``owner``), in its turn."""
        job = (level, view, decision, tuple(legal), seed, self.scale)
        return self.queue.ask(table, job, owner)

    def drop(self, table: str) -> None:
        self.queue.drop(table)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
