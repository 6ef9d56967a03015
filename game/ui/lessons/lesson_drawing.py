"""What a lesson draws over its table: the step's note where it covers nothing the step talks
about, the lit zones, the pulsing pointer at the step's target, and the lesson-complete box.
A role of ``TutorialScene`` (``game/ui/scenes/tutorial.py``), kept apart so the scene holds
the lesson's flow and input; it reads the scene's state, declared below."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pygame import Rect

from game.engine import Move
from game.lessons import LEARNER, Lesson, LessonRunner
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import ButtonList, panel
from game.ui.lessons.lesson_end import LessonEndMenu
from game.ui.lessons.lesson_match import TutorialMatch, UiText
from game.ui.lessons.lesson_note import NoteLayout, lay_out_note, place_note, zones_kept_clear
from game.ui.table.table_role import TableRole, table_of
from game.ui.words.sentences import refusal_text

if TYPE_CHECKING:
    from game.ui.context import Context
    from game.ui.scene import SceneStack


class LessonDrawing:
    """The drawing role of ``TutorialScene``: it owns no state of its own."""

    ctx: Context
    inner: SceneStack
    text: UiText
    runner: LessonRunner
    match: TutorialMatch
    buttons: ButtonList
    end_menu: LessonEndMenu
    complete: bool
    clock: float
    panel_area: Rect
    laid_note: tuple[tuple, NoteLayout, tuple[Rect, ...]] | None  # (key, note, buttons' rects)
    index: int
    lessons: list[Lesson]

    if TYPE_CHECKING:

        @property
        def lesson(self) -> Lesson: ...
        @property
        def table(self) -> TableRole | None: ...
        @property
        def inner_kind(self) -> str: ...

    # -- the note panel --------------------------------------------------------------------

    def kept_clear(self, table: TableRole | None) -> list[Rect]:
        """What the note must not cover now: the step's lit zones and its target, the
        pieces the end of the round moves, the game-over box."""
        step = self.runner.step
        if table is None or step is None:
            return []
        out = zones_kept_clear(table.layout, step.zones, self.inner_kind == "end_of_round")
        over = self.inner.top
        if over is not None and over.kind == "game_over":
            out.append(cast(Any, over).box())
        if step.move is not None and table.human_seat() == LEARNER:
            target = table.targets.rect_of(step.move)
            if target is not None:
                out.append(target.inflate(24, 24))
        return out

    def place_note(self, p: Painter) -> NoteLayout:
        """The step's note where it covers nothing kept clear (``lesson_note.place_note``)."""
        step = self.runner.step
        table = self.table_below()
        assert step is not None and table is not None, "a lesson always has its table"
        keep = self.kept_clear(table)
        # Laid out again only when something it depends on changed (every frame, else):
        # the step, its words, the places to keep clear, the window and the text scale.
        text, msg = self.text.pick(step.text), self.refusal_message()
        key = (self.index, self.runner.index, text, msg, step.move is None, step.panel,
               table.layout, tuple(map(tuple, keep)), p.vp, p.text_scale, p.texts)  # fmt: skip
        buttons = self.buttons.buttons
        if self.laid_note is not None and self.laid_note[0] == key:
            _, laid, rects = self.laid_note
            for b, r in zip(buttons, rects, strict=True):
                b.rect = Rect(r)
            return NoteLayout(Rect(laid.panel), Rect(laid.text), laid.size, Rect(laid.msg))
        laid = place_note(
            table.layout, step.panel, keep, lambda place, fill: self.fit_note(p, place, fill)
        )
        self.laid_note = (key, laid, tuple(Rect(b.rect) for b in buttons))
        return laid

    def refusal_message(self) -> str:
        """What the note says below its text when a move was refused ("" when none)."""
        t, refused = self.text, self.match.refused
        if refused is None:
            return ""
        has = self.ctx.has_key
        engine = refusal_text(self.ctx.tr, refused.error, has) if refused.error else None
        return f"{t('not_now')} {refused.message(t.lang, engine)}"

    def fit_note(self, p: Painter, place: Rect, fill: bool = False) -> NoteLayout:
        """The step's note laid out in ``place`` (``lesson_note.lay_out_note``)."""
        t, step = self.text, self.runner.step
        assert step is not None
        text, buttons = t.pick(step.text), self.buttons.buttons
        msg = self.refusal_message()
        return lay_out_note(p, place, text, msg, buttons, step.move is None, fill)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, p: Painter) -> None:
        self.inner.draw(p)
        if self.complete:
            self.draw_end(p)
            return
        step = self.runner.step
        if step is None:
            return
        if self.inner_kind != "game_over":  # (its box covers the table: nothing to point at)
            self.draw_zones(p, step.zones)
        table = self.table
        if step.move is not None and table is not None and table.human_seat() == LEARNER:
            self.draw_target(p, table, step.move)
        self.draw_panel(p)

    def table_below(self) -> TableRole | None:
        """The topmost table, under any overlay (rules, settings) opened over it."""
        tables = (table_of(s) for s in reversed(self.inner.scenes))
        return next((t for t in tables if t is not None), None)

    def zone_rect(self, name: str) -> Rect | None:
        table = self.table_below()
        return table.layout.zones.get(name) if table is not None else None

    def draw_zones(self, p: Painter, zones: tuple[str, ...]) -> None:
        pulse = 3 + round(abs(((self.clock * 1.6) % 2) - 1) * 4)
        for name in zones:
            r = self.zone_rect(name)
            if r is not None:
                p.rect(r.inflate(18, 18), (250, 214, 92, 60), radius=14, width=0)
                p.rect(r.inflate(18, 18), theme.ACCENT, radius=14, width=pulse)

    def draw_target(self, p: Painter, table: TableRole, move: Move) -> None:
        r = table.targets.rect_of(move)
        if r is None:
            return
        grow = 14 + round(abs(((self.clock * 2) % 2) - 1) * 10)
        p.rect(r.inflate(grow, grow), theme.HOVER, radius=12, width=5)
        p.rect(r.inflate(grow + 10, grow + 10), theme.SELECTED, radius=14, width=4)

    def draw_panel(self, p: Painter) -> None:
        """The note, its text at the player's interface scale like the table's words."""
        p.text_scale = self.ctx.settings.ui_scale / 100
        try:
            self.draw_note(p)
        finally:
            p.text_scale = 1.0

    def draw_note(self, p: Painter) -> None:
        t = self.text
        runner = self.runner
        step = runner.step
        assert step is not None
        laid = self.place_note(p)
        r, text_box = laid.panel, laid.text
        self.panel_area = r
        panel(p, r, fill=(22, 30, 24))
        p.rect(r, theme.ACCENT, radius=16, width=3)
        head = t("step", n=self.index + 1, i=runner.index + 1, total=len(self.lesson.steps))
        p.text(
            f"{head} · {t.pick(self.lesson.title)}",
            (r.x + 18, r.y + 12),
            theme.SMALL,
            theme.ACCENT,
            bold=True,
            max_width=text_box.w,
        )
        p.text_box(t.pick(step.text), text_box, laid.size, theme.TEXT)
        msg = self.refusal_message()
        if msg:
            p.text_box(msg, laid.msg, theme.SMALL, theme.DANGER, bold=True)
        cont, skip, lessons = self.buttons.buttons
        if step.move is None:
            if cont.enabled:
                cont.draw(p)
            else:
                p.rect(cont.rect, (0, 0, 0, 90), radius=10)
                held = step.until == "next_round" and self.inner_kind == "end_of_round"
                p.text(
                    t("click_table" if held else "waiting"),
                    cont.rect.center,
                    theme.BODY,
                    theme.TEXT_DIM,
                    anchor="center",
                    max_width=cont.rect.w - 12,
                )
        skip.draw(p)
        lessons.draw(p)

    def draw_end(self, p: Painter) -> None:
        t = self.text
        last = self.index + 1 >= len(self.lessons)
        note = t("all_done") if last else t.pick(self.lesson.summary)
        text = f"{t('lesson', n=self.index + 1)} · {t.pick(self.lesson.title)}\n{note}"
        self.end_menu.draw(p, t("complete"), text)
