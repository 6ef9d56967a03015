"""The hint is searched in an AI worker process, not a thread of the UI process: the advice
comes back through the worker's pipe, and a dead or frozen worker costs only that hint."""

from __future__ import annotations

import os
import signal
import time

from game.ai.runtime.worker import AIWorker
from game.engine import new_game
from game.ui.table.ai_seats.hinting import HintAnswer, WorkerHint
from tests.faults.test_ai_workers import Clock


def _answer(hint: WorkerHint, seconds: float = 30.0) -> HintAnswer:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        answer = hint.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("no hint: the table would wait forever")


def test_the_advice_comes_from_another_process_and_a_killed_one_is_replaced() -> None:
    game = new_game(2, seed=4, first_player=0)
    seat = game.pending()[0].player
    with AIWorker("hard") as worker:
        hint = WorkerHint(worker, budget_s=0.05)
        hint.submit(game, seat)
        first = _answer(hint)
        assert first.advice is not None and first.advice.move in game.legal_moves(seat)
        assert worker.pid is not None and worker.pid != os.getpid()
        killed = worker.pid
        os.kill(killed, signal.SIGSTOP)  # so it cannot answer before it dies
        hint.submit(game, seat)
        os.kill(killed, signal.SIGKILL)
        assert _answer(hint).advice is None  # that hint is lost, nothing else
        hint.submit(game, seat)  # the next press starts a fresh process
        again = _answer(hint)
        assert again.advice is not None and again.advice.move in game.legal_moves(seat)
        assert worker.pid not in (None, killed)


def test_a_hint_that_never_comes_ends_at_the_deadline() -> None:
    class Silent:
        restarts = 0

        def submit_hint(self, view, seed=0, budget_s=None) -> int:  # noqa: ANN001
            return 1

        def poll(self) -> None:
            return None

        def deadline_s(self, budget_s: float | None = None) -> float:
            return 10.0

        def restart(self) -> None:
            self.restarts += 1

    game = new_game(2, seed=4, first_player=0)
    clock, worker = Clock(), Silent()
    hint = WorkerHint(worker, clock=clock)
    hint.submit(game, game.pending()[0].player)
    clock.now = 9.9
    assert hint.poll() is None
    clock.now = 10.1
    assert hint.poll() == HintAnswer(None) and worker.restarts == 1
    assert hint.poll() is None  # nothing asked any more
