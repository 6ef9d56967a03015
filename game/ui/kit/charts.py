"""A small line chart for the table's screens: one line per player over the rounds, with an
optional goal line (12 on a victory track). Drawn in logical pixels with the painter."""

from __future__ import annotations

from collections.abc import Sequence

from pygame import Rect

from game.ui.kit import theme
from game.ui.kit.painter import Painter

Color = theme.Color
PAD_LEFT, PAD_BOTTOM = 34, 26  # room for the value and round labels


def line_chart(
    p: Painter,
    rect: Rect,
    series: Sequence[Sequence[float]],
    colours: Sequence[Color],
    y_max: float,
    goal: float | None = None,
) -> Rect:
    """Draw ``series`` (one per player, one value per round) inside ``rect``; returns the
    plot area. The goal line is dashed in gold; the x axis counts rounds from 1."""
    plot = Rect(rect.x + PAD_LEFT, rect.y + 6, rect.w - PAD_LEFT - 8, rect.h - PAD_BOTTOM - 6)
    p.rect(plot, theme.PANEL_DARK, radius=6)
    rounds = max((len(s) for s in series), default=0)

    def at(i: int, v: float) -> tuple[float, float]:
        x = plot.x + (plot.w * i / (rounds - 1) if rounds > 1 else plot.w / 2)
        return x, plot.bottom - plot.h * min(v, y_max) / y_max

    p.text("0", (plot.x - 6, plot.bottom), theme.SMALL - 4, theme.TEXT_DIM, anchor="midright")
    if goal is None:
        p.text(f"{y_max:g}", (plot.x - 6, plot.y), theme.SMALL - 4, theme.TEXT_DIM,
               anchor="midright")  # fmt: skip
    else:
        y = at(0, goal)[1]
        for x in range(plot.x, plot.right, 16):
            p.line((x, y), (min(x + 8, plot.right), y), theme.ACCENT, 2)
        p.text(f"{goal:g}", (plot.x - 6, y), theme.SMALL - 4, theme.ACCENT, anchor="midright")
    for label, i in (("1", 0), (str(rounds), rounds - 1)):
        if rounds:
            p.text(label, (at(i, 0)[0], plot.bottom + 4), theme.SMALL - 4, theme.TEXT_DIM,
                   anchor="midtop")  # fmt: skip
    for values, colour in zip(series, colours, strict=True):
        points = [at(i, v) for i, v in enumerate(values)]
        for a, b in zip(points, points[1:], strict=False):
            p.line(a, b, colour, 3)
        if points:
            p.circle(points[-1], 5, colour)
    return plot
