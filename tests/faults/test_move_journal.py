"""Issue 32 item 19: the move journal (``game/app/journal.py``). Every move the table applies
is appended to ``autosave.journal`` at once; Continue plays the lines over the autosave. A
torn or odd line is dropped with a log line (the lines before it count), a journal of another
match is ignored, and the writer refuses what the reader would."""

from __future__ import annotations

import json
import logging
import random

import pytest

import game.app.journal as journal_module
from game.app.journal import COMPACT_LINES, MoveJournal, match_id, read_journal
from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.savegame import MAX_MOVES
from game.ui.table.match import Match, Seat
from tests.app.helpers import choose


def _match(seed: int = 5) -> Match:
    return Match.new([Seat("Ana", "easy"), Seat("Bo", "medium"), Seat("Cy", "easy")], seed, 0)


def _play(storage: FileStorage, match: Match, moves: int, rand: random.Random) -> None:
    """``moves`` moves, each kept as the table keeps it (``save_moves`` at once)."""
    for _ in range(moves):
        a = match.active()
        if a is None:
            return
        n = len(match.history)
        match.play(a.player, choose(match.game, a.player, rand))
        seat, move = match.history[-1]
        storage.save_moves(match.head(), n, [[seat, move.to_json()]])


def _moves(match: object) -> list:
    return [[s, m.to_json()] for s, m in match.moves] if hasattr(match, "moves") else []


def _history(match: Match) -> list:
    return [[s, m.to_json()] for s, m in match.history]


@pytest.fixture
def started(paths: AppPaths) -> tuple[FileStorage, Match]:
    """A match saved at 40 moves, then 25 more kept by the journal only."""
    storage = FileStorage(paths)
    match = _match()
    storage.save_match(match.to_json())
    rand = random.Random(1)
    _play(storage, match, 40, rand)
    storage.save_match(match.to_json())
    _play(storage, match, 25, rand)
    return storage, match


def test_moves_after_the_autosave_are_continued(started, paths: AppPaths) -> None:
    storage, match = started
    assert json.loads(paths.autosave.read_bytes())["moves"] == _history(match)[:40]
    back = FileStorage(paths).load_match()
    assert _moves(back) == _history(match)
    assert back.game.to_json() == match.game.to_json()
    assert len(Match.from_saved(back).log) == len(match.log)


def test_the_autosave_drops_the_lines_it_holds(started, paths: AppPaths) -> None:
    storage, match = started
    journal = read_journal(paths.journal)
    assert journal is not None and journal.base == 0 and len(journal.lines) == 65
    storage.save_match(match.to_json())  # 65 lines held by the autosave: they go
    journal = read_journal(paths.journal)
    assert journal is not None and journal.base == 65 and journal.lines == []
    _play(storage, match, COMPACT_LINES - 1, random.Random(3))
    storage.save_match(match.to_json())  # fewer: the journal stays as it is, a bit longer
    journal = read_journal(paths.journal)
    assert journal is not None and journal.base == 65
    assert len(journal.lines) == COMPACT_LINES - 1
    assert _moves(FileStorage(paths).load_match()) == _history(match)


def test_a_torn_last_line_is_dropped_and_said(started, paths: AppPaths, caplog) -> None:
    _, match = started
    data = paths.journal.read_bytes()
    paths.journal.write_bytes(data[: -len(data.splitlines(keepends=True)[-1]) + 7])
    with caplog.at_level(logging.WARNING, logger="game"):
        storage = FileStorage(paths)
        back = storage.load_match()
    assert _moves(back) == _history(match)[:64]
    assert any("torn" in r.getMessage() for r in caplog.records)
    # the journal goes on whole: a move kept after the torn line is read back too
    again = Match.from_saved(back)
    _play(storage, again, 3, random.Random(9))
    assert _moves(FileStorage(paths).load_match()) == _history(again)


@pytest.mark.parametrize(
    "garbage",
    [b"\x00\xff\n", b"[9999, 0, {\"kind\": \"draw\"}]\n", b"[50, 0, {\"kind\": \"nope\"}]\n",
     b"[50, 0, {\"kind\": \"plant\", \"tree\": [], \"tile\": {}}]\n", b"[" * 5000 + b"\n",
     b"{\"a\": 1}\n", b"[50, true, {\"kind\": \"draw\"}]\n", b"[-1]\n"],
)  # fmt: skip
def test_garbage_ends_the_journal_the_moves_before_it_count(
    started, paths: AppPaths, garbage: bytes, caplog
) -> None:
    _, match = started
    lines = paths.journal.read_bytes().splitlines(keepends=True)
    paths.journal.write_bytes(b"".join(lines[:51]) + garbage + b"".join(lines[51:]))
    with caplog.at_level(logging.WARNING, logger="game"):
        back = FileStorage(paths).load_match()
    assert _moves(back) == _history(match)[:50]  # the journal's first 50 lines
    assert any("journal" in r.getMessage() for r in caplog.records)
    # damage before the autosave's last move: the autosave's 40 moves stay
    paths.journal.write_bytes(b"".join(lines[:11]) + garbage + b"".join(lines[11:]))
    assert _moves(FileStorage(paths).load_match()) == _history(match)[:40]


def test_an_illegal_move_line_ends_it_there(started, paths: AppPaths) -> None:
    _, match = started
    lines = paths.journal.read_bytes().splitlines(keepends=True)
    seat = match.history[45][0]
    bad = json.dumps([45, (seat + 1) % 3, match.history[45][1].to_json()]).encode() + b"\n"
    paths.journal.write_bytes(b"".join(lines[:46]) + bad + b"".join(lines[47:]))  # (line 0: head)
    assert _moves(FileStorage(paths).load_match()) == _history(match)[:45]


