"""Issue 32 items 15 and 16.

15: a game past 50,000 moves was written without a word and then refused on load ("more than
50000 moves"). The writer now applies the reader's limits first: such a save is not written,
the old one stays, and the table's banner says "the save would be too large".

16: a kill between the statistics write and the replay write at game over lost the replay for
good (the game was then skipped as already counted). Both writes can now be repeated without
harm, the replay goes first, and the autosave is kept until both are on disk.
"""

from __future__ import annotations

import pytest

from game.app.paths import AppPaths
from game.app.saves import SaveStore
from game.app.storage import FileStorage
from game.savegame import MAX_MOVES, SaveError, load_bytes
from tests.app.helpers import play_match


class Killed(BaseException):
    """The process was killed here (nothing after it runs)."""


def test_a_save_past_the_move_limit_is_not_written_and_the_player_is_told(
    paths: AppPaths,
) -> None:
    store = SaveStore(paths)
    short = play_match(2, 1, max_moves=5)
    assert store.autosave(short) is None
    old = paths.autosave.read_bytes()
    long = play_match(2, 1, max_moves=5)
    long.moves = long.moves + [long.moves[-1]] * (MAX_MOVES + 1 - len(long.moves))
    doc = long.to_json()
    with pytest.raises(SaveError, match="more than 50000 moves"):  # what the reader says
        load_bytes(__import__("json").dumps(doc).encode())
    notice = store.autosave(doc)
    assert notice is not None and notice.key == "notice.save_failed_too_large"
    assert "50000-move limit" in notice.detail
    assert paths.autosave.read_bytes() == old  # the last good save is kept


def test_the_table_banner_says_so(app, ctx, paths: AppPaths) -> None:  # noqa: ANN001
    from game.ui.table.match import Match, Seat

    storage = FileStorage(paths)
    ctx.storage = storage
    long = play_match(2, 1, max_moves=5)
    long.moves = long.moves * (MAX_MOVES // 5 + 1)
    storage.save_match(long.to_json())
    table = ctx.scenes.make("table", ctx, Match.new([Seat("Ana"), Seat("Bo")], 7, 0))
    app.stack.push(table)
    app.step(1 / 60)
    assert table.alerts.lines(ctx.tr) == [
        "Your game is not being saved: the save would be too large. Trying again after every move."
    ]


def _kill_at_write(monkeypatch: pytest.MonkeyPatch, which: int) -> list[str]:
    """Kill the process as the ``which``-th file of the pair (replay, statistics) is written
    (1: before anything is written; 2: between the two)."""
    import game.app.saves as saves
    import game.app.stats_file as stats_file

    writes: list[str] = []
    for module, name in ((saves, "replay"), (stats_file, "statistics")):
        real = module.write_json_atomic

        def write(*args, _real=real, _name=name, **kwargs):  # noqa: ANN002, ANN003, ANN202
            writes.append(_name)
            if len(writes) == which:
                raise Killed
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, "write_json_atomic", write)
    return writes


@pytest.mark.parametrize("which", [1, 2])
def test_a_kill_between_the_game_over_writes_loses_nothing(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch, which: int
) -> None:
    doc = play_match(2, seed=5).to_json()
    storage = FileStorage(paths)
    storage.save_match(doc)  # the finished game's autosave, as the table leaves it
    with monkeypatch.context() as m:
        _kill_at_write(m, which)
        with pytest.raises(Killed):
            storage.record_game(doc)
    # the next start: Continue shows the game over again, which records the game again
    again = FileStorage(paths)
    saved = again.load_match()
    assert saved is not None and saved.game.over  # the autosave was kept
    assert again.record_game(saved.to_json()) is not None
    again.record_game(saved.to_json())  # and once more: still counted once, one replay
    assert again.load_stats().played == 1
    assert len(again.list_replays()) == 1


def test_a_failed_replay_write_keeps_the_autosave_for_next_time(
    app,
    ctx,
    paths: AppPaths,
    monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
) -> None:
    import errno
    import os

    from game.ui.table.match import Match

    storage = FileStorage(paths)
    ctx.storage = storage
    finished = play_match(2, seed=5)
    storage.save_match(finished.to_json())

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    with monkeypatch.context() as m:
        m.setattr("game.app.saves.write_json_atomic", read_only)
        app.stack.push(ctx.scenes.make("table", ctx, Match.from_saved(finished)))
        app.step(1 / 60)
    assert app.stack.top.kind == "game_over"
    assert storage.has_match()  # kept: the replay is not on disk yet
    app.stack.clear_to(ctx.scenes.make("table", ctx, Match.from_saved(storage.load_match())))
    app.step(1 / 60)
    assert not storage.has_match() and len(storage.list_replays()) == 1
    assert storage.load_stats().played == 1


@pytest.mark.parametrize("which", [1, 2])
def test_a_new_game_after_the_kill_loses_nothing_either(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch, which: int
) -> None:
    """The player starts a New game instead of Continue: the launch records the finished
    game left in the autosave first (``record_left_over``), so its count and replay stay."""
    from game.app import launch

    doc = play_match(2, seed=5).to_json()
    storage = FileStorage(paths)
    storage.save_match(doc)
    with monkeypatch.context() as m:
        _kill_at_write(m, which)
        with pytest.raises(Killed):
            storage.record_game(doc)
    files = launch.file_services()  # the next start
    assert not isinstance(files, launch.FolderProblem)
    again = files[0]
    try:
        assert not again.has_match()  # nothing left to continue: it was recorded
        again.save_match(play_match(2, seed=9, max_moves=4).to_json())  # the New game
        assert again.load_stats().played == 1 and len(again.list_replays()) == 1
    finally:
        again.close()


def test_the_launch_leaves_an_unfinished_or_damaged_save_alone(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    storage.save_match(play_match(2, seed=5, max_moves=10).to_json())
    before = paths.autosave.read_bytes()
    storage.record_left_over()
    assert paths.autosave.read_bytes() == before and storage.load_stats().played == 0
    paths.autosave.write_text('{"game": {"phase": "over"')  # truncated: Continue says so
    storage.record_left_over()
    assert paths.autosave.exists() and storage.take_notices() == []
