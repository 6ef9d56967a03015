"""Where the Hint button's advice comes from: ``submit(game, seat)``, ``poll()``, ``cancel()``.

The advice is a Hard search of a few tenths of a second. ``WorkerHint`` runs it in an AI
worker process of its own (``game.ai.runtime.worker``), so the frames keep their pace while it
thinks and a crash there costs only the hint; ``InlineHint`` computes it at once in this
process, for tests and for machines where no worker can start.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.ai.coach.hint import Advice, advise
from game.ai.runtime.worker import HintReply
from game.engine import Game, View

log = logging.getLogger(__name__)

HINT_BUDGET_S = 0.4


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """``advice`` is ``None`` when there is nothing to advise or the search failed."""

    advice: Advice | None


class HintSource(Protocol):
    def submit(self, game: Game, seat: int) -> None: ...
    def poll(self) -> HintAnswer | None: ...  # None: still thinking (or nothing asked)
    def cancel(self) -> None: ...


class HintWorker(Protocol):
    """What ``WorkerHint`` asks of its worker (``game.ai.runtime.worker.AIWorker``)."""

    def submit_hint(self, view: View, seed: int = 0, budget_s: float | None = None) -> int: ...
    def poll(self) -> object: ...
    def cancel(self) -> None: ...
    def restart(self) -> None: ...
    def deadline_s(self, budget_s: float | None = None) -> float: ...


class InlineHint:
    """Computes the advice in ``submit`` (blocking); ``poll`` hands it over once."""

    def __init__(self, advise_fn: Callable[[View], Advice | None] | None = None) -> None:
        self.advise = advise_fn or (lambda view: advise(view, budget_s=HINT_BUDGET_S))
        self._answer: HintAnswer | None = None

    def submit(self, game: Game, seat: int) -> None:
        try:
            self._answer = HintAnswer(self.advise(game.view(seat)))
        except Exception:  # noqa: BLE001 - a failing hint must not end the game: no advice
            log.warning("the hint failed", exc_info=True)
            self._answer = HintAnswer(None)

    def poll(self) -> HintAnswer | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        self._answer = None


class WorkerHint:
    """The advice from an ``AIWorker`` process. A worker that dies, hangs past its deadline
    or answers with something else ends this hint with no advice and is restarted, so the
    next press asks a fresh process; ``poll`` never raises and never waits."""

    def __init__(
        self,
        worker: HintWorker,
        budget_s: float = HINT_BUDGET_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.worker = worker
        self.budget_s = budget_s
        self.clock = clock
        self._asked_at: float | None = None
        self._ready: HintAnswer | None = None  # an answer known without asking (a failure)

    def submit(self, game: Game, seat: int) -> None:
        self._asked_at, self._ready = self.clock(), None
        try:
            self.worker.submit_hint(game.view(seat), seed=0, budget_s=self.budget_s)
        except Exception:  # noqa: BLE001 - a worker that cannot start: no hint this time
            log.warning("the hint worker could not be asked", exc_info=True)
            self._ready = self._fail()

    def poll(self) -> HintAnswer | None:
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        if self._asked_at is None:
            return None
        try:
            reply = self.worker.poll()
        except Exception:  # noqa: BLE001 - WorkerDied or a garbled pipe: no hint this time
            log.warning("the hint worker failed", exc_info=True)
            return self._fail()
        if isinstance(reply, HintReply):
            self._asked_at = None
            return HintAnswer(reply.advice)
        if reply is not None or self.clock() - self._asked_at > self.worker.deadline_s(
            self.budget_s
        ):
            return self._fail()
        return None

    def _fail(self) -> HintAnswer:
        self._asked_at = None
        try:
            self.worker.restart()
        except Exception:  # noqa: BLE001 - the next hint asks (and restarts) again
            log.warning("the hint worker could not be restarted", exc_info=True)
        return HintAnswer(None)

    def cancel(self) -> None:
        self._asked_at, self._ready = None, None
        try:
            self.worker.cancel()
        except Exception:  # noqa: BLE001 - a dead worker has nothing left to cancel
            log.warning("the hint worker could not be cancelled", exc_info=True)
