"""The move journal: every move the table applies is on disk before it is shown.

The autosave (``autosave.json``) is a whole document, written on a worker thread at most
every 0.25 s while AI seats play fast: a kill lost the moves since (issue 32, item 19). So
each move is also appended, as it is played, to ``autosave.journal`` beside it: one line,
written and fsync'd at once (about 0.15 ms on the development machine; ``docs/app.md``).
When a full autosave reaches the disk, the lines it holds are dropped (the file is rewritten
with the rest, atomically). At Continue the journal's lines are played over the autosave.

The file, UTF-8 JSON lines::

    {"format": "living-forest-journal", "version": 1, "match": "<id>", "base": 12}
    [12, 0, {"kind": "draw"}]          move 12 (0-based) was seat 0's draw
    [13, 1, {"kind": "stop"}]
    [13]                               an undo: the match is 13 moves long again

``match`` is ``match_id`` of the save's head (setup, seats, AI seed): a journal of another
match is ignored. ``base``: the lines continue the autosave's first ``base`` moves. A line
``[i, seat, move]`` makes move ``i`` that move and drops any after it (an undo followed by
another move). Reading trusts nothing: a torn or odd line ends the journal there, and the
moves are checked by replaying them (``savegame.continued``). A torn last line is what a
kill during a write leaves: the lines before it are the newest moves. An odd line with more
after it is damage. Which is newer, the journal's moves or the autosave's, is decided by
``journal_is_newer``: a damaged journal never takes a saved move away.
The writer and the reader apply the same limits (``MAX_JOURNAL_LINES``, ``MAX_JOURNAL_BYTES``,
``MAX_MOVES``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.atomic import read_bytes_limited, write_bytes_atomic
from game.engine import Move
from game.savegame import MAX_MOVES, MAX_SAVE_BYTES, OverLimit

log = logging.getLogger(__name__)

FORMAT = "living-forest-journal"
VERSION = 1
MAX_JOURNAL_LINES = MAX_MOVES  # lines since the last full autosave
MAX_JOURNAL_BYTES = MAX_SAVE_BYTES
MAX_LINE_BYTES = 4096  # a move line is ~50 bytes
# A full autosave drops the lines it holds once they are this many: rewriting the journal
# (an atomic write, two fsyncs) after every autosave would double the disk's work, and
# lines the autosave already holds are harmless (they make the same moves again).
COMPACT_LINES = 64

Line = list[Any]  # [index, seat, move] or [length]


def match_id(doc: Any) -> str | None:
    """The identity of the match a save document (or its ``head``) is of: 16 hex digits of
    its setup, seats and AI seed; ``None`` for a document without them."""
    if not isinstance(doc, dict):
        return None
    what = [doc.get("setup"), doc.get("seats"), doc.get("ai_seed")]
    try:
        text = json.dumps(what, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _encode(line: Line | dict[str, Any]) -> bytes:
    text = json.dumps(line, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8") + b"\n"


def _header(match: str, base: int) -> bytes:
    doc = {"format": FORMAT, "version": VERSION, "match": match, "base": base}
    return _encode(doc)


class MoveJournal:
    """The journal file of the match in progress, and what it holds since the last full
    autosave. ``append``/``reset`` run on the frame thread, ``compact`` on the autosave's
    worker thread: one lock keeps them in order."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._match: str | None = None
        self._base = 0
        self._length = 0  # the match's length after the lines
        self._lines: list[tuple[int, bytes]] = []  # (sequence number, encoded line)
        self._seq = 0  # lines ever appended: ``mark`` tells a compaction which it holds
        self._generation = 0  # a reset starts a new one: older compactions do nothing
        self._bytes = 0
        self._fd: int | None = None
        self._whole = False  # the file is exactly header + lines (else rewritten first)

    @property
    def match(self) -> str | None:
        return self._match

    def mark(self) -> tuple[int, int]:
        """Where the journal is now: a full autosave of the match taken now holds every line
        before this mark (``compact`` drops them once that save is on disk)."""
        with self._lock:
            return self._generation, self._seq

    def reset(self, match: str, base: int, moves: list[Line] | None = None) -> None:
        """Start the journal of ``match`` over: its autosave holds (or is about to hold) the
        first ``base`` moves, and ``moves`` (``[seat, move]`` each) follow them."""
        with self._lock:
            self._start(match, base)
            self._add([[base + i, *m] for i, m in enumerate(moves or [])])
            self._rewrite()

    def append(self, match: str, start: int, moves: list[Line]) -> None:
        """Moves ``start``… of ``match`` (``[seat, move]`` each; none: the match is ``start``
        moves long again, an undo) on disk before this returns. ``OSError`` when the disk
        refuses, ``OverLimit`` past the limits the reader applies."""
        with self._lock:
            if match != self._match or start > self._length:
                if self._match is not None:
                    log.info("journal: moves from %s without the ones before: a new base", start)
                self._start(match, start)
                self._whole = False
            if start + len(moves) > MAX_MOVES:
                raise OverLimit(f"{start + len(moves)} moves is over the {MAX_MOVES}-move limit")
            lines = [[start + i, *m] for i, m in enumerate(moves)] or [[start]]
            added = self._add(lines)
            if not self._whole:
                self._rewrite()
                return
            data = b"".join(added)
            try:
                assert self._fd is not None
                view = memoryview(data)
                while view:
                    view = view[os.write(self._fd, view) :]
                os.fsync(self._fd)
            except OSError:
                self._whole = False  # maybe half a line: the next write rewrites the file
                raise

    def compact(self, match: str | None, base: int, mark: tuple[int, int]) -> None:
        """A full autosave of ``match`` with ``base`` moves, taken at ``mark``, is on disk:
        the lines it holds go (once there are ``COMPACT_LINES`` of them). A save of an older
        start (another match) changes nothing."""
        with self._lock:
            generation, seq = mark
            if match != self._match or generation != self._generation:
                return
            held = sum(1 for s, _ in self._lines if s < seq)
            if held < COMPACT_LINES and self._whole:
                return
            self._lines = [(s, line) for s, line in self._lines if s >= seq]
            self._base = base
            self._bytes = sum(len(line) for _, line in self._lines)
            self._rewrite()

    def clear(self) -> None:
        """Nothing to continue: the file goes (a file that cannot be removed is ignored at
        the next start, as its match has no autosave)."""
        with self._lock:
            self._close()
            self._match, self._lines, self._bytes = None, [], 0
            self._generation += 1
            try:
                self.path.unlink(missing_ok=True)
            except OSError as e:
                log.warning("could not remove %s: %s", self.path, e)

    def close(self) -> None:
        with self._lock:
            self._close()

    # -- inside the lock ---------------------------------------------------------------------

    def _start(self, match: str, base: int) -> None:
        if not 0 <= base <= MAX_MOVES:
            raise OverLimit(f"{base} moves is over the {MAX_MOVES}-move limit")
        self._match, self._base, self._length = match, base, base
        self._lines, self._bytes = [], 0
        self._generation += 1

    def _add(self, lines: list[Line]) -> list[bytes]:
        """Keep ``lines`` in memory (``OverLimit`` past the limits, ``ValueError`` for a line
        the reader would drop: nothing kept)."""
        for line in lines:
            if len(line) > 1 and (len(line) != 3 or type(line[1]) is not int):
                raise ValueError(f"not a journal line: {line!r}")
            if len(line) > 1:
                Move.from_json(line[2])  # (ValueError: the reader would drop it)
        encoded = [_encode(line) for line in lines]
        size = sum(len(e) for e in encoded)
        if len(self._lines) + len(encoded) > MAX_JOURNAL_LINES:
            raise OverLimit(f"over {MAX_JOURNAL_LINES} journal lines since the last autosave")
        if any(len(e) > MAX_LINE_BYTES for e in encoded):
            raise OverLimit(f"a journal line over {MAX_LINE_BYTES} bytes")
        if self._bytes + size > MAX_JOURNAL_BYTES - MAX_LINE_BYTES:  # (room for the header)
            raise OverLimit(f"the journal would be over {MAX_JOURNAL_BYTES} bytes")
        for line, data in zip(lines, encoded, strict=True):
            self._lines.append((self._seq, data))
            self._seq += 1
            self._length = line[0] + (len(line) > 1)
        self._bytes += size
        return encoded

    def _rewrite(self) -> None:
        """The file becomes exactly the header and the lines in memory (atomically), and is
        opened again for appending."""
        assert self._match is not None
        self._close()
        data = _header(self._match, self._base) + b"".join(line for _, line in self._lines)
        write_bytes_atomic(self.path, data)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._whole = True

    def _close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        self._whole = False


