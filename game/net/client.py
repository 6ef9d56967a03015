"""The client side of a hosted match.

``TableClient`` is one blocking connection (``websockets.sync``) with a ``Mirror`` of the
table: scripts, tests and the benchmark drive it directly. ``Session`` runs one on a thread
of its own for the app: it connects, keeps the table's messages in a queue the frames read,
sends what the table plays, and after a dropped connection reconnects by itself with the
seat tokens (resume), as often as it takes, waiting a little longer each time.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from game.engine import Move
from game.net.mirror import Mirror
from game.net.protocol import MAX_SERVER_MESSAGE, ProtocolError, decode, encode

log = logging.getLogger(__name__)


class TableClient:
    """One connection to a match server; every wait is bounded by ``timeout``."""

    def __init__(
        self, url: str, timeout: float = 5.0, tls: ssl.SSLContext | None = None, source: str = ""
    ) -> None:
        self.url = url
        self.timeout = timeout
        kwargs: dict[str, Any] = {"ssl": tls} if tls is not None else {}
        if source:  # the local address to connect from (tests: 127.0.0.x, many "machines")
            kwargs["source_address"] = (source, 0)
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(
                url,
                open_timeout=timeout,
                close_timeout=1.0,
                max_size=MAX_SERVER_MESSAGE,
                compression=None,
                proxy=None,
                **kwargs,
            )
        )
        self.mirror = Mirror()
        self.received: list[str] = []  # every message as it came (tests scan them)
        self.keep = False  # set to keep ``received``

    # -- sending ---------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(encode(message))

    def send_raw(self, text: str | bytes) -> None:
        self.ws.send(text)

    def create(self, seats: list[dict[str, str]], mine: list[int]) -> None:
        self.send({"type": "create", "seats": seats, "mine": mine})

    def join(self, code: str, seats: list[int] | None = None, name: str = "") -> None:
        msg: dict[str, Any] = {"type": "join", "code": code}
        if seats:
            msg["seats"] = seats
        if name:
            msg["name"] = name
        self.send(msg)

    def resume(self, match: str, tokens: list[str], since: int | None = None) -> None:
        doc: dict[str, Any] = {"type": "resume", "match": match, "tokens": tokens}
        if since is not None:
            doc["since"] = since
        self.send(doc)

    def play(self, seat: int, move: Move, seq: int | None = None) -> None:
        seq = self.mirror.seq.get(seat, 0) if seq is None else seq
        self.send({"type": "play", "seat": seat, "seq": seq, "move": move.to_json()})

    def undo(self, seat: int, seq: int | None = None) -> None:
        """Ask to take back ``seat``'s last step."""
        seq = self.mirror.seq.get(seat, 0) if seq is None else seq
        self.send({"type": "undo", "seat": seat, "seq": seq})

    # -- receiving -------------------------------------------------------------------------

    def recv(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message (the mirror has taken it in), or None after ``timeout``."""
        try:
            raw = self.ws.recv(timeout=self.timeout if timeout is None else timeout)
        except TimeoutError:
            return None
        if self.keep:
            self.received.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
        msg = decode(raw, MAX_SERVER_MESSAGE)
        self.mirror.handle(msg)
        return msg

    def wait_for(
        self, want: Callable[[dict[str, Any]], bool], timeout: float | None = None
    ) -> dict[str, Any]:
        """Read until a message ``want`` accepts; TimeoutError after ``timeout`` seconds."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while (left := deadline - time.monotonic()) > 0:
            msg = self.recv(left)
            if msg is not None and want(msg):
                return msg
        raise TimeoutError("the server did not send what was expected in time")

    def wait_type(self, kind: str, timeout: float | None = None) -> dict[str, Any]:
        return self.wait_for(lambda m: m.get("type") in (kind, "error"), timeout)

    def close(self) -> None:
        self._stack.close()


class Status(StrEnum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    LOST = "lost"  # reconnecting
    FAILED = "failed"  # refused for good (a wrong code, a bad token)
    CLOSED = "closed"


@dataclass
class Note:
    """What the session tells the table: a server message, or a change of status."""

    message: dict[str, Any] | None = None
    status: Status | None = None


RETRY_S = (0.1, 0.25, 0.5, 1.0)  # waits between reconnections (the last repeats): a table
# is back within about a second of the network (or the server) returning
# A leave asked while the connection is down is sent as soon as the session is seated again,
# for this long; then the session gives up (the app keeps the seat marked leaving and tries
# again at its next start).
LEAVE_WAIT_S = 300.0
RESUME_OPEN_S = 2.0  # a reconnection's handshake: one begun while the network silently drops
# packets gives up this soon, so the next begins soon after the network is back
FATAL = {"no_such_code", "no_seat", "bad_token", "no_such_match", "bad_version", "server_full"}
GONE = {"bad_token", "no_such_match"}  # a resume refused: the seat is not ours any more
OnMessage = Callable[["Session", dict[str, Any]], None]
FATAL |= {"create_limited", "too_many_tables", "no_human_seat"}


class Session:
    """A table client on its own thread. ``first`` is the message that seats it (create,
    join, or resume with tokens kept from an earlier run); once welcomed it resumes with its
    tokens after every drop, for as long as it runs. ``on_message`` hears every server
    message on the session's thread (the app keeps the seats it is welcomed to).

    A server that stops says why first (``bye``: ``host_left``, ``restart``): ``farewell``
    keeps the reason until the next welcome. ``leave`` gives the seats up for good."""

    def __init__(
        self,
        url: str,
        first: dict[str, Any],
        tls: ssl.SSLContext | None = None,
        on_message: OnMessage | None = None,
    ) -> None:
        self.url, self.first, self.tls = url, first, tls
        self.on_message = on_message
        self.notes: queue.Queue[Note] = queue.Queue()
        self.status = Status.CONNECTING
        self.match = ""
        self.tokens: list[str] = []
        if first.get("type") == "resume":  # seats held from before: they are ours to resume
            self.match = str(first["match"])
            self.tokens = [str(t) for t in first["tokens"]]
        self.farewell = ""  # why the server said it stops (``bye``), until the next welcome
        self.next_try = 0.0  # time.monotonic() of the next attempt while the link is down
        self.refused = ""  # the code of a refusal that ended the session
        self.leaving = False
        self.leave_by = 0.0  # time.monotonic() after which a leave not yet told is given up
        self.own_server = False  # the app's own server (its bye is the app quitting)
        self.since: Callable[[], int] | None = None  # the mirror's (``Mirror.since``)
        self._client: TableClient | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-session", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            client = self._client
        if client is not None:
            client.close()
        self._thread.join(3.0)

    def resync(self) -> None:
        """Drop the connection: the session reconnects and resumes, and the server's
        welcome brings the whole table afresh (after a message that did not fit)."""
        with self._lock:
            client = self._client
        if client is not None:
            client.close()

    def send(self, message: dict[str, Any]) -> bool:
        """Send now; False when the connection is down (the table shows it and waits)."""
        with self._lock:
            client = self._client
        if client is None or self.status is not Status.CONNECTED:
            return False
        try:
            client.send(message)
        except (ConnectionClosed, OSError):
            return False
        return True

    def leave(self) -> bool:
        """Give this session's seats up for good (the server answers ``bye``/``left`` and
        the session ends). False when the connection is down: the session goes on trying
        and says it as soon as it is seated again, for ``LEAVE_WAIT_S``."""
        self.leaving = True
        self.leave_by = time.monotonic() + LEAVE_WAIT_S
        return self.send({"type": "leave"})

    @property
    def seated(self) -> bool:
        return self.status is Status.CONNECTED

    def _set(self, status: Status) -> None:
        self.status = status
        self.notes.put(Note(status=status))

    def _run(self) -> None:
        tries = 0
        while not self._stop.is_set():
            if self.leaving and time.monotonic() > self.leave_by:
                log.warning("could not tell %s that its seats are left: given up", self.url)
                break
            try:
                wait = RESUME_OPEN_S if self.match else 5.0  # the first: a slow network's
                client = TableClient(self.url, timeout=wait, tls=self.tls)
            except (OSError, WebSocketException, TimeoutError) as e:
                log.info("cannot reach %s: %s", self.url, e)
                wait = RETRY_S[min(tries, len(RETRY_S) - 1)]
                self.next_try = time.monotonic() + wait
                self._set(Status.LOST if self.match else Status.CONNECTING)
                self._stop.wait(wait)
                tries += 1
                continue
            with self._lock:
                self._client = client
            tries = 0
            if self._serve(client):
                return
            with self._lock:
                self._client = None
            if not self._stop.is_set():
                self._set(Status.LOST)
        self._set(Status.CLOSED)

    def _serve(self, client: TableClient) -> bool:
        """One connection's life; True when the session is over for good."""
        try:
            client.send(self._seat_message())
            while not self._stop.is_set():
                try:
                    raw = client.ws.recv(timeout=0.5)
                except TimeoutError:
                    continue
                msg = decode(raw, MAX_SERVER_MESSAGE)
                kind = msg.get("type")
                if kind == "welcome":
                    self.match = str(msg.get("match", ""))
                    tokens = msg.get("tokens")
                    if isinstance(tokens, dict):
                        self.tokens = [str(t) for t in tokens.values()]
                    self.farewell = ""
                elif kind == "bye":
                    self.farewell = str(msg.get("reason", ""))
                self._heard(msg)
                self.notes.put(Note(message=msg))  # the message first, then what it means
                if kind == "welcome":
                    self._set(Status.CONNECTED)
                    if self.leaving:  # asked while the connection was down: said now
                        client.send({"type": "leave"})
                elif kind == "error" and msg.get("code") in FATAL and not self.seated:
                    self.refused = str(msg.get("code"))
                    self._set(Status.FAILED)
                    return True
                elif kind == "bye" and self.farewell == "left":  # we left: over for good
                    self._set(Status.CLOSED)
                    return True
                elif kind == "error" and msg.get("code") == "resume_limited":
                    self._stop.wait(min(60.0, float(msg.get("retry_after", 1.0))))
                    client.send(self._seat_message())  # then resume again
        except (ConnectionClosed, OSError, ProtocolError) as e:
            log.info("connection to %s ended: %s", self.url, e)
            return self._stop.is_set()
        return True

    def _heard(self, msg: dict[str, Any]) -> None:
        if self.on_message is None:
            return
        try:
            self.on_message(self, msg)
        except Exception:  # noqa: BLE001 - keeping a seat failed: the table goes on, logged
            log.exception("the app could not keep what the server said")

    def _seat_message(self) -> dict[str, Any]:
        if self.match and self.tokens:
            doc: dict[str, Any] = {"type": "resume", "match": self.match, "tokens": self.tokens}
            if self.since is not None:  # the log the table keeps: only the rest is sent
                doc["since"] = self.since()
            return doc
        return self.first
