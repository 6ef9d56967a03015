"""The end of the round waits for the player or says what it does (issue 32, item 5): a
setting, step by step (the default) or automatic; automatic still stops on the attack that
deals a human their Fire Varans, and its band says so."""

from __future__ import annotations

import pygame

from game.engine.state import E_WATER
from game.player_settings import PlayerSettings
from game.ui.scenes.end_round import STEP_SECONDS, EndOfRoundOverlay
from game.ui.table.match import Seat
from tests.ui.test_table import start, to_action_phase


def to_round_end(app, ctx, human_water: int | None):
    d, match = start(app, ctx, [Seat("Ana"), Seat("Bo", "easy")])
    to_action_phase(d, match)
    p = match.game.players[0]
    if human_water is not None:  # Ana's Water against a firepower of 5
        p.forest_elems[E_WATER] = human_water - p.line_elems[E_WATER]
    match.game.centre[:] = [2, 3]
    match.sync()
    ctx.settings.speed = "normal"
    ctx.settings.confirm_pass = False
    d.dt = 0.1  # frames as long as the app lets one be (its cap): the same steps, fewer frames
    for _ in range(600):
        if isinstance(d.top, EndOfRoundOverlay):
            break
        if d.top.human_seat() == 0:
            d.key(pygame.K_p)
        d.frames()
    walk = d.top
    assert isinstance(walk, EndOfRoundOverlay)
    return d, walk


def test_a_new_player_takes_the_end_of_the_round_step_by_step() -> None:
    assert PlayerSettings().round_end == "steps"
    s, bad = PlayerSettings.from_json({"round_end": "auto"})
    assert s.round_end == "auto" and bad == []
    s, bad = PlayerSettings.from_json({"round_end": "fast"})
    assert s.round_end == "steps" and bad == ["round_end"]


def test_automatic_stops_where_a_human_receives_varans(app, ctx) -> None:
    ctx.settings.round_end = "auto"
    d, walk = to_round_end(app, ctx, human_water=0)
    for _ in range(10 * 4):  # the steps before the attack play by themselves...
        if walk.waiting():
            break
        d.frames()
    d.frames(round(2 * STEP_SECONDS * 10))  # ...and the attack stays past twice its hold
    assert d.top is walk and walk.steps[walk.index].name == "attack" and walk.waiting()
    assert not walk.busy() or walk.table.busy()  # waiting costs no frames of its own
    d.key(pygame.K_SPACE)
    for _ in range(10 * 6):
        if d.top is not walk:
            break
        d.frames()
    assert d.top is not walk  # the rest played by itself


def test_automatic_plays_through_when_no_human_is_hit(app, ctx) -> None:
    ctx.settings.round_end = "auto"
    d, walk = to_round_end(app, ctx, human_water=9)
    for _ in range(10 * 6):
        if d.top is not walk:
            break
        d.frames()
    assert d.top is not walk


def test_the_settings_switch_between_the_two(app, ctx) -> None:
    from game.ui.scenes.overlays import SettingsOverlay

    overlay = SettingsOverlay(ctx)
    label = ctx.tr("settings.round_end", value=ctx.tr("round_end.steps"))
    button = next(b for b in overlay.menu.buttons if b.label == label)
    button.click()
    assert ctx.settings.round_end == "auto"
    auto = ctx.tr("settings.round_end", value=ctx.tr("round_end.auto"))
    assert any(b.label == auto for b in overlay.menu.buttons)
    assert all(overlay.box.contains(b.rect) for b in overlay.menu.buttons)
