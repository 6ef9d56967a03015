"""The crash handler: a report with the traceback and the last save, and a clear message."""

import subprocess
import sys

import pytest

from game.app.crash import guarded
from game.app.paths import AppPaths


def boom() -> int:
    raise RuntimeError("the Onibi ate the table")


def test_crash_writes_report_with_traceback_and_last_save(tmp_path, capsys):
    paths = AppPaths.under(tmp_path)
    paths.autosave.parent.mkdir(parents=True)
    paths.autosave.write_text('{"a game": "in progress"}', encoding="utf-8")
    assert guarded(boom, paths) == 1
    reports = list((paths.data / "crash-reports").iterdir())
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "RuntimeError: the Onibi ate the table" in text and "def boom" not in text
    assert "in boom" in text and '{"a game": "in progress"}' in text
    err = capsys.readouterr().err
    assert str(reports[0]) in err


def test_crash_without_a_save_still_reports(tmp_path, capsys):
    paths = AppPaths.under(tmp_path)
    assert guarded(boom, paths) == 1
    (report,) = (paths.data / "crash-reports").iterdir()
    assert "no save was in progress" in report.read_text(encoding="utf-8")


def test_normal_exit_and_quit_pass_through(tmp_path):
    paths = AppPaths.under(tmp_path)
    assert guarded(lambda: 0, paths) == 0
    with pytest.raises(KeyboardInterrupt):
        guarded(lambda: (_ for _ in ()).throw(KeyboardInterrupt()), paths)
    assert not (paths.data / "crash-reports").exists()


def test_version_and_help_from_the_command_line():
    from game import __version__

    out = subprocess.run(
        [sys.executable, "-m", "game", "--version"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and out.stdout.strip() == f"living-forest {__version__}"
    out = subprocess.run(
        [sys.executable, "-m", "game", "--help"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0
    for flag in ("--selftest", "--screenshots", "--check-save", "--version"):
        assert flag in out.stdout
