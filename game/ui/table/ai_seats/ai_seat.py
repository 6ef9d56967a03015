"""AI seats behind one small interface: ``submit(game, seat)``, ``poll()``, ``cancel()``.

The real players live in ``game/ai`` (``AIWorker``, a process off the UI thread) and are
wrapped by ``WorkerAi``; where they cannot run, ``BuiltinAi`` plays a simple policy: draw
until two uncancelled solitary symbols, spend a Fragment on a drawn Varan, otherwise a
random legal move that avoids Take a Fragment.

Same AI after Continue: the table seeds every decision with ``decision_seed`` (the match's
saved ``ai_seed`` and the number of moves played; a draw-phase decision, the seat's own
move count: ``game/ui/table/ai_seats/ai_draws.py``), never with a random state kept in
memory, and Hard searches a fixed amount of work (``game.ai.levels.budgets.HARD_STEPS``
simulated moves) instead of a time budget, so a resumed match makes exactly the choices
the uninterrupted one would.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.levels.budgets import BUDGET_S, worker_options
from game.ai.levels.easy import baseline_move
from game.engine import Decision, Game, Move, View
from game.engine.moves import check_move_types
from game.seats import AI_LEVELS
from game.ui.table.ai_seats.hinting import HINT_BUDGET_S, HintSource, InlineHint, WorkerHint

if TYPE_CHECKING:
    from game.ui.table.ai_seats.ponderer import Ponderer

log = logging.getLogger(__name__)

LEVELS = AI_LEVELS
HINT_WORKER = "hint"  # the pool's key for the hint's process (level names are the others)
# Levels whose answer is a fixed amount of work from the decision's seed, so one thought out
# ahead is the one asked for (``pondering``); the others answer by time, or at once.
PONDERED = frozenset({"hard"})
PONDER_NICE = 10  # the pondering worker's lower priority: frames and real answers come first


def decision_seed(ai_seed: int, moves: int, seat: int) -> int:
    """The seed of one AI decision, from saved data only (so Continue changes nothing)."""
    return (ai_seed * 1_000_003 + moves * 31 + seat) % (1 << 62)


@dataclass
class AiJob:
    """The decision an AI seat is asked now (kept on the match, so the next phase's scene
    goes on waiting for the same answer instead of asking again)."""

    key: tuple[object, ...] | None = None  # (the decision, moves played, game) asked
    answer: Move | None = None
    think: float = 0.0  # seconds the table still shows the AI thinking


class AiPlayer(Protocol):
    def submit(self, game: Game, seat: int, seed: int | None = None) -> None: ...
    def poll(self) -> Move | None: ...
    def cancel(self) -> None: ...

    @property
    def lane(self) -> object:
        """What the seat thinks on: seats with the same lane (one worker process) take
        turns, seats on different lanes think at the same time."""
        ...


class DecisionWorker(Protocol):
    """What ``WorkerAi`` asks of its worker (``game.ai.runtime.worker.AIWorker``)."""

    def submit(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        seed: int = 0,
        budget_s: float | None = None,
    ) -> int: ...
    def poll(self) -> object: ...
    def cancel(self) -> None: ...
    def restart(self) -> None: ...
    def deadline_s(self, budget_s: float | None = None) -> float: ...


def builtin_choice(game: Game, seat: int, rand: random.Random) -> Move:
    """The baseline policy's move for ``seat`` (``game.ai.levels.easy.baseline_move``)."""
    pending = [p for p in game.pending() if p.player == seat]
    if not pending:
        raise ValueError(f"seat {seat} has nothing to decide")
    return baseline_move(game, seat, pending[0].decision, rand)


class BuiltinAi:
    """Answers at once (the table adds the visible thinking time)."""

    def __init__(self, level: str = "easy", seed: int = 0) -> None:
        self.level = level
        self.rand = random.Random(seed)
        self._answer: Move | None = None

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        rand = self.rand if seed is None else random.Random(seed)
        self._answer = builtin_choice(game, seat, rand)

    def poll(self) -> Move | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        self._answer = None

    @property
    def lane(self) -> object:
        return self


