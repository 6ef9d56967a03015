"""Issue 32 item 14: ``--check-save`` on a folder the player may not enter, or on a path of
5,000 characters, printed a traceback and exited 1. Now: one clear line, exit status 3
(``CHECK_UNREADABLE``: could not be read), never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.app.paths import AppPaths
from game.app.saves import CHECK_UNREADABLE, check_save_main

ROOT = Path(__file__).resolve().parents[2]


def test_a_save_in_a_folder_we_may_not_enter(paths: AppPaths, deny, capsys) -> None:
    paths.saves.mkdir(parents=True)
    paths.autosave.write_text("{}")
    deny(paths.saves)
    assert check_save_main(str(paths.autosave)) == CHECK_UNREADABLE
    out = capsys.readouterr()
    assert out.out.count("\n") == 1 and "cannot be checked: Permission denied" in out.out
    assert out.err == ""


def test_a_path_of_5000_characters(tmp_path: Path, capsys) -> None:
    path = tmp_path / ("x" * 5000)
    assert check_save_main(str(path)) == CHECK_UNREADABLE
    line = capsys.readouterr().out
    assert "cannot be checked" in line and "5" in line and len(line) < 400


def test_the_command_line_says_it_in_one_line_without_a_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "LIVING_FOREST_HOME": str(tmp_path / "home")}
    run = subprocess.run(
        [sys.executable, "-m", "game", "--check-save", str(tmp_path / ("y" * 5000))],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )
    assert run.returncode == CHECK_UNREADABLE
    assert "Traceback" not in run.stderr and run.stderr == ""
    assert "cannot be checked" in run.stdout
