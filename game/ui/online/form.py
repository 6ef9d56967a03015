"""The frame the online screens share: a panel of buttons with text fields typed into."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.net.client import Session
from game.seats import MAX_NAME
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.scene import Scene

BOX = Rect(360, 70, 1200, 940)


class FormScene(Scene):
    """A panel of buttons with text fields: the online screens' common frame."""

    title_key = ""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = ButtonList()
        self.editing = ""  # the field being typed into
        self.fields: dict[str, str] = {}
        self.field_at: dict[str, Rect] = {}  # where each field was last built
        self.error = ""

    def resized(self) -> None:
        self.build()

    def build(self) -> None:
        raise NotImplementedError

    def set_buttons(self, buttons: list[Button]) -> None:
        """Show ``buttons``; the keyboard's focus stays on the button where it was (a list
        growing above it does not move it) or starts on the default (the one built with
        ``highlight``, else the last). It is the only outlined button: one default."""
        old = self.menu.buttons
        at = old[self.menu.focus].rect if 0 <= self.menu.focus < len(old) else None
        default = next((i for i, b in enumerate(buttons) if b.highlight), len(buttons) - 1)
        same = [i for i, b in enumerate(buttons) if at is not None and b.rect == at]
        self.menu.buttons = buttons
        self.menu.focus = same[0] if same else default
        for i, b in enumerate(buttons):
            b.focused = i == self.menu.focus
            b.highlight = False

    def field_button(self, rect: Rect, key: str, placeholder: str) -> Button:
        self.field_at[key] = rect
        text = self.fields.get(key, "") or placeholder
        return Button(rect, text + ("_" if self.editing == key else ""), lambda: self.edit(key))

    def edit(self, key: str) -> None:
        """Type into field ``key`` (clicking the field being typed into keeps it so)."""
        self.editing = key
        self.build()

    def accept(self, key: str, text: str) -> str:
        """What a field keeps of typed ``text`` (printable, capped)."""
        return (self.fields.get(key, "") + "".join(c for c in text if c.isprintable()))[:MAX_NAME]

    def back(self) -> None:
        if self.stack is not None and len(self.stack) > 1:
            self.stack.pop()
        else:
            self.replace("menu")

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing:
            if event.type == pygame.TEXTINPUT:
                self.fields[self.editing] = self.accept(self.editing, event.text)
                self.build()
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.fields[self.editing] = self.fields.get(self.editing, "")[:-1]
                elif event.key in (
                    pygame.K_RETURN,
                    pygame.K_KP_ENTER,
                    pygame.K_ESCAPE,
                    pygame.K_TAB,
                ):
                    self.editing = ""
                self.build()
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.editing:
            self.editing = ""  # a click elsewhere ends typing; on a field, it types there
            if not self.menu.handle_event(event):
                self.build()
            return
        self.menu.handle_event(event)

    def draw_frame(self, p: Painter) -> None:
        screen = Rect(0, 0, *LOGICAL)
        p.image("background", rect=screen)
        p.rect(screen, (0, 0, 0, 140))
        panel(p, BOX, self.ctx.tr(self.title_key))

    def draw_error(self, p: Painter) -> None:
        if self.error:
            box = Rect(BOX.x + 40, BOX.bottom - 200, BOX.w - 80, 70)
            p.text_box(self.error, box, theme.SMALL, theme.DANGER, "center", valign="center")

    def security_note(self, session: Session, hosting: bool) -> str:
        """Hosting on this computer: the key of whether friends' connections are encrypted
        (without a certificate the table is for a trusted home network only); else ""."""
        online = self.ctx.online
        if not hosting or not online.is_here(session):
            return ""
        return "online.home_network" if online.tls is None else "online.tls_note"

    def draw_security(self, p: Painter, session: Session, y: int, hosting: bool) -> None:
        key = self.security_note(session, hosting)
        if key:
            colour = theme.SELECTED if key == "online.home_network" else theme.TEXT_DIM
            box = Rect(BOX.x + 40, y, BOX.w - 80, 64)
            p.text_box(self.ctx.tr(key), box, theme.SMALL, colour, "center", valign="center")

    def help(self, p: Painter, key: str, top: int = BOX.y + 550) -> None:
        """A few wrapped lines of help under the form."""
        box = Rect(BOX.x + 60, top, BOX.w - 120, 150)
        p.text_box(self.ctx.tr(key), box, theme.BODY, theme.TEXT_DIM, "center")

    def label(self, p: Painter, key: str, y: int) -> None:
        p.text(self.ctx.tr(key), (BOX.x + 60, y), theme.LARGE, theme.TEXT, anchor="midleft")
