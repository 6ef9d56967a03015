"""Scenes and the stack that runs them.

Only the top scene receives input and updates; drawing starts at the highest opaque scene and
goes up, so an overlay (``transparent = True``) shows the scene below it. ``draw`` must never
change game state: all changes happen in ``handle_event`` and ``update``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.context import Context
    from game.ui.kit.painter import Painter


class SceneRegistry:
    """Scenes by name ("menu", "setup", "draw", "rules_help"...), filled once by whoever
    composes the app (``game.ui.scenes.registry.all_scenes``). A scene opens another by its
    name, so no scene module imports another, and a new scene is one registration."""

    def __init__(self) -> None:
        self._makers: dict[str, Callable[..., Scene]] = {}

    def register(self, name: str, maker: Callable[..., Scene]) -> None:
        if name in self._makers:
            raise ValueError(f"a scene named {name!r} is registered already")
        self._makers[name] = maker

    def make(self, name: str, ctx: Context, *args: Any, **kwargs: Any) -> Scene:
        maker = self._makers.get(name)
        if maker is None:
            known = ", ".join(sorted(self._makers)) or "none"
            raise KeyError(f"no scene named {name!r} (registered: {known})")
        return maker(ctx, *args, **kwargs)

    def names(self) -> list[str]:
        return sorted(self._makers)

    def tuned(self, name: str, **options: Any) -> SceneRegistry:
        """A copy whose ``name`` scenes are made with ``options`` (a lesson's game over
        without Play again); the other scenes are the same."""
        maker = self._makers[name]
        copy = SceneRegistry()
        copy._makers = dict(self._makers)
        copy._makers[name] = lambda ctx, *args, **kwargs: maker(ctx, *args, **options, **kwargs)
        return copy


class Scene:
    """Base class: override what you need. ``kind`` names the scene in screenshots."""

    kind = "scene"
    transparent = False

    def covers_window(self) -> bool:
        """Whether ``draw`` starts by painting every pixel of the canvas opaquely (the
        table's board layer), so the frame need not clear the window first."""
        return False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.stack: SceneStack | None = None

    # other scenes, by name (``SceneRegistry``)
    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        return self.ctx.scenes.make(name, self.ctx, *args, **kwargs)

    def push(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Open scene ``name`` over this one (an overlay, a sub-screen)."""
        scene = self.make(name, *args, **kwargs)
        self._stack().push(scene)
        return scene

    def replace(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Put scene ``name`` in this one's place."""
        scene = self.make(name, *args, **kwargs)
        self._stack().replace(scene)
        return scene

    def clear_to(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Close every scene and start over with ``name`` (back to the menu, a new match)."""
        scene = self.make(name, *args, **kwargs)
        self._stack().clear_to(scene)
        return scene

    def _stack(self) -> SceneStack:
        if self.stack is None:
            raise RuntimeError(f"{type(self).__name__} is not on a scene stack")
        return self.stack

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

    def covers_window(self) -> bool:
        """The bottom scene drawn covers the canvas (``Scene.covers_window``)."""
        visible = self.visible()
        return bool(visible) and visible[0].covers_window()

    def resized(self) -> None:
        for scene in self.scenes:
            scene.resized()
