"""Issue 6 at the table: autosave after every decision, the same AI after Continue, the
colour-blind palette, confirm-before-pass, and a language switch that relabels the table."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from game.ai import make_policy
from game.ai.levels.budgets import worker_options
from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.engine import Decision
from game.engine.moves import PASS
from game.i18n import Catalog
from game.ui.context import Context, MemoryStorage
from game.ui.kit import theme
from game.ui.media.art import Art
from game.ui.scene import SceneStack
from game.ui.scenes.registry import all_scenes
from game.ui.scenes.table import TableScene, scene_for_match
from game.ui.table.ai_seats.ai_seat import WorkerAi, builtin_choice
from game.ui.table.autosave import AUTOSAVE_GAP_S
from game.ui.table.match import Match, Seat

# -- autosave ------------------------------------------------------------------------------


class CountingStorage(MemoryStorage):
    def __init__(self) -> None:
        super().__init__()
        self.saves: list[dict[str, Any]] = []

    def save_match(self, doc: dict[str, Any]) -> None:
        super().save_match(doc)
        self.saves.append(doc)


def test_every_human_decision_is_saved_at_once(ctx) -> None:
    ctx.storage = CountingStorage()
    match = Match.new([Seat("Ana"), Seat("Bo")], seed=8)
    stack = SceneStack()
    stack.push(scene_for_match(ctx, match))
    for _ in range(6):
        scene = stack.top
        stack.update(1 / 60)
        a = match.active()
        scene.play(a.player, match.legal()[0])
        assert len(ctx.storage.saves[-1]["moves"]) == len(match.history)
    assert len(ctx.storage.saves) == 6


def test_ai_decisions_are_batched_and_nothing_is_lost_on_leaving(ctx, monkeypatch) -> None:
    ctx.storage = CountingStorage()
    match = Match.new([Seat("A", "easy"), Seat("B", "easy"), Seat("C", "easy")], seed=9)
    stack = SceneStack()
    stack.push(scene_for_match(ctx, match))
    now = [0.0]
    monkeypatch.setattr("game.ui.table.autosave.time.monotonic", lambda: now[0])
    rounds = set()
    for frame in range(40):  # a frame every 0.05 s (instant speed: several moves a frame)
        now[0] = frame * 0.05
        stack.update(1 / 60)
        rounds.add(match.game.round)
    # at most one save per AUTOSAVE_GAP_S, plus one at each round's end and game over
    assert len(match.history) > len(ctx.storage.saves) > 0
    assert len(ctx.storage.saves) <= 40 * 0.05 / AUTOSAVE_GAP_S + 1 + 3 * len(rounds)
    stack.pop()  # back to the menu / quit: the last decisions are saved too
    assert len(ctx.storage.match["moves"]) == len(match.history)


# -- the same AI after Continue -------------------------------------------------------------


class InlineWorker:
    """``AIWorker`` without the process: the same policy call, answered at once."""

    def __init__(self, level: str, **options: Any) -> None:
        self.policy = make_policy(level, **options)
        self.answer = None

    def submit(self, view, decision, legal, seed=0, budget_s=None) -> None:  # noqa: ANN001
        self.answer = self.policy.choose(view, decision, legal, random.Random(seed), 0.05)

    def poll(self):  # noqa: ANN201
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    def restart(self) -> None:
        self.answer = None

    def deadline_s(self, budget_s: float | None = None) -> float:
        return 10.0


def fresh_context(storage: Any) -> Context:
    """A new Context, as after a restart: new catalogue, new AI players."""
    catalog = Catalog.load("en", strict=True)
    c = Context(tr=catalog.tr, art=Art(), storage=storage, has_key=catalog.has)
    c.scenes = all_scenes()
    c.ai_factory = lambda level, seat, seed=0: WorkerAi(
        InlineWorker(level, **worker_options(level, 0.05)), seed * 31 + seat
    )
    c.settings.speed = "instant"
    return c


def play_until(ctx: Context, match: Match, moves: int) -> None:
    stack = SceneStack()
    stack.push(scene_for_match(ctx, match))
    for _ in range(2000):
        if len(match.history) >= moves or match.game.over:
            break
        stack.update(1 / 60)
    while len(stack):
        stack.pop()


@pytest.mark.parametrize("kinds", [("easy", "medium", "easy"), ("medium", "hard")])
def test_a_continued_match_makes_the_same_ai_moves(tmp_path, kinds) -> None:
    seats = [Seat(f"S{i}", k) for i, k in enumerate(kinds)]
    full = Match.new(seats, seed=21)
    play_until(fresh_context(MemoryStorage()), full, 70)

    storage = FileStorage(AppPaths.under(tmp_path))
    first = Match.new([Seat(s.name, s.kind) for s in seats], seed=21)
    play_until(fresh_context(storage), first, 30)
    doc = FileStorage(AppPaths.under(tmp_path)).load_match()  # from the file, after "restart"
    assert doc is not None
    resumed = Match.from_saved(doc)
    saved = len(resumed.history)
    assert saved >= 30
    play_until(fresh_context(FileStorage(AppPaths.under(tmp_path))), resumed, 70)
    n = min(len(full.history), len(resumed.history))
    assert n >= saved + 30  # many AI decisions after Continue...
    assert resumed.history[:n] == full.history[:n]  # ...all the same as without a break


# -- confirm before passing -----------------------------------------------------------------


def action_scene(ctx: Context) -> tuple[TableScene, SceneStack, int]:
    match = Match.new([Seat("Ana"), Seat("Bo")], seed=2)
    rand = random.Random(3)
    while True:
        a = match.active()
        if a.decision is Decision.ACTION and match.game.players[a.player].actions_left > 0:
            break
        match.play(a.player, builtin_choice(match.game, a.player, rand))
    match.queue.clear()
    match.sync()
    stack = SceneStack()
    scene = TableScene(ctx, match)
    stack.push(scene)
    return scene, stack, a.player


@pytest.mark.parametrize("confirm", [True, False])
def test_pass_asks_first_only_when_the_setting_says_so(ctx, confirm) -> None:
    ctx.settings.confirm_pass = confirm
    scene, stack, seat = action_scene(ctx)
    played = len(scene.match.history)
    scene.choose(PASS)
    if confirm:
        assert stack.top.kind == "confirm"
        assert len(scene.match.history) == played
    else:
        assert stack.top is scene
        assert scene.match.history[-1] == (seat, PASS)


# -- colour-blind palette -------------------------------------------------------------------

_PROTAN = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
           (-0.003882, -0.048116, 1.051998))  # fmt: skip
_DEUTAN = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
           (-0.011820, 0.042940, 0.968881))  # fmt: skip


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _seen(rgb: tuple, matrix: tuple) -> tuple[float, float, float]:
    """How a dichromat sees ``rgb`` (Machado et al. 2009, severity 1)."""
    lin = [_linear(v) for v in rgb[:3]]
    out = [max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix]
    return tuple(
        255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055) for v in out
    )


def _closest(colours: tuple, matrix: tuple) -> float:
    seen = [_lab(_seen(c, matrix)) for c in colours]
    return min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("matrix", [_PROTAN, _DEUTAN], ids=["protanopia", "deuteranopia"])
def test_the_colour_blind_palette_stays_distinguishable(matrix) -> None:
    cb = theme.COLOUR_BLIND
    for group in (cb.seasons, cb.elements, (cb.legal, cb.selected, theme.HOVER, theme.BG)):
        assert _closest(group, matrix) >= 20
    assert _closest((cb.danger, cb.safe), matrix) >= 40
    assert _closest(theme.NORMAL.seasons, _DEUTAN) < 20  # why the setting exists


def test_the_table_switches_palette_at_once(app, ctx) -> None:
    match = Match.new([Seat("Ana"), Seat("Bo")], seed=5)
    app.stack.push(scene_for_match(ctx, match))
    scene = app.stack.top
    strip = scene.layout["banner"]
    at = (strip.x + 7, strip.centery)
    seat = match.active().player
    for on in (False, True, False):
        ctx.settings.colour_blind = on
        shot = app.render((1920, 1080))
        assert tuple(shot.get_at(at))[:3] == theme.palette(on).seasons[seat]


# -- language switch without a restart -------------------------------------------------------


def test_switching_to_korean_relabels_the_table_at_once(app, ctx) -> None:
    from game.ui.scenes.overlays import PauseOverlay, SettingsOverlay

    catalog = ctx.tr.__self__
    ctx.set_language = catalog.set_language
    match = Match.new([Seat("Ana"), Seat("Bo")], seed=6)
    scene = scene_for_match(ctx, match)
    app.stack.push(scene)
    app.step(1 / 60)
    scene.play(match.active().player, match.legal()[0])  # something in the log
    for _ in range(30):
        app.step(1 / 60)
    assert scene.targets.buttons["button_draw"].label == "Draw"
    english_log = list(scene.log._lines)
    app.stack.push(PauseOverlay(ctx, match))
    settings = SettingsOverlay(ctx)
    app.stack.push(settings)
    settings.language()  # English -> 한국어
    app.step(1 / 60)
    ko = Catalog.load("ko").tr
    assert scene.targets.buttons["button_draw"].label == ko("button.draw") == "뽑기"
    assert scene.targets.buttons["button_menu"].label == ko("button.menu")
    assert scene.log._lines and scene.log._lines != english_log
    assert scene.log._lines[0][0] == ko("log.round_header", round=1)
    assert settings.menu.buttons[0].label == ko("settings.language", value=ko("language.ko"))
    settings.close()
    pause = app.stack.top
    assert pause.menu.buttons[0].label == ko("pause.resume")
    settings = SettingsOverlay(ctx)
    app.stack.push(settings)
    settings.language()  # and back
    app.step(1 / 60)
    assert scene.targets.buttons["button_draw"].label == "Draw"
    catalog.set_language("en")
