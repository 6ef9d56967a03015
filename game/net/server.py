"""The match server on WebSockets (the ``websockets`` library, asyncio): the dedicated
server's command line, and ``ServerThread`` for a server inside the app (Host) or a test.

    living-forest-server --host 0.0.0.0 --port 8765 --db matches.db [--cert C --key K]
    python -m game.net.server …                      (the same)

Each connection gets a writer task and a bounded outbox: a client that reads too slowly is
closed instead of holding up anyone else (it can resume with its tokens). SIGTERM or SIGINT
close every connection with "going away" and the store cleanly; nothing is lost either way,
since every acknowledged move was committed first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import logging
import signal
import ssl
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.ai_seats import AiRunner
from game.net.gc_pacing import GcPacer
from game.net.guard import ConnectionLimits, Gate, GuardedConnection
from game.net.hub import Client, Hub
from game.net.limits import Limits
from game.net.log_throttle import Throttle
from game.net.protocol import MAX_FRAME, encode
from game.net.stall_watch import StallWatch
from game.net.store import SqliteStore, open_store
from game.net.store.base import AI_LEASE_RENEW_S
from game.net.store.checkpointer import EVERY_S as CHECKPOINT_EVERY_S
from game.net.store.problems import StartRefused
from game.player_settings import DEFAULT_PORT

log = logging.getLogger("game.net.server")
CANNOT_LISTEN = 17  # exit status: the address or port cannot be listened on
BAD_CERTIFICATE = 18  # exit status: --cert / --key cannot be loaded
SWEEP_S = 60.0  # finished tables are dropped this often
TICK_S = 1.0  # away seats are looked at this often


class Connection(Client):
    """One client's socket: messages go out through a bounded queue and a writer task."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        address = ws.remote_address[0] if ws.remote_address else "?"
        super().__init__(str(address), limits, time.monotonic)
        self.limits = limits
        self.ws = ws
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(limits.outbox)
        self.closing = False
        self.close_with = (1000, "")
        self.writer: asyncio.Task[None] | None = None

    def push(self, text: str) -> None:
        if self.closing:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("%s: closed: it does not read its messages", self.address)
            self.close_soon(1008, "reading too slowly")

    def pinged(self, now: float) -> None:
        """A ping costs what a message does (its pong is sent whether this client reads or
        not): over the budget it counts towards closing the connection as flooding."""
        if self.bucket.take(now):
            return
        if self.flooding.refused(now) and not self.closing:
            log.warning("%s: closed for flooding with pings", self.address)
            self.close_soon(1008, "too many pings")

    def close_soon(self, code: int, reason: str) -> None:
        """Close after the messages already queued (the last says why: a refusal, a rate
        limit); at once when the queue is full (a client that does not read)."""
        if self.closing:
            return
        self.closing = True
        self.close_with = (code, reason)
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.outbox.get()) is not None:
                await self.ws.send(text)
            await self.ws.close(*self.close_with)


