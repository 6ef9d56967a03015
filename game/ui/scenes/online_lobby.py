"""The lobby of a hosted table: connecting, then the join code and the addresses to give
friends, and who has taken a seat. A client that joined goes to the table as soon as the
server welcomes it; the host goes when ready (the table waits for absent seats anyway)."""

from __future__ import annotations

import queue
import time

from pygame import Rect

from game.net.client import GONE, Session, Status
from game.net.mirror import Mirror, MirrorError
from game.seats import shown_name
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.online.form import BOX, FormScene
from game.ui.online.remote_match import RemoteMatch

MAX_NOTES = 200  # session notes taken in per frame
SLOW_S = 4.0  # connecting longer than this: say the address may be wrong


class LobbyScene(FormScene):
    kind = "online_lobby"
    title_key = "online.lobby_title"

    def __init__(
        self, ctx: Context, session: Session, hosting: bool, resuming: bool = False
    ) -> None:
        super().__init__(ctx)
        self.session = session
        self.hosting = hosting
        self.resuming = resuming  # a seat held from before: straight back to the table
        self.mirror = Mirror()
        self.link = Status.CONNECTING
        self.waited = 0.0
        self.presence_at = time.monotonic()  # when the away times were last told
        self.news = 0  # notes taken in from the session (a message, a change of status)
        self.drawn = -1  # how many of them were taken in when the lobby was last drawn
        self.build()

    def build(self) -> None:
        tr = self.ctx.tr
        y = BOX.bottom - 110
        self.set_buttons(
            [
                Button(Rect(BOX.centerx - 440, y, 400, 76), tr("online.leave"), self.leave),
                Button(
                    Rect(BOX.centerx + 40, y, 400, 76),
                    tr("online.to_table"),
                    self.to_table,
                    enabled=self.mirror.joined,
                    highlight=True,
                    size=theme.LARGE,
                ),
            ]
        )

    def busy(self) -> bool:
        """Poll the connection at the frame rate until seated; then draw once after news
        taken in while idle (a friend seated, the connection lost)."""
        return not self.mirror.joined or self.drawn != self.news

    def update(self, dt: float) -> None:
        self.waited += dt
        for _ in range(MAX_NOTES):
            try:
                note = self.session.notes.get_nowait()
            except queue.Empty:
                break
            self.news += 1
            if note.status is not None:
                self.link = note.status
            if note.message is not None:
                self.take(note.message)
            if self.stack is None or self.stack.top is not self:
                return
        self.build()

    def take(self, msg: dict) -> None:
        try:
            self.mirror.handle(msg)
        except MirrorError:
            self.error = self.ctx.tr("online.error.garbled")
            return
        kind = msg.get("type")
        if kind == "presence":
            self.presence_at = time.monotonic()
        if kind == "welcome":
            self.error = ""
            if not self.hosting or self.resuming:
                self.to_table()
        elif kind == "error":
            code = str(msg.get("code", ""))
            if code in GONE and self.session.match:  # a seat held here: forgotten now
                code = "gone"
            key = f"online.error.{code}"
            self.error = self.ctx.tr(key) if self.ctx.has_key(key) else str(msg.get("text", ""))

    def to_table(self) -> None:
        if self.mirror.joined:
            match = RemoteMatch.joined(self.session, self.mirror, self.ctx.tr)
            match.online = self.ctx.online
            match.presence_at = self.presence_at  # the away times' countdowns go on
            self.clear_to("table", match)

    def leave(self) -> None:
        self.session.close()
        self.clear_to("menu")

    def status_text(self) -> str:
        tr = self.ctx.tr
        if self.link is Status.FAILED:
            return tr("online.status.refused")
        if not self.mirror.joined:
            slow = self.waited > SLOW_S
            return tr("online.status.unreachable" if slow else "online.status.connecting")
        return tr("online.status.lost" if self.link is Status.LOST else "online.status.seated")

    def draw(self, p: Painter) -> None:
        self.drawn = self.news
        self.draw_frame(p)
        x0 = BOX.x + 60
        p.text(
            self.status_text(),
            (BOX.centerx, BOX.y + 110),
            theme.BODY,
            theme.TEXT_DIM,
            anchor="midtop",
            max_width=BOX.w - 120,
        )
        if self.mirror.joined:
            self.label(p, "online.code", BOX.y + 210)
            p.text(
                self.mirror.code,
                (x0 + 420, BOX.y + 210),
                theme.HUGE,
                theme.ACCENT,
                anchor="midleft",
                bold=True,
            )
            addresses = self.ctx.online.addresses_for(self.session) if self.hosting else []
            if addresses:
                self.label(p, "online.addresses", BOX.y + 310)
                p.text(
                    "  ·  ".join(addresses),
                    (x0 + 420, BOX.y + 310),
                    theme.LARGE,
                    theme.TEXT,
                    anchor="midleft",
                    max_width=BOX.w - 520,
                )
            self.draw_seats(p, BOX.y + 390)
            self.draw_security(p, self.session, BOX.y + 660, self.hosting)
        self.draw_error(p)
        self.menu.draw(p)

    def draw_seats(self, p: Painter, top: int) -> None:
        tr, x0 = self.ctx.tr, BOX.x + 60
        for i, seat in enumerate(self.mirror.seats):
            y = top + i * 62
            p.circle((x0 + 24, y + 20), 14, self.ctx.palette.seasons[i])
            p.text(
                shown_name(tr, seat.name, i),
                (x0 + 60, y + 20),
                theme.LARGE,
                theme.TEXT,
                anchor="midleft",
                max_width=440,
            )
            if seat.is_ai:
                state = tr(f"seat.kind.{seat.kind}")
            elif i in self.mirror.yours:
                state = tr("online.seat.here")
            elif i < len(self.mirror.connected) and self.mirror.connected[i]:
                state = tr("online.seat.connected")
            else:
                state = tr("online.seat.waiting")
            p.text(
                state,
                (x0 + 560, y + 20),
                theme.BODY,
                theme.TEXT_DIM,
                anchor="midleft",
                max_width=BOX.w - 640,
            )
