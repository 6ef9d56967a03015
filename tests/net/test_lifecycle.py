"""Issue 41, failure 1: abandoned tables must not fill the server for good. A table nobody
sits at, with no human move for a day, is closed and archived (kept in the store, not
resumed at a restart); a finished table is unloaded after its grace period on the hub's
clock; creating is limited per address with its own codes, ``server_full`` only when the
server is full; a table without a human seat is refused, and a table everybody left does
not play on by itself. Time is the hub's injected clock: nothing sleeps."""

from __future__ import annotations

import random
import sqlite3
import time
from dataclasses import replace
from pathlib import Path

from game.net.client import TableClient
from game.net.store import SqliteStore
from tests.net.helpers import (
    FAST,
    drain,
    fake_clock,
    host,
    on_loop,
    play_to_end,
    running_server,
    seats,
)

DAY = 24 * 3600.0  # the documented defaults: idle tables close after a day
KEEP = 600.0  # and a finished table stays loaded ten minutes


def wait_left(server, match_id: str) -> None:  # noqa: ANN001
    """Until the server has seen the table's connection end (bounded)."""
    hub = server.server.hub
    for _ in range(200):
        if not on_loop(server, lambda: hub.matches[match_id].clients()):
            return
        time.sleep(0.01)
    raise AssertionError("the server never saw the connection end")


def test_an_abandoned_table_is_closed_archived_and_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with running_server(db) as server:
        clock = fake_clock(server)
        hub = server.server.hub
        a = host(server.url, ("human", "human"), [0])
        match, token, code = a.mirror.match, a.mirror.tokens[0], a.mirror.code
        b = host(server.url, ("human", "easy"), [0])  # someone sits here: kept however long
        a.close()
        wait_left(server, match)
        clock.now += DAY - 1
        on_loop(server, hub.sweep)
        assert match in hub.matches  # not yet a day
        clock.now += 2
        on_loop(server, hub.sweep)
        assert match not in hub.matches and b.mirror.match in hub.matches
        late = TableClient(server.url)
        late.resume(match, [token])
        assert late.wait_type("error")["code"] == "no_such_match"
        late.close()
        friend = TableClient(server.url)
        friend.join(code, [1])
        assert friend.wait_type("error")["code"] == "no_such_code"
        friend.close()
        b.close()
    store = SqliteStore(db)  # kept for replays, and never resumed at a restart
    try:
        assert match not in [m.id for m in store.unfinished()]
        assert store.load(match).code == a.mirror.code.replace("-", "")
    finally:
        store.close()
    con = sqlite3.connect(db)
    (closed,) = con.execute("SELECT closed_at FROM matches WHERE id=?", (match,)).fetchone()
    con.close()
    assert closed is not None
    with running_server(db) as server:
        assert match not in server.server.hub.matches


def test_a_finished_table_is_unloaded_after_its_grace_period(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db") as server:
        clock = fake_clock(server)
        hub = server.server.hub
        a = host(server.url, ("human", "easy"), [0])
        play_to_end([a], random.Random(3))
        match = a.mirror.match
        clock.now += KEEP - 1
        on_loop(server, hub.sweep)
        assert match in hub.matches  # a late resume still gets the whole match
        clock.now += 2
        on_loop(server, hub.sweep)
        assert match not in hub.matches
        a.close()


def create_from(url: str, address: str) -> dict:
    client = TableClient(url, source=address)
    client.create(seats("human", "human"), [0])
    reply = client.wait_type("welcome")
    client.close()
    return reply


def test_creating_is_limited_per_address_and_full_means_full(tmp_path: Path) -> None:
    limits = replace(FAST, creates=3, open_per_address=5, matches=8)
    with running_server(tmp_path / "m.db", limits) as server:
        clock = fake_clock(server)
        for _ in range(3):
            assert create_from(server.url, "127.0.0.2")["type"] == "welcome"
        limited = create_from(server.url, "127.0.0.2")  # the 4th in a minute
        assert limited["code"] == "create_limited" and limited["retry_after"] > 0
        clock.now += 61
        for _ in range(2):
            assert create_from(server.url, "127.0.0.2")["type"] == "welcome"
        assert create_from(server.url, "127.0.0.2")["code"] == "too_many_tables"  # 5 open
        for _ in range(3):
            assert create_from(server.url, "127.0.0.3")["type"] == "welcome"
        assert create_from(server.url, "127.0.0.4")["code"] == "server_full"  # 8 open


def test_a_table_without_a_human_seat_is_refused(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db") as server:
        client = TableClient(server.url)
        client.create(seats("hard", "hard", "hard", "hard"), [])
        assert client.wait_type("welcome")["code"] == "no_human_seat"
        assert server.server.hub.matches == {}
        client.close()


def test_a_table_everybody_left_does_not_play_on_by_itself(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db") as server:
        clock = fake_clock(server)
        hub = server.server.hub
        a = TableClient(server.url)
        a.send({"type": "create", "seats": seats("human", "human"), "mine": [0, 1], "away_ai_s": 1})
        a.wait_type("welcome")
        match, tokens = a.mirror.match, [a.mirror.tokens[0], a.mirror.tokens[1]]
        a.close()
        wait_left(server, match)
        clock.now += 10  # both seats away past their wait: stand-ins would play them
        on_loop(server, hub.tick)
        table = hub.matches[match]
        assert on_loop(server, lambda: (sorted(table.stand_ins), table.thinking, table.moves)) == (
            [0, 1],
            set(),
            0,
        )
        back = TableClient(server.url)  # someone comes back: the table goes on
        back.resume(match, tokens)
        assert back.wait_type("welcome")["type"] == "welcome"
        drain(back)
        back.close()
