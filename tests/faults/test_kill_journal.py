"""Issue 32 item 19: no AI move shown is lost to a kill. A headless app plays a game of AI
seats at fast speed (``python -m game.devtools.fast_game``) and is SIGKILLed at random moments;
every move it reported as shown must be there when the next launch continues the game, in
the same order, and the game goes on from there. (The autosave alone, written at most every
0.25 s on a worker thread, lost 2-18 of them.)"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.app.paths import HOME_ENV, AppPaths
from game.app.storage import FileStorage

ROOT = Path(__file__).resolve().parents[2]
SEED = 32
START_S = 30.0  # the most a child may take to show its first move


class Child:
    """The child process and the lines it printed (read on a thread: never blocks)."""

    def __init__(self, home: Path, seed: int) -> None:
        env = {**os.environ, HOME_ENV: str(home)}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "game.devtools.fast_game",
                "--seed",
                str(seed),
                "--frame-s",
                "0.05",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    def shown(self) -> dict[int, list]:
        """Index -> [seat, move] of every whole line ``shown`` (a torn last line is not)."""
        out = {}
        for line in list(self.lines):
            if line.startswith("shown ") and line.endswith("\n"):
                _, index, move = line.split(" ", 2)
                out[int(index)] = json.loads(move)
        return out

    def shown_count(self) -> int:
        """How many moves ``shown`` holds, without reading them (asked every 5 ms)."""
        return len(
            {
                line.split(" ", 2)[1]
                for line in list(self.lines)
                if line.startswith("shown ") and line.endswith("\n")
            }
        )

    def kill_after_moves(self, moves: int, limit_s: float) -> None:
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline and self.proc.poll() is None:
            if self.shown_count() >= moves:
                break
            time.sleep(0.005)
        self.proc.send_signal(signal.SIGKILL)
        _, err = self.proc.communicate(timeout=30)
        self.reader.join(10)
        assert "Traceback" not in err, err


@pytest.mark.parametrize("kills", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_every_move_shown_before_a_kill_is_continued(tmp_path: Path, kills: int) -> None:
    """``kills``: two in the default run (the second launch continues from what the first
    kill kept), a third with ``-m slow`` (issue 43: each launch is a whole app process)."""
    home = tmp_path / "home"
    rand = random.Random(SEED)
    shown: dict[int, list] = {}
    kept: list[list] = []
    for kill in range(kills):
        child = Child(home, seed=7)
        child.kill_after_moves(len(kept) + rand.randint(15, 60), START_S)
        now = child.shown()
        assert now, f"kill {kill}: the child showed no move: {child.lines[:3]}"
        assert child.lines[0] == f"start {len(kept)}\n"  # it went on from all that was kept
        shown.update(now)
        if any("over" in line for line in child.lines):
            break  # the game ended before the kill: nothing more to continue
        storage = FileStorage(AppPaths.under(home))
        saved = storage.load_match()
        assert saved is not None, storage.take_notices()
        kept = [[seat, move.to_json()] for seat, move in saved.moves]
        last = max(shown)
        assert len(kept) > last, f"kill {kill}: {last + 1} moves shown, {len(kept)} kept"
        assert [kept[i] for i in sorted(shown)] == [shown[i] for i in sorted(shown)]
        assert storage.take_notices() == []
        storage.close()
