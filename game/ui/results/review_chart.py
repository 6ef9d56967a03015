"""The review's chart: every seat's win chance at each round start, and numbered marks where
the reviewed player's three largest drops happened."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame import Rect

from game.ai.coach.review import Moment, Point
from game.ui.kit import theme
from game.ui.kit.painter import Painter

GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
MARK_RADIUS = 20


@dataclass(frozen=True, slots=True)
class Mark:
    number: int  # 1 = the largest drop
    centre: tuple[int, int]
    moment: Moment


class Chart:
    """Where each round and chance sits in ``area`` (logical pixels)."""

    def __init__(self, area: Rect, curve: Sequence[Point]) -> None:
        self.area = area
        self.curve = list(curve)
        self.plot = Rect(area.x + 70, area.y + 16, area.w - 90, area.h - 74)

    def x(self, i: float) -> int:
        n = max(1, len(self.curve) - 1)
        return round(self.plot.x + self.plot.w * i / n)

    def y(self, chance: float) -> int:
        return round(self.plot.bottom - self.plot.h * chance)

    def index_of_round(self, rnd: int) -> int:
        """The curve point that starts ``rnd`` (the last one before it if none does)."""
        best = 0
        for i, p in enumerate(self.curve):
            if p.round == rnd:
                return i
            if p.round < rnd:
                best = i
        return best

    def marks(self, mistakes: Sequence[Moment]) -> list[Mark]:
        """Each drop halfway through its round, on the reviewed seat's line."""
        out = []
        for n, m in enumerate(mistakes, 1):
            i = self.index_of_round(m.round)
            j = min(i + 1, len(self.curve) - 1)
            a = self.curve[i].chances[m.seat]
            b = self.curve[j].chances[m.seat]
            cy = self.y((a + b) / 2) - MARK_RADIUS - 6
            cy = max(self.plot.y + MARK_RADIUS, cy)
            out.append(Mark(n, ((self.x(i) + self.x(j)) // 2, cy), m))
        return out

    def draw(
        self, p: Painter, names: Sequence[str], colours: Sequence[theme.Color], focus: int,
        marks: Sequence[Mark], selected: int, axis: str, end: str,
    ) -> None:  # fmt: skip
        """Axes, one line per seat (the reviewed seat ``focus`` thicker), then the marks."""
        plot = self.plot
        p.rect(self.area, (20, 28, 22, 230), radius=12)
        for g in GRID:
            y = self.y(g)
            p.line((plot.x, y), (plot.right, y), (70, 86, 72), 1)
            p.text(f"{round(g * 100)}%", (plot.x - 10, y), theme.SMALL, theme.TEXT_DIM,
                   anchor="midright")  # fmt: skip
        step = max(1, len(self.curve) // 14)
        for i, pt in enumerate(self.curve):
            last = i == len(self.curve) - 1
            if i % step == 0 or last:
                label = end if last and i else str(pt.round)
                p.text(label, (self.x(i), plot.bottom + 6), theme.SMALL, theme.TEXT_DIM,
                       anchor="midtop")  # fmt: skip
        p.text(axis, (plot.centerx, plot.bottom + 32), theme.SMALL, theme.TEXT_DIM,
               anchor="midtop")  # fmt: skip
        seats = len(names)
        order = [s for s in range(seats) if s != focus] + ([focus] if 0 <= focus < seats else [])
        for s in order:
            width = 6 if s == focus else 3
            pts = [(self.x(i), self.y(pt.chances[s])) for i, pt in enumerate(self.curve)]
            for a, b in zip(pts, pts[1:], strict=False):
                p.line(a, b, colours[s], width)
            for q in pts:
                p.circle(q, width + 1, colours[s])
        for mk in marks:
            ring = theme.ACCENT if mk.number - 1 == selected else theme.TEXT
            p.circle(mk.centre, MARK_RADIUS + 3, ring)
            p.circle(mk.centre, MARK_RADIUS, theme.DANGER)
            p.text(str(mk.number), mk.centre, theme.BODY, theme.TEXT, anchor="center", bold=True)
        self._legend(p, names, colours, focus)

    def _legend(
        self, p: Painter, names: Sequence[str], colours: Sequence[theme.Color], focus: int
    ) -> None:
        x = self.plot.x + 16
        y = self.plot.y + 6
        for s, name in enumerate(names):
            p.circle((x + 9, y + 15), 9, colours[s])
            r = p.text(name, (x + 26, y), theme.SMALL, theme.TEXT, bold=s == focus,
                       max_width=260)  # fmt: skip
            x = r.right + 30
