"""The box a finished lesson shows over the table: what was learnt, and what next (the next
lesson, a real game, the lesson again, the lesson menu)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel

SCREEN = Rect(0, 0, *LOGICAL)
BOX = Rect(560, 190, 800, 640)


class LessonEndMenu:
    """The lesson-complete box and its menu (keyboard and mouse, the first item focused)."""

    def __init__(self) -> None:
        self.menu = ButtonList()

    @property
    def buttons(self) -> list[Button]:
        return self.menu.buttons

    def build(self, items: list[tuple[str, Callable[[], None]]]) -> None:
        self.menu.buttons = [
            Button(Rect(BOX.centerx - 240, BOX.y + 250 + i * 76, 480, 62), label, fn)
            for i, (label, fn) in enumerate(items)
        ]
        self.menu.focus = 0
        self.menu.buttons[0].focused = True

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def draw(self, p: Painter, title: str, text: str) -> None:
        p.rect(SCREEN, (0, 0, 0, 150))
        panel(p, BOX, fill=(30, 40, 32))
        p.rect(BOX, theme.ACCENT, radius=16, width=3)
        p.text(title, (BOX.centerx, BOX.y + 28), theme.TITLE, theme.ACCENT, anchor="midtop")
        body = Rect(BOX.x + 40, BOX.y + 100, BOX.w - 80, 140)
        p.text_box(text, body, theme.BODY, theme.TEXT, align="center")
        self.menu.draw(p)
