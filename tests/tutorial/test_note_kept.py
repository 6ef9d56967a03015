"""A lesson's note is laid out again only when something it depends on changed (the step,
its words, a refusal, what it must keep clear, the window, the text scale): the layout it
keeps is the one laid out afresh, buttons included, step after step."""

from __future__ import annotations

import pygame
import pytest

from game.lessons import Refusal, load_lessons
from game.ui.scenes.tutorial import TutorialScene
from tests.tutorial.driver import LessonDriver

LESSONS = load_lessons()


def kept_and_fresh(scene: TutorialScene, p) -> tuple[tuple, tuple]:  # noqa: ANN001
    def laid() -> tuple:
        note = scene.place_note(p)
        return note, tuple(tuple(b.rect) for b in scene.buttons.buttons)

    kept = laid()
    scene.laid_note = None
    return kept, laid()


@pytest.mark.parametrize("index", [0, 2])
def test_the_note_kept_is_the_note_laid_out_afresh(index: int) -> None:
    from game.ui.app import TableApp
    from tests.tutorial.conftest import make_ctx

    ctx = make_ctx("en")
    app = TableApp(ctx, (1280, 720))
    try:
        app.stack.push(TutorialScene(ctx, LESSONS, index))
        d = LessonDriver(app)
        d.frames(2)
        p = app.painter
        kept_before = 0
        while not d.scene.complete:
            d.settle()
            scene = d.scene
            d.frames(1)  # the frame lays the note out and keeps it
            assert scene.laid_note is not None
            kept, fresh = kept_and_fresh(scene, p)
            assert kept == fresh
            kept_before += 1
            scene.match.refused = Refusal({"en": "Not this one: read the note again. " * 3})
            kept, fresh = kept_and_fresh(scene, p)
            assert kept == fresh, "a refusal lays the note out again"
            p.text_scale = 1.5
            kept, fresh = kept_and_fresh(scene, p)
            p.text_scale = 1.0
            assert kept == fresh, "a new text scale lays the note out again"
            scene.match.refused = None
            d.frames(1)  # (the buttons back where the frame's note puts them)
            d.play_step()
        assert kept_before > 5
    finally:
        pygame.display.quit()
