"""TLS on the app's Host (on this computer), over real sockets on 127.0.0.1: given a
certificate and its key, the app's server speaks only wss://, the app's own seat reaches it,
the addresses given to friends say wss://, and a friend who trusts the certificate joins;
without one the Host form and the lobby say plainly that the table is for a trusted home
network. Files that cannot be used are refused with the reason, nothing started."""

from __future__ import annotations

import os
import ssl
import time

import pytest
from websockets.exceptions import InvalidMessage, WebSocketException

from game.net.client import Status, TableClient
from game.ui.scenes.online import HostScene
from tests.net.helpers import wait_for_news
from tests.net.server_process import free_port

os.environ["LIVING_FOREST_STRICT_I18N"] = "1"


@pytest.fixture
def ctx():
    from game.ui.headless import headless_context

    context = headless_context()
    yield context
    context.online.close()


def host_form(app, ctx) -> HostScene:
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    form = ctx.scenes.make("online_host", ctx)
    app.stack.push(form)
    form.fields["port"] = str(free_port())
    return form


SEATED_S = 30.0  # a bound, not a measure: a loaded machine's TLS handshake may take a while


def seated(app, lobby) -> None:
    deadline = time.monotonic() + SEATED_S
    while not lobby.mirror.joined:
        status = (lobby.session.status, lobby.link, lobby.error)
        assert time.monotonic() < deadline, f"the app's own seat never reached it: {status}"
        app.step(1 / 60)
        wait_for_news(lobby.session)


def test_the_host_serves_wss_with_a_certificate_and_a_trusting_friend_joins(
    app,
    ctx,
    certificate,
) -> None:
    cert, key = certificate
    form = host_form(app, ctx)
    form.fields.update(cert=str(cert), key=str(key))
    form.start()
    lobby = app.stack.top
    assert form.error == "" and lobby.kind == "online_lobby"
    seated(app, lobby)
    assert lobby.session.url.startswith("wss://127.0.0.1:")
    assert all(a.startswith("wss://") for a in ctx.online.addresses())
    assert lobby.security_note(lobby.session, True) == "online.tls_note"
    assert ctx.settings.host_cert == str(cert)  # remembered for the next table
    app.render((1280, 720))
    url = lobby.session.url
    friend = TableClient(url, tls=ssl.create_default_context(cafile=str(cert)))
    friend.join(lobby.mirror.code)
    assert friend.wait_type("welcome")["type"] == "welcome"
    friend.close()
    with pytest.raises((OSError, WebSocketException, InvalidMessage)):
        TableClient(url.replace("wss://", "ws://"), timeout=3)  # plain ws gets nothing
    with pytest.raises(ssl.SSLError):  # nor a client that does not trust the certificate
        TableClient(url, timeout=3, tls=ssl.create_default_context())


def test_without_a_certificate_the_table_is_said_to_be_for_a_home_network(app, ctx) -> None:
    form = host_form(app, ctx)
    assert form.fields["cert"] == "" and form.where == "here"
    app.render((1280, 720))
    form.start()
    lobby = app.stack.top
    seated(app, lobby)
    assert lobby.session.url.startswith("ws://")
    assert lobby.security_note(lobby.session, True) == "online.home_network"
    assert "home network" in ctx.tr("online.home_network")


def test_a_certificate_without_its_key_or_unusable_files_are_refused(
    app,
    ctx,
    tmp_path,
    certificate,
) -> None:
    cert, key = certificate
    form = host_form(app, ctx)
    form.fields.update(cert=str(cert), key="")
    form.start()
    assert form.error == ctx.tr("online.error.tls_pair")
    form.fields.update(cert=str(tmp_path / "missing.pem"), key=str(key))
    form.start()
    assert form.error == ctx.tr("online.error.certificate")
    form.fields.update(cert=str(key), key=str(cert))  # the two swapped
    form.start()
    assert form.error == ctx.tr("online.error.certificate")
    assert ctx.online.server is None and app.stack.top is form  # nothing started
    assert ctx.settings.host_cert == ""


def test_a_second_table_asks_for_the_same_tls_as_the_running_server(
    app,
    ctx,
    certificate,
) -> None:
    cert, key = certificate
    form = host_form(app, ctx)
    form.start()  # plain ws
    seated(app, app.stack.top)
    port = ctx.online.hosted_port
    again = ctx.scenes.make("online_host", ctx)
    app.stack.push(again)
    assert again.fields["port"] == str(port)
    again.fields.update(cert=str(cert), key=str(key))
    again.start()
    assert again.error == ctx.tr("online.error.plain_running") and app.stack.top is again


def test_a_table_hosted_over_tls_reopens_over_tls(
    tmp_path,
    certificate,
) -> None:
    """Continue after a restart reopens the app's server with the certificate, so the table
    is not silently served in plain ws (and its wss:// seat finds it)."""
    from game.ui.online.service import HostTls, Online

    cert, key = certificate
    tls = HostTls(str(cert), str(key))
    db, port = tmp_path / "hosted-tables.db", free_port()
    first = Online(db=db, listen="127.0.0.1", port=port, discover=False, ai_processes=0)
    try:
        url = first.host("Ana", port, tls)
        seats = [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}]
        session = first.connect(url, {"type": "create", "seats": seats, "mine": [0]})
        deadline = time.monotonic() + SEATED_S
        while not first.book.all():
            assert time.monotonic() < deadline, f"never seated: {session.status}"
            time.sleep(0.01)
        held = first.book.all()[0]
    finally:
        first.close()
    assert held.hosted and held.server.startswith("wss://")
    again = Online(db=db, listen="127.0.0.1", port=port, discover=False, ai_processes=0)
    again.book = first.book
    try:
        resumed = again.resume(held, tls)
        assert again.tls == tls and resumed.url == held.server
        deadline = time.monotonic() + SEATED_S
        while resumed.status is not Status.CONNECTED:
            assert time.monotonic() < deadline, f"never back: {resumed.status}"
            time.sleep(0.01)
    finally:
        again.close()
