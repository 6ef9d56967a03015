"""A worker keeps its process across dropped requests (a new ``submit`` while busy, a
``cancel``): the late answer is thrown away by its id, never returned, and nothing is killed.
``restart`` and ``close`` work on a worker whose process could not start."""

from __future__ import annotations

import time

import pytest

from game.ai.runtime.worker import AIWorker, WorkerDied
from game.engine import new_game


def _wait(worker: AIWorker, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        move = worker.poll()
        if move is not None:
            return move
        time.sleep(0.01)
    raise AssertionError("the worker gave no answer")


def test_a_dropped_request_keeps_the_process_and_its_answer_is_discarded() -> None:
    g = new_game(2, seed=4)
    pend = g.pending()[0]
    legal = g.legal_moves(pend.player)
    view = g.view(pend.player)
    with AIWorker("hard", budget_s=0.05) as worker:
        worker.submit(view, pend.decision, legal, seed=1)
        assert _wait(worker) in legal  # the process is up
        pid = worker.pid
        worker.submit(view, pend.decision, legal, seed=2, budget_s=0.6)  # busy on this one
        worker.submit(view, pend.decision, legal, seed=3, budget_s=0.05)  # replaces it
        assert worker.pid == pid and worker.busy
        assert _wait(worker) in legal
        assert not worker.busy and worker.poll() is None  # one answer, the newest only
        worker.submit(view, pend.decision, legal, seed=4, budget_s=0.6)
        worker.cancel()
        assert not worker.busy and worker.poll() is None
        worker.submit(view, pend.decision, legal, seed=5, budget_s=0.05)
        assert _wait(worker) in legal
        assert worker.pid == pid and worker.spawned == 1


def test_restart_and_close_after_a_process_that_never_started(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new_game(2, seed=4)
    pend = g.pending()[0]
    worker = AIWorker("easy", budget_s=0.05)
    worker.restart()  # nothing started yet: nothing to end

    def cannot_start(self: object) -> None:
        raise OSError("no more processes")

    monkeypatch.setattr(worker._ctx.Process, "start", cannot_start)
    with pytest.raises(WorkerDied):
        worker.submit(g.view(pend.player), pend.decision, g.legal_moves(pend.player))
    worker.restart()
    worker.close()
    assert worker.pid is None and worker.spawned == 0
    monkeypatch.undo()
    with worker:  # and it starts once it can
        worker.submit(g.view(pend.player), pend.decision, g.legal_moves(pend.player))
        assert _wait(worker) in g.legal_moves(pend.player)
        assert worker.spawned == 1
