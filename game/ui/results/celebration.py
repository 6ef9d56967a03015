"""The moment a game is won: leaves and flowers fall in the players' colours while the
winner's name grows in, for about two seconds before the results (a key or click skips it).
Deterministic from the match's seed, so screenshots and tests see the same picture."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pygame import Rect

from game.ui.kit import theme
from game.ui.kit.painter import Painter

DURATION_S = 2.2
ICONS = ("flower", "plant", "sun", "water", "wind")


@dataclass(frozen=True, slots=True)
class Leaf:
    x: float
    speed: float  # logical px per second
    sway: float  # px of side-to-side drift
    phase: float
    size: int
    icon: str
    delay: float


class Celebration:
    def __init__(self, seed: int, area: Rect, count: int = 90) -> None:
        rng = random.Random(seed)
        self.area = area
        self.t = 0.0
        self.leaves = [
            Leaf(
                x=rng.uniform(area.x, area.right),
                speed=rng.uniform(260, 520),
                sway=rng.uniform(10, 50),
                phase=rng.uniform(0, math.tau),
                size=rng.randint(26, 54),
                icon=rng.choice(ICONS),
                delay=rng.uniform(0, 0.8),
            )
            for _ in range(count)
        ]

    @property
    def done(self) -> bool:
        return self.t >= DURATION_S

    def update(self, dt: float) -> None:
        self.t = min(DURATION_S, self.t + dt)

    def finish(self) -> None:
        self.t = DURATION_S

    def draw(self, p: Painter, title: str, colour: theme.Color) -> None:
        fade = 255 if self.t < DURATION_S - 0.4 else round(255 * (DURATION_S - self.t) / 0.4)
        ribbon = Rect(self.area.x, self.area.centery - 90, self.area.w, 180)
        p.rect(ribbon, (20, 30, 22, min(220, fade)))
        for leaf in self.leaves:
            t = self.t - leaf.delay
            if t <= 0:
                continue
            y = self.area.y - leaf.size + leaf.speed * t
            if y > self.area.bottom:
                continue
            x = leaf.x + leaf.sway * math.sin(leaf.phase + 3 * t)
            rect = Rect(round(x), round(y), leaf.size, leaf.size)
            p.image("element_icon", leaf.icon, rect=rect, alpha=max(0, fade))
        grow = min(1.0, self.t / 0.6)
        size = round(theme.TITLE + (theme.HUGE - theme.TITLE) * (1 - (1 - grow) ** 3))
        p.text(title, self.area.center, size, colour, anchor="center", bold=True,
               max_width=self.area.w - 80)  # fmt: skip
