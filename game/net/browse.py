"""Asking a match server for its public tables (``list``), and the address a person types
for a server: the Join form's list and the Host form's "on a server".

The server's answer is checked entry by entry (a table the server describes badly is left
out, never drawn): a name must be one a font may draw, a code one the Join form accepts.
"""

from __future__ import annotations

import re
import ssl
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import WebSocketException

from game.net.client import TableClient
from game.net.protocol import ProtocolError, normal_code, show_code
from game.player_settings import DEFAULT_PORT
from game.seats import valid_name

LIST_TIMEOUT_S = 5.0  # the most a list may take (connect, ask, answer)
_SHOWN_CODE = re.compile(r"^[0-9A-Z]{4}-[0-9A-Z]{4}$")


class ListFailed(RuntimeError):
    """The server could not be asked, or refused (``code``: ``unreachable`` or its own)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True, slots=True)
class ListedTable:
    code: str  # as shown: XXXX-XXXX
    name: str
    seats: int
    taken: int
    open: int
    ai: int
    players: tuple[str, ...]


def server_url(address: str, port: int | None = None, tls: bool = False) -> str:
    """``ws[s]://host:port`` from what a person typed: a bare host, ``host:port``, or a
    whole URL (kept as typed); ``port`` when the address has none."""
    address = address.strip()
    if "://" in address:
        return address
    scheme = "wss" if tls else "ws"
    if address.startswith("[") or address.count(":") == 1:  # host:port, or [IPv6]:port
        return f"{scheme}://{address}"
    if address.count(":") > 1:  # a bare IPv6 address
        address = f"[{address}]"
    return f"{scheme}://{address}:{port or DEFAULT_PORT}"


def _table(raw: Any) -> ListedTable | None:
    if type(raw) is not dict:
        return None
    code, name, players = raw.get("code"), raw.get("name"), raw.get("players")
    numbers = [n for k in ("seats", "taken", "open", "ai") if type(n := raw.get(k)) is int]
    if type(code) is not str or not _SHOWN_CODE.match(code):
        return None
    if type(name) is not str or not valid_name(name):
        return None
    if len(numbers) != 4 or not all(0 <= n <= 4 for n in numbers):
        return None
    if type(players) is not list or len(players) > 4 or not all(map(valid_name, players)):
        return None
    seats, taken, free, ai = numbers
    return ListedTable(show_code(normal_code(code)), name, seats, taken, free, ai, tuple(players))


def read_tables(msg: dict[str, Any]) -> list[ListedTable]:
    """The tables of a ``tables`` message (the badly described ones left out)."""
    raw = msg.get("tables")
    if type(raw) is not list:
        raise ListFailed("garbled", "the server's list is not a list")
    return [t for t in map(_table, raw[:100]) if t is not None]


def fetch_tables(
    url: str, timeout: float = LIST_TIMEOUT_S, tls: ssl.SSLContext | None = None
) -> list[ListedTable]:
    """Ask the server at ``url`` for its public tables (one short connection)."""
    try:
        client = TableClient(url, timeout=timeout, tls=tls)
    except (OSError, WebSocketException, TimeoutError) as e:
        raise ListFailed("unreachable", f"cannot reach {url}: {e}") from e
    try:
        client.send({"type": "list"})
        msg = client.wait_for(lambda m: m.get("type") in ("tables", "error"), timeout)
    except (OSError, WebSocketException, TimeoutError, ProtocolError) as e:
        raise ListFailed("unreachable", f"{url} did not answer the list: {e}") from e
    finally:
        client.close()
    if msg["type"] == "error":
        raise ListFailed(str(msg.get("code", "refused")), str(msg.get("text", "")))
    return read_tables(msg)
