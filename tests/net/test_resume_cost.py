"""Issue 41, failure 4: a resume storm. A resume costs the seat's view and the log's tail
the client lacks (``since``), not the whole game, and the client's table rebuilt from it is
the one a whole welcome gives; a client that sends no ``since`` still gets everything;
resumes are limited per seat and per address (``resume_limited``, with ``retry_after``)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from game.engine.serialize import game_to_json
from game.net.client import TableClient
from tests.net.helpers import FAST, drain, fake_clock, play_one, running_server, seats


def hot_seat(url: str) -> TableClient:
    client = TableClient(url)
    client.create(seats("human", "human"), [0, 1])
    client.wait_type("welcome")
    return client


def picture(client: TableClient) -> tuple:
    m = client.mirror
    assert m.game is not None
    return (game_to_json(m.game), m.log, m.n, m.seq, m.back, m.yours)


def test_a_resume_sends_only_the_log_the_client_lacks(tmp_path: Path) -> None:
    rand = random.Random(5)
    with running_server(tmp_path / "m.db") as server:
        a = hot_seat(server.url)
        for _ in range(400):  # bounded: a good part of a game
            if a.mirror.n >= 120 or not play_one(a, rand):
                break
        drain(a)
        match, tokens = a.mirror.match, [a.mirror.tokens[0], a.mirror.tokens[1]]
        kept = a.mirror
        since = kept.since()
        assert since > 100
        a.close()
        whole = TableClient(server.url)  # an old client: no since, the whole log
        whole.keep = True
        whole.resume(match, tokens)
        full = whole.wait_type("welcome")
        assert "log_from" not in full and len(full["log"]) == len(whole.mirror.log)
        reference = picture(whole)
        whole.close()
        again = TableClient(server.url)
        again.mirror = kept  # the app's mirror, as it was when the connection dropped
        again.keep = True
        again.resume(match, tokens, since=since)
        tail = again.wait_type("welcome")
        assert tail["log_from"] == since and len(tail["log"]) == len(full["log"]) - since
        assert picture(again) == reference
        assert len(again.received[-1]) * 2 < len(whole.received[-1])  # the view, not the game
        again.close()


def test_resumes_are_limited_per_seat(tmp_path: Path) -> None:
    limits = replace(FAST, resumes_per_seat=3, resumes_per_address=100)
    with running_server(tmp_path / "m.db", limits) as server:
        clock = fake_clock(server)
        a = hot_seat(server.url)
        match, tokens = a.mirror.match, [a.mirror.tokens[0]]
        replies = []
        for _ in range(4):  # the storm: each resume on a new connection
            client = TableClient(server.url)
            client.resume(match, tokens)
            replies.append(client.wait_type("welcome"))
            client.close()
        assert [r["type"] for r in replies] == ["welcome"] * 3 + ["error"]
        assert replies[3]["code"] == "resume_limited" and replies[3]["retry_after"] > 0
        other = TableClient(server.url)  # the other seat is not limited by this one's
        other.resume(match, [a.mirror.tokens[1]])
        assert other.wait_type("welcome")["type"] == "welcome"
        other.close()
        clock.now += 61
        late = TableClient(server.url)
        late.resume(match, tokens)
        assert late.wait_type("welcome")["type"] == "welcome"
        late.close()
        a.close()
