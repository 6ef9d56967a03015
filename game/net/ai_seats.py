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


Job = tuple  # the arguments of one decision, as ``FairQueue``'s ``start`` takes them


class FairQueue:
    """The AI decisions of every table, served round-robin across tables with at most one
    decision of a table in flight: a table whose seats ask many decisions (four AI seats
    drawing at once, or many busy tables) delays another table's next decision by at most
    one of its own, not by its whole queue, as one first-come queue on the executor did.
    ``start(job)`` begins one decision on a worker and returns its future; at most
    ``slots`` (the workers) run at once, so the waiting is here, in turn order."""

    def __init__(self, slots: int, start: Callable[[Job], asyncio.Future]) -> None:
        self.slots, self.start = max(1, slots), start
        self.waiting: dict[str, deque[tuple[Job, asyncio.Future]]] = {}
        self.turns: deque[str] = deque()  # tables with a decision waiting, none in flight
        self.running: set[str] = set()  # tables with a decision in flight

    def ask(self, table: str, job: Job) -> asyncio.Future:
        out: asyncio.Future = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(table, deque()).append((job, out))
        if table not in self.running and table not in self.turns:
            self.turns.append(table)
        self._pump()
        return out

    def drop(self, table: str) -> None:
        """Forget a table's waiting decisions (it was unloaded): cancelled."""
        for _, out in self.waiting.pop(table, ()):
            out.cancel()
        if table in self.turns:
            self.turns.remove(table)

    def _pump(self) -> None:
        while len(self.running) < self.slots and self.turns:
            table = self.turns.popleft()
            queue = self.waiting.get(table)
            job, out = queue.popleft() if queue else ((), None)
            if queue is not None and not queue:
                del self.waiting[table]
            if out is None or out.cancelled():
                if table in self.waiting:
                    self.turns.append(table)
                continue
            try:
                inner = self.start(job)
            except RuntimeError as e:  # no worker could start (a shut-down pool)
                out.set_exception(e)
                continue
            self.running.add(table)
            inner.add_done_callback(lambda f, t=table, o=out: self._done(t, f, o))

    def _done(self, table: str, inner: asyncio.Future, out: asyncio.Future) -> None:
        self.running.discard(table)
        if not out.cancelled():
            if inner.cancelled():
                out.cancel()
            elif inner.exception() is not None:
                out.set_exception(inner.exception())  # type: ignore[arg-type]
            else:
                out.set_result(inner.result())
        if table in self.waiting and table not in self.turns:
            self.turns.append(table)  # its next decision waits for the others' turns
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

    def _start(self, job: Job) -> asyncio.Future:
        return asyncio.get_running_loop().run_in_executor(self.executor, decide, *job)

    def ask(
        self,
        level: str,
        view: View,
        decision: Decision,
        legal: Sequence[Move],
        seed: int,
        table: str = "",
    ) -> asyncio.Future[Move]:
        """One decision of ``table``'s AI seat, in its turn among the tables."""
        return self.queue.ask(table, (level, view, decision, tuple(legal), seed, self.scale))

    def drop(self, table: str) -> None:
        self.queue.drop(table)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
