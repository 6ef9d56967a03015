"""Menu › Your tables: the online tables this app holds a seat at (kept in the data folder,
``game/ui/online/held.py``), the last played first; each goes back to its table. With one
table the menu's Continue online game goes there at once (``game/ui/online/resuming.py``)."""

from __future__ import annotations

import time
from functools import partial

from pygame import Rect

from game.seats import shown_names
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.online.form import BOX, FormScene
from game.ui.online.held import HeldSeat, playable
from game.ui.online.resuming import resume_table

ROWS = 6  # the tables listed (the last played first)


def when(tr, seconds: float) -> str:  # noqa: ANN001 - the catalogue's tr
    """How long ago, in words: minutes, hours or days."""
    ago = max(0.0, time.time() - seconds)
    if ago < 3600:
        return tr("online.tables.minutes", count=max(1, round(ago / 60)))
    if ago < 2 * 86400:
        return tr("online.tables.hours", count=round(ago / 3600))
    return tr("online.tables.days", count=round(ago / 86400))


class TablesScene(FormScene):
    kind = "online_tables"
    title_key = "online.tables.title"

    def __init__(self, ctx) -> None:  # noqa: ANN001 - the Context
        super().__init__(ctx)
        self.held: list[HeldSeat] = []
        self.build()

    def build(self) -> None:
        tr = self.ctx.tr
        self.held = playable(self.ctx.online.book)[:ROWS]
        b: list[Button] = []
        for i, held in enumerate(self.held):
            where = tr("online.tables.hosted") if held.hosted else held.server.split("://")[-1]
            name = shown_names(tr, held.table)  # a default name in this screen's language
            label = f"{name} · {held.code} · {where} · {when(tr, held.played_at)}"
            b.append(
                Button(
                    Rect(BOX.x + 60, BOX.y + 130 + i * 86, BOX.w - 120, 70),
                    label,
                    partial(self.open, held),
                )
            )
        y = BOX.bottom - 110
        b.append(Button(Rect(BOX.centerx - 200, y, 400, 76), tr("setup.back"), self.back))
        self.set_buttons(b)
        self.menu.focus = 0
        for i, button in enumerate(b):
            button.focused = i == 0

    def open(self, held: HeldSeat) -> None:
        self.error = resume_table(self, held)

    def draw(self, p: Painter) -> None:
        self.draw_frame(p)
        if not self.held:
            p.text(
                self.ctx.tr("online.tables.none"),
                (BOX.centerx, BOX.y + 200),
                theme.BODY,
                theme.TEXT_DIM,
                anchor="center",
            )
        self.draw_error(p)
        self.menu.draw(p)
