"""The server's public lobby (``list`` -> ``tables``), over real sockets on 127.0.0.1: only
tables their host made public, with a free seat, are listed; the answer holds nothing
hidden (no token, seed, match id); listing works before joining and is limited per address
when abused; the public flag and the table's name survive a restart of the server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.net.browse import ListFailed, fetch_tables, read_tables, server_url
from game.net.client import TableClient
from game.net.lobby import LISTS_PER_WINDOW, Lobby
from game.net.protocol import ProtocolError, parse_client
from game.net.store import StoredMatch, open_store, token_hash
from game.seats import Seat
from tests.net.helpers import running_server, seats
from tests.net.server_process import ServerProcess, free_port


def create(url: str, kinds: tuple[str, ...], mine: list[int], **extra) -> TableClient:
    client = TableClient(url)
    client.keep = True
    client.send({"type": "create", "seats": seats(*kinds), "mine": mine, **extra})
    welcome = client.wait_type("welcome")
    assert welcome["type"] == "welcome", welcome
    return client


def ask(url: str) -> tuple[dict, str]:
    """One ``list`` from a connection that sits at no table: the answer and its raw text."""
    client = TableClient(url)
    client.keep = True
    try:
        client.send({"type": "list"})
        msg = client.wait_type("tables")
        return msg, client.received[-1]
    finally:
        client.close()


def test_only_public_tables_with_a_free_seat_are_listed_and_nothing_hidden(tmp_path) -> None:
    with running_server(tmp_path / "m.db") as server:
        url = server.url
        public = create(
            url, ("human", "human", "easy"), [0], public=True, table_name="Ana's forest"
        )
        private = create(url, ("human", "human"), [0])
        full = create(url, ("human", "easy"), [0], public=True)  # no seat left for anyone
        unnamed = create(url, ("human", "human"), [0], public=True)
        msg, raw = ask(url)
        codes = [t["code"] for t in msg["tables"]]
        assert codes == [unnamed.mirror.code, public.mirror.code]  # the newest first
        first = msg["tables"][1]
        assert first == {
            "code": public.mirror.code,
            "name": "Ana's forest",
            "seats": 3,
            "taken": 1,
            "open": 1,
            "ai": 1,
            "players": ["Ana"],
        }
        assert msg["tables"][0]["name"] == "Ana"  # no name given: the host's seat's
        assert private.mirror.code not in raw and full.mirror.code not in raw
        hub = server.server.hub
        secrets = []
        for client in (public, private, full, unnamed):
            welcome = json.loads(client.received[0])
            secrets += [welcome["match"], *welcome["tokens"].values()]
            stored = hub.matches[welcome["match"]].stored
            secrets += [str(stored.seed), str(stored.ai_seed), *stored.tokens.values()]
            secrets += [token_hash(t) for t in welcome["tokens"].values()]
        assert all(s not in raw for s in secrets)
        assert set(json.loads(raw)) == {"v", "type", "tables"}
        # The friend joins from the list: its code is the table's join code.
        friend = TableClient(url)
        friend.join(first["code"])
        assert friend.wait_type("welcome")["type"] == "welcome"
        assert ask(url)[0]["tables"] == [msg["tables"][0]]  # full now: no longer listed
        for c in (public, private, full, unnamed, friend):
            c.close()


def test_listing_is_refused_per_address_when_abused_and_a_sitter_may_list(tmp_path) -> None:
    with running_server(tmp_path / "m.db") as server:
        host = create(server.url, ("human", "human"), [0], public=True)
        host.send({"type": "list"})  # a connection at a table may list too
        assert [t["code"] for t in host.wait_type("tables")["tables"]] == [host.mirror.code]
        client = TableClient(server.url)
        answers = []
        for _ in range(LISTS_PER_WINDOW + 5):  # bounded
            client.send({"type": "list"})
            answers.append(client.wait_type("tables"))
        kinds = [a["type"] for a in answers]
        # the host's list counted too: LISTS_PER_WINDOW in all, then refusals
        assert kinds.count("tables") == LISTS_PER_WINDOW - 1
        refused = answers[-1]
        assert refused["code"] == "list_limited" and 0 < refused["retry_after"] <= 60
        with pytest.raises(ListFailed) as e:
            fetch_tables(server.url)
        assert e.value.code == "list_limited"
        client.close()
        host.close()


def test_one_address_listing_too_much_never_refuses_another() -> None:
    lobby = Lobby(per_window=3, span=60.0)
    for _ in range(3):
        assert lobby.asked.allowed("a", 0.0)
        lobby.asked.record("a", 0.0)
    assert not lobby.asked.allowed("a", 1.0)
    assert lobby.asked.allowed("b", 1.0)
    assert lobby.asked.allowed("a", 61.0)  # the window moved on


def test_the_public_flag_and_name_survive_a_restart(tmp_path: Path) -> None:
    db, port = tmp_path / "m.db", free_port()
    server = ServerProcess(db, port)
    url = server.start()
    try:
        create(url, ("human", "human"), [0], public=True, table_name="Bo's table").close()
        create(url, ("human", "human"), [0]).close()
        before = fetch_tables(url)
        server.kill()  # SIGKILL: no clean shutdown
        server.start()
        after = fetch_tables(url)
        assert [t.name for t in after] == ["Bo's table"] and after == before
    finally:
        server.kill()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_both_stores_keep_the_public_flag_and_name(kind: str, tmp_path: Path, request) -> None:
    where = str(tmp_path / "m.db") if kind == "sqlite" else request.getfixturevalue("pg_url")
    store = open_store(where)
    try:
        seats = [Seat("Ana"), Seat("Bo")]
        listed = StoredMatch("a" * 32, "ABCD2345", 2, 7, 0, 9, seats, {0: "h"}, public=True)
        listed.table_name = "숲속의 밤"
        store.create(listed)
        store.create(StoredMatch("b" * 32, "EFGH6789", 2, 7, 0, 9, seats, {0: "h"}))
        a, b = store.load("a" * 32), store.load("b" * 32)
        assert (a.public, a.table_name) == (True, "숲속의 밤")
        assert (b.public, b.table_name) == (False, "")
    finally:
        store.close()


@pytest.mark.parametrize(
    "extra",
    [{"public": 1}, {"public": "yes"}, {"table_name": ""}, {"table_name": "a\nb"},
     {"table_name": "x" * 41}, {"table_name": "   "}],
)  # fmt: skip
def test_a_bad_public_flag_or_table_name_is_refused(extra) -> None:
    doc = {"v": 1, "type": "create", "seats": seats("human", "human"), "mine": [0], **extra}
    with pytest.raises(ProtocolError):
        parse_client(json.dumps(doc))
    with pytest.raises(ProtocolError):
        parse_client(json.dumps({"v": 1, "type": "list", "all": True}))


def test_a_list_badly_described_by_a_server_keeps_only_its_good_tables() -> None:
    good = {"code": "K7QF-3MZX", "name": "Ana", "seats": 2, "taken": 1, "open": 1, "ai": 0}
    tables = [
        {**good, "players": ["Ana"]},
        {**good, "players": ["\x1b[2J"]},
        {**good, "name": "x" * 500, "players": []},
        {**good, "open": -1, "players": []},
        {**good, "code": "nope", "players": []},
        "junk",
    ]
    assert [t.name for t in read_tables({"type": "tables", "tables": tables})] == ["Ana"]
    with pytest.raises(ListFailed):
        read_tables({"type": "tables", "tables": "all"})


def test_a_typed_server_address_becomes_a_url() -> None:
    assert server_url("example.org") == "ws://example.org:8765"
    assert server_url("example.org", 9000, tls=True) == "wss://example.org:9000"
    assert server_url("10.0.0.5:4000", 9000) == "ws://10.0.0.5:4000"
    assert server_url(" wss://a.example:443 ") == "wss://a.example:443"
    assert server_url("::1", 9000) == "ws://[::1]:9000"
