"""Scenes and the stack that runs them.

Only the top scene receives input and updates; drawing starts at the highest opaque scene and
goes up, so an overlay (``transparent = True``) shows the scene below it. ``draw`` must never
change game state: all changes happen in ``handle_event`` and ``update``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.context import Context
    from game.ui.painter import Painter


class Scene:
    """Base class: override what you need. ``kind`` names the scene in screenshots."""

    kind = "scene"
    transparent = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.stack: SceneStack | None = None

    # lifecycle
    def enter(self) -> None:
        """Pushed or put in place by ``replace``."""

    def exit(self) -> None:
        """Popped or replaced: release what the scene holds (AI jobs, timers)."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    def resized(self) -> None:
        """The window changed size: drop caches sized in window pixels."""

    # loop
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def busy(self) -> bool:
        """True while the picture changes without input (an animation, a timer, an AI
        deciding): the app then draws every frame. Idle scenes are redrawn only after
        input, so a scene whose ``update`` moves things must say so here."""
        return False

    def draw(self, painter: Painter) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        if not self.scenes:
            raise IndexError("pop from an empty scene stack")
        scene = self.scenes.pop()
        scene.exit()
        scene.stack = None
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        old = None
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            old.stack = None
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()
        return old

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start over with ``scene`` (e.g. back to the menu)."""
        while self.scenes:
            s = self.scenes.pop()
            s.exit()
            s.stack = None
        self.push(scene)

    def find(self, kind: str) -> Scene | None:
        return next((s for s in reversed(self.scenes) if s.kind == kind), None)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first."""
        i = len(self.scenes) - 1
        while i > 0 and self.scenes[i].transparent:
            i -= 1
        return self.scenes[max(i, 0) :]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scenes:
            self.scenes[-1].handle_event(event)

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def busy(self) -> bool:
        """Only the top scene updates, so only it can move on its own."""
        return bool(self.scenes) and self.scenes[-1].busy()

    def draw(self, painter: Painter) -> None:
        for scene in self.visible():
            scene.draw(painter)

    def resized(self) -> None:
        for scene in self.scenes:
            scene.resized()
