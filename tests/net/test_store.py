"""The match store's promises, on SQLite (always) and PostgreSQL (when it can be started):
versioned migrations from an empty database and from a file made before versioning, a move
written only at the version it was made against, everything read back as written."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.engine.moves import DRAW, PASS, STOP
from game.net.store import MatchStore, SqliteStore, StaleMatch, StoredMatch, open_store
from game.net.store import sqlite as sqlite_store
from game.seats import Seat


def a_match(mid: str = "a" * 32, code: str = "ABCD2345", ai: bool = True) -> StoredMatch:
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "easy" if ai else "human")]
    return StoredMatch(mid, code, 3, 12345678901234, 1, 987654321, seats, {0: "h0"})


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or a PostgreSQL database (skipped without one)."""
    if request.param == "sqlite":
        return str(tmp_path / "m.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def any_store(where: str):
    store = open_store(where)
    yield store
    store.close()


def test_many_matches_moves_are_stored_all_or_none(any_store: MatchStore) -> None:
    """The group commit's transaction: moves of several matches and a finished mark at
    once; one stale move among them and nothing of it is stored."""
    a, b = a_match("a" * 32, "ABCD2345"), a_match("b" * 32, "EFGH6789")
    any_store.create(a)
    any_store.create(b)
    with pytest.raises(StaleMatch):
        batch = [(a.id, 0, 0, DRAW, 0), (b.id, 0, 1, DRAW, 0), (b.id, 1, 0, STOP, 5)]
        any_store.add_moves(batch, [a.id])
    assert any_store.load(a.id).moves == any_store.load(b.id).moves == []
    assert any_store.match_of_code(a.code) == a.id  # not marked finished either
    batch = [(a.id, 0, 0, DRAW, 0), (b.id, 0, 1, DRAW, 0), (b.id, 1, 0, STOP, 1)]
    any_store.add_moves(batch, [a.id])
    assert any_store.load(a.id).moves == [(0, DRAW)]
    assert any_store.load(b.id).moves == [(1, DRAW), (0, STOP)]
    assert any_store.match_of_code(a.code) is None  # finished: its code opens nothing
    assert any_store.match_of_code(b.code) == b.id


def test_an_empty_database_is_migrated_to_the_latest_schema_once(where: str) -> None:
    for _ in range(2):  # the second open finds nothing to do
        store = open_store(where)
        try:
            assert store.schema_version() == 6
        finally:
            store.close()


def test_a_match_reads_back_as_written_and_a_stale_move_is_refused(any_store: MatchStore) -> None:
    m = a_match()
    any_store.create(m)
    any_store.claim(m.id, {1: "h1"}, {1: "Bea"})
    any_store.add_move(m.id, 0, 0, DRAW, version=0)
    any_store.add_move(m.id, 1, 1, DRAW, version=1)
    with pytest.raises(StaleMatch):
        any_store.add_move(m.id, 2, 0, STOP, version=1)  # made against a version already past
    with pytest.raises(StaleMatch):
        any_store.add_move(m.id, 2, 0, STOP, version=5)  # and against one not reached yet
    any_store.add_move(m.id, 2, 0, STOP, version=2)
    back = any_store.load(m.id)
    assert back.moves == [(0, DRAW), (1, DRAW), (0, STOP)] and back.version == 3
    assert back.tokens == {0: "h0", 1: "h1"}
    assert [s.name for s in back.seats] == ["Ana", "Bea", "Cy"] and back.seats[2].kind == "easy"
    assert (back.seed, back.first, back.ai_seed) == (12345678901234, 1, 987654321)
    assert not back.finished
    assert any_store.moves_since(m.id, 2) == [(0, STOP)]
    assert any_store.match_of_code("ABCD2345") == m.id and any_store.code_taken("ABCD2345")
    any_store.finish(m.id)
    assert any_store.match_of_code("ABCD2345") is None and any_store.load(m.id).finished
    with pytest.raises(KeyError):
        any_store.load("b" * 32)


def test_a_step_taken_back_leaves_the_moves_that_replay_to_the_game_and_counts_a_change(
    any_store: MatchStore,
) -> None:
    m = a_match()
    any_store.create(m)
    for i, (seat, move) in enumerate([(0, DRAW), (1, DRAW), (0, STOP)]):
        any_store.add_move(m.id, i, seat, move, version=i)
    with pytest.raises(StaleMatch):  # checked like a move: against the version last seen
        any_store.take_back(m.id, 2, version=2)
    assert any_store.load(m.id).moves == [(0, DRAW), (1, DRAW), (0, STOP)]
    any_store.take_back(m.id, 2, version=3)
    back = any_store.load(m.id)
    assert back.moves == [(0, DRAW), (1, DRAW)] and back.version == 4  # the version only grows
    assert any_store.changes_since(m.id, 2) == (4, [])
    with pytest.raises(StaleMatch):  # a process that saw version 3 cannot store move 2 now
        any_store.add_move(m.id, 2, 0, PASS, version=3)
    any_store.add_move(m.id, 2, 0, PASS, version=4)
    assert any_store.load(m.id).moves == [(0, DRAW), (1, DRAW), (0, PASS)]
    assert any_store.changes_since(m.id, 1) == (5, [(1, DRAW), (0, PASS)])


OLD_SCHEMA = sqlite_store.MIGRATIONS[0]  # the tables as the first server made them


def test_a_sqlite_file_from_before_versioning_is_brought_up_to_date(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    for sql in OLD_SCHEMA:
        con.execute(sql)
    con.execute(
        "INSERT INTO matches VALUES ('m1', 'CODE1234', 2, 7, 0, 9, "
        """'[{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "easy"}]', 0, 0)"""
    )
    for i, move in enumerate(['{"kind":"draw"}', '{"kind":"draw"}', '{"kind":"stop"}']):
        con.execute("INSERT INTO moves VALUES ('m1', ?, 0, ?)", (i, move))
    con.commit()
    assert con.execute("PRAGMA user_version").fetchone()[0] == 0
    con.close()
    store = SqliteStore(db)
    try:
        assert store.schema_version() == sqlite_store.LATEST == 6
        assert store.load("m1").moves == [(0, DRAW), (0, DRAW), (0, STOP)]
        assert store.load("m1").version == 3  # counted from the stored moves
        with pytest.raises(StaleMatch):
            store.add_move("m1", 3, 0, PASS, version=2)
        store.add_move("m1", 3, 0, PASS, version=3)
        assert len(store.load("m1").moves) == 4
    finally:
        store.close()


def test_a_sqlite_file_from_a_newer_server_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    SqliteStore(db).close()
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version=99")
    con.commit()
    con.close()
    with pytest.raises(Exception, match="schema 99"):
        SqliteStore(db)


def test_an_archived_match_is_kept_but_never_resumed(any_store: MatchStore) -> None:
    """Migration 4 (``closed_at``): a match closed for want of players stays readable (for
    replays) but is not resumed at a restart and its code opens nothing."""
    a = a_match("c" * 32, "JKMN2345")
    any_store.create(a)
    any_store.add_moves([(a.id, 0, 0, DRAW, 0)], [])
    any_store.archive(a.id)
    assert any_store.load(a.id).moves == [(0, DRAW)]
    assert a.id not in [m.id for m in any_store.unfinished()]
    assert any_store.match_of_code(a.code) is None
