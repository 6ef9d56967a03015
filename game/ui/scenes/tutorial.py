"""The guided first game: a lesson menu, and a scene that drives the real table.

``TutorialScene`` owns a private ``SceneStack`` holding the ordinary table scene (and the
end-of-round walkthrough over it) of a ``TutorialMatch``, so the table behaves exactly as in
a real game while the
lesson decides which move is accepted: clicks are read before the table sees them, and the
match itself refuses any other move (keyboard included) with the step's explanation. Saves,
statistics and hints are switched off for the lesson's match. What it draws (the note, the lit
zones, the pointer at the step's target) is ``LessonDrawing`` (``ui/lessons/lesson_drawing.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from game.engine.moves import Plant
from game.lessons import LEARNER, Lesson, LessonProgress, LessonRunner, Refusal, load_lessons
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList
from game.ui.lessons.lesson_drawing import LessonDrawing
from game.ui.lessons.lesson_end import LessonEndMenu
from game.ui.lessons.lesson_match import LessonStorage, TutorialMatch, UiText
from game.ui.scene import Scene, SceneStack
from game.ui.table.table_role import TABLE_KINDS, TableRole, table_of

SCREEN = Rect(0, 0, *LOGICAL)


# -- the lesson menu ----------------------------------------------------------------------


class TutorialMenuScene(Scene):
    """Pick a lesson (finished ones are ticked), or go straight to a real game."""

    kind = "tutorial_menu"

    def __init__(self, ctx: Context, lessons: list[Lesson] | None = None) -> None:
        super().__init__(ctx)
        self.lessons = lessons if lessons is not None else load_lessons()
        self.text = UiText(ctx.language)
        self.progress = ctx.lesson_progress
        self.menu = ButtonList()

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        t = self.text
        focus = self.menu.focus
        buttons = []
        for i, lesson in enumerate(self.lessons):
            done = self.progress.completed(lesson.id)
            label = f"{i + 1}. {t.pick(lesson.title)}" + (f"  {t('done_mark')}" if done else "")
            buttons.append(Button(Rect(560, 330 + i * 78, 800, 64), label, partial(self.start, i)))
        y = 330 + len(self.lessons) * 78 + 30
        buttons.append(Button(Rect(560, y, 390, 64), t("play_real"), self.play_real))
        buttons.append(Button(Rect(970, y, 390, 64), t("main_menu"), self.back))
        self.menu.buttons = buttons
        if focus < 0:
            focus = next(
                (i for i, s in enumerate(self.lessons) if not self.progress.completed(s.id)),
                len(self.lessons),
            )
        self.menu.focus = focus
        for i, b in enumerate(buttons):
            b.focused = i == focus

    def start(self, index: int) -> None:
        self._stack().push(TutorialScene(self.ctx, self.lessons, index, self.progress))

    def play_real(self) -> None:
        play_real_game(self)

    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    def draw(self, p: Painter) -> None:
        t = self.text
        p.image("background", rect=SCREEN)
        p.rect(SCREEN, (0, 0, 0, 140))
        p.text(t("title"), (960, 60), theme.HUGE, theme.ACCENT, anchor="midtop", bold=True)
        p.text_box(t("intro"), Rect(460, 170, 1000, 140), theme.BODY, theme.TEXT, align="center")
        self.menu.draw(p)
        focus = self.menu.focus
        if 0 <= focus < len(self.lessons):
            summary = t.pick(self.lessons[focus].summary)
            y = self.menu.buttons[-1].rect.bottom + 24
            p.text_box(summary, Rect(460, y, 1000, 110), theme.BODY, theme.TEXT_DIM, align="center")
        p.text(t("menu_keys"), (960, 1050), theme.SMALL, theme.TEXT_DIM, anchor="center")


def play_real_game(scene: Scene) -> None:
    """Leave the tutorial for the ordinary new-game setup (the menu stays below it)."""
    if scene.stack is None:
        return
    scene.clear_to("menu").push("setup")


# -- a lesson -----------------------------------------------------------------------------


class TutorialScene(LessonDrawing, Scene):
    """One lesson over the real table: note panel, lit zones, refusals, and the end."""

    kind = "tutorial"

    def __init__(
        self,
        ctx: Context,
        lessons: list[Lesson],
        index: int,
        progress: LessonProgress | None = None,
    ) -> None:
        super().__init__(ctx)
        self.lessons = lessons
        self.index = index
        self.progress = progress if progress is not None else ctx.lesson_progress
        self.text = UiText(ctx.language)
        self.inner_ctx = dataclasses.replace(
            ctx,
            storage=LessonStorage(ctx.storage),
            hint=None,
            scenes=ctx.scenes.tuned("game_over", buttons=False),  # the note leads on instead
        )
        self.inner = SceneStack()
        self.buttons = ButtonList(keyboard=False)
        self.end_menu = LessonEndMenu()
        self.complete = False
        self.clock = 0.0
        self.shown_step = -1
        self.panel_area = Rect(0, 0, 0, 0)
        self.laid_note = None  # the note as last laid out (``LessonDrawing.place_note``)
        self.runner: LessonRunner
        self.match: TutorialMatch

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    # -- lifecycle -------------------------------------------------------------------------

    def enter(self) -> None:
        self.start()

    def exit(self) -> None:
        while len(self.inner):
            self.inner.pop()

    def covers_window(self) -> bool:
        return self.inner.covers_window()  # the lesson's table, drawn first

    def resized(self) -> None:
        self.inner.resized()

    def start(self) -> None:
        """(Re)start the current lesson from its prepared position."""
        while len(self.inner):
            self.inner.pop()
        t = self.text
        self.runner = LessonRunner(self.lesson, ui=t.strings)
        self.match = TutorialMatch.for_lesson(self.runner, (t("you"), t("opponent")), t.lang)
        self.inner.push(self.inner_ctx.scenes.make("table", self.inner_ctx, self.match))
        self.complete = False
        self.shown_step = -1
        self.build_buttons()

    def goto(self, index: int) -> None:
        self.index = index
        self.start()

    # -- state -----------------------------------------------------------------------------

    @property
    def table(self) -> TableRole | None:
        """The table on top (the walkthrough's or the results' own table while they are up),
        or ``None`` under another overlay."""
        return table_of(self.inner.top)

    @property
    def inner_kind(self) -> str:
        top = self.inner.top
        return top.kind if top is not None else ""

    def can_continue(self) -> bool:
        step = self.runner.step
        if step is None or not self.runner.can_continue():
            return False
        kind = self.inner_kind
        if step.until == "end_of_round":  # (at instant speed it may already be over)
            return kind == "end_of_round" or (kind in TABLE_KINDS and self.match.idle)
        if step.until == "next_round":
            return kind in TABLE_KINDS and self.match.idle
        if step.until == "game_over":
            return kind == "game_over"
        return self.match.idle or kind == "end_of_round"

    def next_step(self) -> None:
        if not self.can_continue():
            return
        self.runner.cont()
        self.match.refused = None
        if self.runner.done:
            self.finish()

    def finish(self) -> None:
        self.complete = True
        self.progress.mark_done(self.lesson.id)
        self.build_end_menu()

    def skip(self) -> None:
        if self.index + 1 < len(self.lessons):
            self.goto(self.index + 1)
        else:
            self.to_lessons()

    def to_lessons(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    # -- the note panel --------------------------------------------------------------------

    def build_buttons(self) -> None:
        t = self.text
        cont = Button(Rect(0, 0, 10, 10), t("continue"), self.next_step, key_hint="Enter")
        cont.highlight = True
        self.buttons.buttons = [
            cont,
            Button(Rect(0, 0, 10, 10), t("skip"), self.skip, size=theme.SMALL),
            Button(Rect(0, 0, 10, 10), t("lessons"), self.to_lessons, size=theme.SMALL),
        ]
        self.panel_area = Rect(0, 0, 0, 0)

    def build_end_menu(self) -> None:
        t = self.text
        items: list[tuple[str, Callable[[], None]]] = []
        if self.index + 1 < len(self.lessons):
            items.append((t("next"), lambda: self.goto(self.index + 1)))
        items += [
            (t("play_real"), lambda: play_real_game(self)),
            (t("replay"), self.start),
            (t("lessons"), self.to_lessons),
        ]
        self.end_menu.build(items)

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.complete:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.to_lessons()
            else:
                self.end_menu.handle_event(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.buttons.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.panel_area.collidepoint(event.pos):
            if event.button == 1:
                self.buttons.handle_event(event)
            return  # the note covers the table there
        if event.type == pygame.KEYDOWN and self.on_key(event):
            return
        if self.inner_kind == "game_over":
            return  # its Play again / Menu belong to real games; the lesson's panel leads on
        table = self.table
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and table is not None
            and self.inner_kind in TABLE_KINDS
            and self.intercept_click(table, event.pos)
        ):
            return
        self.inner.handle_event(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        """Keys the lesson answers itself; True when the table must not see the key."""
        table = self.table
        if event.key == pygame.K_ESCAPE:
            if table is None:
                return False  # an overlay of the table closes itself
            if table.tentative is not None or table.selected_tree >= 0:
                return False
            self.to_lessons()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            step = self.runner.step
            kind_ok = table is not None and self.inner_kind in (*TABLE_KINDS, "game_over")
            if step is not None and step.move is None and kind_ok:
                self.next_step()
                return True
        return False

    def intercept_click(self, table: TableRole, pos: tuple[int, int]) -> bool:
        """Explain a click that is not the lesson's move; True when the click is refused."""
        button = table.targets.button_at(pos)
        if button is not None and button[0] == "button_menu":
            self.to_lessons()
            return True
        if table.human_seat() != LEARNER:
            return False
        rock = table.match.game.players[LEARNER].rock
        intent = table.targets.intent_at(pos, table.hit(pos), LEARNER, rock)
        if intent is None:
            return False
        if isinstance(intent, int):  # a tree kind picked before its space
            step = self.runner.step
            want = step.move if step is not None else None
            if isinstance(want, Plant) and want.tree == intent:
                return False
            text = (
                step.wrong if step is not None and step.wrong else self.text.strings["read_first"]
            )
            self.match.refused = Refusal(text)
            return True
        refused = self.runner.refusal(LEARNER, intent)
        if refused is None:
            return False
        self.match.refused = refused
        return True

    # -- loop ------------------------------------------------------------------------------

    def busy(self) -> bool:
        return True  # the pulsing pointer at the step's target never rests

    def update(self, dt: float) -> None:
        self.clock += dt
        step = self.runner.step
        # While the notes lead into and explain Onibi, its band moves on only when the learner
        # clicks (else it could be over before the note about it is read).
        hold = (
            step is not None
            and step.until in ("end_of_round", "next_round")
            and self.inner_kind == "end_of_round"
        )
        speed = self.ctx.settings.speed
        self.inner.update(0.0 if hold and speed != "instant" else dt)
        if self.shown_step != self.runner.index:
            self.shown_step = self.runner.index
            self.build_buttons()
            self.forget_pointer()
        if not self.complete and self.runner.done:
            self.finish()
        if self.buttons.buttons:
            self.buttons.buttons[0].enabled = step is not None and self.can_continue()

    def forget_pointer(self) -> None:
        """A new step: no tooltip left over from the click that ended the last one (it comes
        back when the pointer moves), and the move buttons offered again for the new step."""
        for scene in self.inner.scenes:
            table = table_of(scene)
            if table is not None:
                table.pointer.hover = None
                table.pointer.hover_time = 0.0
                table.targets.invalidate()
