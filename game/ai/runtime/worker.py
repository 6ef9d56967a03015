"""Run an AI decision off the UI thread: ``submit`` a request, ``poll`` each frame.

The search runs in a separate process so a pure-Python search never takes the GIL from the
frame loop (a thread would). ``cancel`` (new game, undo) and a new ``submit`` drop the pending
request but keep a healthy child: requests carry ids, so the late answer to a dropped request
is read and thrown away, never returned. (Ending the child instead cost the next decision a
fresh process, its imports and Hard's helper processes, and spilled BrokenPipe tracebacks.)
Only ``restart`` (dead or hung) and ``close`` (quit) end it.

The same process answers the table's Hint button (``submit_hint``): Hard's advice is a
search too, and in a thread it would slow every frame while it runs.

A child that dies (killed, out of memory, an exception in a policy) makes ``poll`` and
``submit`` raise ``WorkerDied``; one that stops answering is the caller's to notice, against
``deadline_s``, and end with ``restart`` (which works on a stopped process too). The table's
seats do both (``game/ui/table/ai_seats/ai_seat.py``): restart once, then play a built-in move.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Literal, assert_never

from game.ai.coach.hint import Advice, advise
from game.ai.policy import Policy, make_policy
from game.engine import Decision, Move, View

MIN_DEADLINE_S = 10.0
DEADLINE_FACTOR = 10.0
log = logging.getLogger(__name__)


class WorkerDied(RuntimeError):
    """The AI process ended (or its pipe broke) while it had a request."""


@dataclass(frozen=True, slots=True)
class Request:
    id: int
    level: str
    view: View
    decision: Decision | None  # None for a hint: the advice finds the decision itself
    legal: tuple[Move, ...]
    seed: int
    budget_s: float
    options: tuple[tuple[str, Any], ...] = ()
    task: Literal["move", "hint"] = "move"


@dataclass(frozen=True, slots=True)
class HintReply:
    """A hint's answer; ``advice`` is ``None`` when the viewer has nothing to decide (so a
    reply is never confused with ``poll``'s "not yet")."""

    advice: Advice | None


Policies = dict[tuple[str, tuple[tuple[str, Any], ...]], Policy]


def answer(req: Request, policies: Policies) -> Any:
    """What the request asks: a policy's move, or Hard's advice with its reasons."""
    match req.task:
        case "move":
            assert req.decision is not None, "a move request names its decision"
            key = (req.level, req.options)
            policy = policies.get(key)
            if policy is None:
                policy = policies[key] = make_policy(req.level, **dict(req.options))
            return policy.choose(
                req.view, req.decision, req.legal, random.Random(req.seed), req.budget_s
            )
        case "hint":
            return HintReply(advise(req.view, budget_s=req.budget_s, seed=req.seed))
        case _:
            assert_never(req.task)


def serve(conn: Connection, nice: int = 0) -> None:
    """Child process loop: answer each request with ``(id, answer)`` until told to stop.

    Policies are kept between requests (a Hard policy with ``workers`` > 1 keeps its pool).
    ``nice`` > 0 lowers the process's priority first (a worker that thinks ahead: the
    table's frames and the seats' own answers come before it).
    """
    if nice > 0 and hasattr(os, "nice"):  # (not on Windows: there it thinks at full priority)
        try:
            os.nice(nice)
        except OSError:  # the rule: a worker that cannot lower its priority still answers
            log.warning("the AI worker could not lower its priority", exc_info=True)
    policies: Policies = {}
    try:
        while True:
            try:
                req = conn.recv()
            except (EOFError, OSError):
                return
            if req is None:
                return
            reply = answer(req, policies)
            try:
                conn.send((req.id, reply))
            except (BrokenPipeError, OSError):
                return
    finally:
        for policy in policies.values():
            policy.close()


