"""The logical canvas (1920x1080) fitted into the window: one scale, letterbox offsets.

Scenes think in logical pixels; the painter converts to window pixels when it draws (so text
is rendered at the window's own resolution and stays sharp), and mouse positions are mapped
back with ``to_logical``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

LOGICAL = (1920, 1080)


@dataclass(frozen=True)
class Viewport:
    window: tuple[int, int]
    logical: tuple[int, int] = LOGICAL
    scale: float = field(init=False)
    ox: int = field(init=False)
    oy: int = field(init=False)

    def __post_init__(self) -> None:
        ww, wh = self.window
        lw, lh = self.logical
        s = min(ww / lw, wh / lh) if ww > 0 and wh > 0 else 1.0
        object.__setattr__(self, "scale", s)
        object.__setattr__(self, "ox", (ww - round(lw * s)) // 2)
        object.__setattr__(self, "oy", (wh - round(lh * s)) // 2)

    @property
    def area(self) -> Rect:
        """The part of the window the canvas covers (outside it: letterbox bars)."""
        return Rect(
            self.ox,
            self.oy,
            round(self.logical[0] * self.scale),
            round(self.logical[1] * self.scale),
        )

    def rect(self, r: Rect | tuple[float, float, float, float]) -> Rect:
        x, y, w, h = r
        s = self.scale
        x0, y0 = round(x * s) + self.ox, round(y * s) + self.oy
        x1, y1 = round((x + w) * s) + self.ox, round((y + h) * s) + self.oy
        return Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def point(self, p: tuple[float, float]) -> tuple[int, int]:
        return (round(p[0] * self.scale) + self.ox, round(p[1] * self.scale) + self.oy)

    def length(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position in canvas pixels (may fall outside the canvas)."""
        return (
            round((pos[0] - self.ox) / self.scale),
            round((pos[1] - self.oy) / self.scale),
        )
