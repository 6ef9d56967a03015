"""Calm when idle: the real frame loop draws every frame only while the top scene is busy;
an idle scene is drawn again after input, not sixty times a second."""

from __future__ import annotations

import threading

import pygame

from game.ui.scene import Scene


class Counter(Scene):
    def __init__(self, ctx, busy: bool) -> None:  # noqa: ANN001
        super().__init__(ctx)
        self.moving = busy
        self.drawn = 0
        self.keys: list[int] = []

    def busy(self) -> bool:
        return self.moving

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)

    def draw(self, painter) -> None:  # noqa: ANN001
        self.drawn += 1


def _run_for(app, scene: Scene, seconds: float, key_at: float | None = None) -> None:  # noqa: ANN001
    pygame.event.clear()
    if key_at is not None:
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
        threading.Timer(key_at, pygame.event.post, (key,)).start()
    threading.Timer(seconds, app.stop).start()
    app.running = True
    app.run(scene)


def test_an_idle_scene_is_drawn_after_input_only(app, ctx) -> None:
    idle = Counter(ctx, busy=False)
    _run_for(app, idle, 0.5)
    assert 1 <= idle.drawn <= 2  # the first frame (and at most one more on the way out)
    again = Counter(ctx, busy=False)
    _run_for(app, again, 0.6, key_at=0.3)
    assert again.keys == [pygame.K_a]
    assert 2 <= again.drawn <= 3  # the key press was drawn at once


def test_a_busy_scene_is_drawn_every_frame(app, ctx) -> None:
    moving = Counter(ctx, busy=True)
    _run_for(app, moving, 0.5)
    assert moving.drawn >= 8