class WorkerAi:
    """``game.ai.runtime.worker.AIWorker`` (a process of its own) behind the table's interface,
    supervised: a worker that dies or does not answer within its deadline is restarted and
    asked again; after a second failure this decision is played by ``builtin_choice`` and
    ``fallbacks`` counts it (the table tells the player). An answer that is not a legal move
    of the right types counts as a failure too. ``poll`` never raises and never waits.

    One worker per level is shared by the seats of that level: seats decide one at a time.
    A request the level's ``Ponderer`` has already answered (the same position, decision,
    legal moves and seed: ``pondering.request_key``) is answered from there, unasked.
    """

    TRIES = 2

    def __init__(
        self,
        worker: DecisionWorker,
        seed: int = 0,
        budget_s: float | None = None,
        deadline_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        ponder: Ponderer | None = None,
    ) -> None:
        self.worker = worker
        self.ponder = ponder
        self.seed = seed
        self.budget_s = budget_s
        self.deadline_s = deadline_s
        self.clock = clock
        self.count = 0
        self.fallbacks = 0  # decisions the built-in policy played because the worker failed
        self.failures = 0  # dead or hung workers seen (each restarted)
        self._job: _Job | None = None

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        """``seed``: the decision's seed (``decision_seed``); without it, a running count."""
        pending = [p for p in game.pending() if p.player == seat]
        if not pending:
            raise ValueError(f"seat {seat} has nothing to decide")
        self.count += 1
        seed = self.seed * 1_000_003 + self.count if seed is None else seed
        self._job = job = _Job(game, seat, seed, pending[0].decision, tuple(game.legal_moves(seat)))
        if self.ponder is not None and job.decision is not Decision.DRAW:  # (never pondered)
            job.key = self.ponder.key_for(game.view(seat), job.decision, job.legal, seed)
            job.ready = self.ponder.take(job.key)
            if job.ready is not None:
                return  # thought out ahead: the very answer, unasked
        self._ask(job)

    @property
    def lane(self) -> object:
        return self.worker

    def _ask(self, job: _Job) -> None:
        job.asked_at = self.clock()
        view = job.game.view(job.seat)
        try:
            self.worker.submit(view, job.decision, job.legal, seed=job.seed, budget_s=self.budget_s)
        except Exception:  # noqa: BLE001 - a worker that cannot start fails like a dead one
            log.warning("AI seat %s: the worker could not be asked", job.seat, exc_info=True)
            job.failed = True

    def _deadline(self) -> float:
        if self.deadline_s is not None:
            return self.deadline_s
        return self.worker.deadline_s(self.budget_s)

    def poll(self) -> Move | None:
        job = self._job
        if job is None:
            return None
        if job.ready is not None:
            self._job = None
            return job.ready
        move: Move | None = None
        if not job.failed:
            try:
                answer = self.worker.poll()
            except Exception:  # noqa: BLE001 - WorkerDied or anything else: restart
                log.warning("AI seat %s: the worker failed", job.seat, exc_info=True)
                job.failed = True
            else:
                move = answer  # type: ignore[assignment]  # checked just below
        if move is not None:
            if check_move_types(move, job.seat) is None and move in job.legal:
                self._job = None
                if self.ponder is not None and job.decision is not Decision.DRAW:
                    self.ponder.remember(job.key, move)  # the chain goes on from here
                return move
            log.warning("the AI worker answered %r, not a legal move; restarting it", move)
            job.failed = True  # an answer the rules cannot take
        elif not job.failed and self.clock() - job.asked_at > self._deadline():
            job.failed = True
        if not job.failed:
            return None
        return self._recover(job)

    def _recover(self, job: _Job) -> Move | None:
        """Restart the worker; ask again once, else play the built-in policy now."""
        self.failures += 1
        try:
            self.worker.restart()
        except Exception:  # noqa: BLE001 - the next ask fails and falls back to the built-in
            log.warning("AI seat %s: the worker could not be restarted", job.seat, exc_info=True)
        job.tries += 1
        job.failed = False
        if job.tries < self.TRIES:
            self._ask(job)
            return None
        self._job = None
        self.fallbacks += 1
        return builtin_choice(job.game, job.seat, random.Random(job.seed))

    def cancel(self) -> None:
        self._job = None
        try:
            self.worker.cancel()
        except Exception:  # noqa: BLE001 - a dead worker has nothing left to cancel
            log.warning("AI seat: the worker could not be cancelled", exc_info=True)


