"""Run an AI decision off the UI thread: ``submit`` a request, ``poll`` each frame.

The search runs in a separate process so a pure-Python search never takes the GIL from the
frame loop (a thread would). ``cancel`` (new game, quit) drops the pending answer and, if the
child is busy, ends it; the next ``submit`` starts a fresh one. Requests carry ids, so a late
answer to a cancelled request is never returned.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from game.ai.policy import make_policy
from game.engine import Decision, Move, View


@dataclass(frozen=True, slots=True)
class Request:
    id: int
    level: str
    view: View
    decision: Decision
    legal: tuple[Move, ...]
    seed: int
    budget_s: float
    options: tuple[tuple[str, Any], ...] = ()


def serve(conn: Connection) -> None:
    """Child process loop: answer each request with ``(id, move)`` until told to stop.

    Policies are kept between requests (a Hard policy with ``workers`` > 1 keeps its pool).
    """
    policies: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}
    try:
        while True:
            try:
                req = conn.recv()
            except (EOFError, OSError):
                return
            if req is None:
                return
            key = (req.level, req.options)
            policy = policies.get(key)
            if policy is None:
                policy = policies[key] = make_policy(req.level, **dict(req.options))
            move = policy.choose(
                req.view, req.decision, req.legal, random.Random(req.seed), req.budget_s
            )
            try:
                conn.send((req.id, move))
            except (BrokenPipeError, OSError):
                return
    finally:
        for policy in policies.values():
            close = getattr(policy, "close", None)
            if close is not None:
                close()


class AIWorker:
    """One background AI process, reused between decisions; not thread-safe."""

    def __init__(self, level: str = "hard", budget_s: float = 1.0, **options: Any) -> None:
        make_policy(level, **options)  # validate now, in the caller
        self.level = level
        self.budget_s = budget_s
        self.options = tuple(sorted(options.items()))
        self._ctx = multiprocessing.get_context("spawn")
        self._proc: Any = None
        self._conn: Connection | None = None
        self._next_id = 0
        self._waiting: int | None = None

    # --- lifecycle --------------------------------------------------------------------

    def _ensure(self) -> Connection:
        if self._proc is None or not self._proc.is_alive() or self._conn is None:
            parent, child = self._ctx.Pipe()
            self._proc = self._ctx.Process(target=serve, args=(child,), name="ai-worker")
            self._proc.start()
            child.close()
            self._conn = parent
        return self._conn

    def close(self) -> None:
        """Stop the child (quit); safe to call twice."""
        self._waiting = None
        if self._conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self._conn.send(None)
            self._conn.close()
            self._conn = None
        if self._proc is not None:
            self._proc.join(timeout=0.5)
            if self._proc.is_alive():
                self._proc.terminate()
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

    def submit(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        seed: int = 0,
        budget_s: float | None = None,
    ) -> int:
        """Start thinking about ``view``; any earlier unanswered request is cancelled."""
        if self._waiting is not None:
            self.cancel()
        conn = self._ensure()
        self._next_id += 1
        req = Request(
            self._next_id,
            self.level,
            view,
            decision,
            tuple(legal_moves),
            seed,
            self.budget_s if budget_s is None else budget_s,
            self.options,
        )
        conn.send(req)
        self._waiting = req.id
        return req.id

    def poll(self) -> Move | None:
        """The answer if it is ready, else ``None``; never blocks."""
        conn = self._conn
        if self._waiting is None or conn is None:
            return None
        try:
            while conn.poll():
                rid, move = conn.recv()
                if rid == self._waiting:
                    self._waiting = None
                    return move
        except (EOFError, OSError):
            self._conn = None
            self._proc = None
            self._waiting = None
            raise RuntimeError("the AI process ended unexpectedly") from None
        return None

    def cancel(self) -> None:
        """Forget the pending request; a busy child is ended so it stops thinking now."""
        if self._waiting is None:
            return
        self._waiting = None
        if self._proc is not None and self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=1.0)
        if self._conn is not None:
            self._conn.close()
        self._proc = None
        self._conn = None
