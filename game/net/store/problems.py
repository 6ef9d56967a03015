"""Why a server must not start on a store, each with its own exit status (the dedicated
server exits with it after one line saying why; docs/network.md lists them), so that a
supervisor or an operator's script can tell a locked store from a damaged one."""

from __future__ import annotations

from game.net.store.base import StoreError


class StartRefused(StoreError):
    """The store cannot be served: nothing was written to it."""

    status = 1


class StoreLocked(StartRefused):
    """Another server process owns this SQLite file (its lock is held)."""

    status = 10


class NotADatabase(StartRefused):
    """Not a SQLite file, or a damaged one (random bytes, truncated)."""

    status = 11


class ForeignDatabase(StartRefused):
    """A database of another program: it is neither adopted nor altered."""

    status = 12


class NewerSchema(StartRefused):
    """Made by a newer server: this one would not understand it."""

    status = 13


class NotWritable(StartRefused):
    """The file, or its folder, cannot be written (every move would be refused)."""

    status = 14


class BadPath(StartRefused):
    """The path names a folder, or something else that cannot hold a database."""

    status = 15


class Unreachable(StartRefused):
    """The database server does not answer (PostgreSQL)."""

    status = 16
