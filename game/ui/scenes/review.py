"""Game review: the win-chance chart, the reviewed player's three largest drops and a jump
from each into the replay at that moment.

The analysis runs in a background process (``game.ai.runtime.review_job``) with a progress bar and
Cancel; a finished review is kept by the storage (``storage.reviews()``: beside the replays
for the app), so a second look is instant. The chart's line needs no analysis (it is the
model at each round start), so it is drawn at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
from pygame import Rect

from game.ai.coach.review import Moment, Point, Review, ReviewStore, positions
from game.ai.runtime.review_job import GameRecord, JobState, ReviewJob, ReviewRequest
from game.engine import IllegalMove
from game.replay import Replay
from game.seats import shown_name
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.results.review_chart import Chart, Mark
from game.ui.results.review_check import review_problem
from game.ui.scene import Scene
from game.ui.words.review_text import cost_text, move_text, percent, why_text

log = logging.getLogger(__name__)

SCREEN = Rect(0, 0, *LOGICAL)
BOX = Rect(50, 30, 1820, 1020)
CHART = Rect(90, 116, 1740, 384)
CARDS_Y = 552
CARD_W, CARD_H, CARD_GAP = 560, 392, 30


JobFactory = Callable[[ReviewRequest], Any]


class ReviewScene(Scene):
    kind = "review"

    def __init__(
        self, ctx: Any, record: GameRecord, start_job: JobFactory | None = None,
        cache: ReviewStore | None = None,
    ) -> None:  # fmt: skip
        super().__init__(ctx)
        self.record = record
        self.start_job = start_job
        self.cache = cache
        self.job: Any = None
        self.review: Review | None = None
        self.error = ""
        self.seat = record.humans[0] if record.humans else -1
        self.selected = 0
        self.curve: list[Point] = []
        self.menu = ButtonList()
        self.marks: list[Mark] = []

    # -- lifecycle -------------------------------------------------------------------------

    def enter(self) -> None:
        r = self.record
        try:
            _, self.curve = positions(r.players, r.seed, r.first_player, r.moves, ())
        except (IllegalMove, ValueError) as e:  # a history that does not replay
            self.error = str(e)
            self.seat = -1
            self.build()
            return
        if self.cache is None:
            self.cache = self.ctx.storage.reviews()
        self.review = self.cache.load(r.key) if r.humans else None
        problem = review_problem(self.review, r) if self.review is not None else None
        if problem is not None:  # a cache is only a cache: analysed again, saved over it
            log.warning("cached review %s dropped: %s", r.key, problem)
            self.review = None
        if self.review is None and r.humans:
            self.job = (self.start_job or ReviewJob)(r.request())
        self.build()

    def exit(self) -> None:
        self.cancel_job()

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        state = job.poll()
        if state is JobState.RUNNING:
            return
        self.job = None
        if state is JobState.DONE and job.review is not None:
            self.review = job.review
            if self.cache is not None:
                self.cache.save(self.record.key, job.review)
        elif state is JobState.FAILED:
            self.error = job.error or "?"
        self.build()

    # -- what is shown ---------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """The seats' names as this screen shows them (a default one in its language)."""
        return [shown_name(self.ctx.tr, n, i) for i, n in enumerate(self.record.names)]

    @property
    def analysing(self) -> bool:
        return self.job is not None

    def mistakes(self) -> list[Moment]:
        if self.review is None or self.seat < 0:
            return []
        return self.review.mistakes(self.seat)

    def build(self) -> None:
        """Buttons for the current state: Cancel while analysing; Show per mistake; Back."""
        tr = self.ctx.tr
        chart = Chart(CHART, self.curve)
        self.marks = chart.marks(self.mistakes())
        buttons: list[Button] = []
        for i, _ in enumerate(self.marks):
            rect = self.card_rect(i)
            buttons.append(Button(Rect(rect.x + 24, rect.bottom - 74, rect.w - 48, 56),
                                  tr("review.show"), partial(self.show, i),
                                  key_hint=str(i + 1)))  # fmt: skip
        bottom = BOX.bottom - 86
        if len(self.record.humans) > 1:
            buttons.append(Button(Rect(BOX.x + 40, bottom, 420, 64),
                                  tr("review.seat", name=self.names[self.seat]),
                                  self.next_seat, key_hint="Tab"))  # fmt: skip
        label = tr("review.cancel") if self.analysing else tr("review.back")
        buttons.append(Button(Rect(BOX.right - 360, bottom, 320, 64), label, self.close,
                              key_hint="Esc"))  # fmt: skip
        self.menu = ButtonList(buttons, keyboard=True)
        self.menu.focus = 0
        buttons[0].focused = True

    def card_rect(self, i: int) -> Rect:
        x = BOX.x + 40 + i * (CARD_W + CARD_GAP)
        return Rect(x, CARDS_Y, CARD_W, CARD_H)

    # -- actions ---------------------------------------------------------------------------

    def close(self) -> None:
        self.cancel_job()
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def next_seat(self) -> None:
        humans = self.record.humans
        if len(humans) > 1:
            self.seat = humans[(humans.index(self.seat) + 1) % len(humans)]
            self.selected = 0
            self.build()

    def show(self, i: int) -> None:
        """The replay at the moment of mistake ``i`` (the position before the move)."""
        if not 0 <= i < len(self.marks):
            return
        self.selected = i
        r = self.record
        replay = Replay(r.players, r.seed, r.first_player, list(r.moves))
        m = self.marks[i].moment
        tr, names = self.ctx.tr, self.names
        note = tr("review.shown", round=m.round, name=names[m.seat], points=percent(m.loss),
                  played=move_text(tr, m.played, m.seat, names),
                  better=move_text(tr, m.best, m.seat, names))  # fmt: skip
        self.push("replay", replay, list(names), list(r.kinds), start=m.index, note=note)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            if event.key == pygame.K_TAB and len(self.record.humans) > 1:
                self.next_seat()
                return
            digits = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2}
            if event.key in digits:
                self.show(digits[event.key])
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, mk in enumerate(self.marks):
                dx, dy = event.pos[0] - mk.centre[0], event.pos[1] - mk.centre[1]
                if dx * dx + dy * dy <= 28 * 28:
                    self.show(i)
                    return
        if event.type == pygame.MOUSEMOTION:
            for i, _ in enumerate(self.marks):
                if self.card_rect(i).collidepoint(event.pos):
                    self.selected = i
        self.menu.handle_event(event)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        p.image("background", rect=SCREEN)
        p.rect(SCREEN, (0, 0, 0, 160))
        panel(p, BOX)
        title = tr("review.title_seat", name=self.names[self.seat]) if self.seat >= 0 else tr(
            "review.title")  # fmt: skip
        p.text(title, (BOX.centerx, BOX.y + 18), theme.TITLE, theme.ACCENT, anchor="midtop",
               bold=True, max_width=BOX.w - 80)  # fmt: skip
        colours = self.ctx.palette.seasons
        chart = Chart(CHART, self.curve)
        chart.draw(p, self.names, colours, self.seat, self.marks, self.selected,
                   tr("review.axis_round"), tr("review.end"))  # fmt: skip
        p.text(tr("review.chart_note"), (CHART.x, CHART.bottom + 8), theme.SMALL, theme.TEXT_DIM,
               max_width=CHART.w)  # fmt: skip
        if self.analysing:
            self._progress(p)
        elif self.error:
            self._message(p, tr("review.failed", detail=self.error[:200]))
        elif self.seat < 0:
            self._message(p, tr("review.no_humans"))
        elif not self.marks:
            self._message(p, tr("review.no_mistakes", name=self.names[self.seat]))
        for i, mk in enumerate(self.marks):
            self._card(p, i, mk.moment)
        self.menu.draw(p)
        p.text(self.keys_text(), (BOX.centerx, BOX.bottom - 54), theme.SMALL, theme.TEXT_DIM,
               anchor="center", max_width=760)  # fmt: skip

    def keys_text(self) -> str:
        """The keys line: 1-3 only when there are moments to show."""
        return self.ctx.tr("review.keys" if self.marks else "review.keys_back")

    def _progress(self, p: Painter) -> None:
        tr = self.ctx.tr
        job = self.job
        done, total = (job.done, job.total) if job is not None else (0, 0)
        bar = Rect(BOX.x + 200, CARDS_Y + 110, BOX.w - 400, 44)
        text = (tr("review.analysing", name=self.names[self.seat], done=done, total=total)
                if total else tr("review.preparing"))  # fmt: skip
        p.text(text, (bar.centerx, bar.y - 50), theme.LARGE, theme.TEXT, anchor="midtop",
               max_width=bar.w)  # fmt: skip
        p.rect(bar, theme.PANEL_DARK, radius=10)
        frac = done / total if total else 0.0
        if frac > 0:
            p.rect(Rect(bar.x, bar.y, max(20, round(bar.w * frac)), bar.h), theme.LEGAL, radius=10)
        p.rect(bar, theme.PANEL_EDGE, radius=10, width=2)

    def _message(self, p: Painter, text: str) -> None:
        box = Rect(BOX.x + 120, CARDS_Y + 60, BOX.w - 240, 200)
        p.text_box(text, box, theme.LARGE, theme.TEXT, align="center", valign="center")

    def _card(self, p: Painter, i: int, m: Moment) -> None:
        tr = self.ctx.tr
        names = self.names
        r = self.card_rect(i)
        p.rect(r, theme.PANEL_DARK, radius=12)
        edge = theme.ACCENT if i == self.selected else theme.PANEL_EDGE
        p.rect(r, edge, radius=12, width=3 if i == self.selected else 2)
        p.circle((r.x + 34, r.y + 34), 20, theme.DANGER)
        p.text(str(i + 1), (r.x + 34, r.y + 34), theme.BODY, theme.TEXT, anchor="center",
               bold=True)  # fmt: skip
        p.text(tr("review.when", round=m.round, step=tr(f"decision.{m.decision}"),
                  points=percent(m.loss)), (r.x + 66, r.y + 18),
               theme.BODY, theme.ACCENT, bold=True, max_width=r.w - 86)  # fmt: skip
        y = r.y + 62
        for key, move in (("review.played", m.played), ("review.better", m.best)):
            text = tr(key, move=move_text(tr, move, m.seat, names))
            y += p.text_box(text, Rect(r.x + 20, y, r.w - 40, 60), theme.SMALL, theme.TEXT) + 4
        p.text(cost_text(tr, m), (r.x + 20, y + 2), theme.SMALL, theme.TEXT_DIM,
               max_width=r.w - 40)  # fmt: skip
        y += 34
        why = why_text(tr, m, names)
        box = Rect(r.x + 20, y, r.w - 40, r.bottom - 84 - y)
        size = theme.SMALL
        while size > 14 and p.text_height(why, box.w, size) > box.h:
            size -= 2
        p.text_box(why, box, size, theme.TEXT)
