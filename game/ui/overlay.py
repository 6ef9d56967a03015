"""The overlay every in-game panel is (pause, settings, confirm, the online table's menu,
the host-left notice): a dimmed screen with a panel whose buttons Esc leaves. Outside
``game/ui/scenes`` so scene modules share it without importing one another."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import ButtonList, panel
from game.ui.scene import Scene

SCREEN = Rect(0, 0, *LOGICAL)


class Overlay(Scene):
    """A dimmed screen with a panel; Esc closes it."""

    transparent = True
    box = Rect(610, 190, 700, 700)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = ButtonList()

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.menu.handle_event(event)

    def draw_frame(self, p: Painter, title: str) -> None:
        p.rect(SCREEN, theme.SHADE)
        panel(p, self.box, title)

    def draw(self, p: Painter) -> None:
        self.menu.draw(p)


class MenuOverlay(Overlay):
    """An overlay that is a column of buttons, built by ``build`` and rebuilt on a resize or
    a change of language with the focus kept where it was."""

    def build(self) -> None:
        raise NotImplementedError

    def focus_first(self) -> None:
        self.menu.focus = 0
        self.menu.buttons[0].focused = True

    def resized(self) -> None:
        focus = self.menu.focus
        self.build()
        self.menu.focus = focus
        for i, b in enumerate(self.menu.buttons):
            b.focused = i == focus
