"""Issue 17 item 2: a dead or frozen AI worker never crashes the table nor makes it wait
forever. It is restarted and asked again; after a second failure the seat plays the built-in
policy for that decision, and the table says so once."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest

from game.ai.runtime.worker import AIWorker, WorkerDied
from game.engine import Game, Move, new_game
from game.engine.moves import PickFire
from game.ui.table.ai_seats.ai_seat import WorkerAi


class FakeWorker:
    """Scripted answers: a move, ``"die"`` (the process ended), ``"hang"`` (no answer ever),
    ``"refuse"`` (cannot start)."""

    def __init__(self, script: list[Any]) -> None:
        self.script = script
        self.asked = 0
        self.restarts = 0
        self.current: Any = None

    def submit(self, view: Any, decision: Any, legal: Any, seed: int = 0, **kw: Any) -> int:
        self.current = self.script[min(self.asked, len(self.script) - 1)]
        self.asked += 1
        if self.current == "refuse":
            raise WorkerDied("cannot start")
        return self.asked

    def poll(self) -> Move | None:
        if self.current == "die":
            raise WorkerDied("killed")
        if self.current in ("hang", None):
            return None
        answer, self.current = self.current, None
        return answer

    def restart(self) -> None:
        self.restarts += 1

    def cancel(self) -> None:
        self.current = None

    def deadline_s(self, budget_s: float | None = None) -> float:
        return 10.0


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _decision() -> tuple[Game, int]:
    game = new_game(2, seed=4, first_player=0)
    return game, game.pending()[0].player


def _poll(ai: WorkerAi, clock: Clock, seconds: float = 60.0) -> Move:
    for _ in range(int(seconds * 10)):
        move = ai.poll()
        if move is not None:
            return move
        clock.now += 0.1
    raise AssertionError("no answer: the seat waits forever")


def test_a_worker_that_dies_once_is_restarted_and_answers() -> None:
    game, seat = _decision()
    answer = game.legal_moves(seat)[0]
    worker, clock = FakeWorker(["die", answer]), Clock()
    ai = WorkerAi(worker, deadline_s=10, clock=clock)
    ai.submit(game, seat)
    assert _poll(ai, clock) == answer
    assert (worker.restarts, worker.asked, ai.fallbacks) == (1, 2, 0)


@pytest.mark.parametrize(
    "failure",
    ["die", "hang", "refuse", PickFire(2.0), PickFire(3), PickFire([3]), PickFire({"v": 3})],
)
def test_a_second_failure_plays_the_built_in_policy_for_that_decision(failure: Any) -> None:
    """Dead, frozen, unable to start, or answering a move of the wrong type (an unhashable
    list or dict included: issue 32 item 18) or an illegal one: twice, and the decision is
    made by the built-in policy, within two deadlines."""
    game, seat = _decision()
    worker, clock = FakeWorker([failure]), Clock()
    ai = WorkerAi(worker, deadline_s=10, clock=clock)
    ai.submit(game, seat)
    move = _poll(ai, clock)
    assert move in game.legal_moves(seat)
    assert ai.fallbacks == 1 and worker.restarts == 2 and worker.asked == 2
    assert clock.now <= 2 * 10 + 0.5
    answer = game.legal_moves(seat)[-1]
    worker.script = [answer]  # the next decision asks the (restarted) worker again
    ai.submit(game, seat)
    assert _poll(ai, clock) == answer and ai.fallbacks == 1


def test_the_deadline_is_ten_budgets_and_at_least_ten_seconds() -> None:
    worker = AIWorker("easy", budget_s=0.2)
    assert worker.deadline_s() == 10.0 and worker.deadline_s(3.0) == 30.0
    worker.close()


@pytest.mark.slow  # real processes (~2.5 s); tools/fault_audit.py kills and stops them too
def test_real_worker_killed_while_thinking_or_stopped_is_replaced() -> None:
    """The real process: SIGKILL (issue: 8 of 8 crashed the app) and SIGSTOP (waited
    forever). Each is noticed, the worker restarted and the answer still comes."""
    game, seat = _decision()
    legal = game.legal_moves(seat)
    with AIWorker("easy", budget_s=0.05) as worker:
        ai = WorkerAi(worker, deadline_s=1.5)
        ai.submit(game, seat)
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)  # while it starts and thinks
        start = time.monotonic()
        move = _real_answer(ai)
        assert move in legal and ai.failures == 1 and ai.fallbacks == 0
        ai.submit(game, seat)
        stopped = worker.pid
        assert stopped is not None
        os.kill(stopped, signal.SIGSTOP)
        move = _real_answer(ai)
        assert move in legal and ai.failures == 2 and ai.fallbacks == 0
        assert worker.pid != stopped and time.monotonic() - start < 15
        with pytest.raises(ProcessLookupError):  # the frozen child was ended, not leaked
            for _ in range(50):
                os.kill(stopped, 0)
                time.sleep(0.05)


def _real_answer(ai: WorkerAi) -> Move:
    end = time.monotonic() + 20
    while time.monotonic() < end:
        move = ai.poll()
        if move is not None:
            return move
        time.sleep(0.01)
    raise AssertionError("no answer")


def test_the_table_goes_on_and_says_so_once_when_a_seat_falls_back(app, ctx) -> None:  # noqa: ANN001
    from game.ui.scenes.table import scene_for_match
    from game.ui.table.match import Match, Seat

    workers: list[FakeWorker] = []

    def factory(level: str, seat: int, seed: int = 0) -> WorkerAi:
        workers.append(FakeWorker(["die"]))
        return WorkerAi(workers[-1], deadline_s=10)

    ctx.ai_factory = factory
    match = Match.new([Seat("Ana", "human"), Seat("Grove", "easy")], 7, first_player=1)
    app.stack.push(scene_for_match(ctx, match))
    for _ in range(10):
        app.step(1 / 60)
    assert len(match.history) >= 1 and match.history[0][0] == 1  # Grove moved
    table = app.stack.top
    said = [line for line in table.alerts.lines(ctx.tr) if "Grove" in line]
    assert len(said) == 1 and "simple move" in said[0]
    app.step(1 / 60)
    app.step(1 / 60)
    assert [line for line in table.alerts.lines(ctx.tr) if "Grove" in line] == said


def test_a_failing_worker_and_a_failing_hint_are_logged_with_their_traceback(caplog) -> None:
    """Issue 28 item 5: the AI seat and the hint no longer swallow what went wrong."""
    import logging

    from game.ui.table.ai_seats.hinting import InlineHint

    game, seat = _decision()
    worker, clock = FakeWorker(["die", game.legal_moves(seat)[0]]), Clock()
    ai = WorkerAi(worker, deadline_s=10, clock=clock)
    with caplog.at_level(logging.WARNING, logger="game"):
        ai.submit(game, seat)
        _poll(ai, clock)

        def broken(view: Any) -> None:
            raise RuntimeError("hint search broke")

        hint = InlineHint(broken)
        hint.submit(game, seat)
    assert hint.poll() is not None
    failures = [r for r in caplog.records if r.exc_info is not None]
    assert any("AI seat" in r.getMessage() and "killed" in str(r.exc_info[1]) for r in failures)
    assert any(
        "hint" in r.getMessage() and "hint search broke" in str(r.exc_info[1]) for r in failures
    )