class MatchServer:
    def __init__(
        self,
        db: Path | str,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        *,
        processes: int = 0,
        limits: Limits | None = None,
        tls: ssl.SSLContext | None = None,
        durable: bool = True,
        budget_scale: float = 1.0,
        farewell: str = "restart",
        gc_pacing: bool = False,
        connections: ConnectionLimits | None = None,
        ai_lease_s: float | None = None,
        stall_s: float = 0.0,
        checkpoint_s: float = 0.0,
    ) -> None:
        self.checkpoint_s = checkpoint_s  # SQLite: the WAL copied back this often (0: by commits)
        self.stall_s = stall_s  # loop stalls and commits this long are logged (0: not watched)
        self.ai_lease_s = ai_lease_s  # PostgreSQL's AI lease (None: the shipped 5 s)
        self.gc_pacing = gc_pacing  # a dedicated server paces the collector (gc_pacing.py)
        self.db, self.host, self.port, self.tls = db, host, port, tls
        self.connection_limits = connections or ConnectionLimits()
        self.limits = limits or Limits()
        self.processes, self.durable, self.budget_scale = processes, durable, budget_scale
        self.farewell = farewell  # the ``bye`` reason when it stops (the app's: host_left)
        self.hub: Hub | None = None
        self.connections: set[Connection] = set()
        self.listening = False

    async def handle(self, ws: ServerConnection) -> None:
        assert self.hub is not None
        conn = Connection(ws, self.limits)
        if isinstance(ws, GuardedConnection):
            ws.client = conn  # its pings are paid from the connection's budget
        conn.writer = writer = asyncio.create_task(conn.write())
        self.connections.add(conn)
        try:
            async for raw in ws:
                if not conn.closing:  # a connection being closed is heard no more
                    self.hub.receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            self.hub.leave(conn)
            writer.cancel()

    async def say_bye(self, wait_s: float = 1.0) -> None:
        """Before stopping: every client is told why (``bye``), so a friend's table says the
        host left (or the server restarts) instead of a bare lost connection; each
        connection closes once its queue is written, waited for at most ``wait_s``."""
        bye = encode({"type": "bye", "reason": self.farewell})
        writers = []
        for conn in list(self.connections):
            conn.push(bye)
            conn.close_soon(1001, self.farewell)
            if conn.writer is not None:
                writers.append(conn.writer)
        if writers:
            await asyncio.wait(writers, timeout=wait_s)

    async def run(self, stop: asyncio.Event, ready: Callable[[str], None] | None = None) -> None:
        """Serve until ``stop`` is set; ``ready(url)`` once listening."""
        store = open_store(self.db, durable=self.durable, ai_lease_s=self.ai_lease_s)
        if isinstance(store, SqliteStore) and self.checkpoint_s > 0:
            store.checkpoint_in_background(self.checkpoint_s)
        errors = Throttle(logging.getLogger("asyncio"), 60.0)
        asyncio.get_running_loop().set_exception_handler(
            lambda loop, context: loop_error(errors, context)
        )
        gate = Gate(self.connection_limits)
        self.hub = hub = Hub(store, AiRunner(self.processes, self.budget_scale), self.limits)
        try:
            hub.resume_stored()  # a shared store: none (processes load matches as asked)
            async with serve(
                self.handle,
                self.host,
                self.port,
                ssl=self.tls,
                max_size=MAX_FRAME,
                max_queue=32,
                compression=None,
                ping_interval=20,
                ping_timeout=20,
                open_timeout=self.connection_limits.handshake_s,
                # a class is asked for; the gate is bound to ours, which websockets calls alike
                create_connection=functools.partial(GuardedConnection, gate=gate),  # type: ignore[arg-type]
            ) as server:
                port = next(iter(server.sockets)).getsockname()[1]
                url = f"{'wss' if self.tls else 'ws'}://{self.host}:{port}"
                self.listening = True
                log.info("listening on %s (store %s)", url, store.path)
                hub.start_ai()
                pacer = GcPacer() if self.gc_pacing else None
                if pacer is not None:
                    pacer.start()
                watch = StallWatch(self.stall_s) if self.stall_s > 0 else None
                if watch is not None:
                    watch.start()
                    hub.group.timed = watch.commit_took
                cluster = None
                if store.shared:  # several server processes over PostgreSQL
                    from game.net.cluster import Cluster  # noqa: PLC0415 - needs psycopg

                    cluster = Cluster.start(hub)
                if ready is not None:
                    ready(url)
                swept = time.monotonic()
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), TICK_S)
                    hub.tick()
                    if time.monotonic() - swept >= SWEEP_S:
                        hub.sweep()
                        swept = time.monotonic()
                log.info("shutting down: closing connections")
                if pacer is not None:
                    pacer.stop()
                if watch is not None:
                    watch.stop()
                server.server.close()  # no new connection while the clients are told why
                await self.say_bye()
                if cluster is not None:
                    await cluster.stop()
                server.close(close_connections=True, reason="server shutting down")
                await server.wait_closed()
        finally:
            hub.close()
            log.info("stopped; the store is closed")


def loop_error(errors: Throttle, context: dict[str, Any]) -> None:
    """The event loop's own errors (a failing ``accept`` when descriptors run out, a
    connection's callback): each kind written once a minute with a count, not per event.
    After a failed ``accept`` asyncio listens again a second later; a server that closed
    its listening socket meanwhile has nothing to listen on, which is no error: one line,
    no traceback."""
    error = context.get("exception")
    what = context.get("message", "error in the event loop")
    if isinstance(error, ValueError) and "_start_serving" in what and "-1" in str(error):
        errors.log(logging.INFO, "listen after close", "an accept retried after the close")
        return
    kind = f"{what} {type(error).__name__}"
    errors.log(logging.ERROR, kind, "%s: %r", what, error, exc_info=error)


