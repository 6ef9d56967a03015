"""Statistics: games played and won per seat kind, wins by victory type, average length,
streaks and the last results, with small bar charts; "reset" asks for confirmation first.

The numbers come from ``ctx.storage.load_stats()`` (the app's ``MatchStats``); fields a simpler
storage lacks are shown as zero, so the screen works with any storage.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from game.match_stats import VICTORIES, MatchStats
from game.seats import SEAT_KINDS
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.scene import Scene
from game.ui.words.sentences import counted

SCREEN = Rect(0, 0, *LOGICAL)
BOX = Rect(160, 60, 1600, 960)
BAR = (120, 200, 130)
BAR_EMPTY = (60, 76, 62)


def _tally(stats: MatchStats, kind: str) -> tuple[int, int]:
    t = stats.by_kind.get(kind)
    return (t.played, t.won) if t is not None else (0, 0)


class StatisticsScene(Scene):
    kind = "statistics"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.stats: Any = None
        y = BOX.bottom - 100
        self.menu = ButtonList(
            [
                Button(Rect(BOX.x + 60, y, 360, 70), "back", self.back, key_hint="Esc"),
                Button(Rect(BOX.right - 480, y, 420, 70), "reset", self.ask_reset),
                Button(Rect(BOX.centerx - 190, y, 380, 70), "replays", self.replays),
            ]
        )
        self.menu.focus = 0
        self.menu.buttons[0].focused = True

    def enter(self) -> None:
        self.reload()

    def resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        self.stats = self.ctx.storage.load_stats()

    # -- actions -----------------------------------------------------------------------------

    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def replays(self) -> None:
        self.push("replays")

    def ask_reset(self) -> None:
        self.push("confirm", self.ctx.tr("statistics.reset_confirm"), self.reset)

    def reset(self) -> None:
        self.ctx.storage.reset_stats()
        self.reload()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        back, reset, replays = self.menu.buttons
        back.label, reset.label = tr("statistics.back"), tr("statistics.reset")
        replays.label = tr("replay.menu")
        p.image("background", rect=SCREEN)
        p.rect(SCREEN, (0, 0, 0, 150))
        panel(p, BOX, tr("statistics.title"))
        s = self.stats
        played = s.played
        reset.enabled = played > 0
        if not played:
            p.text_box(tr("statistics.none"), Rect(BOX.x + 200, BOX.y + 300, BOX.w - 400, 200),
                       theme.LARGE, align="center")  # fmt: skip
        else:
            self._summary(p, s)
            self._by_kind(p, s)
            self._victories(p, s)
            self._recent(p, s)
        self.menu.draw(p)

    def _summary(self, p: Painter, s: Any) -> None:
        tr = self.ctx.tr
        avg = s.average_rounds
        lines = [
            tr("statistics.played", n=s.played),
            tr("statistics.rounds", rounds=f"{avg:.1f}"),
            tr("statistics.streak", n=s.best_streak, current=s.streak),
            tr("statistics.best_total", n=s.best_total),
            tr("statistics.shared", n=s.shared),
        ]
        for i, line in enumerate(lines):
            p.text(line, (BOX.x + 80, BOX.y + 130 + i * 54), theme.LARGE, theme.TEXT,
                   bold=i == 0, max_width=640)  # fmt: skip

    def _by_kind(self, p: Painter, s: Any) -> None:
        tr = self.ctx.tr
        x0, y0 = BOX.x + 760, BOX.y + 120
        p.text(tr("statistics.by_kind"), (x0, y0), theme.LARGE, theme.ACCENT, bold=True)
        cols = (("statistics.col.played", 330), ("statistics.col.won", 450),
                ("statistics.col.rate", 570))  # fmt: skip
        for key, dx in cols:
            p.text(tr(key), (x0 + dx, y0 + 56), theme.SMALL, theme.TEXT_DIM, anchor="topright")
        for i, kind in enumerate(SEAT_KINDS):
            y = y0 + 96 + i * 50
            played, won = _tally(s, kind)
            rate = round(100 * won / played) if played else 0
            p.text(tr(f"seat.kind.{kind}"), (x0, y), theme.BODY, theme.TEXT, max_width=220)
            p.text(str(played), (x0 + 330, y), theme.BODY, theme.TEXT, anchor="topright")
            p.text(str(won), (x0 + 450, y), theme.BODY, theme.TEXT, anchor="topright")
            p.text(tr("statistics.percent", rate=rate), (x0 + 570, y), theme.BODY, theme.TEXT,
                   anchor="topright")  # fmt: skip
            bar = Rect(x0 + 600, y + 6, 180, 24)
            p.rect(bar, BAR_EMPTY, radius=6)
            if rate:
                p.rect(Rect(bar.x, bar.y, max(6, bar.w * rate // 100), bar.h), BAR, radius=6)

    def _victories(self, p: Painter, s: Any) -> None:
        tr = self.ctx.tr
        x0, y0 = BOX.x + 760, BOX.y + 460
        p.text(tr("statistics.victories"), (x0, y0), theme.LARGE, theme.ACCENT, bold=True)
        counts = s.by_victory
        top = max([1, *counts.values()])
        for i, v in enumerate(VICTORIES):
            y = y0 + 60 + i * 56
            n = counts.get(v, 0)
            p.text(tr(f"table.track_{v}"), (x0, y), theme.BODY, theme.TEXT, max_width=200)
            bar = Rect(x0 + 220, y + 4, 480, 30)
            p.rect(bar, BAR_EMPTY, radius=6)
            if n:
                colour = self.ctx.palette.elements[(2, 1, 4)[i]]
                p.rect(Rect(bar.x, bar.y, max(8, bar.w * n // top), bar.h), colour, radius=6)
            p.text(str(n), (bar.right + 16, y), theme.BODY, theme.TEXT)

    def _recent(self, p: Painter, s: Any) -> None:
        tr = self.ctx.tr
        recent = list(s.recent)
        if not recent:
            return
        x0, y0 = BOX.x + 80, BOX.y + 460
        title = counted(tr, "statistics.recent", len(recent), n=len(recent))
        p.text(title, (x0, y0), theme.BODY, theme.ACCENT, bold=True, max_width=640)
        for i, won in enumerate(recent):
            cx = x0 + 18 + (i % 10) * 48
            cy = y0 + 70 + (i // 10) * 48
            if won:
                p.circle((cx, cy), 16, theme.ACCENT)
            else:
                p.circle((cx, cy), 16, theme.TEXT_DIM, width=3)
