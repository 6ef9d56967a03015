"""Small widgets drawn with the painter: buttons, button lists, option pickers, panels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from pygame import Rect

from game.ui.kit import theme
from game.ui.kit.kept_pixels import KeptPixels
from game.ui.kit.painter import Painter


@dataclass
class Button:
    rect: Rect
    label: str
    action: Callable[[], object]  # what it returns (a scene pushed, say) is not used
    enabled: bool = True
    key_hint: str = ""
    hovered: bool = False
    focused: bool = False
    highlight: bool = False  # a legal choice worth drawing the eye to
    size: int = theme.BODY
    kept: KeptPixels = field(default_factory=KeptPixels, repr=False, compare=False)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, p: Painter) -> None:
        if not self.enabled:
            fill, fg = theme.BUTTON_OFF, theme.TEXT_DIM
        elif self.hovered or self.focused:
            fill, fg = theme.BUTTON_HOVER, theme.TEXT
        else:
            fill, fg = theme.BUTTON, theme.TEXT
        edge = (
            theme.ACCENT if (self.focused or self.highlight) and self.enabled else theme.PANEL_EDGE
        )
        width = 3 if self.focused or self.highlight else 2
        label = self.label
        if self.key_hint:
            label = f"{label}  [{self.key_hint}]"
        if not p.reuse:
            self._paint(p, fill, fg, edge, width, label)
            return
        # the window pixels it may touch: its box and its line of text
        _, line = p.line_at(
            label, self.rect.center, self.size, fg, "center", True, self.rect.w - 12
        )
        region = p.vp.rect(self.rect).union(line).clip(p.surface.get_clip())
        surface = p.surface
        form = (surface.get_bitsize(), surface.get_masks(), surface.get_flags())
        key = (fill, fg, edge, width, label, self.size, tuple(self.rect), p.text_scale, p.vp,
               p.texts, form)  # fmt: skip
        if region.w <= 0 or region.h <= 0:
            self._paint(p, fill, fg, edge, width, label)
        elif not self.kept.blit_back(surface, key, region):
            self.kept.before(surface, key, region)
            self._paint(p, fill, fg, edge, width, label)
            self.kept.after(surface)

    def _paint(
        self, p: Painter, fill: theme.Color, fg: theme.Color, edge: theme.Color, width: int,
        label: str
    ) -> None:  # fmt: skip
        p.rect(self.rect, fill, radius=10)
        p.rect(self.rect, edge, radius=10, width=width)
        p.text(
            label,
            self.rect.center,
            self.size,
            fg,
            anchor="center",
            bold=True,
            max_width=self.rect.w - 12,
        )

    def click(self) -> None:
        if self.enabled:
            self.action()


@dataclass
class ButtonList:
    """Buttons answering the mouse and, optionally, arrows/Tab and Enter."""

    buttons: list[Button] = field(default_factory=list)
    focus: int = -1
    keyboard: bool = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hovered = b.hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos) and b.enabled:
                    b.click()
                    return True
            return False
        if event.type == pygame.KEYDOWN and self.keyboard and self.buttons:
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self._move(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self._move(-1)
                return True
            enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if enter and 0 <= self.focus < len(self.buttons):
                self.buttons[self.focus].click()
                return True
        return False

    def _move(self, step: int) -> None:
        n = len(self.buttons)
        for _ in range(n):
            self.focus = (self.focus + step) % n if self.focus >= 0 else (0 if step > 0 else n - 1)
            if self.buttons[self.focus].enabled:
                break
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def draw(self, p: Painter) -> None:
        for b in self.buttons:
            b.draw(p)


def column(x: int, y: int, w: int, h: int, gap: int, count: int) -> list[Rect]:
    """``count`` rects stacked downward from (x, y)."""
    return [Rect(x, y + i * (h + gap), w, h) for i in range(count)]


def panel(p: Painter, r: Rect, title: str = "", fill: theme.Color = theme.PANEL) -> None:
    p.rect(r, fill, radius=16)
    p.rect(r, theme.PANEL_EDGE, radius=16, width=2)
    if title:
        p.text(title, (r.centerx, r.y + 20), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
