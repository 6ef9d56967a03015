"""Menu › Play online › Join: a table found on the local network, one of a server's public
tables (its list, asked for with the address typed), or an address and a join code."""

from __future__ import annotations

from functools import partial

from pygame import Rect

from game.net.browse import ListedTable, server_url
from game.net.protocol import normal_code, show_code
from game.seats import shown_name
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.online.form import BOX, FormScene
from game.ui.online.tables import TableFetch

FOUND_ROWS = 4
ROWS_Y = BOX.y + 130  # the tables found or listed, a row each
ROW_STEP = 70
LOOK_S = 0.25  # Join's look at the tables found (a lock and a sort: cheap, and a table
# announced shows within a quarter second)


class JoinScene(FormScene):
    """A table found on the local network or listed by a server, or an address and a code."""

    kind = "online_join"
    title_key = "online.join_title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.found: list = []
        self.drawn: list = []  # the tables the list showed when last drawn
        self.looked = 0.0
        self.fetch: TableFetch | None = None  # a server's list being asked for
        self.listed: list[ListedTable] | None = None  # a server's public tables (None: LAN)
        self.listed_from = ""  # the address they were listed from
        self.page = 0
        self.drawn_list: list[ListedTable] | None = None
        self.build()

    def busy(self) -> bool:
        """A table found or gone, or a server's answer, drawn at once; a list asked for
        is polled at the frame rate until it comes."""
        return self.drawn != self.found or self.fetch is not None or self.drawn_list != self.listed

    def update(self, dt: float) -> None:
        if self.fetch is not None and self.fetch.done:
            fetch, self.fetch = self.fetch, None
            if fetch.error:
                key = f"online.error.{fetch.error}"
                known = self.ctx.has_key(key)
                self.error = self.ctx.tr(key if known else "online.error.list_refused")
            else:
                self.listed, self.page = fetch.tables, 0
            self.build()
        self.looked -= dt
        if self.looked <= 0:  # what the network announces, looked at 4 times a second
            self.looked = LOOK_S
            found = self.ctx.online.found()[:FOUND_ROWS]
            if found != self.found:
                self.found = found
                if self.listed is None:
                    self.build()

    def rows(self) -> list[Button]:
        x0, tr = BOX.x + 60, self.ctx.tr
        rects = [Rect(x0 + 420, ROWS_Y + i * ROW_STEP, 660, 58) for i in range(FOUND_ROWS)]
        if self.listed is None:
            return [
                Button(r, f"{host.name} · {host.address}", partial(self.pick, host.address))
                for r, host in zip(rects, self.found, strict=False)
            ]
        shown = self.listed[self.page * FOUND_ROWS : (self.page + 1) * FOUND_ROWS]
        out = []
        for r, t in zip(rects, shown, strict=False):
            name = shown_name(tr, t.name)  # a default seat name, in this screen's language
            label = tr("online.table_row", name=name, free=t.open, seats=t.seats)
            out.append(Button(r, label, partial(self.pick_table, t)))
        if len(self.listed) > FOUND_ROWS:
            pages = (len(self.listed) + FOUND_ROWS - 1) // FOUND_ROWS
            more = f"{self.page + 1}/{pages}  ›"
            out.append(Button(Rect(x0, ROWS_Y + 100, 300, 58), more, self.next_page))
        return out

    def build(self) -> None:
        tr = self.ctx.tr
        x0 = BOX.x + 60
        b = self.rows()
        y = BOX.y + 430
        b.append(
            self.field_button(Rect(x0 + 420, y, 420, 62), "address", tr("online.address_hint"))
        )
        can_list = bool(self.fields.get("address", "").strip()) and self.fetch is None
        b.append(Button(Rect(x0 + 860, y, 220, 62), tr("online.list"), self.ask, enabled=can_list))
        b.append(self.field_button(Rect(x0 + 420, y + 90, 660, 62), "code", "XXXX-XXXX"))
        b.append(
            self.field_button(Rect(x0 + 420, y + 180, 660, 62), "name", tr("online.name_hint"))
        )
        y = BOX.bottom - 110
        b.append(Button(Rect(BOX.centerx - 440, y, 400, 76), tr("setup.back"), self.back))
        ready = (
            bool(self.fields.get("address")) and len(normal_code(self.fields.get("code", ""))) == 8
        )
        b.append(
            Button(
                Rect(BOX.centerx + 40, y, 400, 76),
                tr("online.join_button"),
                self.join,
                enabled=ready,
                highlight=True,
                size=theme.LARGE,
            )
        )
        self.set_buttons(b)

    def pick(self, address: str) -> None:
        self.fields["address"] = address
        self.editing = "code"
        self.build()

    def ask(self) -> None:
        """List the public tables of the server at the address typed."""
        self.editing, self.error = "", ""
        self.listed_from = self.fields.get("address", "").strip()
        self.fetch = TableFetch(server_url(self.listed_from)).start()
        self.build()

    def pick_table(self, table: ListedTable) -> None:
        """A listed table: its server's address (already typed) and its code."""
        self.fields["address"] = self.listed_from
        self.fields["code"] = table.code
        self.editing, self.error = "", ""
        self.build()

    def next_page(self) -> None:
        pages = (len(self.listed or ()) + FOUND_ROWS - 1) // FOUND_ROWS
        self.page = (self.page + 1) % max(1, pages)
        self.build()

    def accept(self, key: str, text: str) -> str:
        if key == "code":
            raw = normal_code(self.fields.get("code", "") + text)
            raw = "".join(c for c in raw if c.isalnum())[:8]
            return show_code(raw) if len(raw) > 4 else raw
        if key == "address":
            kept = "".join(c for c in text if c.isprintable())
            return (self.fields.get(key, "") + kept)[:200]
        return super().accept(key, text)

    def url(self) -> str:
        return server_url(self.fields.get("address", ""))

    def join(self) -> None:
        message = {"type": "join", "code": self.fields.get("code", "")}
        name = self.fields.get("name", "").strip()
        if name:
            message["name"] = name
        session = self.ctx.online.connect(self.url(), message)
        self.push("online_lobby", session, False)

    def draw(self, p: Painter) -> None:
        self.drawn, self.drawn_list = list(self.found), self.listed
        self.draw_frame(p)
        tr = self.ctx.tr
        listing = self.listed is not None or self.fetch is not None
        self.label(p, "online.listed" if listing else "online.found", ROWS_Y + 30)
        if listing:
            p.text(
                self.listed_from,
                (BOX.x + 60, ROWS_Y + 70),
                theme.SMALL,
                theme.TEXT_DIM,
                anchor="midleft",
                max_width=340,
            )
        empty = ""
        if self.fetch is not None:
            empty = tr("online.listing")
        elif self.listed == []:
            empty = tr("online.none_listed")
        elif self.listed is None and not self.found:
            empty = tr("online.none_found")
        if empty:
            p.text(
                empty,
                (BOX.x + 480, ROWS_Y + 30),
                theme.BODY,
                theme.TEXT_DIM,
                anchor="midleft",
                max_width=640,
            )
        self.label(p, "online.address", BOX.y + 461)
        self.label(p, "online.code", BOX.y + 551)
        self.label(p, "online.name", BOX.y + 641)
        self.draw_error(p)
        self.menu.draw(p)
