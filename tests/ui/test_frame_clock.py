"""At instant speed the table plays AI moves in a frame for 12 ms of its frame clock. The
headless context's clock ticks (``TickClock``), so a game of AI seats shows the same moves
in the same frames however slow or loaded the machine is; the app's own clock is the wall
clock, as it always was."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui.context import Context
from game.ui.headless import TickClock, headless_context
from game.ui.media.art import Art

SEATS = (("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy"))
FRAMES = 12


def moves_per_frame() -> list[int]:
    """How many moves the match holds after each of the first ``FRAMES`` frames."""
    from game.ui.app import TableApp
    from game.ui.scenes.table import scene_for_match
    from game.ui.table.match import Match, Seat

    ctx = headless_context()
    app = TableApp(ctx, (1280, 720))
    try:
        match = Match.new([Seat(n, k) for n, k in SEATS], 11, first_player=0)
        app.stack.push(scene_for_match(ctx, match))
        out = []
        for _ in range(FRAMES):
            app.step(1 / 60)
            out.append(len(match.history))
        return out
    finally:
        pygame.display.quit()


def test_a_frame_holds_the_same_moves_on_a_slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    quick = moves_per_frame()
    wall = [0.0]

    def crawling() -> float:  # a machine so loaded that a second passes between two looks
        wall[0] += 1.0
        return wall[0]

    monkeypatch.setattr(time, "perf_counter", crawling)
    assert moves_per_frame() == quick
    steps = [b - a for a, b in zip([0, *quick], quick, strict=False)]
    assert max(steps) > 1, "instant speed plays several AI moves in one frame"


def test_the_tick_clock_moves_on_at_each_look_and_the_app_keeps_the_wall_clock() -> None:
    clock = TickClock()
    assert [round(clock(), 6) for _ in range(3)] == [0.001, 0.002, 0.003]
    assert Context(tr=str, art=Art(use_real=False)).frame_clock is time.perf_counter
