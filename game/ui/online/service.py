"""What the online screens use, built by the composition root (``game/app/launch.py``): the
match server inside the app (Host), the sessions that connect to a table, and the tables
found on the local network. Tests build one that never leaves 127.0.0.1."""

from __future__ import annotations

import errno
import logging
import ssl
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.net.client import GONE, Session, Status
from game.net.discovery import Advert, Browser, FoundHost, lan_addresses
from game.net.limits import Limits
from game.net.server import ServerThread, tls_context
from game.player_settings import DEFAULT_PORT
from game.ui.online.held import HeldSeat, MemorySeatBook, SeatBook, with_code

log = logging.getLogger(__name__)
PORT_ERRORS = (errno.EADDRINUSE, errno.EACCES)  # another program has it, or it is not ours


class PortInUse(RuntimeError):
    """The chosen port cannot be had on this computer (another program or table holds it)."""

    def __init__(self, port: int) -> None:
        super().__init__(f"port {port} is in use on this computer")
        self.port = port


class ServingElsewhere(RuntimeError):
    """A table asked for on ``asked`` while this app's server already listens on ``port``:
    the server keeps its port until the app quits (its other tables' friends use it)."""

    def __init__(self, port: int, asked: int) -> None:
        super().__init__(f"the match server here listens on port {port}, not {asked}")
        self.port = port


class BadCertificate(RuntimeError):
    """The certificate or key given for TLS cannot be used (missing, unreadable, not a pair)."""


class TlsMismatch(RuntimeError):
    """A table asked for with (or without) TLS while this app's server already runs the
    other way: the server keeps its port and its TLS until the app quits."""

    def __init__(self, tls: bool) -> None:
        super().__init__("the match server here " + ("uses" if tls else "does not use") + " TLS")
        self.tls = tls


@dataclass(frozen=True)
class HostTls:
    """The in-app server's TLS: a certificate chain and its key (PEM files)."""

    cert: str
    key: str

    def server_context(self) -> ssl.SSLContext:
        try:
            return tls_context(self.cert, self.key)
        except (OSError, ssl.SSLError, ValueError) as e:
            raise BadCertificate(f"cannot use {self.cert} with {self.key}: {e}") from e

    def own_context(self) -> ssl.SSLContext:
        """How this app's own connection trusts its server: the certificate itself (it may
        be self-signed, and it names the host's public name, not 127.0.0.1)."""
        ctx = ssl.create_default_context()
        try:
            ctx.load_verify_locations(self.cert)
        except (OSError, ssl.SSLError) as e:
            raise BadCertificate(f"cannot read {self.cert}: {e}") from e
        ctx.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # a CA-issued leaf, trusted as is
        ctx.check_hostname = False
        return ctx


