"""Overlays of an online table: its in-game menu (no "Paused" and no "Save and quit": the
table neither pauses nor saves here; back to the menu keeps the seat, Leave table gives it
up after a question), and the word that the host has left, with Wait and Leave."""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button, column
from game.ui.online.remote_match import RemoteMatch
from game.ui.overlay import MenuOverlay, Overlay


def ask_to_leave(scene: Overlay, match: RemoteMatch) -> None:
    """Leave table, asked first: the seat is given up for good."""

    def leave() -> None:
        match.leave()
        scene.clear_to("menu")

    scene.push("confirm", scene.ctx.tr("online.leave_confirm"), leave)


class OnlineMenuOverlay(MenuOverlay):
    kind = "online_menu"

    def __init__(self, ctx: Context, match: RemoteMatch) -> None:
        super().__init__(ctx)
        self.match = match
        self.build()
        self.focus_first()

    def build(self) -> None:
        tr = self.ctx.tr
        items: list[tuple[str, Callable[[], object]]] = [
            (tr("online.menu.back_to_table"), self.close),
            (tr("pause.settings"), lambda: self.push("settings")),
            (tr("pause.rules"), lambda: self.push("rules_help")),
            (tr("online.menu.to_menu"), self.to_menu),
            (tr("online.menu.leave"), lambda: ask_to_leave(self, self.match)),
            (tr("pause.quit"), self.ctx.quit),
        ]
        rects = column(self.box.x + 110, self.box.y + 110, 480, 70, 22, len(items))
        self.menu.buttons = [
            Button(r, label, fn) for r, (label, fn) in zip(rects, items, strict=True)
        ]

    def to_menu(self) -> None:
        """The seat is kept (here and on the server): Continue online game comes back."""
        self.match.cancel_ai()
        self.clear_to("menu")

    def draw(self, p: Painter) -> None:
        self.draw_frame(p, self.ctx.tr("online.menu.title"))
        super().draw(p)


class HostGoneOverlay(Overlay):
    """The host's app quit: the table waits for them. Closes by itself when they are back."""

    kind = "host_gone"
    box = Rect(510, 360, 900, 360)  # two lines of words, then Wait and Leave

    def __init__(self, ctx: Context, match: RemoteMatch) -> None:
        super().__init__(ctx)
        self.match = match
        self.drawn = -1
        self.build()

    def resized(self) -> None:
        self.build()

    def build(self) -> None:
        tr, b = self.ctx.tr, self.box
        self.menu.buttons = [
            Button(Rect(b.centerx - 380, b.bottom - 100, 360, 70), tr("online.wait"), self.close),
            Button(
                Rect(b.centerx + 20, b.bottom - 100, 360, 70),
                tr("online.menu.leave"),
                lambda: ask_to_leave(self, self.match),
            ),
        ]
        self.menu.focus = 0
        self.menu.buttons[0].focused = True

    def update(self, dt: float) -> None:
        """The table below is not updated: its news is taken in here, and the word goes
        as soon as the host is back."""
        self.match.pump()
        if not self.match.host_gone:
            self.close()

    def busy(self) -> bool:
        return self.drawn != self.match.version

    def draw(self, p: Painter) -> None:
        self.drawn = self.match.version
        self.draw_frame(p, self.ctx.tr("online.host_left.title"))
        b = self.box
        p.text_box(
            self.ctx.tr("online.host_left.body"),
            Rect(b.x + 50, b.y + 100, b.w - 100, 180),
            theme.LARGE,
            align="center",
        )
        super().draw(p)
