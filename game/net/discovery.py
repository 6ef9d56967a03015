"""Tables on the local network, found without typing an address: mDNS / DNS-SD with the
``zeroconf`` library. A host advertises ``_livingforest._tcp.local.`` with its port, its
table's name and the protocol version; a joining client browses for it and lists what it
can join, leaving out (with a log line) what it cannot: another protocol version, a TXT
record too large, a name that is not UTF-8, no IPv4 address, no port. The join code is
never advertised: being on the same network is not an invitation.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

from game.net.protocol import VERSION

log = logging.getLogger(__name__)
SERVICE = "_livingforest._tcp.local."
MAX_HOSTS = 32  # the most tables a browser lists (a crowded network never floods the screen)
MAX_TXT = 512  # bytes: ours is under 100; a larger TXT record is not a table of ours
MAX_LABEL = 63  # bytes: the longest DNS label


@dataclass(frozen=True, slots=True)
class FoundHost:
    name: str  # the table's name, as its host advertised it (printable, capped)
    address: str  # "192.168.1.20:8765"

    @property
    def url(self) -> str:
        return f"ws://{self.address}"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other people on the network can reach (best effort:
    the address of the route to a public host, without sending anything)."""
    out: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent by a UDP connect
            out.append(s.getsockname()[0])
    except OSError:
        pass
    return [a for a in out if not a.startswith("127.")]


def label_of(name: str) -> str:
    """A table's name as a DNS-SD instance label: letters, digits, spaces, dashes and
    underscores, at most 63 bytes of UTF-8 (a label's limit; 40 Hangul are 120 bytes)."""
    safe = "".join(c for c in name if c.isalnum() or c in " -_").strip() or "Living Forest"
    while len(safe.encode("utf-8")) > MAX_LABEL:
        safe = safe[:-1]
    return safe


def shown_name(raw: str) -> str:
    """What the Join list shows of an announced name: printable characters, 40 at most."""
    return "".join(c for c in raw if c.isprintable())[:40]


def host_from_info(name: str, addresses: list[str], port: int) -> FoundHost | None:
    """A found table from a resolved service's instance name, or None when it is unusable."""
    return _found(name.split(".")[0], addresses, port)


def _found(name: str, addresses: list[str], port: int) -> FoundHost | None:
    shown = shown_name(name)
    v4 = [a for a in addresses if a.count(".") == 3]
    if not shown or not v4 or not 0 < port < 65536:
        return None
    return FoundHost(shown, f"{v4[0]}:{port}")


def host_from_service(
    name: str, addresses: list[str], port: int, properties: dict[bytes, bytes | None], text: bytes
) -> FoundHost | None:
    """A table from one resolved announcement, or None (with a log line saying why) when it
    is not one this game can join: a TXT record too large, another protocol version, a
    table name that is not UTF-8, no IPv4 address, a port that is not one."""
    why = ""
    table: str | None = None
    if len(text) > MAX_TXT:
        why = f"its TXT record is {len(text)} bytes (at most {MAX_TXT})"
    elif properties.get(b"v") != str(VERSION).encode():
        why = f"it speaks protocol version {properties.get(b'v')!r}, not {VERSION}"
    else:
        raw = properties.get(b"table")
        try:
            table = raw.decode("utf-8") if raw is not None else None
        except UnicodeDecodeError:
            why = "its table name is not UTF-8"
    if not why:
        host = _found(table if table is not None else name.split(".")[0], addresses, port)
        if host is not None:
            return host
        why = f"no usable name, IPv4 address or port ({addresses[:4]!r}, port {port})"
    log.info("left out the table announced as %r: %s", name[:80], why)
    return None


def service_info(name: str, port: int, addresses: list[str]) -> Any:
    """What a host announces (``zeroconf.ServiceInfo``): its table's name as the instance
    label and in full in the TXT record, with the protocol version; its addresses and port.
    Never the join code."""
    from zeroconf import ServiceInfo

    return ServiceInfo(
        SERVICE,
        f"{label_of(name)}.{SERVICE}",
        addresses=[socket.inet_aton(a) for a in addresses],
        port=port,
        properties={"v": str(VERSION), "table": shown_name(name)},
    )


def _zeroconf(interfaces: list[str] | None) -> Any:
    """Every interface (the app), or only those given (the tests: 127.0.0.1)."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if interfaces is None:
        return Zeroconf(interfaces=InterfaceChoice.All)
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


REGISTER_S = 5.0  # the most ``close`` waits for an announcement still being made


class Advert:
    """A hosted table announced on the local network until ``close``.

    The announcement is made on a thread of its own: mDNS first probes that the name is free
    and then announces it (about 1.7 s), and the host's window must not stand still that
    long; a friend's Join finds the table once it is announced (``announced``)."""

    def __init__(
        self,
        name: str,
        port: int,
        addresses: list[str] | None = None,
        interfaces: list[str] | None = None,
    ) -> None:
        self.zc = _zeroconf(interfaces)
        self.info = service_info(name, port, lan_addresses() if addresses is None else addresses)
        self.announced = threading.Event()
        self._thread = threading.Thread(target=self._register, name="mdns-advert", daemon=True)
        self._thread.start()

    def _register(self) -> None:
        try:
            self.zc.register_service(self.info, allow_name_change=True)
        except Exception:  # noqa: BLE001 - joining by address still works: say why, go on
            log.warning("the table could not be announced on the network", exc_info=True)
            return
        self.announced.set()

    def close(self) -> None:
        self._thread.join(REGISTER_S)
        try:
            if self.announced.is_set():
                self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class Listings:
    """The tables found so far, as announcements come and go (no network here: the
    ``Browser`` feeds it what ``zeroconf`` resolves)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._hosts: dict[str, FoundHost] = {}

    def resolved(self, name: str, info: Any) -> None:
        """A ``zeroconf.ServiceInfo`` resolved for ``name`` (None: it did not resolve)."""
        if info is None:
            log.info("the table announced as %r did not answer", name[:80])
            return
        host = host_from_service(
            name, info.parsed_addresses(), info.port or 0, info.properties or {}, info.text or b""
        )
        with self._lock:
            if host is None:
                self._hosts.pop(name, None)  # an update that made it unusable
            elif len(self._hosts) < MAX_HOSTS or name in self._hosts:
                self._hosts[name] = host

    def removed(self, name: str) -> None:
        with self._lock:
            self._hosts.pop(name, None)

    def hosts(self) -> list[FoundHost]:
        with self._lock:
            return sorted(self._hosts.values(), key=lambda h: (h.name, h.address))


class Browser:
    """Tables advertised on the local network, as they come and go."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        from zeroconf import ServiceBrowser

        self.listings = Listings()
        self.zc = _zeroconf(interfaces)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self.listings.removed(name)
            return
        self.listings.resolved(name, zeroconf.get_service_info(service_type, name, timeout=1500))

    def hosts(self) -> list[FoundHost]:
        return self.listings.hosts()

    def close(self) -> None:
        try:
            self.browser.cancel()
        finally:
            self.zc.close()
