"""The window and the frame loop: input → update(dt) → draw.

While the top scene is busy (an animation, an AI deciding) the loop runs at 60 frames a
second. When it is idle the loop sleeps until input arrives (waking a few times a second for
timers such as autosave) and draws only after input or a change of scene, so an idle menu or
table costs almost no CPU.

The window is resizable; the 1920x1080 logical canvas is fitted inside it (aspect kept,
letterboxed) and mouse positions are mapped back to canvas pixels before any scene sees
them. F11 toggles full screen. The window size and full screen go back into the settings
(saved a moment after the last resize, so dragging a corner writes the file once).
"""

from __future__ import annotations

import math
import time

import pygame

from game.ui.context import Context
from game.ui.kit.painter import Painter
from game.ui.kit.text import TextCache
from game.ui.kit.viewport import Viewport
from game.ui.scene import Scene, SceneStack

FPS = 60
IDLE_WAKE_MS = 100  # idle: wake this often to run update (autosave, background results)
IDLE_REDRAW_S = 1.0  # idle: redraw at least this often (a safety net, ~1% of a core)
MIN_SIZE = (640, 360)
SAVE_DELAY = 0.5  # seconds after the last resize before the settings are written
_MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class TableApp:
    def __init__(
        self,
        ctx: Context,
        size: tuple[int, int] = (1280, 720),
        fullscreen: bool = False,
        text: TextCache | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(ctx.tr("app.title"))
        self.ctx = ctx
        self.windowed = size
        self.fullscreen = False
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.viewport = Viewport(self.window.get_size())
        self.text = text or TextCache()
        self.painter = Painter(self.window, self.viewport, self.text, ctx.art, reuse=True)
        self.stack = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.unsaved_since: float | None = None  # when the window changed, not yet saved
        ctx.quit = self.stop
        ctx.toggle_fullscreen = self.toggle_fullscreen
        ctx.resize_window = self.resize
        if fullscreen:
            self.toggle_fullscreen()

    # -- window ----------------------------------------------------------------------------

    def stop(self) -> None:
        self.running = False

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
        else:
            self.windowed = self.window.get_size()
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self.ctx.settings.fullscreen = self.fullscreen
        self.resized()
        self.save_window()

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size (from the window manager, or a test)."""
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if not self.fullscreen:
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.resized()

    def resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        self.viewport = Viewport(self.window.get_size())
        self.painter.retarget(self.window, self.viewport)
        self.text.clear()
        self.ctx.art.clear()
        self.stack.resized()
        if not self.fullscreen:
            self.remember_size(self.window.get_size())

    def remember_size(self, size: tuple[int, int]) -> None:
        """Keep the windowed size in the settings for next time."""
        s = self.ctx.settings
        if (s.window_width, s.window_height) == tuple(size):
            return
        s.window_width, s.window_height = size
        self.unsaved_since = time.monotonic()

    def save_window(self) -> None:
        """Write the settings now (window size or full screen changed)."""
        self.unsaved_since = None
        self.ctx.storage.save_settings(self.ctx.settings)

    # -- loop ------------------------------------------------------------------------------

    def feed(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, the rest (mapped to canvas) to the stack."""
        if event.type == pygame.QUIT:
            self.stop()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            surface = pygame.display.get_surface()
            if surface is not None and self.window.get_size() != surface.get_size():
                self.resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in _MOUSE:
            attrs = dict(event.dict)
            attrs["pos"] = self.viewport.to_logical(event.pos)
            event = pygame.event.Event(event.type, attrs)
        self.stack.handle_event(event)

    def step(self, dt: float) -> None:
        """One frame: update the top scene, draw the visible ones, show the result."""
        self.stack.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        self.save_window_when_due()

    def save_window_when_due(self) -> None:
        if self.unsaved_since is not None and time.monotonic() - self.unsaved_since > SAVE_DELAY:
            self.save_window()

    def draw(self) -> None:
        if self.viewport.area != self.window.get_rect() or not self.stack.covers_window():
            self.painter.clear()  # (else the first scene paints over every pixel anyway)
        self.window.set_clip(self.viewport.area)
        self.stack.draw(self.painter)
        self.window.set_clip(None)

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The current scenes drawn offscreen at ``size`` (screenshots at any resolution)."""
        surface = pygame.Surface(size)
        saved = (self.painter.surface, self.painter.vp)
        vp = Viewport(size)
        self.painter.retarget(surface, vp)
        self.stack.resized()
        try:
            self.painter.clear()
            self.stack.draw(self.painter)
        finally:
            self.painter.retarget(*saved)
            self.stack.resized()
        return surface

    def run(self, first: Scene) -> None:
        self.stack.push(first)
        last = time.perf_counter()
        drawn = -math.inf  # when the screen was last drawn: never, so the first pass draws
        while self.running and self.stack.top is not None:
            due = last - drawn > IDLE_REDRAW_S
            busy = self.stack.busy()
            if busy or due:
                self.clock.tick(FPS)
                events = pygame.event.get()
            else:
                events = _wait_for_input(IDLE_WAKE_MS)
            now = time.perf_counter()
            dt, last = min(now - last, 0.1), now
            top = self.stack.top
            for event in events:
                self.feed(event)
            if busy or due or events or self.stack.top is not top:
                self.step(dt)
                drawn = now
                continue
            self.stack.update(dt)  # idle: timers only, though they may start an animation
            if self.stack.busy() or self.stack.top is not top:
                self.step(0.0)
                drawn = now
            self.save_window_when_due()
        if self.unsaved_since is not None:
            self.save_window()


def _wait_for_input(timeout_ms: int) -> list[pygame.event.Event]:
    """Sleep until an event arrives or ``timeout_ms`` passes; then every pending event."""
    first = pygame.event.wait(timeout_ms)
    if first.type == pygame.NOEVENT:
        return []
    return [first, *pygame.event.get()]
