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
from collections.abc import Sequence
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


class AiRunner:
    """Runs AI decisions on an executor; ``processes`` 0 means one thread."""

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

    def ask(
        self, level: str, view: View, decision: Decision, legal: Sequence[Move], seed: int
    ) -> asyncio.Future[Move]:
        loop = asyncio.get_running_loop()
        args = (level, view, decision, tuple(legal), seed, self.scale)
        return loop.run_in_executor(self.executor, decide, *args)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
