"""Tweens for engine events: frame-rate independent (driven by seconds), eased, skippable.

An ``Animator`` plays its animations one after another; ``finish()`` completes them all at
once (their start and end callbacks still run, so the display state stays right).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pygame import Rect

from game.ui.kit.painter import Painter


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return Rect(
        round(a.x + (b.x - a.x) * t),
        round(a.y + (b.y - a.y) * t),
        max(1, round(a.w + (b.w - a.w) * t)),
        max(1, round(a.h + (b.h - a.h) * t)),
    )


def fit_aspect(r: Rect, aspect: float) -> Rect:
    """The largest rect of width/height ``aspect`` in ``r``: at the left end of a strip
    much wider than that (where a pile's counter shows its pile), else centred."""
    if r.h <= 0 or r.w <= 0:
        return Rect(r)
    if r.w / r.h > aspect:
        w = max(1, round(r.h * aspect))
        left = r.w > 3 * r.h
        return Rect(r.x + (0 if left else (r.w - w) // 2), r.y, w, r.h)
    h = max(1, round(r.w / aspect))
    return Rect(r.x, r.y + (r.h - h) // 2, r.w, h)


def same_shape(src: Rect, dst: Rect) -> tuple[Rect, Rect]:
    """``src`` and ``dst`` with the shape of the larger one (the picture as it is really
    drawn): a card flying to a thin strip (an opponent's pile counter) lands there as a
    small card, never squeezed into a streak across the row."""
    big = src if src.w * src.h >= dst.w * dst.h else dst
    if big.h <= 0:
        return src, dst
    aspect = big.w / big.h
    return fit_aspect(src, aspect), fit_aspect(dst, aspect)


def _none() -> None:
    return None


@dataclass
class Anim:
    duration: float
    on_start: Callable[[], None] = _none
    on_done: Callable[[], None] = _none
    hides: frozenset = frozenset()
    t: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def draw(self, p: Painter) -> None:
        pass

    def area(self) -> list[Rect]:
        """Where the animation moves something (a tooltip over it gives way)."""
        return []

    def tick(self) -> None:
        """Time moved on (``t``): what lands meanwhile is done (a ``Group``'s parts)."""

    def settle(self) -> None:
        """The animation ends now: whatever of it has not landed lands."""


@dataclass
class Flight(Anim):
    """A picture moving from one rect to another along a gentle arc."""

    image: tuple = ()
    src: Rect = field(default_factory=Rect)
    dst: Rect = field(default_factory=Rect)
    arc: float = 60.0
    flip: bool = False  # show the card back for the first half, squeezed like a turn

    def area(self) -> list[Rect]:
        return [self.src, self.dst]

    def rect_at(self, progress: float) -> Rect:
        """Where the picture is at ``progress`` (0-1): its own shape all the way."""
        t = ease_in_out(progress)
        src, dst = same_shape(self.src, self.dst)
        r = lerp_rect(src, dst, t)
        r.y -= round(math.sin(math.pi * t) * self.arc)
        return r

    def draw(self, p: Painter) -> None:
        t = ease_in_out(self.progress)
        r = self.rect_at(self.progress)
        image = self.image
        if self.flip:
            squeeze = abs(math.cos(math.pi * t))
            image = ("card_back",) if t < 0.5 else self.image
            w = max(2, round(r.w * squeeze))
            r = Rect(r.centerx - w // 2, r.y, w, r.h)
        p.image(*image, rect=r)


@dataclass
class Drop(Anim):
    """A tree falling onto its space, slightly too big, then settling."""

    image: tuple = ()
    dst: Rect = field(default_factory=Rect)

    def area(self) -> list[Rect]:
        return [self.dst]

    def draw(self, p: Painter) -> None:
        t = self.progress
        k = 1 + 0.6 * (1 - ease_out_back(t))
        r = self.dst.inflate(round(self.dst.w * (k - 1)), round(self.dst.h * (k - 1)))
        r.y -= round((1 - ease_out_cubic(t)) * 120)
        p.image(*self.image, rect=r, fit=True)


@dataclass
class Walk(Anim):
    """A standee hopping rock by rock along ``path`` (rects of the rocks, start first)."""

    image: tuple = ()
    path: Sequence[Rect] = ()

    def area(self) -> list[Rect]:
        return list(self.path)

    def draw(self, p: Painter) -> None:
        if len(self.path) < 2:
            return
        legs = len(self.path) - 1
        pos = self.progress * legs
        i = min(int(pos), legs - 1)
        t = ease_in_out(pos - i)
        r = lerp_rect(self.path[i], self.path[i + 1], t)
        r.y -= round(math.sin(math.pi * t) * 30)
        p.image(*self.image, rect=r, fit=True)


@dataclass
class Group(Anim):
    """Several animations at once, each starting ``stagger`` seconds after the one before
    (Varans dealt to every player, a row of new Reserve cards): one step, not a queue."""

    parts: Sequence[Anim] = ()
    stagger: float = 0.0
    landed: set[int] = field(default_factory=set)  # the parts whose ``on_done`` has run

    def area(self) -> list[Rect]:
        return [r for a in self.parts for r in a.area()]

    def tick(self) -> None:
        """Each part's ``on_done`` as it lands, not when the last one has: a Fire counts on
        the table the moment it reaches the centre."""
        for i, a in enumerate(self.parts):
            if i not in self.landed and self.t - i * self.stagger >= a.duration:
                self.landed.add(i)
                a.on_done()

    def settle(self) -> None:
        for i, a in enumerate(self.parts):
            if i not in self.landed:
                self.landed.add(i)
                a.on_done()

    def draw(self, p: Painter) -> None:
        for i, a in enumerate(self.parts):
            a.t = min(a.duration, self.t - i * self.stagger)
            if a.t > 0:
                a.draw(p)


@dataclass
class Pause(Anim):
    """Nothing moves; gives the eye time (e.g. after a forced stop)."""


class Animator:
    def __init__(self) -> None:
        self.queue: list[Anim] = []
        self._started = False

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def hidden(self) -> frozenset:
        return self.queue[0].hides if self.queue and self._started else frozenset()

    def area(self) -> list[Rect]:
        """Where the animation playing now moves something."""
        return self.queue[0].area() if self.queue and self._started else []

    def add(self, anim: Anim) -> None:
        self.queue.append(anim)

    def update(self, dt: float) -> None:
        while self.queue:
            a = self.queue[0]
            if not self._started:
                self._started = True
                a.on_start()
            a.t += dt
            dt = 0.0
            a.tick()
            if a.t < a.duration:
                return
            dt = a.t - a.duration
            self.queue.pop(0)
            self._started = False
            a.settle()
            a.on_done()
            if dt <= 0:
                return

    def finish(self) -> None:
        while self.queue:
            a = self.queue.pop(0)
            if not self._started:
                a.on_start()
            self._started = False
            a.settle()
            a.on_done()

    def draw(self, p: Painter) -> None:
        if self.queue and self._started:
            self.queue[0].draw(p)
