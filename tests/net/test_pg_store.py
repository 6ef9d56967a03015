"""The PostgreSQL store's cross-process parts against a real server: migrations step by step
and by two processes at once, a move's NOTIFY, AI leases handed back and taken over, and
two OS processes racing to store a move of the same match at the same version, where
exactly one wins every time."""

from __future__ import annotations

import threading
import time

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")

from game.devtools import warm_start  # noqa: E402
from game.engine.moves import DRAW  # noqa: E402
from game.net.server import parse_args  # noqa: E402
from game.net.store import StaleMatch, open_store  # noqa: E402
from game.net.store.base import AI_LEASE_RENEW_S  # noqa: E402
from game.net.store.postgres import CHANNEL, LATEST, LEASE_S, PostgresStore, migrate  # noqa: E402
from tests.net.pg_racer import RACE_ROUNDS, racer  # noqa: E402
from tests.net.test_store import a_match  # noqa: E402


def test_migrations_apply_one_by_one_and_keep_the_data(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert migrate(conn, upto=1) == 1
        conn.execute(
            "INSERT INTO matches (id, code, players, seed, first, ai_seed, seats) VALUES"
            """ ('m1', 'CODE1234', 2, 7, 0, 9, '[{"name": "Ana", "kind": "human"},"""
            """ {"name": "Bo", "kind": "medium"}]')"""
        )
        assert migrate(conn) == LATEST == 6
        assert conn.execute("SELECT has_ai, version FROM matches").fetchone() == (True, 0)
        assert migrate(conn) == LATEST  # nothing left to do


def test_two_processes_starting_together_migrate_once(pg_url: str) -> None:
    stores: list[PostgresStore] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            stores.append(PostgresStore(pg_url))
        except BaseException as e:  # noqa: BLE001 - reported by the assertion below
            errors.append(e)

    threads = [threading.Thread(target=open_one) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == [] and len(stores) == 3
    assert all(s.schema_version() == LATEST for s in stores)
    for s in stores:
        s.close()


def test_a_stored_move_is_announced_on_commit_and_a_refused_one_is_not(pg_url: str) -> None:
    store = PostgresStore(pg_url)
    m = a_match(ai=False)
    store.create(m)
    with psycopg.connect(pg_url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        store.add_move(m.id, 0, 0, DRAW, version=0)
        with pytest.raises(StaleMatch):
            store.add_move(m.id, 1, 1, DRAW, version=0)
        store.take_back(m.id, 0, version=1)  # a step taken back is a change too
        with pytest.raises(StaleMatch):
            store.take_back(m.id, 0, version=1)
        with psycopg.connect(pg_url, autocommit=True) as other:  # heard after all before it:
            other.execute(f"NOTIFY {CHANNEL}, 'end'")  # notifications come in commit order
        heard = [n.payload for n in listener.notifies(timeout=20.0, stop_after=3)]
    store.close()
    assert heard == [f"m {m.id} 1", f"m {m.id} 2", "end"]


def test_ai_seats_are_leased_to_one_process_and_taken_over_when_it_goes(pg_url: str) -> None:
    a, b = PostgresStore(pg_url, lease_s=0.5), PostgresStore(pg_url, lease_s=0.5)
    m = a_match(ai=True)
    a.create(m)
    a.create(a_match("c" * 32, "WXYZ6789", ai=False))  # no AI seat: no lease
    assert a.runs_ai(m.id) and not b.runs_ai(m.id)
    assert b.lease_ai() == [] and a.lease_ai() == []  # a renews; nothing expired
    time.sleep(0.8)  # a stops renewing (paused, or dead): its lease runs out
    assert b.lease_ai() == [m.id] and b.runs_ai(m.id)
    assert a.lease_ai() == [] and not a.runs_ai(m.id)  # a learns it let go
    b.close()  # a clean stop hands the lease back at once
    assert a.lease_ai() == [m.id]
    a.finish(m.id)
    assert not a.runs_ai(m.id) and a.lease_ai() == []
    a.close()


def test_the_ai_lease_is_five_seconds_unless_the_server_is_told_otherwise(pg_url: str) -> None:
    """The shipped lease (docs/network.md); ``--ai-lease-s`` reaches the store (the tests
    that kill a process lower it), and one no longer than the renewal is refused."""
    assert parse_args([]).ai_lease_s is None
    shipped = open_store(pg_url)
    assert isinstance(shipped, PostgresStore) and shipped.lease_s == LEASE_S == 5.0
    shipped.close()
    told = parse_args(["--ai-lease-s", "2.5"]).ai_lease_s
    lowered = open_store(pg_url, ai_lease_s=told)
    assert isinstance(lowered, PostgresStore) and lowered.lease_s == 2.5
    lowered.close()
    with pytest.raises(SystemExit):
        parse_args(["--ai-lease-s", str(AI_LEASE_RENEW_S)])


def test_two_processes_racing_for_the_same_move_never_both_win(pg_url: str) -> None:
    store = PostgresStore(pg_url)
    m = a_match(ai=False)
    store.create(m)
    ctx = warm_start.context()  # forked from the process that has the server imported
    barrier, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=racer, args=(pg_url, m.id, barrier, results)) for _ in range(2)]
    for p in procs:
        p.start()
    wins = [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(30)
    stored = store.moves_since(m.id, 0)
    store.close()
    assert sorted(wins[0] + wins[1]) == list(range(RACE_ROUNDS))  # one winner every round
    assert len(stored) == RACE_ROUNDS  # and nothing stored twice or lost
