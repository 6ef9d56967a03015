"""Plain information screens: Credits, and the launch error (a folder of the player's files
that cannot be used: said in the window, never a silent exit)."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.scene import Scene

BOX = Rect(460, 140, 1000, 800)


class InfoScene(Scene):
    kind = "info"
    title_key = ""

    button_key = "button.back"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = ButtonList(
            [
                Button(
                    Rect(BOX.centerx - 150, BOX.bottom - 100, 300, 66),
                    ctx.tr(self.button_key),
                    self.back,
                    key_hint="Esc",
                )
            ]
        )
        self.menu.focus = 0
        self.menu.buttons[0].focused = True

    def back(self) -> None:
        self._stack().pop()

    def lines(self) -> list[str]:
        return []

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    def draw(self, p: Painter) -> None:
        screen = Rect(0, 0, *LOGICAL)
        p.image("background", rect=screen)
        p.rect(screen, (0, 0, 0, 140))
        panel(p, BOX, self.ctx.tr(self.title_key))
        y = BOX.y + 120
        for line in self.lines():
            y += p.text_box(line, Rect(BOX.x + 60, y, BOX.w - 120, 400), theme.LARGE) + 14
        self.menu.draw(p)


class CreditsScene(InfoScene):
    kind = "credits"
    title_key = "credits.title"

    def lines(self) -> list[str]:
        tr = self.ctx.tr
        return [
            tr("credits.game"),
            tr("credits.code"),
            tr("credits.art"),
            tr("credits.font"),
            tr("credits.libraries"),
        ]


class LaunchErrorScene(InfoScene):
    """The first and only screen when a folder of the player's files cannot be used: which
    folder, why, and what to do. Its one button quits (the exit status says so too)."""

    kind = "launch_error"
    title_key = "launch_error.title"
    button_key = "menu.quit"

    def __init__(self, ctx: Context, folder: str, reason: str) -> None:
        super().__init__(ctx)
        self.folder = folder
        self.reason = reason

    def back(self) -> None:
        self.ctx.quit()

    def lines(self) -> list[str]:
        tr = self.ctx.tr
        return [
            tr("launch_error.reason", path=wrap_path(self.folder), reason=self.reason),
            tr("launch_error.fix"),
        ]


PATH_LINE = 56  # characters of a path on one line of the box, at its text size
PATH_LINES = 4


def wrap_path(path: str, width: int = PATH_LINE, most: int = PATH_LINES) -> str:
    """A folder's path in lines the box can hold: broken after its separators (a name
    longer than a line is cut into pieces), and at most ``most`` lines, its middle left out
    ("…") when it is longer than that."""
    pieces: list[str] = []
    part = ""
    for ch in path:
        part += ch
        if ch in "/\\":
            pieces.append(part)
            part = ""
    if part:
        pieces.append(part)
    lines = [""]
    for piece in pieces:
        while piece:
            room = width - len(lines[-1])
            if len(piece) <= room:
                lines[-1] += piece
                piece = ""
            elif lines[-1]:
                lines.append("")
            else:
                lines[-1], piece = piece[:width], piece[width:]
                lines.append("")
    lines = [line for line in lines if line]
    if len(lines) > most:
        lines = [*lines[: most // 2], "…", *lines[-(most - most // 2 - 1) :]]
    return "\n".join(lines)
