"""The tutorial through the real scenes, by synthetic clicks and keys: every lesson from its
first step to its end, wrong clicks explained and ignored, progress kept, real saves safe."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app.lesson_progress import PROGRESS_FILE, ProgressStore
from game.app.paths import AppPaths
from game.lessons import load_lessons
from game.ui.scenes.tutorial import TutorialMenuScene, TutorialScene
from game.ui.table.targets import Target
from tests.tutorial.driver import LessonDriver

LESSONS = load_lessons()


def open_lesson(app, ctx, index: int) -> LessonDriver:
    menu = TutorialMenuScene(ctx, LESSONS)
    app.stack.push(menu)
    d = LessonDriver(app)
    d.frames()
    d.click(menu.menu.buttons[index].rect.center)
    d.frames(2)
    assert app.stack.top.kind == "tutorial"
    return d


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[s.id for s in LESSONS])
def test_each_lesson_plays_through_the_scene_by_clicks(app, ctx, index: int) -> None:
    d = open_lesson(app, ctx, index)
    scene = d.scene
    while not scene.complete:
        d.play_step()
    assert scene.progress.completed(LESSONS[index].id)
    assert scene.runner.scripted == len(LESSONS[index].opponent)
    # the end panel offers a real game
    labels = [b.label for b in scene.end_menu.buttons]
    assert scene.text("play_real") in labels


def test_wrong_clicks_are_explained_and_change_nothing(app, ctx) -> None:
    d = open_lesson(app, ctx, 2)  # Attract, Extinguish, Onibi
    scene = d.scene
    d.play_step()  # the intro
    d.play_step()  # Attract
    d.settle()
    before = scene.match.game.to_json()
    d.click(d.target(Target("reserve", 19)))  # the Wolf: affordable, but not the lesson's
    assert scene.match.refused is not None
    assert "Flamingo" in scene.match.refused.message("en")
    assert scene.match.game.to_json() == before and scene.runner.index == 2
    scene.match.refused = None
    d.click(d.target(Target("reserve", 51)))  # the Leopard costs 10: the engine says why too
    assert scene.match.refused is not None and scene.match.refused.engine
    assert scene.match.game.to_json() == before
    d.play_step()  # the Flamingo is accepted and the note clears
    assert scene.match.refused is None and scene.runner.index == 3


def test_keys_for_wrong_moves_are_refused_too(app, ctx) -> None:
    d = open_lesson(app, ctx, 0)
    scene = d.scene
    d.settle()
    d.key(pygame.K_SPACE)  # a draw while the note asks to read and continue
    assert scene.match.refused is not None
    assert scene.match.game.players[0].line == []
    d.key(pygame.K_RETURN)  # Continue
    assert scene.runner.index == 1 and scene.match.refused is None
    d.key(pygame.K_f)  # a Fragment: not the move, and not even legal (the engine says why)
    assert scene.match.refused is not None and scene.match.refused.engine
    assert scene.runner.index == 1
    d.key(pygame.K_SPACE)
    assert scene.runner.index == 2 and len(scene.match.game.players[0].line) == 1


def test_a_wrong_tree_is_refused_before_its_space(app, ctx) -> None:
    d = open_lesson(app, ctx, 3)
    scene = d.scene
    d.play_step()
    d.play_step()  # Plant chosen
    d.settle()
    d.click(d.target(Target("tree_kind", 0)))  # Tree 3A, not the lesson's 3B
    assert scene.match.refused is not None and scene.table.selected_tree == -1
    d.play_step()
    assert scene.runner.index == 3


def test_skip_lessons_menu_and_play_a_real_game(app, ctx) -> None:
    d = open_lesson(app, ctx, 0)
    scene = d.scene
    d.settle()
    d.click(scene.buttons.buttons[1].rect.center)  # Skip lesson
    assert scene.index == 1 and not scene.progress.completed(LESSONS[0].id)
    d.key(pygame.K_ESCAPE)
    assert app.stack.top.kind == "tutorial_menu"
    menu = app.stack.top
    d.click(menu.menu.buttons[len(LESSONS)].rect.center)  # Play a real game
    assert app.stack.top.kind == "setup"
    assert [s.kind for s in app.stack.scenes] == ["menu", "setup"]


def test_the_lesson_never_touches_the_real_save_or_statistics(app, ctx) -> None:
    saved = {"a": "real game in progress"}
    ctx.storage.match = saved
    d = open_lesson(app, ctx, len(LESSONS) - 1)
    scene = d.scene
    while not scene.complete:
        d.play_step()
    assert scene.match.game.over
    assert ctx.storage.match is saved and ctx.storage.stats.played == 0


def test_progress_is_kept_in_the_data_folder(tmp_path) -> None:
    path = AppPaths.under(tmp_path).data / PROGRESS_FILE
    store = ProgressStore(path)
    store.mark_done("01_drawing")
    assert json.loads(path.read_text("utf-8"))["completed"] == ["01_drawing"]
    assert ProgressStore(path).completed("01_drawing")
    path.write_bytes(b"\x00garbage")
    assert not ProgressStore(path).completed("01_drawing")


def test_the_app_hands_the_file_progress_to_the_lessons(tmp_path, monkeypatch) -> None:
    from game.app.launch import build, file_services

    monkeypatch.setenv("LIVING_FOREST_HOME", str(tmp_path))
    storage, progress = file_services()
    services = build(storage=storage, progress=progress, use_workers=False, sound=False)
    try:
        services.ctx.lesson_progress.mark_done("02_varan")
        assert ProgressStore(AppPaths.under(tmp_path).data / PROGRESS_FILE).completed("02_varan")
    finally:
        services.close()


def test_korean_lesson_shows_korean(app) -> None:
    from tests.tutorial.conftest import make_ctx

    ko = make_ctx("ko")
    app.ctx = ko
    scene = TutorialScene(ko, LESSONS, 0)
    app.stack.push(scene)
    LessonDriver(app).frames(2)
    assert scene.text("continue") == "계속"
    assert scene.match.names[0] == "봄"
    app.render((1280, 720))


def test_learn_to_play_from_the_main_menu(app, ctx) -> None:
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    d = LessonDriver(app)
    d.frames()
    button = next(b for b in app.stack.top.menu.buttons if b.label == ctx.tr("menu.learn"))
    d.click(button.rect.center)
    assert app.stack.top.kind == "tutorial_menu"
    d.key(pygame.K_RETURN)  # the first lesson not yet done has the focus
    assert app.stack.top.kind == "tutorial" and app.stack.top.index == 0
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert app.stack.top.kind == "menu"


def covered(scene: TutorialScene) -> list[str]:
    """What the step's note covers of what must stay in sight now."""
    table = scene.table_below()
    assert table is not None
    hits = [r for r in scene.kept_clear(table) if scene.panel_area.colliderect(r)]
    return [f"step {scene.runner.index + 1}: {r}" for r in hits]


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[s.id for s in LESSONS])
def test_the_note_never_covers_what_its_step_talks_about(language: str, index: int) -> None:
    """Every step, at normal speed (the end of the round held step by step), in frames of
    0.1 s, as a slow machine's (the states at each step are the same): the note keeps
    off the lit zones, the move's target, the Onibi band and what it moves, the game-over box."""
    from game.ui.app import TableApp
    from tests.tutorial.conftest import make_ctx

    ctx = make_ctx(language)
    ctx.settings.speed = "normal"
    app = TableApp(ctx, (1280, 720))
    try:
        d = open_lesson(app, ctx, index)
        d.dt = 0.1  # frames as long as the app lets one be (its cap): a third as many
        scene = d.scene
        bad: list[str] = []
        round_ends = 0
        while not scene.complete:
            step = scene.runner.step
            assert step is not None
            for _ in range(3000):
                if step.move is None and scene.can_continue():
                    break
                table = scene.table
                if step.move is not None and table is not None and table.human_seat() == 0:
                    break
                top = scene.inner.top
                if top is not None and top.kind == "end_of_round" and step.until == "next_round":
                    d.frames(2)
                    bad += covered(scene)
                    round_ends += 1
                    d.click(top.table.layout["circle"].center)  # the learner clicks the table
                    continue
                d.frames()
            d.frames()
            bad += covered(scene)
            d.play_step()
        assert bad == [], bad
        assert round_ends == (5 if index == 2 else 0)  # lesson 3 shows Onibi's five steps
    finally:
        pygame.display.quit()


