"""Tables on the local network, found without typing an address: mDNS / DNS-SD with the
``zeroconf`` library. A host advertises ``_livingforest._tcp.local.`` with its port and
table name; a joining client browses for it. The join code is never advertised: being on
the same network is not an invitation.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)
SERVICE = "_livingforest._tcp.local."
MAX_HOSTS = 32  # the most tables a browser lists (a crowded network never floods the screen)


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


def host_from_info(name: str, addresses: list[str], port: int) -> FoundHost | None:
    """A found table from a resolved service, or None when it is unusable."""
    shown = "".join(c for c in name.split(".")[0] if c.isprintable())[:40]
    v4 = [a for a in addresses if a.count(".") == 3]
    if not shown or not v4 or not 0 < port < 65536:
        return None
    return FoundHost(shown, f"{v4[0]}:{port}")


class Advert:
    """A hosted table announced on the local network until ``close``."""

    def __init__(self, name: str, port: int) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        addresses = lan_addresses()
        self.zc = Zeroconf()
        safe = "".join(c for c in name if c.isalnum() or c in " -_")[:40] or "Living Forest"
        self.info = ServiceInfo(
            SERVICE,
            f"{safe}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=port,
            properties={"v": "1"},
        )
        self.zc.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class Browser:
    """Tables advertised on the local network, as they come and go."""

    def __init__(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        self._lock = threading.Lock()
        self._hosts: dict[str, FoundHost] = {}
        self.zc = Zeroconf()
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._hosts.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None:
            return
        host = host_from_info(name, info.parsed_addresses(), info.port or 0)
        if host is not None:
            with self._lock:
                if len(self._hosts) < MAX_HOSTS or name in self._hosts:
                    self._hosts[name] = host

    def hosts(self) -> list[FoundHost]:
        with self._lock:
            return sorted(self._hosts.values(), key=lambda h: (h.name, h.address))

    def close(self) -> None:
        try:
            self.browser.cancel()
        finally:
            self.zc.close()
