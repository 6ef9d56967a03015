"""A server's public tables, asked for on a thread of their own so the Join form keeps its
frames while the server answers (or does not: every wait is bounded by the list's
timeout)."""

from __future__ import annotations

import logging
import threading

from game.net.browse import ListedTable, ListFailed, fetch_tables

log = logging.getLogger(__name__)


class TableFetch:
    """One ``list`` to ``url``: ``done`` once answered; then ``tables`` or ``error`` (a
    refusal's code, or ``unreachable``)."""

    def __init__(self, url: str, timeout: float = 5.0) -> None:
        self.url, self.timeout = url, timeout
        self.tables: list[ListedTable] = []
        self.error = ""
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-list", daemon=True)

    def start(self) -> TableFetch:
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            self.tables = fetch_tables(self.url, self.timeout)
        except ListFailed as e:
            log.info("listing the tables of %s failed: %s", self.url, e)
            self.error = e.code
        except ValueError as e:  # a URL the client library cannot read
            log.info("cannot list the tables of %r: %s", self.url, e)
            self.error = "unreachable"
        finally:
            self._done.set()
