"""An away player's seat: the table waits, and after the host's chosen wait an AI plays it
until its player comes back with their token; a store written before the setting existed
opens with it off."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from game.net.client import TableClient
from game.net.store import SqliteStore
from tests.net.helpers import drain, join, play_one, running_server, seats


def test_an_ai_stands_in_for_an_away_player_until_they_return(tmp_path: Path) -> None:
    rand = random.Random(8)
    with running_server(tmp_path / "m.db") as server:
        a = TableClient(server.url)
        a.send({"type": "create", "seats": seats("human", "human"), "mine": [0], "away_ai_s": 1})
        assert a.wait_type("welcome")["stand_ins"] == []
        b = join(server.url, a.mirror.code, 1)
        token, match = b.mirror.tokens[1], b.mirror.match
        b.close()
        taken = a.wait_for(lambda m: m["type"] == "presence" and m["stand_ins"] == [1], 10)
        assert taken["connected"] == [True, False]
        for _ in range(100):  # bounded: seat 1's moves come from the AI now
            drain(a)
            if a.mirror.n - a.mirror.seq[0] > 0:
                break
            if not play_one(a, rand):
                a.recv(0.1)
        assert a.mirror.n - a.mirror.seq[0] > 0  # moves a did not make: the stand-in's
        b2 = TableClient(server.url)
        b2.resume(match, [token])
        assert b2.wait_type("welcome")["stand_ins"] == []
        a.wait_for(lambda m: m["type"] == "presence" and m["stand_ins"] == [], 5)
        for _ in range(100):  # bounded: the returned player plays their seat again
            drain(b2)
            if play_one(b2, rand):
                break
            if not play_one(a, rand):
                b2.recv(0.1)  # neither may move yet: the last move is on its way to b2
        else:
            raise AssertionError("the returned player never got a move")
        a.close()
        b2.close()


def test_the_table_waits_when_the_host_chose_no_stand_in(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db") as server:
        a = TableClient(server.url)
        a.send({"type": "create", "seats": seats("human", "human"), "mine": [0]})
        a.wait_type("welcome")
        hub = server.server.hub
        match = hub.matches[a.mirror.match]
        assert match.overdue(hub.clock() + 10_000) == []  # never, however long


def test_a_store_from_before_the_setting_opens_with_it_off(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.execute(
        "CREATE TABLE matches (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, players INTEGER"
        " NOT NULL, seed INTEGER NOT NULL, first INTEGER NOT NULL, ai_seed INTEGER NOT NULL,"
        " seats TEXT NOT NULL, created REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0)"
    )
    table = json.dumps([{"name": "A", "kind": "human"}, {"name": "B", "kind": "easy"}])
    con.execute(
        "INSERT INTO matches VALUES (?,?,?,?,?,?,?,?,?)",
        ("ab", "CODE1234", 2, 5, 0, 7, table, 0, 0),
    )
    con.commit()
    con.close()
    store = SqliteStore(db)
    try:
        (old,) = store.unfinished()
        assert old.away_ai == 0 and old.code == "CODE1234" and old.moves == []
    finally:
        store.close()
