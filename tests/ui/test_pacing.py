"""Pacing at four players (issue 15): the end-of-round walkthrough stays short at normal
speed, and the scripted-timing report says when its targets are met."""

from __future__ import annotations

from game.devtools.pacing import Pacing
from game.engine import Source, TaskKind
from game.engine import events as ev
from game.ui.table.match import Seat
from game.ui.words.sentences import log_sentence
from tests.ui.test_table import start


def test_the_end_of_round_walkthrough_takes_under_five_seconds_at_normal_speed(app, ctx) -> None:
    d, _match = start(app, ctx, [Seat(n, "easy") for n in ("Ana", "Bo", "Cy", "Di")])
    for _ in range(5000):
        if d.top.kind == "end_of_round":
            break
        d.frames()
    assert d.top.kind == "end_of_round"
    ctx.settings.speed = "normal"
    ctx.settings.round_end = "auto"  # (step by step, the default, waits for the player)
    frames = 0
    while d.top.kind == "end_of_round" and frames < 60 * 20:
        d.frames()
        frames += 1
    assert d.top.kind == "draw"
    assert 2.5 < frames / 60 <= 5.0, frames / 60  # every step shown, none dawdling


def test_the_report_meets_its_targets_only_within_both() -> None:
    ok = Pacing(first_draw_s=[0.0, 1.5], to_action_s=[9.0], to_draw_s=[11.9])
    assert ok.report({})["met"] is True
    late = Pacing(first_draw_s=[0.0, 2.5], to_action_s=[9.0], to_draw_s=[11.9])
    assert late.report({})["met"] is False
    slow = Pacing(first_draw_s=[0.0], to_action_s=[12.5], to_draw_s=[3.0])
    report = slow.report({"players": 4})
    assert report["met"] is False and report["wait_s"]["max"] == 12.5
    assert report["players"] == 4


def test_a_steal_from_a_jumped_spirit_is_not_called_a_bonus_from_the_rock(ctx) -> None:
    line = log_sentence(ctx.tr, ev.BonusStarted(1, TaskKind.STEAL, Source.ROCK, 0), ["Ana", "Bo"])
    assert line is not None and "Bo" in line
    assert "rock" not in line and "bonus" not in line
    rock = log_sentence(ctx.tr, ev.BonusStarted(1, TaskKind.PLANT, Source.ROCK, 0), ["Ana", "Bo"])
    assert rock is not None and "rock" in rock
