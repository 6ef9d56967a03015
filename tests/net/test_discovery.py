"""Tables found on the local network (mDNS / DNS-SD), without leaving 127.0.0.1.

What a host announces (the ``zeroconf.ServiceInfo`` our ``Advert`` registers: the table's
name, its address and port, the protocol version) is fed to our ``Listings`` as the
library resolves it, and must come out as what Join lists; hostile or foreign announcements
(a bad port, a huge TXT record, another protocol version, a name that is not UTF-8, no IPv4
address) are left out with a log line. Then the same over real mDNS packets between two
``zeroconf`` instances bound to 127.0.0.1 only (the loopback carries multicast on this
machine; where it does not, that test says so and skips), and a whole round trip in the app:
Host announces, Join lists it, a click fills the address, the friend joins with the code."""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Iterator

import pytest
from zeroconf import ServiceInfo

from game.net.discovery import (
    MAX_TXT,
    SERVICE,
    Advert,
    Browser,
    FoundHost,
    Listings,
    host_from_info,
    label_of,
    service_info,
)

LOCAL = "127.0.0.1"
FIND_S = 15.0  # the longest an announcement may take to be found over loopback


def info(
    label: str, port: int = 8765, addresses: tuple[str, ...] = (LOCAL,), **props
) -> ServiceInfo:
    """An announcement as another program might make it (zeroconf's own ServiceInfo)."""
    return ServiceInfo(
        SERVICE,
        f"{label}.{SERVICE}",
        addresses=[socket.inet_aton(a) for a in addresses],
        port=port,
        properties=props or {"v": "1"},
    )


# -- what is announced and what Join lists, through the library's ServiceInfo -------------


def test_what_a_host_announces_is_what_join_lists() -> None:
    for name in ("Ana", "Ana's table 🌲", "숲의 정령 민지", "x" * 60, "한" * 40):
        announced = service_info(name, 47123, ["192.168.1.20"])
        assert announced.properties[b"v"] == b"1"  # the protocol version
        assert b"code" not in announced.properties  # never the join code
        assert len(announced.name.split(".")[0].encode()) <= 63  # a DNS label fits
        listings = Listings()
        listings.resolved(announced.name, announced)
        assert listings.hosts() == [FoundHost(name[:40], "192.168.1.20:47123")], name


def test_a_table_announced_again_or_removed_is_listed_once_or_not_at_all() -> None:
    listings = Listings()
    a, b = service_info("Ana", 40001, ["10.0.0.7"]), service_info("Bo", 40002, ["10.0.0.8"])
    for announced in (a, b, a):
        listings.resolved(announced.name, announced)
    assert [h.name for h in listings.hosts()] == ["Ana", "Bo"]
    listings.removed(a.name)
    assert listings.hosts() == [FoundHost("Bo", "10.0.0.8:40002")]
    listings.resolved(b.name, info("Bo", port=40002, v="9"))  # updated to something unusable
    assert listings.hosts() == []


