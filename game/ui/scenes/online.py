"""Menu › Play online: host a table (the match server starts inside the app) or join one
found on the local network or by address and join code. The lobby
(``game/ui/scenes/online_lobby.py``) then waits for the server's welcome; the table is the
same table scene as a local game, on a ``RemoteMatch``."""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from game.net.protocol import normal_code, show_code
from game.player_settings import DEFAULT_PORT, HOST_PORTS, port_problem
from game.seats import AI_LEVELS, default_name, is_default, shown_name
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button, column
from game.ui.online.form import BOX, FormScene
from game.ui.online.service import PortInUse, ServingElsewhere
from game.ui.words.sentences import SEASONS

HOST_KINDS = ("here", "friend", *AI_LEVELS)  # a person at this screen, a friend joining, AI
FOUND_ROWS = 4
AWAY_Y = BOX.y + 550  # the host's row: when an AI takes an away friend's seat
LEFT_Y = BOX.y + 620  # the host's row: what becomes of a seat whose player leaves
PORT_Y = BOX.y + 690  # the host's row: the port the table listens on
LOOK_S = 0.25  # Join's look at the tables found (a lock and a sort: cheap, and a table
# announced shows within a quarter second)
AWAY_WAITS = (0, 30, 60, 120, 300)  # seconds before an AI plays an away friend's seat (0: never)


class OnlineScene(FormScene):
    """Host or join."""

    kind = "online"
    title_key = "online.title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.build()

    def build(self) -> None:
        tr = self.ctx.tr
        items: list[tuple[str, Callable[[], None]]] = [
            (tr("online.host"), lambda: self.push("online_host")),
            (tr("online.join"), lambda: self.push("online_join")),
            (tr("setup.back"), self.back),
        ]
        rects = column(BOX.centerx - 260, BOX.y + 200, 520, 76, 24, len(items))
        self.set_buttons(
            [
                Button(r, text, fn, size=theme.LARGE)
                for r, (text, fn) in zip(rects, items, strict=True)
            ]
        )

    def draw(self, p: Painter) -> None:
        self.draw_frame(p)
        self.menu.draw(p)
        self.help(p, "online.help")


class HostScene(FormScene):
    """The table to host: 2-4 seats, each a person here, a friend who joins, or an AI."""

    kind = "online_host"
    title_key = "online.host_title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        tr = ctx.tr
        self.count = 2
        self.names = [tr(f"season.{s}") for s in SEASONS]
        self.kinds = ["here", "friend", "medium", "medium"]
        self.away = 60
        self.left = "ai"  # a seat whose player leaves: an AI plays it, or it is "open"
        running = ctx.online.server is not None  # tables hosted here share its one port
        self.fields["port"] = str(ctx.online.hosted_port if running else ctx.settings.host_port)
        self.build()

    def build(self) -> None:
        tr = self.ctx.tr
        x0, y = BOX.x + 60, BOX.y + 120
        b = [
            Button(Rect(x0 + 420, y, 80, 60), "−", lambda: self.set_count(-1)),
            Button(Rect(x0 + 600, y, 80, 60), "+", lambda: self.set_count(1)),
        ]
        y += 100
        for i in range(self.count):
            key = f"name{i}"
            self.fields.setdefault(key, self.names[i])
            b.append(self.field_button(Rect(x0 + 60, y, 480, 62), key, self.names[i]))
            b.append(
                Button(
                    Rect(x0 + 580, y, 440, 62),
                    tr(f"online.kind.{self.kinds[i]}"),
                    lambda i=i: self.cycle(i),
                )
            )
            y += 80
        b.append(Button(Rect(x0 + 580, AWAY_Y, 440, 62), tr(f"online.away.{self.away}"), self.wait))
        b.append(Button(Rect(x0 + 580, LEFT_Y, 440, 62), tr(f"online.left.{self.left}"), self.gone))
        b.append(self.field_button(Rect(x0 + 580, PORT_Y, 440, 62), "port", str(DEFAULT_PORT)))
        y = BOX.bottom - 110
        b.append(Button(Rect(BOX.centerx - 440, y, 400, 76), tr("setup.back"), self.back))
        b.append(
            Button(
                Rect(BOX.centerx + 40, y, 400, 76),
                tr("online.start_hosting"),
                self.start,
                enabled=any(k == "here" for k in self.kinds[: self.count]),
                highlight=True,
                size=theme.LARGE,
            )
        )
        self.set_buttons(b)

    def set_count(self, step: int) -> None:
        self.count = min(4, max(2, self.count + step))
        self.build()

    def wait(self) -> None:
        self.away = AWAY_WAITS[(AWAY_WAITS.index(self.away) + 1) % len(AWAY_WAITS)]
        self.build()

    def gone(self) -> None:
        self.left = "open" if self.left == "ai" else "ai"
        self.build()

    def cycle(self, i: int) -> None:
        self.kinds[i] = HOST_KINDS[(HOST_KINDS.index(self.kinds[i]) + 1) % len(HOST_KINDS)]
        self.build()

    def seats(self) -> list[dict[str, str]]:
        out = []
        for i in range(self.count):
            kind = self.kinds[i]
            name = self.fields.get(f"name{i}", "").strip()
            name = default_name(i) if not name or is_default(name, i) else name  # game/seats.py
            out.append({"name": name, "kind": "human" if kind in ("here", "friend") else kind})
        return out

    def accept(self, key: str, text: str) -> str:
        if key == "port":  # digits only, five at most
            self.error = ""
            return (self.fields.get("port", "") + "".join(c for c in text if c.isdigit()))[:5]
        return super().accept(key, text)

    def port(self) -> int | None:
        """The port typed, if it is one a table can listen on (else the error says why)."""
        text = self.fields.get("port", "").strip()
        port = int(text) if text.isdigit() else None
        if port_problem(port) is not None:
            lo, hi = HOST_PORTS
            self.error = self.ctx.tr("online.error.port", low=lo, high=hi)
            return None
        return port

    def start(self) -> None:
        online, settings = self.ctx.online, self.ctx.settings
        self.editing = ""
        port = self.port()
        if port is None:
            self.build()
            return
        try:
            url = online.host(shown_name(self.ctx.tr, self.seats()[0]["name"], 0), port)
        except PortInUse as e:
            self.error = self.ctx.tr("online.error.port_taken", port=e.port)
            self.build()
            return
        except ServingElsewhere as e:  # a second table is hosted on the server's port
            self.error = self.ctx.tr("online.error.port_running", port=e.port)
            self.build()
            return
        except RuntimeError:
            self.error = self.ctx.tr("online.error.host")
            return
        if settings.host_port != port:
            settings.host_port = port  # remembered for the next table hosted here
            self.ctx.storage.save_settings(settings)  # a failure is the storage's to say
        mine = [i for i in range(self.count) if self.kinds[i] == "here"]
        create = {"type": "create", "seats": self.seats(), "mine": mine, "away_ai_s": self.away}
        create["left_seat"] = self.left
        session = online.connect(url, create)
        self.replace("online_lobby", session, True)

    def draw(self, p: Painter) -> None:
        self.draw_frame(p)
        self.label(p, "setup.players", BOX.y + 150)
        p.text(
            str(self.count),
            (BOX.x + 610, BOX.y + 150),
            theme.TITLE,
            theme.ACCENT,
            anchor="center",
            bold=True,
        )
        y = BOX.y + 220
        for i in range(self.count):
            p.circle((BOX.x + 84, y + 31), 14, self.ctx.palette.seasons[i])
            y += 80
        self.label(p, "online.away_label", AWAY_Y + 31)
        self.label(p, "online.left_label", LEFT_Y + 31)
        self.label(p, "online.port", PORT_Y + 31)
        if self.error:  # in the help's place: what to change comes first
            self.draw_error(p)
        else:
            self.help(p, "online.host_help", BOX.y + 760)
        self.menu.draw(p)


