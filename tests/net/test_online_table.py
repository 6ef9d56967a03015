"""The app's side of network play, headless, over a real server on 127.0.0.1: Menu › Play
online › Host starts the server inside the app, the lobby shows the join code, a friend's
client joins, and the one table scene plays the whole game on a ``RemoteMatch`` to the
game-over scene, which records it like a local game. A lost server shows on the status
line, and a move made meanwhile is not sent."""

from __future__ import annotations

import os
import queue
import random
import time

import pytest

from game.net.client import Status
from game.net.discovery import FoundHost
from game.ui.online.remote_match import RemoteMatch
from tests.net.helpers import (
    FAST,
    GAME_S,
    NEWS_S,
    Frames,
    drain,
    join,
    play_one,
    wait_for_news,
)
from tests.net.server_process import free_port

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"
# The table shows every event for some frames (1/60 s each): a random game of many rounds
# takes a few thousand frames. Bounded by this count and by GAME_S of wall time.
FRAMES = 150_000


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    # The scripted friend moves as fast as its acks come back, far above a person's pace and
    # the default per-connection cap (20 a second); the hostile tests keep the defaults.
    context.online.limits = FAST
    yield context
    context.online.close()


def step_until(app, done, seconds: float = 10.0, frames: int = 20_000) -> None:
    """Frames until ``done()``: a headless frame takes microseconds, so an answer from the
    server is waited for in time (bounded), not in a frame count that a busy machine beats."""
    deadline = time.monotonic() + seconds
    pace = Frames(app)
    for _ in range(frames):
        pace.step(1 / 60, fed=pace.count == 0)
        if done() or time.monotonic() > deadline:
            return
        time.sleep(0.001)


def host_table(app, ctx, kinds: list[str]):
    """Menu › Play online › Host with these seats; the lobby once the server welcomed us."""
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(ctx)
    app.stack.push(menu)
    menu.online()
    app.stack.top.build()
    host = ctx.scenes.make("online_host", ctx)
    app.stack.push(host)
    host.count = len(kinds)
    host.kinds[: len(kinds)] = kinds
    host.fields["port"] = str(free_port())  # not the default: another table may hold it
    host.build()
    host.start()
    lobby = app.stack.top
    assert lobby.kind == "online_lobby"
    deadline = time.monotonic() + 10
    while not lobby.mirror.joined:
        assert time.monotonic() < deadline, "the hosted server never welcomed the host"
        app.step(1 / 60)
        wait_for_news(lobby.session)
    return lobby


def test_host_in_the_app_a_friend_joins_and_the_table_plays_to_the_end(app, ctx) -> None:
    lobby = host_table(app, ctx, ["here", "friend", "easy"])
    assert len(lobby.mirror.code) == 9 and ctx.online.addresses()
    url = ctx.online.host("unused")  # the running server's address (started once)
    friend = join(url, lobby.mirror.code, 1)
    lobby.to_table()
    table = app.stack.top
    match = table.match
    assert isinstance(match, RemoteMatch) and table.kind == "draw"
    assert match.plays_here(0) and not match.plays_here(1) and not match.runs_seats()
    rand = random.Random(7)
    deadline = time.monotonic() + GAME_S
    pace = Frames(app)  # drawn as the window draws: while busy, after a move, once a second
    for step in range(FRAMES):
        assert time.monotonic() < deadline, "the online game did not end in time"
        top = app.stack.top
        if top.kind == "game_over" and friend.mirror.final is not None:
            break
        seat = top.human_seat() if hasattr(top, "human_seat") else -1
        here = False
        if seat >= 0 and top.kind in ("draw", "action"):
            moves = match.game.legal_moves(seat)
            top.play(seat, rand.choice(moves))  # a planting goes straight in
            here = True
        drain(friend)
        moved = play_one(friend, rand) or here
        pace.step(1 / 60, fed=here)
        if not moved and not app.stack.busy() and match.session.notes.empty():
            # nothing to show or play until news comes (every move's events reach the
            # friend as well): wait for it rather than draw thousands of idle frames
            friend.recv(NEWS_S)
        if step % 200 == 0:
            app.render((1280, 720))  # the table draws on a remote match too
    assert app.stack.top.kind == "game_over", (match.game.round, len(match.history))
    final = friend.mirror.final
    assert match.history == final.moves and match.game.over and match.seed == final.seed
    assert ctx.storage.match is None  # a remote match never takes the local autosave slot
    assert ctx.storage.stats.played == 1  # recorded like a local game
    won = 0 in match.game.result().winners  # the friend's win (seat 1) is not ours
    assert ctx.storage.stats.human_wins == won and ctx.storage.stats.streak == won
    friend.close()


