"""Issue 41, failure 2: the failed-join limit must not be turned against honest players.
Guessers from many addresses (127.0.0.x: the whole of 127/8 is loopback) fill the
server's overall window of failures; an honest join with the right code from another
address, and an honest resume with a valid token, even from a guessing address, still
get their seats; the guessers themselves are refused (``join_limited``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.net.client import TableClient
from tests.net.helpers import FAST, host, running_server

LIMITS = replace(FAST, failed_joins=10, failed_joins_all=60)


def guess(url: str, address: str, tries: int) -> list[str]:
    """``tries`` wrong codes from ``address``: the refusals' codes."""
    client = TableClient(url, source=address)
    codes = []
    for k in range(tries):
        client.join(f"ZZZZ-ZZ{k:02d}", [1])
        codes.append(client.wait_type("welcome")["code"])
    client.close()
    return codes


def test_guessers_from_many_addresses_do_not_lock_out_honest_players(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db", LIMITS) as server:
        a = host(server.url, ("human", "human", "human"), [0])
        match, token, code = a.mirror.match, a.mirror.tokens[0], a.mirror.code
        for i in range(6):  # 60 failures: the whole server's 60 a minute
            assert set(guess(server.url, f"127.0.0.{10 + i}", 10)) == {"no_such_code"}
        friend = TableClient(server.url, source="127.0.0.50")
        friend.join(code, [1])
        assert friend.wait_type("welcome")["type"] == "welcome"  # the right code gets in
        a.close()
        back = TableClient(server.url, source="127.0.0.10")  # even from a guessing address
        back.resume(match, [token])
        assert back.wait_type("welcome")["yours"] == [0]  # a valid token is never refused
        assert guess(server.url, "127.0.0.10", 1) == ["join_limited"]  # the guesser is
        assert guess(server.url, "127.0.0.51", 2) == ["no_such_code", "join_limited"]
        back.close()
        friend.close()


def test_a_bad_token_from_a_limited_address_learns_nothing(tmp_path: Path) -> None:
    with running_server(tmp_path / "m.db", LIMITS) as server:
        a = host(server.url, ("human", "human"), [0])
        assert set(guess(server.url, "127.0.0.9", 10)) == {"no_such_code"}
        wrong = TableClient(server.url, source="127.0.0.9")
        wrong.resume(a.mirror.match, ["x" * 43])
        refused = wrong.wait_type("welcome")
        assert refused["code"] == "join_limited" and refused["retry_after"] > 0
        wrong.close()
        a.close()


def test_a_connection_may_ask_for_seats_only_so_often(tmp_path: Path) -> None:
    """Creates, joins and resumes: a burst of 12 a connection, then one a second (a
    person's client sends one); the rest are dropped, told once (``rate_limited``)."""
    with running_server(tmp_path / "m.db", replace(LIMITS, failed_joins=1000)) as server:
        client = TableClient(server.url, source="127.0.0.7")
        for k in range(20):
            client.join(f"ZZZZ-ZZ{k:02d}", [1])
        replies = [client.wait_type("welcome")["code"] for _ in range(13)]
        assert replies == ["no_such_code"] * 12 + ["rate_limited"]
        assert client.recv(0.3) is None  # the other seven: dropped
        client.close()
