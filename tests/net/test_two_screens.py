"""Two app processes played like people (issue 40): a host and a friend, each headless with
its own data folder, play a whole game over 127.0.0.1 through the real scenes (Menu › Play
online › Host with "here", "friend" and an easy AI; Join with the code), pressing keys and
clicking buttons (``game.devtools.screen_player``). Every frame each screen checks that its
tray shows one of its own seats and that "your turn", the action and draw prompts and a lit
Draw button appear only while one of its seats decides; both screens are photographed during
the other person's turn, in English and Korean, at 1280x720 and 1920x1080.

Every wait is bounded in time (``ScreenProcess.wait_for``), every process loop in frames and
seconds. About 20 s on an idle machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.devtools.screen_checks import SIZES
from game.devtools.two_screens import ScreenProcess, play_a_game

GAME_S = 150.0  # a whole game, both screens: ~20 s idle, far more on a loaded machine


def test_two_screens_play_a_whole_game_each_showing_only_its_own_seats(tmp_path: Path) -> None:
    figures = play_a_game(tmp_path, GAME_S)
    host, friend = figures["ends"]["host"], figures["ends"]["friend"]
    assert host["winners"] == friend["winners"] and host["moves"] == friend["moves"] > 40
    for role, summary in figures["screens"].items():
        seen = violations(tmp_path / role)
        assert "tray" not in summary["violations"], (role, summary, seen)  # the tray first
        assert summary["violations"] == {}, (role, summary, seen)
        assert summary["decides_here"] > 50, (role, summary)  # its own seat decided ...
        assert summary["others_decide"] > 10, (role, summary)  # ... and the other person too
        shots = {p.name for p in (tmp_path / role / "out" / "shots").glob("*.png")}
        for lang in ("en", "ko"):
            for w, h in SIZES:
                assert f"others_turn_{lang}_{w}x{h}.png" in shots, (role, shots)


def violations(folder: Path) -> list[str]:
    record = folder / "out" / "record.jsonl"
    lines = record.read_text(encoding="utf-8").splitlines() if record.exists() else []
    return [x for x in lines if '"violation"' in x][:5]


@pytest.mark.slow
def test_a_mixed_table_two_people_here_and_a_friend(tmp_path: Path) -> None:
    """Hot-seat and online at once: the host's screen passes the tray between its two
    people, never to the friend's seat; the friend's screen keeps its own (``-m slow``: one
    more whole game)."""
    figures = play_a_game(tmp_path, GAME_S, ("here", "here", "friend"))
    for role, summary in figures["screens"].items():
        assert summary["violations"] == {}, (role, summary, violations(tmp_path / role))
        assert summary["decides_here"] > 50 and summary["others_decide"] > 10, (role, summary)


def test_a_screen_killed_starts_again_on_its_data_folder(tmp_path: Path) -> None:
    """What the restart moments stand on: SIGKILL loses none of the record, a new process on
    the same data folder appends to it and reads only the commands sent to it."""
    screen = ScreenProcess("friend", tmp_path / "friend", seconds=60)
    try:
        first = screen.start().wait_for("start", 30)
        screen.command("shot", name="menu")
        assert screen.wait_for("shot", 30)["files"]
        screen.kill()
        assert screen.proc is not None and screen.proc.returncode == -9
        second = screen.start().wait_for("start", 30)
        assert second["pid"] != first["pid"] and second["home"] == first["home"]
        assert screen.stop() == 0
        assert screen.wait_for("exit", 10)
        shots = [r for r in screen.records() if r["event"] == "shot"]
        assert len(shots) == 1, "the command sent to the killed process is not read again"
    finally:
        screen.kill()