class JoinScene(FormScene):
    """A table found on the local network, or an address and a join code."""

    kind = "online_join"
    title_key = "online.join_title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.found: list = []
        self.drawn: list = []  # the tables the list showed when last drawn
        self.looked = 0.0
        self.build()

    def busy(self) -> bool:
        return self.drawn != self.found  # a table found or gone while idle: drawn at once

    def update(self, dt: float) -> None:
        self.looked -= dt
        if self.looked <= 0:  # what the network announces, looked at 4 times a second
            self.looked = LOOK_S
            found = self.ctx.online.found()[:FOUND_ROWS]
            if found != self.found:
                self.found = found
                self.build()

    def build(self) -> None:
        tr = self.ctx.tr
        x0 = BOX.x + 60
        b: list[Button] = []
        for i, host in enumerate(self.found):
            label = f"{host.name} · {host.address}"
            b.append(
                Button(
                    Rect(x0 + 420, BOX.y + 130 + i * 70, 660, 58),
                    label,
                    lambda h=host: self.pick(h.address),
                )
            )
        y = BOX.y + 430
        b.append(
            self.field_button(Rect(x0 + 420, y, 660, 62), "address", tr("online.address_hint"))
        )
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

    def accept(self, key: str, text: str) -> str:
        if key == "code":
            raw = normal_code(self.fields.get("code", "") + text)
            raw = "".join(c for c in raw if c.isalnum())[:8]
            return show_code(raw) if len(raw) > 4 else raw
        return super().accept(key, text)

    def url(self) -> str:
        address = self.fields.get("address", "").strip()
        if "://" in address:
            return address
        return f"ws://{address}" if ":" in address else f"ws://{address}:{DEFAULT_PORT}"

    def join(self) -> None:
        message = {"type": "join", "code": self.fields.get("code", "")}
        name = self.fields.get("name", "").strip()
        if name:
            message["name"] = name
        session = self.ctx.online.connect(self.url(), message)
        self.push("online_lobby", session, False)

    def draw(self, p: Painter) -> None:
        self.drawn = list(self.found)
        self.draw_frame(p)
        self.label(p, "online.found", BOX.y + 160)
        if not self.found:
            p.text(
                self.ctx.tr("online.none_found"),
                (BOX.x + 480, BOX.y + 160),
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
