"""The online seats this app holds, in ``online-seats.json`` in the data folder: a private
file (mode 0600: it holds the seats' secret tokens), written atomically (``atomic.py``), read
with a size limit and checked entry by entry. A damaged file is moved aside into
``saves/damaged`` and reported once; the app carries on with no seats held (a table it
held can still be joined again by code if a seat is free)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from pathlib import Path

from game.app.atomic import move_aside, read_bytes_limited, write_json_atomic
from game.app.paths import AppPaths
from game.notice import Notice
from game.ui.online.held import HeldSeat, merged

log = logging.getLogger(__name__)
FILE = "online-seats.json"
MAX_BYTES = 256 * 1024
VERSION = 1


def seats_path(paths: AppPaths) -> Path:
    return paths.data / FILE


class SeatFile:
    """The ``SeatBook`` of the app: every call reads or writes the file whole, under a lock
    (the sessions' threads keep seats as the server welcomes them)."""

    def __init__(self, path: Path, quarantine: Path) -> None:
        self.path, self.quarantine = path, quarantine
        self._lock = threading.Lock()
        self._notices: list[Notice] = []
        self._cache: list[HeldSeat] | None = None

    @classmethod
    def of(cls, paths: AppPaths) -> SeatFile:
        return cls(seats_path(paths), paths.quarantine)

    def all(self) -> list[HeldSeat]:
        with self._lock:
            return list(self._read())

    def keep(self, seat: HeldSeat) -> None:
        with self._lock:
            self._write(merged(self._read(), seat))

    def forget(self, server: str, match: str) -> None:
        with self._lock:
            seats = self._read()
            left = [s for s in seats if s.key() != (server, match)]
            if len(left) != len(seats):
                self._write(left)

    def take_notices(self) -> list[Notice]:
        with self._lock:
            out, self._notices = self._notices, []
        return out

    def _read(self) -> list[HeldSeat]:
        if self._cache is not None:
            return self._cache
        try:
            doc = json.loads(read_bytes_limited(self.path, MAX_BYTES).decode("utf-8"))
            if type(doc) is not dict or doc.get("version") != VERSION:
                raise ValueError(f"not a version {VERSION} online seats file")
            entries = doc.get("seats")
            if type(entries) is not list:
                raise ValueError("seats is not a list")
            self._cache = [HeldSeat.from_json(e) for e in entries]
        except FileNotFoundError:
            self._cache = []
        except (OSError, ValueError, RecursionError) as e:
            log.warning("online seats file damaged (%s): %s; set aside", self.path, e)
            moved = move_aside(self.path, self.quarantine)
            where = str(moved) if moved is not None else str(self.path)
            self._notices.append(Notice("notice.online_seats_damaged", {"path": where}, str(e)))
            self._cache = []
        return self._cache

    def _write(self, seats: list[HeldSeat]) -> None:
        self._cache = seats
        doc = {"version": VERSION, "seats": [s.to_json() for s in seats]}
        try:
            write_json_atomic(self.path, doc, limit=MAX_BYTES)  # a mkstemp file: mode 0600
            with contextlib.suppress(OSError):  # Windows: no modes (the folder is the user's)
                os.chmod(self.path, 0o600)
        except (OSError, ValueError) as e:
            log.warning("online seats not saved (%s): %s", self.path, e)
            self._notices.append(Notice("notice.online_seats_not_saved", detail=str(e)))
