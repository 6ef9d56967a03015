"""The app reconnects with ``since`` (issue 41, failure 4): after a dropped connection the
session resumes asking only for the log it lacks, and the table it rebuilds is the one it
had: the same view, log, counts and way back."""

from __future__ import annotations

import os
import random
import time

from game.engine.serialize import game_to_json
from tests.net.helpers import wait_for_news
from tests.net.test_online_table import ctx, host_table  # noqa: F401 - the fixture

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


def test_a_reconnected_table_is_the_table_it_was(app, ctx) -> None:  # noqa: F811
    lobby = host_table(app, ctx, ["here", "here"])
    lobby.to_table()
    match = app.stack.top.match
    rand = random.Random(4)
    deadline = time.monotonic() + 30
    while match.mirror.n < 40:  # both seats are played here
        assert time.monotonic() < deadline, "the table did not reach 40 moves"
        top = app.stack.top
        seat = top.human_seat() if hasattr(top, "human_seat") else -1
        if seat >= 0 and top.kind in ("draw", "action") and match.waiting is None:
            top.play(seat, rand.choice(match.game.legal_moves(seat)))
        elif not app.stack.busy():  # the move on its way: no frame until the server answers
            wait_for_news(match.session)
        app.step(1 / 60)
    for _ in range(200):  # the last move's events are in
        app.step(1 / 60)
        if match.waiting is None:
            break
    mirror = match.mirror
    before = (game_to_json(match.game), list(mirror.log), mirror.n, dict(mirror.seq), mirror.back)
    shown = [(e.round, e.event) for e in match.log]
    welcomes: list[dict] = []
    take_in = mirror.welcome

    def seen(msg: dict) -> None:
        welcomes.append(msg)
        take_in(msg)

    mirror.welcome = seen  # type: ignore[method-assign]
    match.session.resync()  # the connection drops; the session resumes by itself
    deadline = time.monotonic() + 10
    while not welcomes or match.link.value != "connected":
        assert time.monotonic() < deadline, "the table never came back"
        app.step(1 / 60)
        wait_for_news(match.session)
    (welcome,) = welcomes
    assert 0 < welcome["log_from"] <= len(before[1])
    assert len(welcome["log"]) == len(before[1]) - welcome["log_from"]
    after = (game_to_json(match.game), list(mirror.log), mirror.n, dict(mirror.seq), mirror.back)
    assert after == before
    assert [(e.round, e.event) for e in match.log] == shown
