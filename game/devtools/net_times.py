"""``python -m game.devtools.net_times [--runs 20] [--parts discovery address reconnect]``:
how long network play makes a person wait, timed through the app's own scenes, headless,
on 127.0.0.1 only. One JSON line per part: median, p90 and max of each time, the load
average before and after.

Two apps run in this process, each its own context and scene stack drawn on a surface of
its own, each stepped as ``TableApp.run`` steps a window (60 frames a second while the top
scene is busy, else an update every 100 ms): the host's and a friend's. Nobody types: each
screen's next step is taken in the first frame it can be, so the times are the machine's,
not a person's.

- ``discovery``: the friend has Menu › Play online › Join open; the host presses Start
  hosting (Menu › Play online › Host: the server starts in the app, its tables in a SQLite
  file, the table announced by mDNS on 127.0.0.1). Timed from the press to the friend's
  table scene drawn: the friend's Join lists the table, a click on it fills the address,
  the code the host's lobby shows is typed, Join is pressed, the welcome opens the table.
- ``address``: the same without mDNS on either side: the address and code typed.
- ``reconnect``: the friend plays through a relay (``net_relay.Relay``) that is cut (every
  connection dropped, new ones refused) for a random outage in ``--outage``, meanwhile the
  host plays a move if it may; timed from the relay's restore to the friend's table back:
  welcomed again, its mirror at the host's move count, drawn.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from game.devtools.app_screens import (  # noqa: F401 - re-exported for tests and tools
    FPS,
    LOCAL,
    RUN_S,
    Marks,
    Screen,
    Stuck,
    drive,
    free_port,
    is_table,
    load,
    press,
    summary,
    wait,
)

PARTS = ("discovery", "address", "reconnect", "restart")  # restart: ``net_restart.py``
log = logging.getLogger(__name__)


def press_apart(apps: Apps, scene: Any, label: str) -> None:
    """Press a host's button whose frame takes long (Start hosting: the server starts and
    the table is announced before the frame ends) while the friend's app, another program
    in life, goes on with its frames."""
    failed: list[BaseException] = []

    def pressing() -> None:
        try:
            press(scene, label)
        except BaseException as e:  # noqa: BLE001 - raised again on the driving thread
            failed.append(e)

    thread = threading.Thread(target=pressing, name="host-press", daemon=True)
    thread.start()
    drive([apps.friend], lambda: not thread.is_alive(), "the host's press")
    thread.join()
    if failed:
        raise failed[0]


class Apps:
    """The host's and the friend's app, their tables hosted in a file under ``folder``."""

    def __init__(self, folder: Path, discover: bool) -> None:
        from game.ui.headless import headless_context

        self.folder, self.discover = folder, discover
        self.host = Screen(headless_context())
        self.friend = Screen(headless_context())
        self.tr = self.host.ctx.tr
        self.screens = [self.host, self.friend]

    def online(self) -> None:
        """Fresh network services for both apps, as at the app's start: the host's keeps
        its tables in a file and runs AI seats in a process, as the app does."""
        from game.ui.online.service import Online

        on = [LOCAL] if self.discover else None
        self.host.ctx.online = Online(
            db=self.folder / "hosted-tables.db",
            listen=LOCAL,
            discover=self.discover,
            discover_on=on,
        )
        self.friend.ctx.online = Online(listen=LOCAL, discover=self.discover, discover_on=on)

    def close(self) -> None:
        for s in self.screens:
            s.ctx.online.close()  # every session, the announcement, the server
            s.reset()

    def host_form(self, name: str) -> Any:
        """Menu › Play online › Host, the table's name and a free port typed."""
        from game.ui.scenes.menu import MenuScene

        menu = self.host.push(MenuScene(self.host.ctx))
        menu.online()
        press(self.host.top, self.tr("online.host"))
        form = self.host.top
        form.fields["name0"] = name
        form.fields["port"] = str(free_port())
        form.build()
        return form

    def join_form(self) -> Any:
        """Menu › Play online › Join on the friend's app."""
        from game.ui.scenes.menu import MenuScene

        menu = self.friend.push(MenuScene(self.friend.ctx))
        menu.online()
        press(self.friend.top, self.tr("online.join"))
        return self.friend.top

    def code(self) -> str:
        """The join code the host's lobby shows ('' until the server welcomed the host)."""
        top = self.host.top
        return top.mirror.code if top.kind == "online_lobby" and top.mirror.joined else ""

    def join(self, form: Any, code: str) -> None:
        form.fields["code"] = code
        form.editing = ""
        form.build()
        press(form, self.tr("online.join_button"))

    def friend_table_shown(self) -> bool:
        return is_table(self.friend.top) and self.friend.drew