def test_a_lost_server_shows_and_the_table_offers_no_move_meanwhile(app, ctx) -> None:
    lobby = host_table(app, ctx, ["here", "here"])
    lobby.to_table()
    table = app.stack.top
    assert "everyone is connected" in table.match.status()
    assert table.human_seat() >= 0
    ctx.online.server.stop()
    deadline = time.monotonic() + 10
    while table.match.link is Status.CONNECTED:  # until the table has taken the news in
        assert time.monotonic() < deadline, "the lost connection never showed"
        app.step(1 / 60)
    assert "lost" in table.match.status()
    assert table.human_seat() == -1  # nothing lit: nothing could be sent
    seat = table.match.mirror.yours[0]
    before = table.match.mirror.n
    table.match.link = Status.CONNECTED  # a move made just before the news: not sent
    table.match.play(seat, table.match.game.legal_moves(seat)[0])
    assert table.match.waiting is None and table.match.mirror.n == before
    assert "lost" in table.match.status()


def test_news_taken_in_while_the_table_is_idle_is_drawn_at_once(app, ctx) -> None:
    """The window's loop draws an idle scene again only if it says it is busy: a lost
    connection (or a welcome after a reconnection, a friend's presence) that the table took
    in during an idle pass shows at once, not at the next once-a-second safety redraw."""
    lobby = host_table(app, ctx, ["here", "here"])
    lobby.to_table()
    table = app.stack.top
    step_until(app, lambda: not app.stack.busy())
    assert not app.stack.busy() and "everyone is connected" in table.match.status()
    ctx.online.server.stop()
    session = table.match.session
    deadline = time.monotonic() + 10
    while session.status is Status.CONNECTED:
        assert time.monotonic() < deadline, "the session never saw the server go"
        time.sleep(0.02)
    app.stack.update(0.1)  # the loop's idle pass (TableApp.run): the news is taken in
    assert "lost" in table.match.status()
    assert app.stack.busy()  # so the loop draws the new status line now
    app.step(0.0)
    assert not app.stack.busy()  # drawn: idle again


def test_a_friend_seated_while_the_lobby_is_idle_is_drawn_at_once(app, ctx) -> None:
    lobby = host_table(app, ctx, ["here", "friend"])
    step_until(app, lambda: not app.stack.busy())
    assert not app.stack.busy() and lobby.mirror.connected[1] is False
    url = ctx.online.host("unused")  # the running server's address
    friend = join(url, lobby.mirror.code, 1)
    deadline = time.monotonic() + 10
    while lobby.session.notes.empty():  # the server tells the host who came
        assert time.monotonic() < deadline, "the host never heard of the friend"
        time.sleep(0.02)
    time.sleep(0.1)
    app.stack.update(0.1)  # the loop's idle pass: the news is taken in
    assert lobby.mirror.connected[1] is True
    assert app.stack.busy()  # so the seat list shows the friend now
    app.step(0.0)
    assert not app.stack.busy()
    friend.close()


