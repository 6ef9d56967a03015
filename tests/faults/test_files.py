"""Issue 17 items 5, 9, 10, 12: hostile files, killed writes, and the smaller faults."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.app import atomic
from game.app.lesson_progress import ProgressStore
from game.app.paths import AppPaths
from game.app.settings_file import SettingsStore
from game.app.stats_file import StatsStore
from game.app.storage import FileStorage
from game.match_stats import MatchStats
from game.player_settings import PlayerSettings
from tests.app.helpers import play_match

DEEP = b"[" * 30_000 + b"]" * 30_000  # under the 64 KB limit, over Python's recursion limit


def _within(seconds: float, fn, *args):  # noqa: ANN001, ANN202 - a tiny watchdog
    """Run ``fn`` on a thread; fail (instead of hanging the suite) if it blocks."""
    box: dict = {}

    def run() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            box["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{fn.__name__} blocked"
    if "error" in box:
        raise box["error"]
    return box["value"]


# -- item 5: nested brackets, FIFOs -------------------------------------------------------


def test_deeply_nested_settings_give_defaults_and_a_notice(paths: AppPaths) -> None:
    paths.config.mkdir(parents=True)
    paths.settings.write_bytes(DEEP)
    settings, notice = SettingsStore(paths).load()
    assert settings == PlayerSettings() and notice is not None
    assert notice.key == "notice.settings_damaged"
    assert not paths.settings.exists()  # moved aside, so the next launch is clean


def test_deeply_nested_lesson_progress_is_forgotten_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    path.write_bytes(DEEP)
    assert ProgressStore(path).done == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_in_place_of_the_settings_or_the_save_never_blocks(paths: AppPaths) -> None:
    paths.config.mkdir(parents=True)
    paths.saves.mkdir(parents=True)
    os.mkfifo(paths.settings)
    os.mkfifo(paths.autosave)
    with pytest.raises(atomic.NotAFile):
        _within(5, atomic.read_bytes_limited, paths.settings, 100)
    settings, notice = _within(5, SettingsStore(paths).load)
    assert settings == PlayerSettings() and notice is not None
    storage = FileStorage(paths)
    assert _within(5, storage.load_match) is None
    assert [n.key for n in storage.take_notices()] == ["save.unreadable"]


# -- item 9: a window as large as a wall ---------------------------------------------------


@pytest.mark.parametrize("size", [(16384, 16384), (8000, 720), (1280, 5000), (100, 100)])
def test_window_sizes_beyond_8k_are_reset(size: tuple[int, int]) -> None:
    settings, bad = PlayerSettings.from_json({"window_width": size[0], "window_height": size[1]})
    assert settings.window_width * settings.window_height <= 7680 * 4320 and bad


def test_a_4k_window_is_kept() -> None:
    settings, bad = PlayerSettings.from_json({"window_width": 3840, "window_height": 2160})
    assert settings.window == (3840, 2160) and bad == []


# -- item 10: temp files of killed writes --------------------------------------------------


def test_stale_temp_files_are_swept_at_start_and_fresh_ones_kept(paths: AppPaths) -> None:
    paths.saves.mkdir(parents=True)
    paths.config.mkdir(parents=True)
    old = [paths.saves / ".autosave.json.abc.tmp", paths.config / ".settings.json.x.tmp"]
    fresh = paths.saves / ".autosave.json.now.tmp"
    keep = paths.saves / "notes.tmp"  # not one of ours
    for p in [*old, fresh, keep]:
        p.write_bytes(b"half a save")
    for p in [*old, keep]:
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    FileStorage(paths)
    assert [p.exists() for p in old] == [False, False]
    assert fresh.exists() and keep.exists()
    assert atomic.remove_stale_temps(paths.data / "missing-folder") == 0


# -- item 12: the smaller ones ---------------------------------------------------------------


def test_a_refused_save_that_cannot_be_moved_does_not_claim_it_was(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths.saves.mkdir(parents=True)
    paths.autosave.write_text("{ damaged")
    monkeypatch.setattr("game.app.saves.move_aside", lambda path, folder: None)
    storage = FileStorage(paths)
    assert storage.load_match() is None
    notices = storage.take_notices()
    assert [n.key for n in notices] == ["save.refused_in_place"]
    assert "set aside" not in notices[0].text(_english())


def test_the_statistics_backup_is_used_when_the_file_is_damaged(paths: AppPaths) -> None:
    store = StatsStore(paths)
    store.save(MatchStats(played=3, human_wins=2))
    store.save(MatchStats(played=4, human_wins=2))  # the first save is now the backup
    paths.stats.write_text('{"version": 1, "played": "four"}')
    stats, notice = store.load()
    assert stats.played == 3 and notice is not None
    assert notice.key == "notice.stats_backup_used"


def test_import_errors_reach_the_crash_handler(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken install (here: the launcher cannot be imported) ends in a crash report."""
    code = (
        "import sys; sys.modules['game.app.launch'] = None\n"
        "from game.__main__ import main\n"
        "sys.exit(main([]))\n"
    )
    env = {**os.environ, "LIVING_FOREST_HOME": str(paths.data.parent)}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert run.returncode == 1, run.stderr
    reports = list((paths.data / "crash-reports").iterdir())
    assert len(reports) == 1 and "game.app.launch" in reports[0].read_text()


def test_the_menu_shows_every_notice(paths: AppPaths) -> None:
    from game.i18n import Catalog
    from game.notice import Notice
    from game.ui.context import Context
    from game.ui.media.art import Art
    from game.ui.scenes.menu import MenuScene

    storage = FileStorage(paths)
    keys = ["notice.settings_reset", "notice.stats_damaged", "notice.backup_used"]
    storage.notices = [Notice(k) for k in keys]
    tr = Catalog.load("en").tr
    menu = MenuScene(Context(tr=tr, art=Art(), storage=storage))
    menu.enter()
    assert all(tr(k) in menu.error for k in keys)


@pytest.mark.parametrize(
    ("code", "key"),
    [
        (errno.ENOSPC, "notice.save_failed_disk_full"),
        (errno.EROFS, "notice.save_failed_read_only"),
        (errno.EIO, "notice.save_failed"),
    ],
)
def test_a_failed_autosave_is_reported_by_reason_and_cleared_by_the_next_good_one(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch, code: int, key: str
) -> None:
    storage = FileStorage(paths)

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    with monkeypatch.context() as m:
        m.setattr("game.app.saves.write_json_atomic", fail)
        storage.save_match(play_match(2, 1, max_moves=4).to_json())
    problem = storage.save_problem()
    assert problem is not None and problem.key == key
    storage.save_match(play_match(2, 1, max_moves=5).to_json())
    assert storage.save_problem() is None
    assert len(json.loads(paths.autosave.read_text())["moves"]) == 5


def _english():  # noqa: ANN202
    from game.i18n import Catalog

    return Catalog.load("en").tr
