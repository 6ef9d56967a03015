"""Two apps' scenes stepped as ``TableApp.run`` steps a window, headless, and the small
tools the network timings (``net_times``, ``net_restart``) and their tests drive them with:
frames until a condition, a button pressed by its label, the figures' summary."""

from __future__ import annotations

import logging
import math
import os
import socket
import statistics
import time
from collections.abc import Callable
from typing import Any

FPS = 60
RUN_S = 20.0  # the longest any one wait of a run may take
LOCAL = "127.0.0.1"
log = logging.getLogger(__name__)


class Stuck(RuntimeError):
    """A run waited longer than it may for something to happen."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        return int(s.getsockname()[1])


def summary(values: list[float]) -> dict[str, float | int]:
    """Median, p90 and max (seconds, to the millisecond) of one time over the runs."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered), 3),
        "p90": round(p90, 3),
        "max": round(ordered[-1], 3),
    }


class Screen:
    """One app's scenes on a surface of their own, stepped as ``TableApp.run`` steps its
    window: every frame while the top scene is busy, else an update each ``IDLE_WAKE_MS``
    (and a redraw each ``IDLE_REDRAW_S``)."""

    def __init__(self, ctx: Any, size: tuple[int, int] = (1280, 720)) -> None:
        import pygame

        from game.ui.kit.painter import Painter
        from game.ui.kit.text import TextCache
        from game.ui.kit.viewport import Viewport
        from game.ui.scene import SceneStack

        self.ctx = ctx
        self.painter = Painter(pygame.Surface(size), Viewport(size), TextCache(), ctx.art)
        self.stack = SceneStack()
        self.last = self.woke = time.monotonic()
        self.drawn = -math.inf
        self.drew = False  # the last pass drew the screen

    @property
    def top(self) -> Any:
        return self.stack.top

    def reset(self) -> None:
        """No scene open (the next run starts again from the menu)."""
        from game.ui.scene import SceneStack

        self.stack = SceneStack()

    def push(self, scene: Any) -> Any:
        self.stack.push(scene)
        self.draw()
        return scene

    def draw(self) -> None:
        self.painter.clear()
        self.stack.draw(self.painter)
        self.drawn = time.monotonic()

    def frame(self, now: float) -> None:
        """One pass of the app's loop at ``now``."""
        from game.ui.app import IDLE_REDRAW_S, IDLE_WAKE_MS

        self.drew = False
        busy = self.stack.busy()
        due = now - self.drawn > IDLE_REDRAW_S
        if not (busy or due) and now - self.woke < IDLE_WAKE_MS / 1000:
            return  # idle: the window sleeps until its next wake
        dt, self.last, self.woke = min(now - self.last, 0.1), now, now
        top = self.stack.top
        self.stack.update(dt)
        if busy or due or self.stack.busy() or self.stack.top is not top:
            self.draw()
            self.drew = True


class Marks(dict[str, float]):
    """When each named condition was first seen true (``time.monotonic``)."""

    def at(self, name: str, true: bool) -> bool:
        if true and name not in self:
            self[name] = time.monotonic()
        return name in self


def drive(screens: list[Screen], done: Callable[[], bool], what: str, seconds: float = RUN_S):
    """Both apps' frames, 60 a second, until ``done()`` after a pass; ``Stuck`` if it is not
    within ``seconds`` (the count of passes is bounded too)."""
    deadline = time.monotonic() + seconds
    for _ in range(int(seconds * FPS * 2) + 2):
        now = time.monotonic()
        for s in screens:
            s.frame(now)
        if done():
            return
        if time.monotonic() > deadline:
            break
        time.sleep(max(0.0, now + 1 / FPS - time.monotonic()))
    raise Stuck(f"{what}: not within {seconds:.0f} s")


def wait(screens: list[Screen], seconds: float) -> None:
    """Frames for ``seconds`` (nothing to wait for)."""
    until = time.monotonic() + seconds
    try:
        drive(screens, lambda: time.monotonic() >= until, "a pause", seconds + 1.0)
    except Stuck:  # cannot happen before the extra second: the pause is over either way
        log.warning("a pause of %.1f s overran", seconds)


def press(scene: Any, label: str) -> None:
    """What a click on the scene's enabled button with this label does."""
    for b in scene.menu.buttons:
        if b.label == label and b.enabled:
            b.action()
            return
    raise Stuck(f"no enabled {label!r} button on {scene.kind}")


def is_table(scene: Any) -> bool:
    from game.ui.scenes.table import TableScene

    return isinstance(scene, TableScene)


def load() -> float:
    return round(os.getloadavg()[0], 2)
