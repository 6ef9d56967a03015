"""One app window played like a person, headless: ``python -m game.devtools.screen_player
--out DIR [--commands FILE] [--seed N] [--speed instant] [--seconds S]``.

The real app (``TableApp`` on a context from the composition root, ``game.app.launch``: the
player's files under ``LIVING_FOREST_HOME``, the in-app match server on 127.0.0.1 with no
mDNS, AI seats and hints thinking in this process to keep the run light) is driven
by synthetic events only: a click on a button it can see, Space to draw, Enter to stop or
confirm, a number key for an action, Tab and Enter to pick what the decision offers. It
reads only what the screen offers (the top scene's buttons, the table's decision).

Every frame it checks the screen against issue 40's rule (``ScreenChecks``): the tray shows
one of this screen's seats; "your turn", the action and draw prompts and a lit Draw button
appear only while one of this screen's seats decides. It writes a JSON-lines record
(``DIR/record.jsonl``: ``start``, ``command``, ``scene``, ``hosted``, ``violation``,
``shot``, ``window``, ``link``, ``seated``, ``idle`` (why the table waits, every few
seconds without a press), ``game_over``, ``summary``, ``exit``; each line has ``t``,
seconds since the process started, and ``at``, the wall clock) and PNG
screenshots at named moments (``DIR/shots``), and takes commands from a JSON-lines file that
it tails (``DIR/commands.jsonl``): ``host`` (on a dedicated server with ``server``),
``join``, ``resume`` (Menu › Continue online game), ``shot``, ``moment`` (a screenshot when
the screen is next at the other person's turn, the host-left notice or the table; with
``photo`` false only its ``shot`` line),
``pause``, ``play``, ``quit``. A test
starts, kills (SIGKILL) and starts again a process on the same data folder
(``game.devtools.two_screens.ScreenProcess``); the record file is appended to, so a
restarted process's lines follow the killed one's.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from game.devtools.screen_checks import SIZES, ScreenChecks
from game.net.limits import TokenBucket

log = logging.getLogger(__name__)
FRAME_S = 1 / 60
MAX_FRAMES = 400_000  # a whole game at instant speed takes a few thousand
IDLE_TELL_S = 5.0  # a table with no press this long: the record says why, this often
# A quick person's pace at the table: bursts of quick presses, never more than this many a
# second on average, under the server's per-connection rate (``Limits.messages_per_s``,
# 20), which a screen playing two hot-seat seats at instant speed would otherwise pass.
PRESSES_PER_S, PRESS_BURST = 15.0, 30.0
STUCK_KEYS = 40  # presses at one decision before the player takes the way out (Finish, Pass)


class Record:
    """The record file: one JSON object a line, flushed as written (a kill loses nothing)."""

    def __init__(self, path: Path, role: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.file = path.open("a", encoding="utf-8")
        self.role = role
        self.t0 = time.monotonic()

    def write(self, event: str, **fields: Any) -> None:
        line = {"event": event, "role": self.role, "t": round(time.monotonic() - self.t0, 3)}
        line["at"] = round(time.time(), 3)  # the wall clock: two processes' lines compared
        self.file.write(json.dumps(line | fields, ensure_ascii=False) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


class Commands:
    """The commands file, tailed: each complete line is one JSON command, read once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0

    def take(self) -> list[dict[str, Any]]:
        try:
            with self.path.open("rb") as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return []
        end = data.rfind(b"\n") + 1  # a line still being written waits for its newline
        self.offset += end
        out = []
        for raw in data[:end].splitlines():
            try:
                cmd = json.loads(raw)
            except ValueError:
                log.warning("a command line is not JSON: %r", raw[:80])
                continue
            if isinstance(cmd, dict) and isinstance(cmd.get("cmd"), str):
                out.append(cmd)
        return out


def real_context(speed: str) -> Any:
    """The app's own services (``game.app.launch``), with the hosted server on 127.0.0.1
    and no network announcements; the player's files under ``LIVING_FOREST_HOME``."""
    from game.app.launch import FolderProblem, build, file_services
    from game.app.online_seats import SeatFile
    from game.app.paths import AppPaths
    from game.ui.online.service import Online

    files = file_services()
    if isinstance(files, FolderProblem):
        raise SystemExit(f"cannot use {files.folder}: {files.reason}")
    storage, progress = files
    paths = AppPaths.default()
    online = Online(
        db=paths.data / "hosted-tables.db",
        listen="127.0.0.1",
        discover=False,
        ai_processes=0,
        book=SeatFile.of(paths),  # the seats held, in the data folder as the app keeps them
    )
    services = build(
        storage=storage, progress=progress, online=online, use_workers=False, sound=False
    )
    services.ctx.settings.speed = speed  # this run's pace, not saved
    return services


