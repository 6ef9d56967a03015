"""Screenshots of the online screens: ``python -m game.devtools.online_shots DIR
[--language ko] [--size 1280x720 ...]``.

Menu › Play online, the Host form (as it opens, with four seats and a refused port, with a
certificate, on a server), the Join form (nothing found yet; two tables found, an address
and a code typed; a server's public tables, and none), the lobby of a table hosted on a
server, a
joining lobby (connecting, unreachable, refused), the lobby of a hosted table
and the table's status line in each of its states (connected, waiting for a friend, a
friend thinking, a step taken back, an undo refused, the AI standing in, the connection
lost). The server runs on 127.0.0.1 only; one PNG per screen and size:
``online_{screen}_{lang}_{w}x{h}.png``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from game.devtools.scene_access import pushed, top_of
from game.ui.online.remote_match import RemoteMatch
from game.ui.scenes.online import HostScene
from game.ui.scenes.online_join import JoinScene
from game.ui.scenes.online_lobby import LobbyScene
from game.ui.scenes.table import TableScene

SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


class OnlineShots:
    def __init__(self, out: Path, sizes: tuple[tuple[int, int], ...], language: str) -> None:
        import pygame

        from game.ui.app import TableApp
        from game.ui.headless import headless_context

        self.pygame, self.out, self.sizes, self.language = pygame, out, sizes, language
        out.mkdir(parents=True, exist_ok=True)
        self.ctx = headless_context(language)
        self.app = TableApp(self.ctx, sizes[0])
        self.written: list[str] = []

    def shot(self, name: str) -> None:
        for w, h in self.sizes:
            path = self.out / f"online_{name}_{self.language}_{w}x{h}.png"
            self.pygame.image.save(self.app.render((w, h)), str(path))
            self.written.append(path.name)

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.step(1 / 60)

    def until(self, done: Any, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError("the online screens did not get there in time")
            self.frames()

    def forms(self) -> None:
        from game.net.discovery import FoundHost
        from game.ui.scenes.menu import MenuScene

        menu = MenuScene(self.ctx)
        self.app.stack.clear_to(menu)
        menu.online()
        self.frames(2)
        self.shot("play_online")
        host = pushed(self.app, self.ctx, "online_host", HostScene)
        self.frames(2)
        self.shot("host")
        host.count = 4
        host.kinds = ["here", "friend", "hard", "easy"]
        host.fields["port"] = "80"
        host.start()  # refused: the form says why
        self.frames(2)
        self.shot("host_port_refused")
        host.error = ""
        host.fields.update(cert="/home/ana/certificates/forest.example.org/fullchain.pem")
        host.fields.update(key="/home/ana/certificates/forest.example.org/privkey.pem")
        host.fields["port"] = "8765"
        host.public = True
        host.build()
        self.frames(2)
        self.shot("host_tls")
        host.where, host.server_tls = "server", True
        host.fields.update(server="play.example.org", server_port="443", table="Ana's forest")
        host.build()
        self.frames(2)
        self.shot("host_server")
        self.app.stack.pop()
        join = pushed(self.app, self.ctx, "online_join", JoinScene)
        join.update(0.0)
        self.frames(2)
        self.shot("join_empty")
        join.found = [
            FoundHost("Ana", "192.168.1.20:8765"),
            FoundHost("Minji", "192.168.1.31:8765"),
        ]
        join.fields.update(address="192.168.1.20:8765", code="K7QF-3MZX", name="Bo")
        join.build()
        self.frames(2)
        self.shot("join")
        self.listed(join)
        dead = f"ws://127.0.0.1:{_free_port()}"  # nobody listens there
        session = self.ctx.online.connect(dead, {"type": "join", "code": "K7QF-3MZX"})
        lobby = pushed(self.app, self.ctx, "online_lobby", LobbyScene, session, False)
        self.frames(2)
        self.shot("lobby_connecting")
        lobby.waited = 60.0  # as after a long wait: the address may be wrong
        self.frames(2)
        self.shot("lobby_unreachable")
        lobby.error = self.ctx.tr("online.error.join_limited")
        self.frames(2)
        self.shot("lobby_error")
        session.close()
        self.app.stack.pop()
        self.app.stack.pop()

    def listed(self, join: JoinScene) -> None:
        """The Join form showing a server's public tables (six: two pages)."""
        from game.net.browse import ListedTable

        names = ("Ana's forest", "숲속의 밤", "Bo", "Cy and Di's Sunday game", "Eun", "Fay")
        join.listed_from = "play.example.org"
        join.listed = [
            ListedTable(f"K7Q{i}-3MZX", name, 4, 1 + i % 3, 3 - i % 3, 0, ())
            for i, name in enumerate(names)
        ]
        join.fields.update(address="play.example.org", code="K7Q0-3MZX")
        join.build()
        self.frames(2)
        self.shot("join_listed")
        join.listed = []
        join.build()
        self.frames(2)
        self.shot("join_listed_empty")
        join.listed = None
        join.build()

    def on_server(self) -> None:
        """The lobby of a table hosted from the app on a dedicated server (one started here,
        on 127.0.0.1, standing in for a machine elsewhere)."""
        import tempfile

        from game.net.server import ServerThread
        from game.ui.scenes.menu import MenuScene

        with tempfile.TemporaryDirectory() as folder:
            server = ServerThread(str(Path(folder) / "server.db"), "127.0.0.1", 0, processes=0)
            url = server.start()
            try:
                self.app.stack.clear_to(MenuScene(self.ctx))
                host = pushed(self.app, self.ctx, "online_host", HostScene)
                host.move()
                host.fields.update(server="127.0.0.1", server_port=url.rsplit(":", 1)[1])
                host.toggle_public()
                host.start()
                lobby = top_of(self.app, LobbyScene)
                self.until(lambda: lobby.mirror.joined)
                self.frames(2)
                self.shot("lobby_on_server")
                lobby.session.close()
            finally:
                server.stop()

    def lobby_and_table(self) -> None:
        from game.net.client import Status
        from game.ui.scenes.menu import MenuScene

        menu = MenuScene(self.ctx)
        self.app.stack.clear_to(menu)
        host = pushed(self.app, self.ctx, "online_host", HostScene)
        host.count = 3
        host.kinds = ["here", "friend", "easy", "medium"]
        host.fields["port"] = str(_free_port())
        host.build()
        host.start()
        lobby = top_of(self.app, LobbyScene)
        self.until(lambda: lobby.mirror.joined)
        self.frames(2)
        self.shot("lobby")
        lobby.to_table()
        table = top_of(self.app, TableScene)
        match = table.match
        assert isinstance(match, RemoteMatch)
        self.frames(30)
        self.shot("table_waiting")
        tr = self.ctx.tr
        names = match.names
        lines = {
            "connected": tr("online.status.connected"),
            "thinking": tr("online.status.thinking", name=names[1]),
            "undone": tr("online.status.undone", name=names[1]),
            "undo_refused": tr("online.undo_refused.other"),
            "stand_in": tr("online.status.stand_in", names=names[1]),
            "lost": tr("online.status.lost"),
            "move_refused": tr("online.status.move_refused"),
        }
        self.status_lines(table, match, lines)
        match.link = Status.CLOSED

    def status_lines(self, table: TableScene, match: RemoteMatch, lines: dict[str, str]) -> None:
        """The table with each status line as the match would say it (one shot each)."""
        for name, line in lines.items():
            match.status = partial(str, line)  # type: ignore[method-assign]  # the line shown
            table.layer.invalidate()
            self.frames(2)
            self.shot(f"table_status_{name}")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_shots(
    prog: str, make: type[OnlineShots], steps: Callable[[Any], None], argv: list[str] | None
) -> int:
    """A screenshot tool's command line: ``prog OUT [--language ko] [--size WxH ...]``."""
    ap = argparse.ArgumentParser(prog=prog)
    ap.add_argument("out", type=Path)
    ap.add_argument("--language", default="en", choices=["en", "ko"])
    ap.add_argument("--size", type=_size, action="append", help="WxH (repeatable)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    shots = make(args.out, tuple(args.size or SIZES), args.language)
    try:
        steps(shots)
    finally:
        shots.ctx.online.close()
    print("\n".join(shots.written))
    return 0


def _all(shots: OnlineShots) -> None:
    shots.forms()
    shots.on_server()
    shots.lobby_and_table()


def main(argv: list[str] | None = None) -> int:
    return run_shots("python -m game.devtools.online_shots", OnlineShots, _all, argv)


if __name__ == "__main__":
    sys.exit(main())