@dataclass
class Online:
    db: Path | None = None  # where hosted tables are kept (None: in memory, lost on quit)
    listen: str = "0.0.0.0"  # the embedded server's address: every interface, for the LAN
    port: int = DEFAULT_PORT  # taken if free, else any free port
    discover: bool = True  # mDNS: advertise a hosted table, find others' (off in tests)
    discover_on: list[str] | None = None  # mDNS interfaces (None: all; tests: 127.0.0.1)
    ai_processes: int = 1  # AI seats think in a process: the frames keep their pace
    limits: Limits | None = None  # the server's caps (None: its defaults, made for people)
    book: SeatBook = field(default_factory=MemorySeatBook)  # the seats held (the app: a file)
    server: ServerThread | None = None
    tls: HostTls | None = None  # the running server's TLS (None: plain ws, a home network)
    sessions: list[Session] = field(default_factory=list)
    _advert: Any = None
    _browser: Any = None

    # -- hosting ---------------------------------------------------------------------------

    def host(self, name: str, port: int | None = None, tls: HostTls | None = None) -> str:
        """Start the match server here (once) and return the address this app connects to.
        On ``port`` (the Host form's): ``PortInUse`` if it cannot be had, nothing started;
        without one, on ``self.port`` if free, else on any free port. A server already
        running stays on its port (``ServingElsewhere`` if another ``port`` is asked for)
        and its TLS (``TlsMismatch``). With ``tls`` it serves wss:// only
        (``BadCertificate`` if the files cannot be used, nothing started)."""
        if self.server is not None and port is not None and port != self.hosted_port:
            raise ServingElsewhere(self.hosted_port, port)
        if self.server is not None and tls != self.tls:
            raise TlsMismatch(self.tls is not None)
        if self.server is None:
            db = str(self.db) if self.db is not None else ":memory:"
            context = tls.server_context() if tls is not None else None
            ports = (port,) if port is not None else (self.port, 0)
            for tried in ports:
                server = ServerThread(
                    db,
                    self.listen,
                    tried,
                    processes=self.ai_processes,
                    limits=self.limits,
                    farewell="host_left",
                    tls=context,
                )
                try:
                    server.start()
                except RuntimeError as e:
                    error = server.error
                    taken = isinstance(error, OSError) and error.errno in PORT_ERRORS
                    if taken and port is not None:
                        raise PortInUse(tried) from e
                    log.warning("the match server could not start on port %d", tried)
                    continue
                self.server, self.tls = server, tls
                break
            else:
                raise RuntimeError("the match server could not start")
            if self.discover:
                try:
                    local = ["127.0.0.1"] if self.listen.startswith("127.") else None
                    self._advert = Advert(name, self.hosted_port, local, self.discover_on)
                except Exception:  # noqa: BLE001 - no multicast here: joining by address works
                    log.warning("the table cannot be announced on the network", exc_info=True)
        return self.host_url()

    def host_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.hosted_port}"

    @property
    def scheme(self) -> str:
        return "wss" if self.tls is not None else "ws"

    @property
    def hosted_port(self) -> int:
        assert self.server is not None
        return int(self.server.url.rsplit(":", 1)[1])

    def addresses(self) -> list[str]:
        """Where friends reach the hosted table (this machine's LAN address and port)."""
        if self.server is None:
            return []
        pre = "wss://" if self.tls is not None else ""  # friends type it as shown
        if self.listen.startswith("127."):
            return [f"{pre}127.0.0.1:{self.hosted_port}"]
        return [f"{pre}{a}:{self.hosted_port}" for a in lan_addresses()] or [
            f"{pre}127.0.0.1:{self.hosted_port}"
        ]

    def is_here(self, session: Session) -> bool:
        """Whether ``session`` sits at a table of this app's own server."""
        return self.hosts(session.url)

    def addresses_for(self, session: Session) -> list[str]:
        """Where friends reach the table ``session`` hosts: this app's addresses, or the
        dedicated server's, as typed on the Host form."""
        return self.addresses() if self.is_here(session) else [session.url]

    # -- joining ---------------------------------------------------------------------------

    def hosts(self, url: str) -> bool:
        """Whether ``url`` is this app's own server."""
        return self.server is not None and url == self.host_url()

    def connect(self, url: str, first: dict[str, Any], leave: bool = False) -> Session:
        """A session seated by ``first`` (wss://: the system's trusted certificates; this
        app's own TLS server: its certificate). A join with the code of a table whose seat
        this app holds resumes that seat instead (the server would find no free seat for it)."""
        if first.get("type") == "join":
            held = with_code(self.book, url, str(first.get("code", "")))
            if held is not None and not self.seated_at(url, held.match):
                log.info("joining %s again: resuming the seats held there", held.code)
                first = held.resume_message()
        own = self.tls is not None and self.hosts(url)
        context = self.tls.own_context() if own and self.tls is not None else None
        session = Session(url, first, context, on_message=self._heard)
        session.own_server = self.hosts(url)  # its server's bye is this app's own quitting
        if leave:  # seated only to leave: said as soon as the server welcomes it
            session.leave()
        session.start()
        self.sessions.append(session)
        return session

    def seated_at(self, url: str, match: str) -> bool:
        """Whether a live session of this app sits at ``match`` now: its seats are held
        here already, so joining that table again takes another seat (hot-seat)."""
        gone = (Status.FAILED, Status.CLOSED)
        return any(
            s.url == url and s.match == match and s.status not in gone for s in self.sessions
        )

    def resume(self, held: HeldSeat, tls: HostTls | None = None) -> Session:
        """Back to a table held here: a hosted one's server reopens first, on its port and
        its file, with ``tls`` if it spoke wss:// (``PortInUse`` and the others as
        ``host``)."""
        url = held.server
        if held.hosted:
            url = self.host(held.table, held.port, tls if url.startswith("wss://") else None)
        return self.connect(url, held.resume_message())

    def leave(self, session: Session) -> bool:
        """Give the session's seats up for good: the server is told, the seat forgotten.
        False when the connection is down: the seat is kept marked leaving (no longer
        offered) and the session tells the server once it is seated again; if the app
        quits first, ``farewells`` tells it at the next start."""
        told = session.leave()
        if not session.match:
            return told
        if told:
            self.book.forget(session.url, session.match)
            return True
        held = next((h for h in self.book.all() if h.key() == (session.url, session.match)), None)
        if held is not None:
            self.book.keep(replace(held, leaving=True))
        return False

    def farewells(self) -> None:
        """At the app's start: tell each server a seat was left there while it could not
        be told (a table this app hosts ends with its own server: forgotten)."""
        for held in self.book.all():
            if not held.leaving:
                continue
            if held.hosted:
                self.book.forget(held.server, held.match)
                continue
            log.info("telling %s that the seats at %s are left", held.server, held.code)
            self.connect(held.server, held.resume_message(), leave=True)

    def _heard(self, session: Session, msg: dict[str, Any]) -> None:
        """On a session's thread: keep the seats a welcome gives, forget a table that is
        over or gone (a finished game, a refused resume, a seat left)."""
        kind, url = msg.get("type"), session.url
        if kind == "welcome" and session.leaving:
            return  # the leave follows the welcome; the server's ``bye`` forgets the seat
        if kind == "welcome" and "final" not in msg and session.tokens:
            yours = msg.get("yours")
            if not isinstance(yours, list):  # the mirror refuses such a welcome too
                return
            names = [str(s.get("name", "")) for s in msg.get("seats", []) if isinstance(s, dict)]
            mine = [names[s] for s in yours if isinstance(s, int) and s < len(names)]
            seat = HeldSeat(
                url,
                str(msg.get("match", "")),
                str(msg.get("code", "")),
                tuple(int(s) for s in yours),
                tuple(session.tokens),
                self.hosts(url),
                ", ".join(mine or names)[:200],
                time.time(),
            )
            try:
                HeldSeat.from_json(seat.to_json())  # what the file would refuse to read
            except ValueError as e:
                log.warning("a welcome's seat cannot be kept: %s", e)
                return
            self.book.keep(seat)
        elif kind == "welcome" or kind == "final":
            self.book.forget(url, session.match or str(msg.get("match", "")))
        elif session.match and (
            (kind == "error" and msg.get("code") in GONE)
            or (kind == "bye" and msg.get("reason") == "left")
        ):
            self.book.forget(url, session.match)

    def found(self) -> list[FoundHost]:
        """Tables announced on the local network (browsing starts at the first call)."""
        if not self.discover:
            return []
        if self._browser is None:
            try:
                self._browser = Browser(self.discover_on)
            except Exception:  # noqa: BLE001 - no multicast here: joining by address works
                log.warning("cannot look for tables on the network", exc_info=True)
                self.discover = False
                return []
        return self._browser.hosts()

    def close(self) -> None:
        """Quit: every session, the announcement, the browser and the server end."""
        for session in self.sessions:
            session.close()
        self.sessions.clear()
        for part in (self._advert, self._browser):
            if part is not None:
                try:
                    part.close()
                except Exception:  # noqa: BLE001 - quitting: log and go on
                    log.warning("closing the network discovery failed", exc_info=True)
        self._advert = self._browser = None
        if self.server is not None:
            self.server.stop()
            self.server = self.tls = None