def time_join(apps: Apps, run: int) -> dict[str, float]:
    """Host pressed to the friend's table drawn, and the steps in between."""
    apps.online()
    tag = f"{os.getpid()}-{run}"
    form = apps.host_form(f"Ana {tag}")
    join = apps.join_form()
    if apps.discover:
        wait(apps.screens, 1.2)  # the friend has looked at Join a moment: its browser runs
    marks = Marks()
    t0 = time.monotonic()
    press_apart(apps, form, apps.tr("online.start_hosting"))
    marks["host_frame"] = time.monotonic()  # the press's own frame (server, announcement)

    def listed() -> bool:
        """The friend sees the table in Join's list (drawn), or types the address."""
        if not apps.discover:
            return True
        found = any(tag in h.name for h in join.found)
        return marks.at("listed", found and apps.friend.drew)

    def ready() -> bool:
        code = marks.at("code", bool(apps.code()) and apps.host.drew)
        return listed() and code

    drive(apps.screens, ready, "the code shown and the table listed")
    if apps.discover:
        host = next(h for h in join.found if tag in h.name)
        press(join, f"{host.name} · {host.address}")  # fills the address
    else:
        join.fields["address"] = apps.host.ctx.online.addresses()[0]
    apps.join(join, apps.code())
    marks["join_pressed"] = time.monotonic()
    drive(apps.screens, lambda: marks.at("table", apps.friend_table_shown()), "the table")
    return {k: v - t0 for k, v in marks.items()}


class Reconnects:
    """A host and a friend at one table, the friend through a relay that is cut and
    restored; each ``once`` times one outage."""

    def __init__(self, apps: Apps, rand: random.Random) -> None:
        from game.devtools.net_relay import Relay

        self.apps, self.rand = apps, rand
        apps.online()
        form = apps.host_form("Ana")
        press(form, apps.tr("online.start_hosting"))
        drive(apps.screens, lambda: bool(apps.code()), "the host's lobby")
        self.relay = Relay(apps.host.ctx.online.hosted_port)
        join = apps.join_form()
        join.fields["address"] = f"{LOCAL}:{self.relay.port}"
        apps.join(join, apps.code())
        press(apps.host.top, apps.tr("online.to_table"))
        drive(apps.screens, apps.friend_table_shown, "the friend's table")
        self.moved = 0  # outages during which the host made a move

    def close(self) -> None:
        self.relay.close()

    def at(self, screen: Screen) -> Any:
        """The screen's table scene, when it is on top."""
        return screen.top if is_table(screen.top) else None

    def in_step(self) -> bool:
        """The friend's table is connected and has every move the host's has."""
        host, friend = self.at(self.apps.host), self.at(self.apps.friend)
        if host is None or friend is None:
            return False
        from game.net.client import Status

        m = friend.match
        return m.link is Status.CONNECTED and m.mirror.n == host.match.mirror.n and not m.queue

    def move(self, screen: Screen) -> bool:
        """A random legal move of the seat played on ``screen``, if it may move now."""
        table = self.at(screen)
        seat = table.human_seat() if table is not None else -1
        if seat < 0 or table.kind not in ("draw", "action"):
            return False
        before = table.match.mirror.n
        table.play(seat, self.rand.choice(table.match.game.legal_moves(seat)))
        drive(self.apps.screens, lambda: table.match.mirror.n > before, "a move's events", 5.0)
        return True

    def once(self, outage: float) -> dict[str, float]:
        from game.net.client import Status

        screens = self.apps.screens
        drive(screens, self.in_step, "the tables in step")
        self.move(self.apps.friend)
        drive(screens, self.in_step, "the friend's move shown at both tables")
        marks = Marks()
        t_cut = time.monotonic()
        self.relay.cut()
        friend = self.at(self.apps.friend).match  # in step: the table is on top

        drive(screens, lambda: marks.at("lost", friend.link is not Status.CONNECTED), "lost")
        if self.move(self.apps.host):
            self.moved += 1
        wait(screens, max(0.0, t_cut + outage - time.monotonic()))
        t_back = time.monotonic()
        self.relay.restore()

        def back() -> bool:
            taken = marks.at("taken_in", self.in_step())  # welcomed, its mirror caught up
            return marks.at("back", taken and self.apps.friend.drew)  # and on the screen

        drive(screens, back, "the table back")
        return {
            "outage": t_back - t_cut,
            "lost": marks["lost"] - t_cut,
            "taken_in": marks["taken_in"] - t_back,
            "back": marks["back"] - t_back,
        }


