"""A TCP relay on 127.0.0.1 that can lose the network: a client connects to the relay, the
relay to the server. ``cut`` drops every connection through it and refuses new ones, as a
network that went away and a host that answers no more; ``restore`` lets connections
through again on the same port. ``game.devtools.net_times`` puts it between a friend's app
and the hosted table to time the table coming back."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading

log = logging.getLogger(__name__)
LOCAL = "127.0.0.1"
ACCEPT_WAKE_S = 0.1  # the accepting thread looks at its stop flag this often
CHUNK = 65536


class Relay:
    """Relays ``LOCAL:port`` to ``LOCAL:target`` until ``close``; ``port`` stays the same
    across cuts."""

    def __init__(self, target: int) -> None:
        self.target = (LOCAL, target)
        self.port = 0
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._listener: socket.socket | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.restore()

    @property
    def up(self) -> bool:
        return self._listener is not None

    def restore(self) -> None:
        """Accept connections again (the network is back)."""
        if self._listener is not None:
            return
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((LOCAL, self.port))
        listener.listen(16)
        listener.settimeout(ACCEPT_WAKE_S)
        self.port = listener.getsockname()[1]
        self._stop = threading.Event()
        self._listener = listener
        self._thread = threading.Thread(
            target=self._accept, args=(listener, self._stop), name="relay-accept", daemon=True
        )
        self._thread.start()

    def cut(self) -> None:
        """Drop every connection through the relay and refuse new ones."""
        listener, self._listener = self._listener, None
        if listener is None:
            return
        self._stop.set()
        listener.close()  # from now on a connection attempt is refused
        if self._thread is not None:
            self._thread.join(2.0)
        with self._lock:
            dropped = list(self._open)
            self._open.clear()
        for s in dropped:
            _close(s)

    close = cut

    def _accept(self, listener: socket.socket, stop: threading.Event) -> None:
        while not stop.is_set():  # ends at the cut (each wait bounded by ACCEPT_WAKE_S)
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:  # the listener was closed: the cut
                return
            try:
                upstream = socket.create_connection(self.target, timeout=2.0)
            except OSError as e:
                log.warning("the relay cannot reach %s:%d: %s", *self.target, e)
                _close(client)
                continue
            for s in (client, upstream):
                s.settimeout(None)
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                if stop.is_set():  # cut while this one was being made
                    _close(client)
                    _close(upstream)
                    return
                self._open.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        """Bytes one way until either side closes (or the cut closes both)."""
        try:
            while data := src.recv(CHUNK):
                dst.sendall(data)
        except OSError:  # reset or closed by the cut: the relay of this pair ends
            pass
        with self._lock:
            self._open.discard(src)
            self._open.discard(dst)
        _close(src)
        _close(dst)


def _close(s: socket.socket) -> None:
    """Close at once: both ways shut (the peer sees the end), then the socket freed."""
    with contextlib.suppress(OSError):  # already closed or never connected: nothing to shut
        s.shutdown(socket.SHUT_RDWR)
    s.close()
