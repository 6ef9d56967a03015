"""The action phase's AI seat is asked once per decision: the table showing the last move
(``Match.sync``, which bumps ``version``) must not ask a seat that is still thinking again (a
busy Hard worker then dropped its search and, before, was killed and respawned)."""

from __future__ import annotations

import random

from game.engine import Game, Move, Phase
from game.ui.table.ai_seats.ai_driver import AiSeatDriver
from game.ui.table.ai_seats.ai_seat import BuiltinAi, builtin_choice
from game.ui.table.match import Match, Seat


class SlowAi:
    """Answers the built-in move after ``frames`` polls; counts what it is asked."""

    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.inner = BuiltinAi("easy", seed=1)
        self.asked: list[int] = []  # the seat of each submit
        self.left = 0

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.asked.append(seat)
        self.inner.submit(game, seat, seed)
        self.left = self.frames

    def poll(self) -> Move | None:
        self.left -= 1
        return self.inner.poll() if self.left <= 0 else None

    def cancel(self) -> None:
        self.inner.cancel()

    @property
    def lane(self) -> object:
        return self


def test_a_seat_still_thinking_is_not_asked_again_when_the_table_catches_up() -> None:
    match = Match.new([Seat(f"AI {i}", "hard") for i in range(4)], seed=4, first_player=0)
    rand = random.Random(0)
    for _ in range(200):  # the draw phase, played straight
        if match.game.phase is not Phase.DRAW:
            break
        p = match.game.pending()[0]
        match.play(p.player, builtin_choice(match.game, p.player, rand))
    assert match.game.phase is Phase.ACTION
    ai = SlowAi(frames=5)
    driver = AiSeatDriver(match, lambda kind, seat, seed: ai)
    played = 0

    def play(seat: int, move: Move) -> None:
        nonlocal played
        match.play(seat, move)
        played += 1

    for _ in range(60):  # frames; each shows the queue at once, as the table catches up
        driver.drive(0.1, "fast", True, play)
        match.queue.clear()
        match.sync()
    assert played >= 5
    assert len(ai.asked) in (played, played + 1)  # once per decision (and the one pending)