class ServerThread:
    """A match server on a thread of its own (the app's Host, tests)."""

    def __init__(
        self, db: Path | str, host: str = "127.0.0.1", port: int = 0, **options: Any
    ) -> None:
        self.server = MatchServer(db, host, port, **options)
        self.url = ""
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._main, name="match-server", daemon=True)
        self.error: BaseException | None = None

    def _main(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            await self.server.run(self._stop, self._listening)

        try:
            asyncio.run(main())
        except BaseException as e:  # noqa: BLE001 - handed to start() / the caller
            if self.url:
                log.exception("the match server stopped on an error")
            else:  # start() raises it and the caller (Host: another port) decides
                log.warning("the match server could not start: %s", e)
            self.error = e
        finally:
            self._ready.set()

    def _listening(self, url: str) -> None:
        self.url = url
        self._ready.set()

    def start(self, timeout: float = 10.0) -> str:
        self._thread.start()
        if not self._ready.wait(timeout) or not self.url:
            raise RuntimeError(f"the match server did not start: {self.error!r}")
        return self.url

    def stop(self, timeout: float = 10.0) -> None:
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="living-forest-server", description="Living Forest match server (WebSockets)."
    )
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: all)")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT, help="0 picks a free port")
    ap.add_argument(
        "--db",
        default="living-forest-matches.db",
        help="the SQLite match store, or postgresql://… shared by several server processes",
    )
    ap.add_argument("--cert", help="TLS certificate chain (PEM): serve wss://")
    ap.add_argument("--key", help="TLS private key (PEM), with --cert")
    ap.add_argument("--ai-processes", type=int, default=1, help="AI worker processes (0: a thread)")
    ap.add_argument(
        "--creates-per-minute", type=int, default=Limits.creates, help="new tables per address"
    )
    ap.add_argument(
        "--max-tables", type=int, default=Limits.matches, help="open tables the server holds"
    )
    ap.add_argument(
        "--tables-per-address",
        type=int,
        default=Limits.open_per_address,
        help="open tables one address may have created",
    )
    ap.add_argument(
        "--idle-close-h",
        type=float,
        default=Limits.idle_close_s / 3600,
        help="hours before a table nobody sits at, with no move, is closed and archived",
    )
    ap.add_argument(
        "--connections-per-address",
        type=int,
        default=ConnectionLimits.per_address,
        help="connections one address may hold at once (more: HTTP 429)",
    )
    ap.add_argument(
        "--max-connections",
        type=int,
        default=0,
        help="connections held at once (more: HTTP 503); 0: the open-file limit less 64",
    )
    ap.add_argument(
        "--sync",
        default="full",
        choices=["full", "normal"],
        help="SQLite synchronous: full survives a power cut, normal only a crash of the server",
    )
    ap.add_argument(
        "--ai-lease-s",
        type=float,
        default=None,
        help="PostgreSQL: seconds an AI seat's lease outlives a process that stops renewing it"
        " (default 5; renewed every second)",
    )
    ap.add_argument(
        "--checkpoint-s",
        type=float,
        default=CHECKPOINT_EVERY_S,
        help="SQLite: copy the WAL back into the file on a thread of its own this often"
        " (0: SQLite's own checkpoints, inside the commits)",
    )
    ap.add_argument(
        "--stall-ms",
        type=float,
        default=250.0,
        help="log where the event loop was when it stopped this long, and commits this slow"
        " (0: off)",
    )
    ap.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    args = ap.parse_args(argv)
    if bool(args.cert) != bool(args.key):
        ap.error("--cert and --key go together")
    if args.ai_lease_s is not None and args.ai_lease_s <= AI_LEASE_RENEW_S:
        ap.error(f"--ai-lease-s must be longer than the renewal ({AI_LEASE_RENEW_S:g} s)")
    return args


def connection_limits(args: argparse.Namespace) -> ConnectionLimits:
    """The connections the command line lets one address and the server hold."""
    return ConnectionLimits(
        per_address=max(1, args.connections_per_address), total=max(0, args.max_connections)
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        tls = tls_context(args.cert, args.key) if args.cert else None
    except (OSError, ssl.SSLError) as e:
        return refuse(f"the certificate or key cannot be loaded: {e}", BAD_CERTIFICATE)
    server = MatchServer(
        args.db,
        args.host,
        args.port,
        processes=max(0, args.ai_processes),
        tls=tls,
        limits=Limits(
            creates=args.creates_per_minute,
            matches=args.max_tables,
            open_per_address=args.tables_per_address,
            idle_close_s=args.idle_close_h * 3600,
        ),
        durable=args.sync == "full",
        gc_pacing=True,
        connections=connection_limits(args),
        ai_lease_s=args.ai_lease_s,
        stall_s=max(0.0, args.stall_ms) / 1000,
        checkpoint_s=max(0.0, args.checkpoint_s),
    )

    def ready(url: str) -> None:  # one JSON line on stdout: scripts and tests read the port
        print(json.dumps({"listening": url}), flush=True)

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await server.run(stop, ready)

    try:
        asyncio.run(run())
    except StartRefused as e:  # before "listening": nothing served, nothing written
        return refuse(str(e), e.status)
    except OSError as e:
        if server.listening:
            raise
        return refuse(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}", CANNOT_LISTEN)
    return 0


def refuse(why: str, status: int) -> int:
    """A server that cannot start says why in one line (no traceback) and exits with the
    status that names the reason (docs/network.md, "Exit statuses")."""
    line = " ".join(why.split())  # a driver's message may span lines: one line still
    print(f"living-forest-server: {line}", file=sys.stderr, flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