def test_a_table_found_while_join_is_idle_is_drawn_at_once(app, ctx) -> None:
    found: list[FoundHost] = []
    ctx.online.found = lambda: list(found)  # what the network announces
    join = ctx.scenes.make("online_join", ctx)
    app.stack.push(join)
    app.step(1 / 60)
    assert not app.stack.busy()
    found.append(FoundHost("Ana", "127.0.0.1:8765"))
    app.stack.update(0.26)  # an idle pass a quarter second on: Join looks again
    assert join.found == found and app.stack.busy()  # the new row is drawn now
    app.step(0.0)
    assert not app.stack.busy()


def test_the_table_offers_undo_exactly_when_the_server_allows_it(app, ctx) -> None:
    """At every quiet moment of a game (the table has taken in all the server sent), the
    table's Undo (the match's answer and the button) is what the server's match allows;
    an Undo pressed is taken back by the server and shown; an undo the table does not offer,
    sent anyway, is refused and the status line says why; the friend's own undo shows here."""
    from game.net.redact import view_json

    lobby = host_table(app, ctx, ["here", "friend"])
    url = ctx.online.host("unused")
    friend = join(url, lobby.mirror.code, 1)
    lobby.to_table()
    table = app.stack.top
    match = table.match
    hub = ctx.online.server.server.hub
    hosted = hub.matches[match.mirror.match]
    rand = random.Random(5)
    compared, taken, refused, friend_undid = 0, 0, 0, 0
    deadline = time.monotonic() + GAME_S
    pace = Frames(app)  # drawn as the window draws: while busy, after a move, once a second
    fed = True
    for _ in range(FRAMES):
        assert time.monotonic() < deadline, "the online game did not get far enough in time"
        if app.stack.top.kind == "game_over" or (
            compared >= 20 and taken >= 3 and refused >= 3 and friend_undid >= 1
        ):
            break
        drain(friend)
        pace.step(1 / 60, fed)
        fed = False
        if app.stack.top is not table:  # the end of a round is shown over the table
            play_one(friend, rand)
            continue
        quiet = (
            match.session.notes.empty()
            and match.mirror.n == hosted.moves
            and match.idle
            and match.waiting is None
            and not table.anims.busy
        )
        seat = table.human_seat()
        if not quiet or seat < 0:
            if friend.mirror.back == (1, 1) and friend_undid < 2 and rand.random() < 0.5:
                friend.undo(1)  # the friend takes a step back: the table here shows it
                reply = friend.wait_for(lambda m: m["type"] in ("ack", "error"))
                assert reply["type"] == "ack", reply
                friend.wait_type("undone")
                friend_undid += 1
                # frames until the table here has taken it in: the move count alone can
                # match before the table has seen the step taken back (when it had not yet
                # received that step), so wait for the undo itself to show
                step_until(
                    app,
                    lambda: (
                        match.mirror.n == hosted.moves
                        and match.idle
                        and match.notice == "online.status.undone"
                    ),
                )
                assert match.game.to_json() == view_json(hosted.game, 0)
                assert "took back a step" in match.status()
                continue
            if not play_one(friend, rand) and not app.stack.busy():
                # nothing to do but wait for the server's news, here or at the friend's: let
                # its threads run (a loop that spins here starves them, and its frames run
                # out before the game moves on)
                if match.mirror.n != hosted.moves or match.waiting is not None:
                    wait_for_news(match.session)
                else:
                    friend.recv(NEWS_S)
            continue
        allowed = hosted.back.steps(seat) > 0
        table.refresh_choices()
        button = table.targets.buttons.get("button_undo")
        assert match.can_undo() == allowed, (hosted.back, match.mirror.back)
        if button is not None:
            assert button.enabled == allowed
        compared += 1
        n = hosted.moves
        if allowed and rand.random() < 0.6:
            button.action()  # Undo pressed: asked of the server, shown when it answers
            fed = True
            step_until(app, lambda: match.waiting is None and match.idle)
            assert hosted.moves == n - 1 and match.mirror.n == n - 1
            assert match.game.to_json() == view_json(hosted.game, seat)
            taken += 1
            continue
        if not allowed and refused < 3 and match.game.phase.value == "action":
            seq = match.mirror.seq[seat]
            assert match.session.send({"type": "undo", "seat": seat, "seq": seq})
            # the refusal comes back: nothing changes, the line says why
            step_until(app, lambda: match.notice.startswith("online.undo_refused."))
            assert match.notice.startswith("online.undo_refused.") and hosted.moves == n
            assert match.status() and "online." not in match.status()
            refused += 1
        table.play(seat, rand.choice(match.game.legal_moves(seat)))
        fed = True
    assert compared >= 20 and taken >= 3 and refused >= 3 and friend_undid >= 1, (
        compared,
        taken,
        refused,
        friend_undid,
    )
    friend.close()