def test_a_journal_of_another_match_is_ignored(started, paths: AppPaths, caplog) -> None:
    _, match = started
    other = FileStorage(AppPaths.under(paths.data.parent / "other"))
    foreign = _match(seed=6)
    other.save_match(foreign.to_json())
    _play(other, foreign, 70, random.Random(2))
    paths.journal.write_bytes(other.paths.journal.read_bytes())
    with caplog.at_level(logging.WARNING, logger="game"):
        back = FileStorage(paths).load_match()
    assert _moves(back) == _history(match)[:40]
    assert any("another match" in r.getMessage() for r in caplog.records)


def test_a_journal_ahead_of_the_save_read_is_ignored(started, paths: AppPaths) -> None:
    storage, match = started
    storage.save_match(match.to_json())  # the journal now goes on from move 65
    _play(storage, match, 5, random.Random(4))
    paths.autosave.write_bytes(b"{damaged")  # the backup (40 moves) is read instead
    back = FileStorage(paths).load_match()
    assert _moves(back) == _history(match)[:40]


def test_an_undo_is_kept(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    match = Match.new([Seat("Ana"), Seat("Bo", "easy")], 77, 0)
    storage.save_match(match.to_json())
    rand = random.Random(3)
    for _ in range(200):
        a = match.active()
        if a is None:
            break
        n = len(match.history)
        match.play(a.player, choose(match.game, a.player, rand))
        storage.save_moves(
            match.head(), n, [[match.history[-1][0], match.history[-1][1].to_json()]]
        )
        match.queue.clear()
        if match.can_undo() and rand.random() < 0.3 and match.undo():
            storage.save_moves(match.head(), len(match.history), [])
        if rand.random() < 0.05:
            storage.save_match(match.to_json())
    assert _moves(FileStorage(paths).load_match()) == _history(match)


def test_the_game_s_end_in_the_journal_is_recorded_at_launch(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    match = _match(seed=8)
    storage.save_match(match.to_json())
    _play(storage, match, 100_000, random.Random(5))
    assert match.game.over
    again = FileStorage(paths)
    again.record_left_over()  # killed before the game over was recorded: a New game
    assert again.load_stats().played == 1 and len(again.list_replays()) == 1
    assert not again.has_match() and not paths.journal.exists()


def test_the_writer_refuses_what_the_reader_would(
    paths: AppPaths, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = FileStorage(paths)
    match = _match()
    storage.save_match(match.to_json())
    storage.save_moves(match.head(), MAX_MOVES, [[0, {"kind": "draw"}]])
    problem = storage.save_problem()
    assert problem is not None and problem.key == "notice.save_failed_too_large"
    journal = MoveJournal(tmp_path / "j")
    journal.reset("x" * 16, 0)
    journal.append("x" * 16, 0, [[0, {"kind": "draw"}]])
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_LINES", 3)
    journal.append("x" * 16, 0, [])  # undo lines count as lines
    journal.append("x" * 16, 0, [])
    with pytest.raises(ValueError, match="journal lines"):
        journal.append("x" * 16, 0, [])
    # and the reader drops a line past the limit the writer applies
    head = {"format": "living-forest-journal", "version": 1, "match": "x" * 16, "base": MAX_MOVES}
    (tmp_path / "k").write_text(
        json.dumps(head) + "\n" + json.dumps([MAX_MOVES, 0, {"kind": "draw"}]) + "\n"
    )
    read = read_journal(tmp_path / "k")
    assert read is not None and read.lines == [] and read.dropped


def test_the_writer_refuses_a_line_the_reader_would_drop(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    match = _match()
    storage.save_match(match.to_json())
    for odd in ([0, {"kind": "pick_fire", "value": [2]}], [True, {"kind": "draw"}], [0, None]):
        storage.save_moves(match.head(), 0, [odd])
        assert storage.save_problem() is not None
    storage.save_moves(match.head(), 0, [[0, {"kind": "draw"}]])
    assert storage.save_problem() is None  # the next good line: saved again
    assert _moves(FileStorage(paths).load_match()) == [[0, {"kind": "draw"}]]


def test_match_id_is_the_head_s_and_never_raises() -> None:
    match = _match()
    assert match_id(match.head()) == match_id(match.to_json()) != match_id(_match(6).head())
    assert match_id(None) is None and match_id({"setup": {1, 2}}) is None


def test_an_undo_after_the_autosave_and_moves_it_never_saw(paths: AppPaths) -> None:
    """The journal is newer when it ends in an undo; the autosave is, when it holds moves
    the journal was never given (a caller that only saves whole matches)."""
    storage = FileStorage(paths)
    match = _match()
    storage.save_match(match.to_json())
    _play(storage, match, 10, random.Random(1))
    storage.save_match(match.to_json())
    storage.save_moves(match.head(), 9, [])  # the last move taken back
    assert len(FileStorage(paths).load_match().moves) == 9
    storage = FileStorage(paths)
    storage.load_match()
    rand = random.Random(2)
    for _ in range(5):  # played and saved whole, never journaled
        a = match.active()
        match.play(a.player, choose(match.game, a.player, rand))
    storage.save_match(match.to_json())
    assert _moves(FileStorage(paths).load_match()) == _history(match)
