"""The online table's status line follows the news by itself: a dedicated server that
restarts says so, the table offers nothing meanwhile, and once the session is back the
line changes in the loop's idle pass, with no key press (a move tried while the link was
down used to leave "Connection lost" on screen until the next move or key). An away
player's seat counts down to its stand-in."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.net.client import Status, TableClient
from game.net.server import ServerThread
from tests.net.helpers import FAST, LOCAL, seats
from tests.net.server_process import free_port

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    yield context
    context.online.close()


def wait(what: str, done, step, seconds: float = 10.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    for _ in range(int(seconds * 100)):
        step()
        if done():
            return
        assert time.monotonic() < deadline, what
        time.sleep(0.01)
    raise AssertionError(what)


def test_the_status_line_changes_with_no_key_press(app, tmp_path: Path) -> None:
    ctx = app.ctx
    port = free_port()
    server = ServerThread(tmp_path / "m.db", LOCAL, port, limits=FAST)
    server.start()
    host = TableClient(server.url)
    create = {"type": "create", "seats": seats("human", "human"), "mine": [0], "away_ai_s": 60}
    host.send(create)
    welcome = host.wait_type("welcome")
    code, token = welcome["code"], welcome["tokens"]["0"]
    session = ctx.online.connect(server.url, {"type": "join", "code": code})
    app.stack.push(ctx.scenes.make("online_lobby", ctx, session, False))
    wait(
        "the friend's table",
        lambda: app.stack.top.kind in ("draw", "action"),
        lambda: app.step(1 / 60),
    )
    table = app.stack.top
    match = table.match
    host.close()
    wait("the host away", lambda: "Ana" in match.status(), lambda: app.step(1 / 60))
    countdown = match.status()
    assert countdown.startswith("Ana is away: an AI plays for them in ")
    assert 50 <= int(countdown.split(" in ")[1].split()[0]) <= 60
    server.stop()  # a dedicated server's restart: it says so before it goes
    wait("the restart told", lambda: match.link is not Status.CONNECTED, lambda: app.step(1 / 60))
    assert match.status() == ctx.tr("online.status.restart")
    assert table.human_seat() == -1
    a = match.shown_active()  # the friend's own draw: the banner says the table waits
    assert a is not None and match.plays_here(a.player)
    assert table.banner_text() == ctx.tr("banner.link_down", round=match.shown.round)
    seat = match.mirror.yours[0]
    match.link = Status.CONNECTED  # a move tried just before the news: not sent
    match.play(seat, match.game.legal_moves(seat)[0])
    wait("lost again", lambda: match.link is not Status.CONNECTED, lambda: app.step(1 / 60))
    again = ServerThread(tmp_path / "m.db", LOCAL, port, limits=FAST)
    again.start()
    try:
        app.step(0.0)
        assert not app.stack.busy()
        # only the loop's idle passes from here (TableApp.run): no key, no frame asked for
        wait("the friend back", lambda: session.status is Status.CONNECTED, lambda: None)
        wait("the news taken in", app.stack.busy, lambda: app.stack.update(0.1))
        assert match.link is Status.CONNECTED
        assert match.status().startswith("Ana is away")  # not "Connection lost"
        app.step(0.0)
        assert not app.stack.busy()
        back = TableClient(again.url)  # the host's player comes back
        back.resume(match.mirror.match, [token])
        back_line = "Online · Ana is back"
        wait("the host back", lambda: match.status() == back_line, lambda: app.stack.update(0.1))
        assert app.stack.busy()  # taken in by an idle pass: drawn at once
        match.clock = lambda: time.monotonic() + 5  # a few seconds on: the word has gone
        assert match.status() == ctx.tr("online.status.connected")
        back.close()
    finally:
        again.stop()


def test_a_drop_shows_on_the_status_line_under_the_tables_menu(app, tmp_path: Path) -> None:
    """The table's menu (or the round's walkthrough) over the table keeps the table from
    taking its news in; the status line drawn under it still says the host has gone."""
    ctx = app.ctx
    server = ServerThread(tmp_path / "m.db", LOCAL, 0, limits=FAST, farewell="host_left")
    server.start()
    host = TableClient(server.url)
    host.send({"type": "create", "seats": seats("human", "human"), "mine": [0]})
    code = host.wait_type("welcome")["code"]
    session = ctx.online.connect(server.url, {"type": "join", "code": code})
    app.stack.push(ctx.scenes.make("online_lobby", ctx, session, False))
    wait("the table", lambda: app.stack.top.kind in ("draw", "action"), lambda: app.step(1 / 60))
    table = app.stack.top
    table.open_pause()
    assert app.stack.top.kind == "online_menu"
    server.stop()
    host.close()
    wait("the drop", lambda: session.status is not Status.CONNECTED, lambda: app.step(1 / 60))
    assert table.match.link is Status.CONNECTED  # the table has not taken the news in
    assert table.match.status() == ctx.tr("online.status.host_left")


def test_the_status_line_says_a_default_name_in_this_screens_language(app, tmp_path: Path) -> None:
    """A seat left at its default name travels as a marker ("@spring"): the friend's
    status line says the season in its own language, never the marker."""
    ctx = app.ctx
    server = ServerThread(tmp_path / "m.db", LOCAL, 0, limits=FAST)
    server.start()
    try:
        host = TableClient(server.url)
        two = [{"name": "@spring", "kind": "human"}, {"name": "Bo", "kind": "human"}]
        host.send({"type": "create", "seats": two, "mine": [0], "away_ai_s": 60})
        code = host.wait_type("welcome")["code"]
        session = ctx.online.connect(server.url, {"type": "join", "code": code})
        app.stack.push(ctx.scenes.make("online_lobby", ctx, session, False))
        wait(
            "the table", lambda: app.stack.top.kind in ("draw", "action"), lambda: app.step(1 / 60)
        )
        match = app.stack.top.match
        host.close()
        wait("the host away", lambda: "away" in match.status(), lambda: app.step(1 / 60))
        assert match.status().startswith(f"{ctx.tr('season.spring')} is away")
        assert "@" not in match.status()
    finally:
        server.stop()


def test_the_host_left_notice_lasts_until_the_table_is_back(app, tmp_path: Path) -> None:
    """The session forgets the host's ``bye`` as the next welcome arrives, a moment before
    the table takes that welcome in: meanwhile the notice stays (it used to close, and the
    table said "Connection lost" for a frame); once it closes the table is connected."""
    ctx = app.ctx
    port = free_port()
    server = ServerThread(tmp_path / "m.db", LOCAL, port, limits=FAST, farewell="host_left")
    server.start()
    host = TableClient(server.url)
    host.send({"type": "create", "seats": seats("human", "human"), "mine": [0]})
    welcome = host.wait_type("welcome")
    session = ctx.online.connect(server.url, {"type": "join", "code": welcome["code"]})
    app.stack.push(ctx.scenes.make("online_lobby", ctx, session, False))
    wait("the table", lambda: app.stack.top.kind in ("draw", "action"), lambda: app.step(1 / 60))
    table = app.stack.top
    server.stop()
    host.close()
    wait("the notice", lambda: app.stack.top.kind == "host_gone", lambda: app.step(1 / 60))
    session.farewell = ""  # as the session does when a welcome arrives, before its note
    app.step(1 / 60)
    assert app.stack.top.kind == "host_gone" and table.match.host_gone
    again = ServerThread(tmp_path / "m.db", LOCAL, port, limits=FAST, farewell="host_left")
    again.start()
    try:
        back = TableClient(again.url)  # the host resumes: the friend's session follows
        back.send({"type": "resume", "match": welcome["match"], "tokens": [welcome["tokens"]["0"]]})
        back.wait_type("welcome")
        wait("the notice gone", lambda: app.stack.top is table, lambda: app.step(1 / 60))
        assert table.match.link is Status.CONNECTED
        assert table.match.status() != ctx.tr("online.status.lost"), table.match.status()
        back.close()
    finally:
        again.stop()