class ScreenPlayer:
    """The app and the person at it."""

    def __init__(self, out: Path, commands: Path, seed: int, speed: str, role: str) -> None:
        import pygame

        from game.ui.app import TableApp

        self.pg = pygame
        self.out = out
        self.rec = Record(out / "record.jsonl", role)
        self.commands = Commands(commands)
        self.rng = random.Random(seed)
        self.services = real_context(speed)
        self.ctx = self.services.ctx
        self.app = TableApp(self.ctx, SIZES[0])
        self.app.stack.push(self.ctx.scenes.make("menu", self.ctx))
        self.rec.write("window")  # the window is open on the menu: a restart's clock starts
        self.checks = ScreenChecks(self.ctx, self.rec, out / "shots", self.app)
        self.goal: dict[str, Any] = {}  # what the person set out to do (host, join)
        self.playing = True
        self.running = True
        self.kind = ""
        self.stuck: tuple[Any, int] = (None, 0)
        self.over = False
        self.wait_until = 0.0  # a person's pause between two presses (menus)
        self.pressed_at = time.monotonic()  # the last key this player pressed at the table
        self.pace = TokenBucket(PRESSES_PER_S, PRESS_BURST)
        self.told_idle = 0.0  # when the record last said why the table waits
        self.fed = 0  # events given to the window so far
        self.drawn = -math.inf  # when the window was last drawn

    # -- input, as the window sends it -----------------------------------------------------

    def key(self, key: int, text: str = "") -> None:
        ev = self.pg.event.Event
        self.fed += 1
        self.app.feed(ev(self.pg.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
        self.app.feed(ev(self.pg.KEYUP, key=key, mod=0, unicode=text, scancode=0))

    def type(self, text: str) -> None:
        self.fed += 1
        self.app.feed(self.pg.event.Event(self.pg.TEXTINPUT, text=text))

    def click_at(self, logical: tuple[int, int]) -> None:
        pos = self.app.viewport.point(logical)
        ev = self.pg.event.Event
        self.fed += 1
        self.app.feed(ev(self.pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.app.feed(ev(self.pg.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.app.feed(ev(self.pg.MOUSEBUTTONUP, pos=pos, button=1))

    def buttons(self) -> list[Any]:
        menu = getattr(self.app.stack.top, "menu", None)
        return list(menu.buttons) if menu is not None else []

    def click(self, label: str, nth: int = 0) -> bool:
        """Click the ``nth`` visible, enabled button reading ``label``; False: none."""
        found = [b for b in self.buttons() if b.label.rstrip("_") == label and b.enabled]
        if len(found) <= nth:
            return False
        self.click_at(found[nth].rect.center)
        self.rec.write("click", label=label)
        return True

    def fill(self, label: str, text: str) -> None:
        """Click the field showing ``label``, clear it and type ``text``."""
        if self.click(label):
            for _ in range(48):
                self.key(self.pg.K_BACKSPACE)
            self.type(text)
            self.key(self.pg.K_RETURN)

    # -- the loop --------------------------------------------------------------------------

    def run(self, seconds: float) -> int:
        self.rec.write("start", pid=os.getpid(), home=os.environ.get("LIVING_FOREST_HOME", ""))
        deadline = time.monotonic() + seconds
        last = time.monotonic()
        try:
            for _ in range(MAX_FRAMES):
                if not self.running or self.app.stack.top is None:
                    break
                if time.monotonic() > deadline:
                    self.rec.write("timeout", seconds=seconds)
                    break
                top, fed = self.app.stack.top, self.fed
                for cmd in self.commands.take():
                    self.command(cmd)
                self.scene_changed()
                if self.playing:
                    self.act()
                now = time.monotonic()
                self.frame(min(max(now - last, FRAME_S), 0.1), self.fed != fed, top)
                last = now
                self.checks.frame()
                if not self.app.stack.busy():
                    time.sleep(FRAME_S)  # idle: a frame's wait for the network's news
        finally:
            self.rec.write("summary", **self.checks.summary())
            self.close()
        return 0

    def frame(self, dt: float, fed: bool, top: Any) -> None:
        """One pass of the window's loop (``TableApp.run``): the screen is drawn while its
        top scene is busy, after input, when another scene came up and once each
        ``IDLE_REDRAW_S``; else only its timers run (an idle screen is not drawn again)."""
        from game.ui.app import IDLE_REDRAW_S

        stack, now = self.app.stack, time.monotonic()
        if stack.busy() or fed or stack.top is not top or now - self.drawn > IDLE_REDRAW_S:
            self.app.step(dt)
            self.drawn = now
            return
        stack.update(dt)  # idle: timers only, though they may start an animation
        if stack.busy() or stack.top is not top:
            self.app.step(0.0)
            self.drawn = now
        self.app.save_window_when_due()

    def close(self) -> None:
        while self.app.stack.scenes:  # each scene's exit (the table saves what it has not)
            self.app.stack.pop()
        self.services.close()
        self.rec.write("exit")
        self.rec.close()
        self.pg.quit()

    def command(self, cmd: dict[str, Any]) -> None:
        self.rec.write("command", **cmd)
        name = cmd["cmd"]
        if name in ("host", "join", "resume"):
            self.goal = cmd
        elif name == "moment":  # a screenshot when the screen is next at ``when``
            name, when = str(cmd.get("name", "moment")), str(cmd.get("when", "table"))
            self.checks.arm(name, when, photo=cmd.get("photo", True) is not False)
        elif name == "shot":
            self.checks.shoot(str(cmd.get("name", "shot")), cmd.get("languages"))
        elif name == "pause":
            self.playing = False
        elif name == "play":
            self.playing = True
        elif name == "quit":
            self.running = False
        else:
            self.rec.write("unknown_command", name=name)

    def scene_changed(self) -> None:
        top = self.app.stack.top
        kind = top.kind if top is not None else ""
        if kind != self.kind:
            self.kind = kind
            self.rec.write("scene", kind=kind)

    # -- what the person does --------------------------------------------------------------

    def act(self) -> None:
        from game.ui.scenes.end_round import EndOfRoundOverlay
        from game.ui.scenes.game_over import GameOverScene

        top = self.app.stack.top
        now = time.monotonic()
        if top is None or now < self.wait_until:
            return
        kind = top.kind
        tr = self.ctx.tr
        if kind in ("draw", "action"):
            self.play_table(top)
            return
        self.wait_until = now + 0.05  # menus: a press, then a look at what it did
        goal = self.goal.get("cmd")
        if kind == "menu" and goal == "resume":  # back to the table held here
            self.click(tr("menu.continue_online", count=1))
        elif kind == "menu" and goal:
            self.click(tr("menu.online"))
        elif kind == "online" and goal:
            self.click(tr("online.host" if goal == "host" else "online.join"))
        elif kind == "online_host" and goal == "host":
            self.host_form(top)
        elif kind == "online_join" and goal == "join":
            self.join_form()
        elif kind == "online_lobby" and goal == "host":
            self.host_lobby(top)
        elif isinstance(top, EndOfRoundOverlay) and top.waiting():
            self.key(self.pg.K_SPACE)  # on to the next step, as the band says
        elif kind == "confirm":
            self.click(tr("confirm.yes"))
        elif isinstance(top, GameOverScene) and not self.over:
            self.over = True
            match = top.match
            winners = list(match.game.result().winners)
            self.rec.write("game_over", winners=winners, round=match.game.round,
                           moves=len(match.history))  # fmt: skip

    def host_form(self, form: Any) -> None:
        tr = self.ctx.tr
        kinds = [str(k) for k in self.goal.get("seats", ["here", "friend"])]
        labels = {tr(f"online.kind.{k}"): k for k in ("here", "friend", "easy", "medium", "hard")}
        shown = [labels[b.label] for b in self.buttons() if b.label in labels]
        if len(shown) < len(kinds):
            self.click("+")
            return
        if len(shown) > len(kinds):
            self.click("−")
            return
        for i, (want, have) in enumerate(zip(kinds, shown, strict=True)):
            if want != have:
                kind_buttons = [b for b in self.buttons() if b.label in labels]
                self.click_at(kind_buttons[i].rect.center)
                return
        server = str(self.goal.get("server", ""))  # a dedicated server's host:port
        if server and form.where != "server":
            self.click(tr("online.where.here"))
            return
        if server:
            address, port = server.rsplit(":", 1)
            if form.fields.get("server") != address:
                self.fill(form.fields.get("server") or "play.example.org", address)
            elif form.fields.get("server_port") != port:
                self.fill(form.fields.get("server_port") or "8765", port)
            else:
                self.click(tr("online.start_hosting"))
            return
        port = str(self.goal.get("port", ""))
        if port and form.fields.get("port") != port:
            self.fill(form.fields.get("port", ""), port)
            return
        self.click(tr("online.start_hosting"))

    def join_form(self) -> None:
        from game.devtools.scene_access import top_of
        from game.ui.scenes.online_join import JoinScene

        tr = self.ctx.tr
        form = top_of(self.app, JoinScene)
        address, code = str(self.goal["address"]), str(self.goal["code"])
        if form.fields.get("address") != address:
            self.fill(form.fields.get("address") or tr("online.address_hint"), address)
        elif form.fields.get("code", "").replace("-", "") != code.replace("-", ""):
            self.fill(form.fields.get("code") or "XXXX-XXXX", code)
        else:
            self.click(tr("online.join_button"))

    def host_lobby(self, lobby: Any) -> None:
        mirror = lobby.mirror
        if not mirror.joined:
            return
        if not self.goal.get("announced"):
            self.goal["announced"] = True
            url = lobby.session.url  # this app's server, or the dedicated one's
            here = self.ctx.online.is_here(lobby.session)
            port = int(url.rsplit(":", 1)[1])
            self.rec.write("hosted", code=mirror.code, url=url, port=port, here=here)
        friends = [i for i, k in enumerate(self.goal.get("seats", [])) if k == "friend"]
        if all(mirror.connected[i] for i in friends if i < len(mirror.connected)):
            self.click(self.ctx.tr("online.to_table"))

    def play_table(self, table: Any) -> None:
        """One press when this screen may act: read the decision's buttons and choices."""
        seat = table.human_seat()
        if seat < 0 or table.controls.queued or table.anims.busy:
            self.idle(table, seat)
            return
        if not self.pace.take(time.monotonic()):
            return  # a breath between presses
        pg, match = self.pg, table.match
        table.refresh_choices()
        buttons = {n: b for n, b in table.targets.buttons.items() if b.enabled}
        a = match.active()
        mark = (match.version, seat, a.decision if a else None, len(match.log))
        count = self.stuck[1] + 1 if self.stuck[0] == mark else 0
        self.stuck = (mark, count)
        if count > STUCK_KEYS:  # nothing this player tried moved the table: the way out
            self.rec.write("stuck", seat=seat, decision=str(a.decision if a else None))
            for name, key in (("button_finish", pg.K_RETURN), ("button_pass", pg.K_p)):
                if name in buttons:
                    self.press(key, name)
                    return
            self.press(pg.K_BACKSPACE, "undo")
            return
        if "button_confirm" in buttons:
            self.press(pg.K_RETURN, "confirm")
        elif "button_draw" in buttons or "button_stop" in buttons:
            drawn = len(match.game.players[seat].line)
            want = "button_draw" in buttons and (drawn < 3 or self.rng.random() < 0.3)
            if want or "button_stop" not in buttons:
                self.press(pg.K_SPACE, "draw")
            else:
                self.press(pg.K_RETURN, "stop")
        elif any(n.startswith("button_action_") for n in buttons):
            actions = sorted(n for n in buttons if n.startswith("button_action_"))
            pick = self.rng.choice(actions)
            self.press(pg.K_0 + int(pick.rsplit("_", 1)[1]), pick)
        elif "button_pass" in buttons:
            self.press(pg.K_p, "pass")
        elif table.targets.choices and (count < 8 or self.rng.random() < 0.5):
            for _ in range(self.rng.randint(1, len(table.targets.choices))):
                self.key(pg.K_TAB)
            self.press(pg.K_RETURN, "pick")
        elif "button_finish" in buttons:
            table.targets.focus = -1
            self.press(pg.K_RETURN, "finish")
        elif "button_skip" in buttons:
            self.press(pg.K_s, "skip")

    def press(self, key: int, what: str) -> None:
        self.key(key)
        self.rec.write("key", what=what)
        self.pressed_at = time.monotonic()

    def idle(self, table: Any, seat: int) -> None:
        """Every few seconds without a press at the table, the record says why this screen
        waits (who decides, whether this screen plays them, what holds the table)."""
        now = time.monotonic()
        if now - max(self.pressed_at, self.told_idle) < IDLE_TELL_S:
            return
        self.told_idle = now
        match = table.match
        a = match.active()
        self.rec.write(
            "idle",
            seconds=round(now - self.pressed_at, 1),
            seat=seat,
            phase=str(match.game.phase),
            deciding=a.player if a is not None else None,
            decision=str(a.decision) if a is not None else None,
            here=match.plays_here(a.player) if a is not None else None,
            match_idle=match.idle,
            queued=bool(table.controls.queued),
            animating=table.anims.busy,
            round_end=table.round_end is not None,
            waiting=getattr(match, "waiting", None),
            told=getattr(getattr(match, "mirror", None), "n", None),
            seq=getattr(getattr(match, "mirror", None), "seq", None),
            queue=len(getattr(match, "queue", ())),
            link=str(getattr(match, "link", "")),
            version=match.version,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="record and screenshots here")
    parser.add_argument(
        "--commands", type=Path, help="the commands file (default OUT/commands.jsonl)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the person's choices")
    parser.add_argument("--speed", default="instant", help="the table's pace setting")
    parser.add_argument("--seconds", type=float, default=300.0, help="give up after this long")
    parser.add_argument("--role", default="player", help="a name for the record's lines")
    parser.add_argument("--no-shots", action="store_true", help="record moments, render none")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    commands = args.commands or args.out / "commands.jsonl"
    player = ScreenPlayer(args.out, commands, args.seed, args.speed, args.role)
    player.checks.shooting = not args.no_shots
    return player.run(args.seconds)


if __name__ == "__main__":
    sys.exit(main())