@dataclass
class _Job:
    """One decision being asked of a worker."""

    game: Game
    seat: int
    seed: int
    decision: Decision
    legal: tuple[Move, ...]
    asked_at: float = 0.0
    tries: int = 0
    failed: bool = False
    ready: Move | None = None  # the pondered answer (the worker is not asked)
    key: Any = None  # the request's ``pondering.request_key`` (with a ponderer)


class AiPool:
    """Makes AI seats; owns the worker processes so they can be closed on quit."""

    def __init__(self, use_workers: bool = True, budget_scale: float = 1.0) -> None:
        self.use_workers = use_workers
        self.budget_scale = budget_scale
        self.workers: dict[str, Any] = {}
        self.ponderers: dict[str, Ponderer] = {}
        self.ponder = use_workers  # False: never think ahead (the pacing tool's comparison)
        self.ponder_nice = PONDER_NICE

    def ponderer(self, level: str) -> Ponderer | None:
        """The level's pondering worker (made on first use), or None for a level whose
        answers depend on time (``PONDERED``) or where no worker process can start."""
        if not self.ponder or level not in PONDERED:
            return None
        found = self.ponderers.get(level)
        if found is None:
            try:
                from game.ai.runtime.worker import AIWorker
                from game.ui.table.ai_seats.ponderer import Ponderer
            except ImportError:
                return None
            budget = BUDGET_S.get(level, 0.5) * self.budget_scale
            options = worker_options(level, self.budget_scale, processes=1)
            worker = AIWorker(level, budget_s=budget, nice=self.ponder_nice, **options)
            found = self.ponderers[level] = Ponderer(worker)
        return found

    def make(self, level: str, seat: int, seed: int = 0) -> AiPlayer:
        if self.use_workers:
            try:
                from game.ai.runtime.worker import AIWorker

                worker = self.workers.get(level)
                if worker is None:
                    budget = BUDGET_S.get(level, 0.5) * self.budget_scale
                    worker = self.workers[level] = AIWorker(
                        level, budget_s=budget, **worker_options(level, self.budget_scale)
                    )
                return WorkerAi(worker, seed * 31 + seat, ponder=self.ponderer(level))
            except (ImportError, ValueError):
                pass
        return BuiltinAi(level, seed * 31 + seat)

    def hinter(self) -> HintSource:
        """The Hint button's source: its own worker process (so a hint never delays a seat),
        or the advice computed in this process where no worker can start."""
        if self.use_workers:
            try:
                from game.ai.runtime.worker import AIWorker

                worker = self.workers.get(HINT_WORKER)
                if worker is None:
                    worker = self.workers[HINT_WORKER] = AIWorker("hard")
                return WorkerHint(worker, budget_s=HINT_BUDGET_S * self.budget_scale)
            except (ImportError, ValueError):
                pass
        return InlineHint()

    def close(self) -> None:
        for w in self.workers.values():
            w.close()
        self.workers.clear()
        for p in self.ponderers.values():
            p.close()
        self.ponderers.clear()


def make_ai(level: str, seat: int, seed: int = 0) -> AiPlayer:
    """The built-in policy (used when no pool is provided, e.g. in tests)."""
    return BuiltinAi(level, seed * 31 + seat)