def test_a_move_the_server_dropped_for_rate_is_not_waited_for_forever(app, ctx) -> None:
    """Moves sent faster than the server's per-connection rate are dropped unheard (only the
    first each second is answered, ``rate_limited``, with no seat): the table asks for
    itself afresh and play goes on. It used to wait for that move's events for good."""
    from game.net.limits import Limits

    ctx.online.limits = Limits(messages_per_s=1.0, message_burst=3.0)
    lobby = host_table(app, ctx, ["here", "easy"])
    lobby.to_table()
    table = app.stack.top
    match = table.match
    resyncs: list[int] = []
    resync = match.session.resync
    match.session.resync = lambda: (resyncs.append(match.mirror.n), resync())
    rand = random.Random(3)
    deadline = time.monotonic() + 40
    for _ in range(FRAMES):
        assert time.monotonic() < deadline, ("play stopped", match.waiting, resyncs)
        if len(resyncs) >= 2 and match.mirror.n >= 12 and match.link is Status.CONNECTED:
            break  # seated again after the drops, with play gone on
        seat = table.human_seat()
        if seat >= 0 and table.kind in ("draw", "action") and not match.game.over:
            table.play(seat, rand.choice(match.game.legal_moves(seat)))  # at once, unpaced
        app.step(1 / 60)
        time.sleep(0.001)
    assert resyncs, "no move was dropped: the rate was never reached"
    assert match.mirror.n >= 12  # a burst of 3 a connection: play went on past the drops


def test_a_move_not_answered_in_time_asks_for_the_table_afresh_once_a_while() -> None:
    """Whatever lost a move on its way (the server answers in milliseconds), the table does
    not wait on it for good: after ``ANSWER_S`` it asks for itself afresh, then waits as
    long again before asking once more."""
    from game.engine import new_game
    from game.seats import Seat
    from game.ui.online.remote_match import ANSWER_S

    class Silent:  # a session that sends everything and never hears back
        def __init__(self) -> None:
            self.sent: list[dict] = []
            self.resyncs = 0
            self.notes: queue.Queue = queue.Queue()

        def send(self, message: dict) -> bool:
            self.sent.append(message)
            return True

        def resync(self) -> None:
            self.resyncs += 1

    now = [100.0]
    session = Silent()
    game = new_game(2, 5)
    match = RemoteMatch(
        game, [Seat("A", "human"), Seat("B", "human")], session=session,
        link=Status.CONNECTED, clock=lambda: now[0],
    )  # fmt: skip
    match.mirror.yours = [0]
    match.play(0, game.legal_moves(0)[0])
    assert session.sent and match.waiting == (0, 0) and match.active() is None
    now[0] += ANSWER_S - 0.1
    match.pump()
    assert session.resyncs == 0
    now[0] += 0.2
    match.pump()
    match.pump()
    assert session.resyncs == 1
    now[0] += ANSWER_S - 0.1
    match.pump()
    assert session.resyncs == 1
    now[0] += 0.2
    match.pump()
    assert session.resyncs == 2
    match.link = Status.LOST  # down: the reconnection's welcome will answer
    now[0] += 2 * ANSWER_S
    match.pump()
    assert session.resyncs == 2
