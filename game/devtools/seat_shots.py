"""Screenshots of the screens of seats that survive: ``python -m game.devtools.seat_shots
DIR [--language ko] [--size 1280x720 ...]``.

The main menu with Continue online game (one table held) and with Your tables (three),
the Your tables list, the in-game menu of an online table (Back to menu, keeping the seat;
Leave table), the question before leaving, the host-left word over a friend's table (Wait,
Leave), and the status lines: the server restarting, the next attempt counted down, an
away friend's stand-in counted down. One PNG per screen and size:
``seats_{screen}_{lang}_{w}x{h}.png``; 127.0.0.1 only.
"""

from __future__ import annotations

import sys
import time
from functools import partial

from game.devtools.online_shots import OnlineShots, _free_port, run_shots
from game.devtools.scene_access import pushed, top_of
from game.ui.online.remote_match import RemoteMatch
from game.ui.scenes.online import HostScene
from game.ui.scenes.online_lobby import LobbyScene
from game.ui.scenes.online_overlays import OnlineMenuOverlay
from game.ui.scenes.table import TableScene

TOKEN = "t" * 43


class SeatShots(OnlineShots):
    def shot(self, name: str) -> None:
        for w, h in self.sizes:
            path = self.out / f"seats_{name}_{self.language}_{w}x{h}.png"
            self.pygame.image.save(self.app.render((w, h)), str(path))
            self.written.append(path.name)

    def menus(self) -> None:
        from game.ui.online.held import HeldSeat, MemorySeatBook
        from game.ui.scenes.menu import MenuScene

        book = MemorySeatBook()
        self.ctx.online.book = book
        now = time.time()
        tables = [
            ("ws://192.168.1.20:8765", "Bo", "K7QF-3MZX", False, now - 300),
            ("ws://127.0.0.1:8765", "@spring, Minji", "9XW2-HT4Q", True, now - 7200),
            ("ws://forest.example.org:8765", "Bo", "PQ3M-ZZ8K", False, now - 3 * 86400),
        ]
        for i, (server, name, code, hosted, played) in enumerate(tables):
            held = HeldSeat(server, f"{i:032x}", code, (1,), (TOKEN,), hosted, name, played)
            book.keep(held)
            if i == 0:
                self.app.stack.clear_to(MenuScene(self.ctx))
                self.frames(2)
                self.shot("menu_continue_online")
        self.app.stack.clear_to(MenuScene(self.ctx))
        self.frames(2)
        self.shot("menu_your_tables")
        self.app.stack.push(self.ctx.scenes.make("online_tables", self.ctx))
        self.frames(2)
        self.shot("your_tables")
        self.ctx.online.book = MemorySeatBook()

    def table(self) -> None:
        from game.net.client import Status
        from game.ui.scenes.menu import MenuScene

        self.app.stack.clear_to(MenuScene(self.ctx))
        host = pushed(self.app, self.ctx, "online_host", HostScene)
        host.count = 3
        host.kinds = ["here", "friend", "easy", "medium"]
        host.fields["port"] = str(_free_port())
        host.build()
        host.start()
        lobby = top_of(self.app, LobbyScene)
        self.until(lambda: lobby.mirror.joined)
        lobby.to_table()
        table = top_of(self.app, TableScene)
        match = table.match
        assert isinstance(match, RemoteMatch)
        self.frames(30)
        table.open_pause()
        self.frames(2)
        self.shot("online_menu")
        menu = top_of(self.app, OnlineMenuOverlay)
        menu.menu.buttons[4].action()  # Leave table: asked first
        self.frames(2)
        self.shot("leave_question")
        self.app.stack.pop()
        self.app.stack.pop()
        match.pump = partial(bool, False)  # type: ignore[method-assign]  # pictures hold still
        match.session.own_server = False  # as a friend's table sees the host's server
        match.session.farewell = "host_left"
        match.link = Status.LOST
        match.version += 1  # as the news taken in bumps it: the table offers nothing now
        self.app.stack.push(self.ctx.scenes.make("host_gone", self.ctx, match))
        self.frames(2)
        self.shot("host_left")
        self.app.stack.pop()
        match.session.farewell = "restart"  # the status lines below, without the word
        tr, names = self.ctx.tr, match.names
        lines = {
            "restart": tr("online.status.restart"),
            "retry_in": tr("online.status.retry_in", seconds=3),
            "away_ai": tr("online.status.away_ai", name=names[1], seconds=42),
        }
        self.status_lines(table, match, lines)
        match.link = Status.CLOSED


def _all(shots: SeatShots) -> None:
    shots.menus()
    shots.table()


def main(argv: list[str] | None = None) -> int:
    return run_shots("python -m game.devtools.seat_shots", SeatShots, _all, argv)


if __name__ == "__main__":
    sys.exit(main())
