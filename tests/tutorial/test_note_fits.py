"""No lesson note is cut or drawn under a button (issue 32, item 2): every step of every
lesson, with and without a refusal under its text, in both languages, at 1280x720 and
1920x1080 and at 100 and 150% text: the text and the refusal fit their boxes, the boxes and
the buttons stay inside the note, no button covers a word, and a note over the Reserve
covers it whole (no card's edge peeking out below it)."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from game.i18n import LANGUAGES
from game.lessons import Refusal, load_lessons
from game.ui.kit import theme
from game.ui.kit.viewport import LOGICAL, Viewport
from game.ui.lessons.lesson_note import note_places
from game.ui.scenes.tutorial import TutorialScene
from tests.tutorial.driver import LessonDriver

LESSONS = load_lessons()
SIZES = ((1280, 720), (1920, 1080))
SCALES = (100, 150)
LONG_REFUSAL = {
    "en": "Not this one: " + "read the note again and make the move it asks for. " * 3,
    "ko": "이것이 아닙니다. " + "설명을 다시 읽고 요청한 대로 두세요. " * 3,
}


def check_note(scene: TutorialScene, app, where: str) -> None:
    p = app.painter
    step = scene.runner.step
    assert step is not None
    text = scene.text.pick(step.text)
    saved = (p.surface, p.vp)
    try:
        for size in SIZES:
            p.retarget(pygame.Surface(size), Viewport(size))
            for scale in SCALES:
                scene.ctx.settings.ui_scale = scale
                p.text_scale = scale / 100
                laid = scene.place_note(p)
                msg = scene.refusal_message()
                at = f"{where} at {size} {scale}%"
                screen = Rect(0, 0, *LOGICAL)
                assert screen.contains(laid.panel), f"{at}: the note leaves the screen"
                assert laid.panel.contains(laid.text), f"{at}: text box outside the note"
                reserve = note_places(scene.table.layout)["left"]
                if laid.panel.colliderect(reserve):  # no Reserve card cut by the note's edge
                    assert laid.panel.contains(reserve), f"{at}: the Reserve peeks out, cut"
                need = p.text_height(text, laid.text.w, laid.size)
                assert need <= laid.text.h, f"{at}: the text is cut ({need} > {laid.text.h})"
                if msg:
                    need = p.text_height(msg, laid.msg.w, theme.SMALL, True)
                    assert need <= laid.msg.h, f"{at}: the refusal is cut"
                    assert laid.panel.contains(laid.msg), f"{at}: refusal outside the note"
                    assert not laid.msg.colliderect(laid.text), f"{at}: refusal over the text"
                cont, skip, lessons = scene.buttons.buttons
                shown = [skip, lessons] + ([cont] if step.move is None else [])
                for b in shown:
                    assert laid.panel.contains(b.rect), f"{at}: {b.label} outside the note"
                    assert not b.rect.colliderect(laid.text), f"{at}: {b.label} over the text"
                    if msg:
                        assert not b.rect.colliderect(laid.msg), f"{at}: {b.label} over refusal"
    finally:
        p.text_scale = 1.0
        scene.ctx.settings.ui_scale = 100
        p.retarget(*saved)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[s.id for s in LESSONS])
def test_every_note_fits_with_its_buttons(index: int, lang: str) -> None:
    from game.ui.app import TableApp
    from tests.tutorial.conftest import make_ctx

    ctx = make_ctx(lang)
    app = TableApp(ctx, (1280, 720))
    try:
        app.stack.push(TutorialScene(ctx, LESSONS, index))
        d = LessonDriver(app)
        d.frames(2)
        for _ in range(len(LESSONS[index].steps) + 1):
            scene = d.scene
            if scene.complete:
                break
            d.settle()
            step = scene.runner.step
            assert step is not None
            where = f"{LESSONS[index].id} step {scene.runner.index + 1} ({lang})"
            check_note(scene, app, where)
            scene.match.refused = Refusal(step.wrong or LONG_REFUSAL)
            check_note(scene, app, where + " refused")
            scene.match.refused = None
            scene.place_note(app.painter)  # the buttons back where the window has them
            d.play_step()
        assert d.scene.complete, "the lesson did not end"
    finally:
        pygame.display.quit()