class AIWorker:
    """One background AI process, reused between decisions; not thread-safe."""

    def __init__(
        self, level: str = "hard", budget_s: float = 1.0, nice: int = 0, **options: Any
    ) -> None:
        make_policy(level, **options).close()  # validate now, in the caller
        self.level = level
        self.budget_s = budget_s
        self.nice = nice  # the child's priority is lowered by this much (``serve``)
        self.options = tuple(sorted(options.items()))
        self._ctx = multiprocessing.get_context("spawn")
        self._proc: Any = None
        self._conn: Connection | None = None
        self._next_id = 0
        self._waiting: int | None = None
        self.spawned = 0  # child processes started (one, while nothing goes wrong)

    # --- lifecycle --------------------------------------------------------------------

    def _ensure(self) -> Connection:
        if self._proc is None or not self._proc.is_alive() or self._conn is None:
            self.restart()  # whatever is left of an earlier child
            parent, child = self._ctx.Pipe()
            proc = self._ctx.Process(target=serve, args=(child, self.nice), name="ai-worker")
            try:
                proc.start()
            except BaseException:
                parent.close()
                raise
            finally:
                child.close()
            self._proc, self._conn = proc, parent
            self.spawned += 1
        return self._conn

    def close(self) -> None:
        """Stop the child (quit); safe to call twice."""
        self._waiting = None
        if self._conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self._conn.send(None)
            self._conn.close()
            self._conn = None
        if self._proc is not None and self._proc.pid is None:  # never started
            self._proc = None
        if self._proc is not None:
            self._proc.join(timeout=0.5)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=1.0)
            if self._proc.is_alive():  # stopped (SIGSTOP): only SIGKILL ends it
                self._proc.kill()
                self._proc.join(timeout=1.0)
            self._proc = None

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- requests ---------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._waiting is not None

    @property
    def pid(self) -> int | None:
        """The child's process id (fault tests and the audit kill or stop it)."""
        return None if self._proc is None else self._proc.pid

    def deadline_s(self, budget_s: float | None = None) -> float:
        """How long an answer may take before the child counts as hung: ten times the
        budget, never under ten seconds (a cold start imports the AI)."""
        budget = self.budget_s if budget_s is None else budget_s
        return max(MIN_DEADLINE_S, DEADLINE_FACTOR * budget)

    def restart(self) -> None:
        """End the child at once, whatever its state (hung, stopped, dead); the next
        ``submit`` starts a fresh one."""
        self._waiting = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        proc, self._proc = self._proc, None
        if proc is not None and proc.pid is not None:  # a process never started has no end
            with contextlib.suppress(OSError, ValueError):
                proc.kill()  # SIGKILL: also ends a SIGSTOPped child
                proc.join(timeout=2.0)

    def submit(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        seed: int = 0,
        budget_s: float | None = None,
    ) -> int:
        """Start thinking about ``view``; any earlier unanswered request is dropped (its
        answer, when it comes, is thrown away; the child then starts this one)."""
        return self._send(view, decision, tuple(legal_moves), seed, budget_s, "move")

    def submit_hint(self, view: View, seed: int = 0, budget_s: float | None = None) -> int:
        """Start Hard's advice for the viewer; ``poll`` returns a ``HintReply``."""
        return self._send(view, None, (), seed, budget_s, "hint")

    def _send(
        self,
        view: View,
        decision: Decision | None,
        legal: tuple[Move, ...],
        seed: int,
        budget_s: float | None,
        task: Literal["move", "hint"],
    ) -> int:
        self.cancel()
        try:
            conn = self._ensure()
        except OSError as e:
            raise WorkerDied(f"the AI process cannot start: {e}") from None
        self._next_id += 1
        budget = self.budget_s if budget_s is None else budget_s
        req = Request(
            self._next_id, self.level, view, decision, legal, seed, budget, self.options, task
        )
        try:
            conn.send(req)
        except (BrokenPipeError, OSError):
            self.restart()
            raise WorkerDied("the AI process ended before it got the request") from None
        self._waiting = req.id
        return req.id

    def poll(self) -> Move | HintReply | None:
        """The answer if it is ready, else ``None``; never blocks."""
        conn = self._conn
        if self._waiting is None or conn is None:
            return None
        try:
            while conn.poll():
                received = conn.recv()  # (request id, the answer): our own worker's pipe
                answer: Move | HintReply | None = received[1]
                if received[0] == self._waiting:
                    self._waiting = None
                    return answer
            alive = self._proc is not None and self._proc.is_alive()
        except Exception:  # noqa: BLE001 - EOF, a broken or garbled pipe: the child is gone
            alive = False
        if not alive:
            self.restart()
            raise WorkerDied("the AI process ended unexpectedly")
        return None

    def cancel(self) -> None:
        """Forget the pending request. The child is left running: it finishes that search
        and ``poll`` discards the answer by its id (a hung child is the deadline's to catch,
        with ``restart``)."""
        self._waiting = None
