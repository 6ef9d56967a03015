"""Two app windows, a host and a friend, played like people over 127.0.0.1:
``python -m game.devtools.two_screens OUT [--seconds S]``; ``--restarts N``: the restart
figures instead (``people_game`` N times: medians, and the load average).

Each screen is its own process (``game.devtools.screen_player``) with its own data folder
(``LIVING_FOREST_HOME``), forked warm (``game.devtools.warm_start``: the app already
imported). The host opens Menu › Play online › Host with the seats "here", "friend" and an
easy AI; its record says the join code; the friend then joins with it; both
play through the real scenes until game over. Prints one JSON line of figures (seconds,
frames, violations of each screen). ``ScreenProcess`` is what the tests hold a screen by:
start, send a command, wait for a line of its record, kill (SIGKILL), start again on the
same data folder.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from game.devtools import warm_start

POLL_S = 0.02


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ScreenProcess:
    """One app process played by the screen player, on its own data folder."""

    def __init__(
        self, role: str, folder: Path, seed: int = 1, seconds: float = 240.0, shots: bool = True
    ) -> None:
        self.role = role
        self.folder = folder  # its data folder (home) and its record, shots and commands
        self.home = folder / "home"
        self.out = folder / "out"
        self.commands = self.out / "commands.jsonl"
        self.seed, self.seconds = seed, seconds
        self.shots = shots  # False: no screenshots (a render holds the frame up for seconds)
        self.proc: warm_start.WarmProcess | subprocess.Popen[str] | None = None
        self.starts = 0
        self.read = 0  # record lines already looked at by ``wait_for``

    def start(self) -> ScreenProcess:
        self.home.mkdir(parents=True, exist_ok=True)
        self.out.mkdir(parents=True, exist_ok=True)
        self.commands.write_text("", encoding="utf-8")  # a new process reads only new commands
        env = dict(os.environ)
        env.update(
            LIVING_FOREST_HOME=str(self.home),
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            LIVING_FOREST_STRICT_I18N="1",
        )
        args = ["--out", str(self.out), "--seed", str(self.seed + self.starts)]
        args += ["--seconds", str(self.seconds), "--role", self.role]
        args += [] if self.shots else ["--no-shots"]
        self.starts += 1
        log = self.out / f"stderr{self.starts}.txt"  # the process's stdout and stderr
        self.proc = warm_start.start("game.devtools.screen_player", args, env, log)
        return self

    def command(self, cmd: str, **fields: Any) -> None:
        with self.commands.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"cmd": cmd, **fields}) + "\n")

    def records(self) -> list[dict[str, Any]]:
        path = self.out / "record.jsonl"
        if not path.exists():
            return []
        text = path.read_text(encoding="utf-8")
        whole = text[: text.rfind("\n") + 1]  # a line still being written is read next time
        return [json.loads(x) for x in whole.splitlines() if x.strip()]

    def wait_for(self, event: str, seconds: float, **fields: Any) -> dict[str, Any]:
        """The next record line of ``event`` with ``fields`` (after those seen); RuntimeError
        on time out or when the process ends without it."""
        deadline = time.monotonic() + seconds

        def found(line: dict[str, Any]) -> bool:
            return line["event"] == event and all(line.get(k) == v for k, v in fields.items())

        while time.monotonic() < deadline:
            lines = self.records()
            for i in range(self.read, len(lines)):
                if found(lines[i]):
                    self.read = i + 1
                    return lines[i]
            if self.proc is not None and self.proc.poll() is not None:
                lines = self.records()
                if not any(found(x) for x in lines[self.read :]):
                    raise RuntimeError(f"{self.role} ended without {event!r}: {self.tail()}")
            time.sleep(POLL_S)
        raise RuntimeError(f"{self.role}: no {event!r} within {seconds} s: {self.tail()}")

    def wait_many(self, event: str, count: int, seconds: float) -> None:
        """``count`` more lines of ``event`` (a person's presses: play went on)."""
        deadline = time.monotonic() + seconds
        for _ in range(count):
            self.wait_for(event, max(0.1, deadline - time.monotonic()))

    def summaries(self) -> list[dict[str, Any]]:
        """Each ended process's summary (a killed one wrote none)."""
        return [x for x in self.records() if x["event"] == "summary"]

    def violations(self) -> list[dict[str, Any]]:
        """Every process's violations on this data folder (a killed one wrote no summary)."""
        return [x for x in self.records() if x["event"] == "violation"]

    def tail(self) -> str:
        logs = sorted(self.out.glob("stderr*.txt"))
        text = logs[-1].read_text(encoding="utf-8", errors="replace") if logs else ""
        return text[-1500:]

    def kill(self) -> None:
        """SIGKILL, as a crash or a power cut would end it."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self, seconds: float = 20.0) -> int | None:
        """Ask it to quit; killed if it does not within ``seconds``."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.command("quit")
            try:
                self.proc.wait(seconds)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.proc.returncode


HOST_SEATS = ("here", "friend", "easy")  # the Host form's kinds, seat by seat


def play_a_game(
    folder: Path, seconds: float = 120.0, seats: tuple[str, ...] = HOST_SEATS
) -> dict[str, Any]:
    """A whole game at ``seats`` (the host's screen plays each "here", the friend's each
    "friend"); the figures and both screens' summaries."""
    started = time.monotonic()
    host = ScreenProcess("host", folder / "host", seed=1, seconds=seconds).start()
    friend = ScreenProcess("friend", folder / "friend", seed=2, seconds=seconds).start()
    try:
        port = free_port()
        host.command("host", seats=list(seats), port=port)
        hosted = host.wait_for("hosted", 30)
        friend.command("join", address=f"127.0.0.1:{hosted['port']}", code=hosted["code"])
        ends = {}
        for screen in (host, friend):
            ends[screen.role] = screen.wait_for("game_over", seconds)
        played = time.monotonic() - started
    finally:
        for screen in (host, friend):
            screen.stop()
    summaries = {s.role: s.wait_for("summary", 5) for s in (host, friend)}
    return {"seconds": round(played, 2), "ends": ends, "screens": summaries}


def people_game(
    folder: Path,
    seconds: float = 150.0,
    to_end: bool = True,
    strict: bool = False,
    shots: bool = True,
) -> dict[str, Any]:
    """A game at "here", "friend", easy AI with what people do to it: mid-round the friend's
    app is killed (SIGKILL) and started again on its data folder, and goes back through Menu
    › Continue online game; later the host quits (its app ends: the friend's screen shows
    the host-left notice) and comes back the same way, the friend's app reconnecting by
    itself. Both screens are photographed at the table after each restart.
    The figures: seconds from a restarted app's window opening to its player back in their
    seat (``seated``), and the friend's screen's times; ``to_end``: play on to game over;
    ``strict``: an ``AssertionError`` at the first moment either screen has broken the rule
    (a test then says where it broke); ``shots``: False for the figures (a screenshot holds
    the frame, and the host's server thread, up for seconds)."""
    started = time.monotonic()
    host = ScreenProcess("host", folder / "host", 1, seconds, shots).start()
    friend = ScreenProcess("friend", folder / "friend", 2, seconds, shots).start()
    figures: dict[str, Any] = {}

    def checked(moment: str) -> None:
        broken = {s.role: s.violations()[:3] for s in (host, friend) if s.violations()}
        if strict and broken:
            raise AssertionError(f"{moment}: {broken}")

    try:
        host.command("host", seats=list(HOST_SEATS), port=free_port())
        hosted = host.wait_for("hosted", 60)
        friend.command("join", address=f"127.0.0.1:{hosted['port']}", code=hosted["code"])
        friend.wait_for("seated", 60)
        friend.wait_many("key", 6, 60)  # mid-round: the friend has been playing
        checked("before the friend's restart")
        friend.kill()
        window = friend.start().wait_for("window", 60)
        friend.command("moment", name="friend_back", when="table")
        friend.command("resume")  # a person presses Continue online game
        figures["friend_back_s"] = round(friend.wait_for("seated", 60)["at"] - window["at"], 3)
        friend.wait_many("key", 4, 60)  # play goes on
        checked("after the friend's restart")
        host.command("shot", name="host_quits", languages=["en", "ko"])  # its last frame
        host.wait_for("shot", 60, name="host_quits")
        quit_at = time.time()
        host.stop()  # the host's app quits: its server says bye, host_left
        told = friend.wait_for("link", 60, host_gone=True)
        figures["host_left_told_s"] = round(told["at"] - quit_at, 3)
        friend.wait_for("shot", 60, name="host_left")
        window = host.start().wait_for("window", 60)
        host.command("moment", name="host_back", when="table")
        friend.command("moment", name="friend_after_host_back", when="table")
        host.command("resume")  # Continue online game: the table's server reopens
        figures["host_back_s"] = round(host.wait_for("seated", 60)["at"] - window["at"], 3)
        back = friend.wait_for("link", 60, status="connected")  # by itself, no key pressed
        figures["friend_reconnected_s"] = round(back["at"] - window["at"], 3)
        checked("after the host's return")
        # the friend's killed process wrote no summary: its new one must have seen the host
        # decide before the quick run stops (it stopped, now and then, a frame too soon)
        # (recorded, not photographed: the friend's screen at the host's turn is "others_turn")
        friend.command("moment", name="friend_sees_host", when="others_turn", photo=False)
        friend.wait_for("shot", 60, name="friend_sees_host")
        if to_end:
            figures["ends"] = {s.role: s.wait_for("game_over", seconds) for s in (host, friend)}
        figures["seconds"] = round(time.monotonic() - started, 2)
    finally:
        figures["exits"] = {s.role: s.stop() for s in (host, friend)}  # each asked to quit
    figures["violations"] = {s.role: s.violations() for s in (host, friend)}
    figures["summaries"] = {s.role: s.summaries() for s in (host, friend)}
    return figures


def server_game(
    folder: Path, server: str, seconds: float = 90.0, to_end: bool = False
) -> dict[str, Any]:
    """A table created from the host's app on a dedicated server at ``server`` (host:port;
    Host › on a server, the app starts no server of its own), joined by the friend with its
    code; played until each screen has been at the other person's turn (``to_end``: until
    game over)."""
    host = ScreenProcess("host", folder / "host", seed=3, seconds=seconds).start()
    friend = ScreenProcess("friend", folder / "friend", seed=4, seconds=seconds).start()
    figures: dict[str, Any] = {}
    try:
        host.command("host", seats=list(HOST_SEATS), server=server)
        figures["hosted"] = hosted = host.wait_for("hosted", 60)
        host.command("shot", name="server_lobby", languages=["en", "ko"])  # code and address
        friend.command("join", address=server, code=hosted["code"])
        friend.wait_for("seated", 60)
        for screen in (host, friend):
            screen.wait_for("shot", seconds, name="others_turn")
        if to_end:
            figures["ends"] = {s.role: s.wait_for("game_over", seconds) for s in (host, friend)}
    finally:
        for screen in (host, friend):
            screen.stop()
    figures["violations"] = {s.role: s.violations() for s in (host, friend)}
    figures["summaries"] = {s.role: s.summaries() for s in (host, friend)}
    return figures


def restart_times(folder: Path, runs: int) -> dict[str, Any]:
    """The restart figures over ``runs`` games (each stopped after the host is back)."""
    samples: dict[str, list[float]] = {}
    for run in range(runs):
        figures = people_game(folder / f"run{run}", to_end=False, shots=False)
        for name, value in figures.items():
            if name.endswith("_s"):
                samples.setdefault(name, []).append(value)
    out: dict[str, Any] = {"runs": runs, "target_s": 5.0}
    for name, values in samples.items():
        out[name] = {"median": round(statistics.median(values), 3), "max": max(values),
                     "all": values}  # fmt: skip
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seats", nargs="+", default=list(HOST_SEATS),
                        help="the Host form's kinds: here, friend, easy, medium, hard")  # fmt: skip
    parser.add_argument("--restarts", type=int, default=0, metavar="RUNS",
                        help="instead: the restart figures, medians over RUNS")  # fmt: skip
    args = parser.parse_args(argv)
    if args.restarts:
        print(json.dumps(restart_times(args.out, args.restarts)))
        return 0
    figures = play_a_game(args.out, args.seconds, tuple(args.seats))
    print(json.dumps(figures))
    return 0 if all(not s["violations"] for s in figures["screens"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
