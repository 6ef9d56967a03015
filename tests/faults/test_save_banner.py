"""Issue 17 item 4: a failed autosave is shown on the table at once (within one move), the
table keeps retrying, and says so when saving works again."""

from __future__ import annotations

import errno
import os

import pytest

from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.ui.scenes.table import scene_for_match
from game.ui.table.match import Match, Seat

DISK_FULL = "Your game is not being saved: disk full."


class Disk:
    """The save folder's disk: full or not (no real disk is filled)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import game.app.saves as saves

        self.full = False
        self.writes = 0
        real = saves.write_json_atomic

        def write(*args: object, **kwargs: object) -> None:
            self.writes += 1
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real(*args, **kwargs)

        monkeypatch.setattr(saves, "write_json_atomic", write)


def _table(app, ctx, storage: FileStorage):  # noqa: ANN001, ANN202
    ctx.storage = storage
    match = Match.new([Seat("Ana", "human"), Seat("Bo", "human")], 7, first_player=0)
    app.stack.push(scene_for_match(ctx, match))
    app.step(1 / 60)
    return app.stack.top, match


def _human_move(app, table, match: Match) -> None:  # noqa: ANN001
    a = match.active()
    assert a is not None
    table.play(a.player, match.legal()[0])
    app.step(1 / 60)


@pytest.mark.parametrize("background", [False, True])
def test_the_first_failed_autosave_shows_a_banner_and_saving_resumes(
    app,
    ctx,
    paths: AppPaths,
    monkeypatch: pytest.MonkeyPatch,
    background: bool,  # noqa: ANN001
) -> None:
    disk = Disk(monkeypatch)
    storage = FileStorage(paths, background=background)
    table, match = _table(app, ctx, storage)
    _human_move(app, table, match)
    storage.flush()
    assert table.alerts.lines(ctx.tr) == []
    disk.full = True
    _human_move(app, table, match)  # this move's save fails
    storage.flush()
    app.step(1 / 60)
    lines = table.alerts.lines(ctx.tr)
    assert len(lines) == 1 and lines[0].startswith(DISK_FULL)
    tries = disk.writes
    for _ in range(4):  # nobody moves: the table still tries again every few seconds
        app.step(1.0)
        storage.flush()
    assert disk.writes > tries
    disk.full = False
    app.step(1.0)
    app.step(1.0)
    app.step(1.0)
    storage.flush()
    app.step(1 / 60)
    assert table.alerts.lines(ctx.tr) == ["Your game is being saved again."]
    doc = storage.load_match()
    assert doc is not None and len(Match.from_saved(doc).history) == len(match.history)
    storage.close()


@pytest.mark.parametrize("players", [4])  # the busiest table (2 players: docs screenshots)
def test_the_banner_is_drawn_under_the_round_banner_at_both_sizes(
    app,
    ctx,
    paths: AppPaths,
    monkeypatch: pytest.MonkeyPatch,
    players: int,  # noqa: ANN001
) -> None:
    disk = Disk(monkeypatch)
    ctx.storage = FileStorage(paths)
    seats = [Seat(f"P{i}", "human") for i in range(players)]
    match = Match.new(seats, 7, first_player=0)
    app.stack.push(scene_for_match(ctx, match))
    app.step(1 / 60)
    table = app.stack.top
    disk.full = True
    _human_move(app, table, match)
    banner = table.layout["banner"]
    probe = (banner.centerx, banner.bottom + 6 + 3)  # inside the strip, above its text
    for w, h in ((1280, 720), (1920, 1080)):
        pixel = app.render((w, h)).get_at((probe[0] * w // 1920, probe[1] * h // 1080))
        assert (pixel.r, pixel.g, pixel.b) == (70, 14, 10) or pixel.r > 2 * pixel.g


def test_other_failed_writes_are_said_on_the_table_at_once(
    app,
    ctx,
    paths: AppPaths,
    monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
) -> None:
    """Settings changed during play, statistics and the replay at game over: a failed write
    is on screen the next frame, not only at the menu afterwards."""

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    storage = FileStorage(paths)
    table, match = _table(app, ctx, storage)
    monkeypatch.setattr("game.app.settings_file.write_json_atomic", fail)
    storage.save_settings(ctx.settings)
    app.step(1 / 60)
    assert table.alerts.lines(ctx.tr) == ["The settings could not be saved."]
    monkeypatch.setattr("game.app.stats_file.write_json_atomic", fail)
    monkeypatch.setattr("game.app.saves.write_json_atomic", fail)
    from tests.app.helpers import play_match

    storage.record_game(play_match(2, seed=5).to_json())
    keys = [n.key for n in storage.take_write_failures()]
    assert keys == ["notice.replay_not_saved", "notice.stats_not_saved"]
