"""The server's connection layer under abuse: how many connections one address and all
together may hold (the rest refused at once with HTTP 429 or 503, holding no file
descriptor), how long a connection may take to finish its handshake, and how much one
client that does not read may leave waiting to be sent to it (pongs included: they bypass
the outbox). Pings count against the connection's message budget like messages do."""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode

from game.net.log_throttle import Throttle

log = logging.getLogger("game.net.server")
FD_RESERVE = 64  # descriptors kept for the store, the AI workers, logs and the listener
LINGER_S = 2.0  # a refused connection is kept this long at most, for its request to arrive
LINGERING = 128  # refused connections kept at once; more are reset without an answer


def fd_cap() -> int:
    """Connections the open-file limit leaves room for."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 100_000
    return max(16, soft - FD_RESERVE - LINGERING)


@dataclass(frozen=True)
class ConnectionLimits:
    per_address: int = 32  # connections one address may hold at once (open or opening)
    total: int = 0  # connections the server holds at once; 0: the open-file limit less 192
    handshake_s: float = 5.0  # a connection that has not finished its handshake is closed
    write_buffer: int = 256 * 1024  # bytes waiting to go out to one client: then aborted

    def cap(self) -> int:
        return self.total if self.total > 0 else fd_cap()


class Gate:
    """The connections held, per address and in all."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.total_cap = limits.cap()
        self.held: Counter[str] = Counter()
        self.total = 0
        self.lingering = 0  # refused connections waiting for their request (then closed)
        self.refusals = Throttle(log, 60.0)

    def admit(self, address: str) -> int | None:
        """None if ``address`` may connect now (counted), else the HTTP status to refuse
        it with: 429 (this address holds too many), 503 (the server is full)."""
        if self.total >= self.total_cap:
            self.refusals.log(
                logging.WARNING, "full", "refused a connection from %s: %d connections held",
                address, self.total,
            )  # fmt: skip
            return 503
        if self.held[address] >= self.limits.per_address:
            self.refusals.log(
                logging.WARNING, f"address {address}",
                "refused a connection from %s: it holds %d already", address, self.held[address],
            )  # fmt: skip
            return 429
        self.held[address] += 1
        self.total += 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        self.held[address] -= 1
        if self.held[address] <= 0:
            del self.held[address]


REASONS = {429: "Too Many Requests", 503: "Service Unavailable"}
TEXTS = {429: "too many connections from your address\n", 503: "the server is full\n"}


def refusal(status: int) -> bytes:
    body = TEXTS[status].encode()
    head = f"HTTP/1.1 {status} {REASONS[status]}\r\nContent-Type: text/plain\r\n"
    head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    return head.encode() + body


class GuardedConnection(ServerConnection):
    """A WebSocket connection counted at the gate from its first byte to its last."""

    def __init__(self, *args: Any, gate: Gate, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gate = gate
        self.address = "?"
        self.refused: asyncio.Transport | None = None  # a refused connection's transport
        self.linger: asyncio.TimerHandle | None = None
        self.status = 0  # the HTTP status a refused connection is answered with
        self.client: Any = None  # the hub's client once the handshake is done (its budget)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        status = self.gate.admit(self.address)
        if status is None:
            super().connection_made(transport)
            return
        # Refused: answered when its request comes (an answer before it confuses clients;
        # closing before it resets the connection and the client never reads why), or
        # dropped after a moment.
        assert isinstance(transport, asyncio.Transport)
        self.refused, self.status = transport, status
        if self.gate.lingering >= LINGERING:
            transport.abort()
            return
        self.gate.lingering += 1
        self.linger = asyncio.get_running_loop().call_later(LINGER_S, transport.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused is not None:
            if self.linger is not None:
                self.linger.cancel()
                self.gate.lingering -= 1
            return
        self.gate.release(self.address)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refused is not None:  # its request, read: closing now sends no reset
            if not self.refused.is_closing():
                self.refused.write(refusal(self.status))
                self.refused.close()
            return
        super().data_received(data)
        waiting = self.transport.get_write_buffer_size()
        if waiting > self.gate.limits.write_buffer and not self.transport.is_closing():
            self.gate.refusals.log(
                logging.WARNING, "unread", "%s: closed: %d bytes it does not read",
                self.address, waiting,
            )  # fmt: skip
            self.transport.abort()

    def eof_received(self) -> None:
        if self.refused is not None:
            return  # asyncio closes the transport
        super().eof_received()

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame) and event.opcode is Opcode.PING and self.client is not None:
            self.client.pinged(time.monotonic())
        super().process_event(event)
