"""The ``restart`` part of ``python -m game.devtools.net_times``: how long after its window
opens an app that was killed (or quit) is back in its online seat, through the app's own
scenes, headless, on 127.0.0.1 only.

A host (its tables in a SQLite file, its seats in its seats file) and a friend (its own
seats file) sit at a table hosted in the host's app, both at the table. Then, each run:

- ``friend``: the friend's app is killed (its connection dropped, nothing said) and started
  again on the same data folder: a new context, Menu › Continue online game pressed in the
  first frame it can be; timed from the menu's first frame (the window open) to the
  friend's table drawn, seated and connected.
- ``host``: the host's app quits (its server tells the friend ``bye``: the host has left)
  and starts again: Menu › Continue online game reopens the app's server on its port and
  file and resumes the host's seats; timed from the host's menu to the host's table drawn,
  and to the friend's table back by itself (the friend's session reconnects on its own).

Also used by ``tests/net/test_seats_survive.py`` to drive the same steps.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from game.devtools.app_screens import (
    LOCAL,
    Screen,
    Stuck,
    drive,
    free_port,
    is_table,
    load,
    press,
    summary,
)

log = logging.getLogger(__name__)


def seated(screen: Screen) -> bool:
    """The screen's table is drawn as it stands (this pass, or the match's version last
    drawn is its version now) and connected, its seats its own. (Not only "drawn this
    pass": two idle screens redraw once a second each, out of step, and were never both
    drawn in one pass.)"""
    from game.net.client import Status

    top = screen.top
    if not is_table(top) or not (screen.drew or top.drawn == top.match.version):
        return False
    match = top.match
    return match.link is Status.CONNECTED and bool(match.mirror.yours)


class Table:
    """A host's app and a friend's at one table hosted in the host's app, each app's files
    under a folder of its own (``host``, ``friend``) as two computers' data folders."""

    def __init__(self, folder: Path, ctx_maker: Any = None) -> None:
        from game.ui.headless import headless_context

        self.folder = folder
        self.make_ctx = ctx_maker or headless_context
        self.port = free_port()
        self.host = self.start("host")
        self.friend = self.start("friend")
        self.tr = self.host.ctx.tr

    def start(self, who: str) -> Screen:
        """An app starting on ``who``'s data folder: fresh services, the seats on disk."""
        from game.app.online_seats import SeatFile
        from game.ui.online.service import Online

        data = self.folder / who
        data.mkdir(parents=True, exist_ok=True)
        ctx = self.make_ctx()
        db = data / "hosted-tables.db" if who == "host" else None
        book = SeatFile(data / "online-seats.json", data / "damaged")
        ctx.online = Online(db=db, listen=LOCAL, discover=False, ai_processes=0, book=book)
        ctx.online.farewells()  # as the app's composition root does (``launch.build``)
        return Screen(ctx)

    @property
    def screens(self) -> list[Screen]:
        return [self.host, self.friend]

    def sit_down(self) -> None:
        """Host (a person here and a friend), the friend joins by address and code."""
        from game.ui.scenes.menu import MenuScene

        menu = self.host.push(MenuScene(self.host.ctx))
        menu.online()
        press(self.host.top, self.tr("online.host"))
        form = self.host.top
        form.fields["port"] = str(self.port)
        form.build()
        press(form, self.tr("online.start_hosting"))
        lobby = self.host.top
        drive(self.screens, lambda: lobby.mirror.joined, "the host's welcome")
        code = lobby.mirror.code
        press(lobby, self.tr("online.to_table"))
        menu = self.friend.push(MenuScene(self.friend.ctx))
        menu.online()
        press(self.friend.top, self.tr("online.join"))
        join = self.friend.top
        join.fields.update(address=f"{LOCAL}:{self.port}", code=code)
        join.build()
        press(join, self.tr("online.join_button"))
        drive(self.screens, lambda: seated(self.friend) and seated(self.host), "both seated")

    def kill(self, screen: Screen) -> None:
        """The app is gone without a word: its connections drop, its server (if any) with
        them. (A session's close is what the server sees of a killed process: the
        connection ends.)"""
        online = screen.ctx.online
        for session in online.sessions:
            session.close()
        online.sessions.clear()
        screen.reset()

    def continue_online(self, screen: Screen) -> float:
        """The app's window opens on the menu; Continue online game is pressed. Returns
        when the menu was first drawn (the window open)."""
        from game.ui.scenes.menu import MenuScene

        menu = screen.push(MenuScene(screen.ctx))
        opened = time.monotonic()
        press(menu, self.tr("menu.continue_online"))
        return opened

    def friend_restart(self) -> dict[str, float]:
        self.kill(self.friend)
        self.friend.ctx.online.close()
        self.friend = self.start("friend")
        opened = self.continue_online(self.friend)
        drive(self.screens, lambda: seated(self.friend), "the friend back in its seat")
        return {"friend_back": time.monotonic() - opened}

    def host_restart(self) -> dict[str, float]:
        from game.net.client import Status

        self.host.ctx.online.close()  # quit: the server says bye (host_left) and stops
        self.host.reset()
        friend = self.friend.top
        drive([self.friend], lambda: friend.match.host_gone, "the friend told the host left")
        self.host = self.start("host")
        opened = self.continue_online(self.host)
        drive(self.screens, lambda: seated(self.host), "the host back in its seat")
        host_back = time.monotonic() - opened
        drive(
            self.screens,
            lambda: friend.match.link is Status.CONNECTED and not friend.match.host_gone,
            "the friend back by itself",
        )
        return {"host_back": host_back, "friend_back_after_host": time.monotonic() - opened}

    def close(self) -> None:
        for s in self.screens:
            s.ctx.online.close()
            s.reset()


def part_restart(runs: int, folder: Path) -> dict[str, Any]:
    times: dict[str, list[float]] = {}
    failed: list[str] = []
    before = load()
    table = Table(folder)
    try:
        table.sit_down()
        for run in range(runs):
            try:
                for k, v in (table.friend_restart() | table.host_restart()).items():
                    times.setdefault(k, []).append(v)
            except Stuck as e:
                log.warning("restart run %d: %s", run, e)
                failed.append(str(e))
                break  # the table is in no known state: the next run cannot start
    finally:
        table.close()
    return {
        "part": "restart",
        "runs": runs,
        "failed": failed,
        "friend_back_s": summary(times.get("friend_back", [])),
        "host_back_s": summary(times.get("host_back", [])),
        "friend_back_after_host_s": summary(times.get("friend_back_after_host", [])),
        "load_1min": [before, load()],
    }