# -- reading ---------------------------------------------------------------------------------


@dataclass
class JournalFile:
    """What a journal file says, as far as it can be read."""

    match: str
    base: int
    lines: list[tuple[int, int | None, Move | None]] = field(default_factory=list)
    dropped: str = ""  # why the lines after the last one read were not read
    cut: bool = False  # a bad line with more after it (not just a torn last line)
    undone: bool = False  # the last line read is an undo


def read_journal(path: Path) -> JournalFile | None:
    """The journal at ``path``, or ``None`` when there is none or it cannot be used at all
    (logged). Never raises: a bad line ends it there, the lines before it are kept."""
    try:
        data = read_bytes_limited(path, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        log.warning("journal %s ignored: %s", path, e)
        return None
    rows = data.split(b"\n")
    head = _header_of(rows[0])
    if head is None:
        log.warning("journal %s ignored: no valid header", path)
        return None
    out = JournalFile(*head)
    length = out.base
    for number, row in enumerate(rows[1:-1], start=2):  # the last: after the final newline
        line = _line(row, length)
        if line is None or len(out.lines) >= MAX_JOURNAL_LINES:
            out.dropped = f"line {number} is not a move line of this journal"
            out.cut = True
            break
        out.lines.append(line)
        length = line[0] + (line[2] is not None)
        out.undone = line[2] is None
    if not out.dropped and rows[-1]:
        out.dropped = f"line {len(rows)} is torn (no end of line)"
    if out.dropped:
        log.warning("journal %s: %s; it and what follows are dropped", path, out.dropped)
    return out


def _header_of(row: bytes) -> tuple[str, int] | None:
    try:
        head = json.loads(row.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    if type(head) is not dict or head.get("format") != FORMAT or head.get("version") != VERSION:
        return None
    match, base = head.get("match"), head.get("base")
    if type(match) is not str or type(base) is not int or not 0 <= base <= MAX_MOVES:
        return None
    return match, base


def _line(row: bytes, length: int) -> tuple[int, int | None, Move | None] | None:
    """One line ``[i, seat, move]`` or ``[i]``, if it fits a match ``length`` moves long."""
    if len(row) > MAX_LINE_BYTES:
        return None
    try:
        raw = json.loads(row.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    if type(raw) is not list or len(raw) not in (1, 3) or type(raw[0]) is not int:
        return None
    index = raw[0]
    if not 0 <= index <= length or index + (len(raw) > 1) > MAX_MOVES:
        return None
    if len(raw) == 1:
        return index, None, None
    if type(raw[1]) is not int:
        return None
    try:
        return index, raw[1], Move.from_json(raw[2])
    except (ValueError, TypeError, KeyError):
        return None


def common_prefix(a: list[Any], b: list[Any]) -> int:
    """How many moves two move lists begin with alike."""
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


def journal_is_newer(saved: list[Any], result: list[Any], undone: bool, damaged: bool) -> bool:
    """Whether the journal's move list ``result`` is the match, rather than the autosave's
    ``saved``: when it holds every saved move; or, when it is whole, when it goes another
    way (an undo and other moves) or ends in an undo. A journal that stops short of the
    autosave otherwise (moves saved but never journaled, damage) keeps the autosave."""
    same = common_prefix(saved, result)
    if same == len(saved):
        return True
    return not damaged and (same < len(result) or undone)


def journal_moves(journal: JournalFile, saved: list[Any]) -> list[Any]:
    """The move list the journal's lines make of the autosave's ``saved`` moves."""
    moves = list(saved[: journal.base])
    for index, seat, move in journal.lines:
        del moves[index:]
        if move is not None:
            moves.append((seat, move))
    return moves