def part_join(name: str, runs: int, folder: Path) -> dict[str, Any]:
    apps = Apps(folder, discover=name == "discovery")
    times: dict[str, list[float]] = {}
    failed: list[str] = []
    before = load()
    for run in range(runs):
        try:
            for k, v in time_join(apps, run).items():
                times.setdefault(k, []).append(v)
        except Stuck as e:
            log.warning("%s run %d: %s", name, run, e)
            failed.append(str(e))
        finally:
            apps.close()
    return {
        "part": name,
        "runs": runs,
        "failed": failed,
        "host_to_table_s": summary(times.get("table", [])),
        "host_press_frame_s": summary(times.get("host_frame", [])),
        "code_shown_s": summary(times.get("code", [])),
        "join_pressed_s": summary(times.get("join_pressed", [])),
        "listed_s": summary(times.get("listed", [])) if name == "discovery" else None,
        "load_1min": [before, load()],
    }


def part_reconnect(runs: int, folder: Path, outage: tuple[float, float], seed: int) -> dict:
    from game.net.client import RETRY_S

    rand = random.Random(seed)
    apps = Apps(folder, discover=False)
    times: dict[str, list[float]] = {}
    failed: list[str] = []
    before = load()
    table = Reconnects(apps, rand)
    try:
        for run in range(runs):
            try:
                for k, v in table.once(rand.uniform(*outage)).items():
                    times.setdefault(k, []).append(v)
            except Stuck as e:
                log.warning("reconnect run %d: %s", run, e)
                failed.append(str(e))
    finally:
        table.close()
        apps.close()
    return {
        "part": "reconnect",
        "runs": runs,
        "failed": failed,
        "back_after_restore_s": summary(times.get("back", [])),
        "taken_in_after_restore_s": summary(times.get("taken_in", [])),
        "lost_shown_s": summary(times.get("lost", [])),
        "outage_s": summary(times.get("outage", [])),
        "host_moved_during_outage": table.moved,
        "retry_waits_s": list(RETRY_S),
        "load_1min": [before, load()],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.net_times", description=__doc__)
    ap.add_argument("--runs", type=int, default=20, help="runs of each part (1-200)")
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    ap.add_argument("--outage", type=float, nargs=2, default=(0.0, 4.0), metavar=("LOW", "HIGH"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not 1 <= args.runs <= 200 or not 0 <= args.outage[0] <= args.outage[1] <= 30:
        ap.error("--runs is 1-200 and --outage 0 <= LOW <= HIGH <= 30")
    for var in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        os.environ.setdefault(var, "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    failed = False
    try:
        with tempfile.TemporaryDirectory(prefix="net-times-") as tmp:
            for part in args.parts:
                if part == "reconnect":
                    out = part_reconnect(args.runs, Path(tmp), tuple(args.outage), args.seed)
                elif part == "restart":
                    from game.devtools.net_restart import part_restart

                    out = part_restart(args.runs, Path(tmp) / "restart")
                else:
                    out = part_join(part, args.runs, Path(tmp))
                print(json.dumps(out), flush=True)
                failed = failed or bool(out["failed"])
    finally:
        pygame.display.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