PADDING = {f"p{i}": "x" * 200 for i in range(MAX_TXT // 200 + 1)}  # a TXT over MAX_TXT
HOSTILE: dict[str, tuple[ServiceInfo, str]] = {
    "bad port": (info("Port", port=0), "port 0"),
    "huge TXT": (info("Huge", v="1", **PADDING), "TXT record"),
    "wrong version": (info("Future", v="2", table="Future"), "protocol version"),
    "no version": (info("Old", table="Old"), "protocol version"),
    "non-UTF-8 name": (info("Bytes", v="1", table=b"\xff\xfe\xfd"), "not UTF-8"),
    "IPv6 only": (info("Six", addresses=()), "IPv4"),
    "nothing printable": (info("Blank", v="1", table="\x00\x1b"), "no usable name"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_announcement_is_left_out_with_a_log_line(case: str, caplog) -> None:
    announced, why = HOSTILE[case]
    listings = Listings()
    with caplog.at_level(logging.INFO, logger="game.net.discovery"):
        listings.resolved(announced.name, announced)
    assert listings.hosts() == []
    lines = [r.getMessage() for r in caplog.records if r.name == "game.net.discovery"]
    assert len(lines) == 1 and why in lines[0] and announced.name.split(".")[0] in lines[0]


def test_names_are_shown_safely() -> None:
    host = host_from_info("Ana's\x1b[2J table._livingforest._tcp.local.", ["10.0.0.7"], 8765)
    assert host == FoundHost("Ana's[2J table", "10.0.0.7:8765")
    assert host.url == "ws://10.0.0.7:8765"
    assert host_from_info("x" * 100, ["10.0.0.7"], 1).name == "x" * 40
    assert label_of("Ana's table!") == "Anas table" and label_of("***") == "Living Forest"


def test_a_crowded_network_lists_at_most_32_tables() -> None:
    listings = Listings()
    for i in range(50):
        announced = service_info(f"T{i:02}", 40000 + i, ["10.0.0.7"])
        listings.resolved(announced.name, announced)
    assert len(listings.hosts()) == 32


# -- over real mDNS packets, on 127.0.0.1 only ------------------------------------------


def wait(done: Callable[[], bool], seconds: float = FIND_S) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:  # bounded in time (and so in steps)
        if done():
            return True
        time.sleep(0.05)
    return done()


@pytest.fixture(scope="module")
def loopback_browser() -> Iterator[Browser]:
    """A browser on 127.0.0.1, once a probe announcement crossed the loopback (one for the
    module: each test looks for names of its own tag)."""
    browser = Browser([LOCAL])
    probe = Advert(f"probe {secrets.token_hex(4)}", 40999, [LOCAL], [LOCAL])
    try:
        if not wait(lambda: any(h.address == f"{LOCAL}:40999" for h in browser.hosts()), 8.0):
            pytest.skip("mDNS multicast does not cross the loopback interface here")
        yield browser
    finally:
        probe.close()
        browser.close()


def test_an_announcement_crosses_the_loopback_and_hostile_ones_do_not(
    loopback_browser: Browser, caplog
) -> None:
    from zeroconf import IPVersion, Zeroconf

    tag = secrets.token_hex(3)  # other tests on this machine may announce tables too
    name = f"숲 {tag} Ana's table"
    port = 41000 + int(tag, 16) % 1000
    caplog.set_level(logging.INFO, logger="game.net.discovery")
    good = Advert(name, port, [LOCAL], [LOCAL])
    # the host's frame does not wait for mDNS's probes (at least 0.5 s): announced later
    assert not good.announced.is_set()
    other = Zeroconf(interfaces=[LOCAL], ip_version=IPVersion.V4Only)
    bad = [
        info(f"future {tag}", port=port, v="2", table=f"future {tag}"),
        info(f"bytes {tag}", port=port, v="1", table=b"\xff" + tag.encode()),
        info(f"huge {tag}", port=port, v="1", **PADDING),
    ]
    try:
        for announced in bad:  # another program's, unique by the tag: announced unprobed
            other.register_service(announced, cooperating_responders=True)

        def seen() -> bool:
            listed = FoundHost(name, f"{LOCAL}:{port}") in loopback_browser.hosts()
            logged = sum(tag in r.getMessage() for r in caplog.records)
            return listed and logged >= len(bad)

        assert wait(seen), (loopback_browser.hosts(), [r.getMessage() for r in caplog.records])
        mine = [h for h in loopback_browser.hosts() if tag in h.name]
        assert mine == [FoundHost(name, f"{LOCAL}:{port}")]  # the hostile ones are not listed
        good.close()
        gone = wait(lambda: all(tag not in h.name for h in loopback_browser.hosts()))
        assert gone  # a host that stops announcing leaves the list
    finally:
        other.close()  # says goodbye for all of them at once


def test_host_announces_and_join_lists_it_and_the_friend_joins(loopback_browser) -> None:
    """The app's own round trip: Menu › Host on one context, Join on another, both with
    discovery on 127.0.0.1: the listed table fills the address, the code seats the friend."""
    import pygame

    from game.ui.app import TableApp
    from game.ui.headless import headless_context

    os.environ["LIVING_FOREST_STRICT_I18N"] = "1"
    host_ctx, friend_ctx = headless_context(), headless_context()
    for c in (host_ctx, friend_ctx):
        c.online.discover, c.online.discover_on = True, [LOCAL]
    tag = secrets.token_hex(3)
    try:
        app = TableApp(host_ctx, (1280, 720))
        form = host_ctx.scenes.make("online_host", host_ctx)
        app.stack.push(form)
        form.fields["name0"] = f"Ana {tag}"
        with socket.socket() as s:
            s.bind((LOCAL, 0))
            port = s.getsockname()[1]
        form.fields["port"] = str(port)
        form.start()
        lobby = app.stack.top
        assert wait(lambda: (app.step(1 / 60), lobby.mirror.joined)[1], 10.0)
        join = friend_ctx.scenes.make("online_join", friend_ctx)

        def listed() -> bool:
            join.looked = 0.0
            join.update(1 / 60)
            return any(h.name == f"Ana {tag}" for h in join.found)

        assert wait(listed)
        host = next(h for h in join.found if h.name == f"Ana {tag}")
        assert host.address == f"{LOCAL}:{port}"
        button = next(b for b in join.menu.buttons if f"Ana {tag}" in b.label)
        assert f"{LOCAL}:{port}" in button.label  # what Join shows: the name and address
        button.action()  # picking it fills the address
        assert join.fields["address"] == f"{LOCAL}:{port}" and join.editing == "code"
        join.fields["code"] = lobby.mirror.code
        session = friend_ctx.online.connect(
            join.url(), {"type": "join", "code": join.fields["code"]}
        )
        assert wait(lambda: session.seated, 10.0)  # the friend has a seat at the table
    finally:
        host_ctx.online.close()
        friend_ctx.online.close()
        pygame.display.quit()