def test_a_new_step_leaves_no_tooltip_and_offers_only_its_move(app, ctx) -> None:
    d = open_lesson(app, ctx, 0)
    d.play_step()  # step 1: Continue
    d.play_step()  # step 2: the draw pile, clicked
    d.frames(40)
    table = d.scene.table
    assert table is not None and table.pointer.hover is None  # no tooltip of the pile just clicked
    while d.scene.runner.index < 7:  # to step 8: read while Summer draws, then Continue
        d.play_step()
    d.settle()
    table = d.scene.table
    assert table is not None and table.kind == "action"
    moves = [
        n for n in table.targets.buttons if n.startswith("button_action_") or n == "button_pass"
    ]
    assert moves and not any(table.targets.buttons[n].enabled for n in moves)
    assert table.prompt_text() == d.scene.text("read_first")
    d.play_step()
    assert table.targets.buttons["button_action_4"].enabled is False  # step 9 reads too
    assert table.prompt_text() == d.scene.text("prompt_last")


@pytest.mark.parametrize("index", [2, 3])
def test_a_lesson_ends_on_a_quiet_table(app, ctx, index: int) -> None:
    """The last note is read with the opponent's script used up: no "Summer is thinking",
    and no round ending by itself under it (lesson 4 ends in round 3)."""
    d = open_lesson(app, ctx, index)
    scene = d.scene
    while scene.runner.index < len(LESSONS[index].steps) - 1:
        d.play_step()
    d.settle()
    d.frames(60)
    table = scene.table
    assert table is not None and scene.inner_kind in ("draw", "action")
    assert table.prompt_text() == scene.text("prompt_last")
    assert scene.match.game.round == LESSONS[index].setup["round"] + (index == 2)
    d.play_step()
    assert scene.complete and table.prompt_text() == scene.text("lesson_over")
