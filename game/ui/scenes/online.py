"""Menu › Play online: host a table, on this computer (the match server starts inside the
app) or on a dedicated server (the app sends it ``create``), or join one
(``game/ui/scenes/online_join.py``). The lobby (``game/ui/scenes/online_lobby.py``) then
waits for the server's welcome; the table is the same table scene as a local game, on a
``RemoteMatch``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from pygame import Rect

from game.net.browse import server_url
from game.player_settings import DEFAULT_PORT, HOST_PORTS, port_problem
from game.seats import AI_LEVELS, default_name, is_default, shown_name
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button, column
from game.ui.online.form import BOX, FormScene
from game.ui.online.service import (
    BadCertificate,
    HostTls,
    PortInUse,
    ServingElsewhere,
    TlsMismatch,
)
from game.ui.words.sentences import SEASONS

HOST_KINDS = ("here", "friend", *AI_LEVELS)  # a person at this screen, a friend joining, AI
# The Host form's rows, top down.
ROW, FIELD_H = 60, 50
COUNT_Y = BOX.y + 100  # the number of seats; where the table is hosted
SEATS_Y = BOX.y + 170  # a row per seat
AWAY_Y = SEATS_Y + 4 * ROW + 6  # when an AI takes an away friend's seat
LEFT_Y = AWAY_Y + ROW  # what becomes of a seat whose player leaves
PORT_Y = LEFT_Y + ROW  # the port the table listens on here; or the server's address
PUBLIC_Y = PORT_Y + ROW  # listed by the server (and under which name)
CERT_Y = PUBLIC_Y + ROW  # here: TLS certificate and key (none: plain ws, a home network)
KEY_Y = CERT_Y + ROW
NOTE_Y = KEY_Y + FIELD_H + 4  # the error, or whether the table is encrypted (above the buttons)
PATH_SHOWN = 44  # the end of a long file path shown in its field
LONG_FIELDS = {"server": 200, "cert": 1024, "key": 1024}  # characters kept
HOME_NOTE = ("online.home_network", theme.SELECTED)
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
        items: list[tuple[str, Callable[[], object]]] = [
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
    """The table to host: 2-4 seats, each a person here, a friend who joins, or an AI; on
    this computer (the app's own server, TLS when given a certificate) or on a dedicated
    server (the app sends ``create`` there and starts no server of its own)."""

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
        settings = ctx.settings
        self.where = "here"  # or "server": a dedicated server
        self.public = False  # listed by the server for anyone to join
        self.server_tls = settings.host_server_tls
        self.fields.update(
            server=settings.host_server,
            server_port=str(settings.host_server_port),
            cert=settings.host_cert,
            key=settings.host_key,
        )
        self.build()

    def build(self) -> None:
        tr = self.ctx.tr
        x0 = BOX.x + 60
        b = [
            Button(Rect(x0 + 420, COUNT_Y, 80, 56), "−", lambda: self.set_count(-1)),
            Button(Rect(x0 + 600, COUNT_Y, 80, 56), "+", lambda: self.set_count(1)),
            Button(Rect(x0 + 720, COUNT_Y, 300, 56), tr(f"online.where.{self.where}"), self.move),
        ]
        y = SEATS_Y
        for i in range(self.count):
            key = f"name{i}"
            self.fields.setdefault(key, self.names[i])
            b.append(self.field_button(Rect(x0 + 60, y, 480, FIELD_H), key, self.names[i]))
            b.append(
                Button(
                    Rect(x0 + 580, y, 440, FIELD_H),
                    tr(f"online.kind.{self.kinds[i]}"),
                    partial(self.cycle, i),
                )
            )
            y += ROW
        away = tr(f"online.away.{self.away}")
        b.append(Button(Rect(x0 + 580, AWAY_Y, 440, FIELD_H), away, self.wait))
        left = tr(f"online.left.{self.left}")
        b.append(Button(Rect(x0 + 580, LEFT_Y, 440, FIELD_H), left, self.gone))
        b += self.place_buttons(x0)
        listed = tr("online.public.on" if self.public else "online.public.off")
        b.append(Button(Rect(x0 + 300, PUBLIC_Y, 260, FIELD_H), listed, self.toggle_public))
        if self.public:
            name = shown_name(tr, self.seats()[0]["name"], 0)
            b.append(self.field_button(Rect(x0 + 580, PUBLIC_Y, 440, FIELD_H), "table", name))
        y = BOX.bottom - 96
        b.append(Button(Rect(BOX.centerx - 440, y, 400, 72), tr("setup.back"), self.back))
        b.append(
            Button(
                Rect(BOX.centerx + 40, y, 400, 72),
                tr("online.start_hosting"),
                self.start,
                enabled=any(k == "here" for k in self.kinds[: self.count]),
                highlight=True,
                size=theme.LARGE,
            )
        )
        self.set_buttons(b)

    def place_buttons(self, x0: int) -> list[Button]:
        """The port here, or the server's address, port and TLS; the certificate here."""
        if self.where == "server":
            tls = self.ctx.tr("online.tls.on" if self.server_tls else "online.tls.off")
            return [
                self.field_button(
                    Rect(x0 + 300, PORT_Y, 380, FIELD_H), "server", "play.example.org"
                ),
                self.field_button(Rect(x0 + 700, PORT_Y, 150, FIELD_H), "server_port", "8765"),
                Button(Rect(x0 + 870, PORT_Y, 150, FIELD_H), tls, self.toggle_tls),
            ]
        none = self.ctx.tr("online.cert_none")
        return [
            self.field_button(Rect(x0 + 580, PORT_Y, 440, FIELD_H), "port", str(DEFAULT_PORT)),
            self.path_button(Rect(x0 + 300, CERT_Y, 720, FIELD_H), "cert", none),
            self.path_button(Rect(x0 + 300, KEY_Y, 720, FIELD_H), "key", none),
        ]

    def path_button(self, rect: Rect, key: str, placeholder: str) -> Button:
        """A file path's field, showing the path's end when it is too long to show whole."""
        button = self.field_button(rect, key, placeholder)
        if len(button.label) > PATH_SHOWN:
            button.label = "…" + button.label[-PATH_SHOWN:]
        return button

    def set_count(self, step: int) -> None:
        self.count = min(4, max(2, self.count + step))
        self.build()

    def move(self) -> None:
        self.where = "server" if self.where == "here" else "here"
        self.error = ""
        self.build()

    def toggle_tls(self) -> None:
        self.server_tls = not self.server_tls
        self.build()

    def toggle_public(self) -> None:
        self.public = not self.public
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
        if key in ("port", "server_port"):  # digits only, five at most
            self.error = ""
            return (self.fields.get(key, "") + "".join(c for c in text if c.isdigit()))[:5]
        if key in LONG_FIELDS:  # an address or a file path: longer than a name
            kept = "".join(c for c in text if c.isprintable())
            return (self.fields.get(key, "") + kept)[: LONG_FIELDS[key]]
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

    def create_message(self) -> dict[str, Any]:
        mine = [i for i in range(self.count) if self.kinds[i] == "here"]
        create = {"type": "create", "seats": self.seats(), "mine": mine, "away_ai_s": self.away}
        create["left_seat"] = self.left
        if self.public:  # only then: a server from before the list keeps taking the rest
            create["public"] = True
            name = self.fields.get("table", "").strip()
            if name:
                create["table_name"] = name
        return create

    def fail(self, key: str, **values: Any) -> None:
        self.error = self.ctx.tr(key, **values)
        self.build()

    def start(self) -> None:
        self.editing = ""
        if self.where == "server":
            self.start_on_server()
            return
        online, settings = self.ctx.online, self.ctx.settings
        port = self.port()
        if port is None:
            self.build()
            return
        cert, key = self.fields.get("cert", "").strip(), self.fields.get("key", "").strip()
        if bool(cert) != bool(key):
            self.fail("online.error.tls_pair")
            return
        tls = HostTls(cert, key) if cert else None
        try:
            url = online.host(shown_name(self.ctx.tr, self.seats()[0]["name"], 0), port, tls)
        except PortInUse as e:
            self.fail("online.error.port_taken", port=e.port)
            return
        except ServingElsewhere as e:  # a second table is hosted on the server's port
            self.fail("online.error.port_running", port=e.port)
            return
        except TlsMismatch as e:
            self.fail("online.error.tls_running" if e.tls else "online.error.plain_running")
            return
        except BadCertificate:
            self.fail("online.error.certificate")
            return
        except RuntimeError:
            self.error = self.ctx.tr("online.error.host")
            return
        if (settings.host_port, settings.host_cert, settings.host_key) != (port, cert, key):
            settings.host_port = port  # remembered for the next table hosted here
            settings.host_cert, settings.host_key = cert, key
            self.ctx.storage.save_settings(settings)  # a failure is the storage's to say
        session = online.connect(url, self.create_message())
        self.replace("online_lobby", session, True)

    def start_on_server(self) -> None:
        """Create the table on the dedicated server typed (this app starts no server)."""
        settings = self.ctx.settings
        address = self.fields.get("server", "").strip()
        text = self.fields.get("server_port", "").strip()
        port = int(text) if text.isdigit() else 0
        if not address:
            self.fail("online.error.server_address")
            return
        if not 1 <= port <= 65535:
            self.fail("online.error.server_port")
            return
        url = server_url(address, port, self.server_tls)
        known = (settings.host_server, settings.host_server_port, settings.host_server_tls)
        if known != (address, port, self.server_tls):
            settings.host_server, settings.host_server_port = address, port
            settings.host_server_tls = self.server_tls
            self.ctx.storage.save_settings(settings)
        session = self.ctx.online.connect(url, self.create_message())
        self.replace("online_lobby", session, True)

    def draw(self, p: Painter) -> None:
        self.draw_frame(p)
        self.label(p, "setup.players", COUNT_Y + 28)
        p.text(
            str(self.count),
            (BOX.x + 610, COUNT_Y + 28),
            theme.TITLE,
            theme.ACCENT,
            anchor="center",
            bold=True,
        )
        y = SEATS_Y
        for i in range(self.count):
            p.circle((BOX.x + 84, y + FIELD_H // 2), 14, self.ctx.palette.seasons[i])
            y += ROW
        mid = FIELD_H // 2
        self.label(p, "online.away_label", AWAY_Y + mid)
        self.label(p, "online.left_label", LEFT_Y + mid)
        here = self.where == "here"
        self.label(p, "online.port" if here else "online.server", PORT_Y + mid)
        self.label(p, "online.public_label", PUBLIC_Y + mid)
        if here:
            self.label(p, "online.cert", CERT_Y + mid)
            self.label(p, "online.key", KEY_Y + mid)
        else:
            box = Rect(BOX.x + 60, CERT_Y, BOX.w - 120, NOTE_Y - CERT_Y)
            p.text_box(self.ctx.tr("online.server_help"), box, theme.BODY, theme.TEXT_DIM)
        self.draw_note(p)
        self.menu.draw(p)

    def draw_note(self, p: Painter) -> None:
        """The error if there is one; else, hosting here, whether friends' connections are
        encrypted (without a certificate: a trusted home network only)."""
        box = Rect(BOX.x + 40, NOTE_Y, BOX.w - 80, 70)
        if self.error:
            p.text_box(self.error, box, theme.SMALL, theme.DANGER, "center", valign="center")
        elif self.where == "here":
            tls = bool(self.fields.get("cert", "").strip())
            key, colour = ("online.tls_note", theme.TEXT_DIM) if tls else HOME_NOTE
            p.text_box(self.ctx.tr(key), box, theme.SMALL, colour, "center", valign="center")
