"""Thinking during the human's draws (``pondering``): while the human draws and every AI seat
has stopped, the AI decisions after the human's Stop are asked ahead of a pondering worker;
the seat uses such an answer only for the very request it makes, so no move changes."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Decision, Move, Phase, View
from game.engine.moves import DRAW, STOP
from game.ui.table.ai_seats.ai_driver import AiSeatDriver
from game.ui.table.ai_seats.ai_seat import WorkerAi, decision_seed
from game.ui.table.ai_seats.ponderer import Ponderer, request_key
from game.ui.table.match import Match, Seat


class FakeWorker:
    """Answers every request at the next poll with a move chosen by the request's seed."""

    def __init__(self) -> None:
        self.asked: list[tuple[View, Decision, tuple[Move, ...], int]] = []
        self.pending: tuple[Move, ...] | None = None

    def submit(
        self,
        view: View,
        decision: Decision,
        legal_moves: Sequence[Move],
        seed: int = 0,
        budget_s: float | None = None,
    ) -> int:
        self.asked.append((view, decision, tuple(legal_moves), seed))
        self.pending = tuple(legal_moves)
        return len(self.asked)

    def poll(self) -> Move | None:
        if self.pending is None:
            return None
        legal, self.pending = self.pending, None
        return legal[self.asked[-1][3] % len(legal)]

    def cancel(self) -> None:
        self.pending = None

    def restart(self) -> None:
        self.pending = None

    def close(self) -> None:
        self.pending = None

    def deadline_s(self, budget_s: float | None = None) -> float:
        return 10.0


def human_drawing(seed: int = 7) -> Match:
    """2 seats: the human (seat 0) has drawn one card and may stop; the Hard seat (seat 1,
    first in the action phase) has drawn two and stopped (its first action, chosen by
    the fakes' seed, is an Attract: a turn of several decisions)."""
    match = Match.new([Seat("You", "human"), Seat("AI", "hard")], seed=seed, first_player=1)
    match.play(1, DRAW)
    match.play(1, DRAW)
    match.play(1, STOP)
    match.play(0, DRAW)
    assert match.game.phase is Phase.DRAW and STOP in match.game.legal_moves(0)
    return match


def drive_shown(driver: AiSeatDriver, match: Match) -> list[Move]:
    """One frame of the driver with every event shown (the table has caught up)."""
    match.queue.clear()
    match.sync()
    played: list[Move] = []

    def play(seat: int, move: Move) -> None:
        match.play(seat, move)
        played.append(move)

    driver.drive(1.0, "instant", True, play)
    return played


def table(match: Match) -> tuple[AiSeatDriver, FakeWorker, FakeWorker, Ponderer]:
    own, ahead = FakeWorker(), FakeWorker()
    ponderer = Ponderer(ahead)
    seat_ai = WorkerAi(own, ponder=ponderer)
    driver = AiSeatDriver(match, lambda kind, seat, seed: seat_ai, lambda level: ponderer)
    return driver, own, ahead, ponderer


def test_the_decision_after_the_humans_stop_is_asked_ahead_and_used_unasked() -> None:
    match = human_drawing()
    driver, own, ahead, ponderer = table(match)
    driver.foresight.step(match, driver.ponder_for)  # asks for the AI's first action
    driver.foresight.step(match, driver.ponder_for)  # collects it, asks for the next one
    assert len(ahead.asked) == 2 and own.asked == []
    assert ahead.asked[1][1] is Decision.ATTRACT  # the chain goes on through the turn
    view, decision, legal, seed = ahead.asked[0]
    after = match.game.clone()
    after.play(0, STOP)  # the position the table reaches if the human stops now
    assert decision is Decision.ACTION and view.player == 1
    assert seed == decision_seed(match.ai_seed, len(match.history) + 1, 1)
    assert request_key(view, decision, legal, seed) == request_key(
        after.view(1), Decision.ACTION, after.legal_moves(1), seed
    )
    match.play(0, STOP)
    played = drive_shown(driver, match)
    assert own.asked == [] and ponderer.hits == 1  # the seat's worker was not asked
    assert played == [legal[seed % len(legal)]]  # the answer its own worker gives


def test_a_prediction_the_human_overturns_is_not_used() -> None:
    """The human draws again: the pondered answer is for another position, and the seat's
    own worker is asked for the real one."""
    match = human_drawing()
    driver, own, ahead, ponderer = table(match)
    driver.foresight.step(match, driver.ponder_for)
    driver.foresight.step(match, driver.ponder_for)
    match.play(0, DRAW)
    for _ in range(20):  # bounded: the human's line grows until a Stop is possible again
        if STOP in match.game.legal_moves(0) or match.game.phase is not Phase.DRAW:
            break
        match.play(0, DRAW)
    if match.game.phase is Phase.DRAW:
        match.play(0, STOP)
    assert match.game.phase is Phase.ACTION
    played = drive_shown(driver, match)
    assert ponderer.hits == 0 and len(own.asked) == 1
    view, decision, legal, seed = own.asked[0]
    assert played == [legal[seed % len(legal)]]


def test_the_chain_goes_on_past_the_seats_real_answer() -> None:
    """In the action phase the seat's own worker answers the decision in hand; the chain
    remembers that answer and ponders the next decision of the turn meanwhile."""
    match = human_drawing()
    match.play(0, STOP)
    driver, own, ahead, ponderer = table(match)
    # The table is still showing the Stop: the seat is asked and answers, not yet played.
    driver.drive(1.0, "instant", True, lambda seat, move: None)
    assert len(own.asked) == 1 and ahead.asked == [] and match.ai_job.answer is not None
    move = match.ai_job.answer
    driver.foresight.step(match, driver.ponder_for)
    assert len(ahead.asked) == 1  # the decision after that answer
    g = match.game.clone()
    g.play(1, move)
    seats, decision = g.deciding()
    assert seats == [1] and ahead.asked[0][1] == decision
    assert ahead.asked[0][3] == decision_seed(match.ai_seed, len(match.history) + 1, 1)


def test_no_pondering_while_an_ai_seat_draws_or_for_a_level_not_pondered() -> None:
    match = Match.new([Seat("You", "human"), Seat("AI", "hard")], seed=3, first_player=1)
    match.play(0, DRAW)  # the AI seat still draws: the position is not certain
    driver, own, ahead, ponderer = table(match)
    for _ in range(3):
        driver.foresight.step(match, driver.ponder_for)
    assert ahead.asked == []
    match.play(1, DRAW)
    match.play(1, STOP)  # now certain, but a level that answers by time is not pondered
    for _ in range(3):
        driver.foresight.step(match, lambda level: None)
    assert ahead.asked == []
    driver.foresight.cancel()  # (walked already for this position: walk it again)
    driver.foresight.step(match, driver.ponder_for)  # the Hard seat's is
    assert len(ahead.asked) == 1
