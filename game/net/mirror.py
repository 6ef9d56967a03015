"""A client's picture of a hosted match, built only from what the server sends it: the
seats, who is connected, its own seats and their tokens, the view of its seats (stepped over
each move's redacted events with ``redact.step_view``, replaced when a step is taken back),
the log, which steps may be taken back, and at the end the whole match (seed and moves) for
replays and statistics.

Everything received is checked: a view through ``Game.from_json`` (the engine's own
validation), each event through ``Event.from_json``; a message that does not fit raises
``MirrorError`` and the client asks for the table afresh (resume).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import Event, Game, Move
from game.engine import events as ev
from game.net.redact import step_view
from game.seats import Seat, seat_from_json


class MirrorError(ValueError):
    """A server message that does not fit the table as this client knows it."""


@dataclass
class Final:
    seed: int
    first: int
    moves: list[tuple[int, Move]]


@dataclass
class Mirror:
    match: str = ""
    code: str = ""
    seats: list[Seat] = field(default_factory=list)
    connected: list[bool] = field(default_factory=list)
    stand_ins: list[int] = field(default_factory=list)  # away seats an AI plays meanwhile
    yours: list[int] = field(default_factory=list)
    tokens: dict[int, str] = field(default_factory=dict)
    seq: dict[int, int] = field(default_factory=dict)  # each own seat's next move number
    n: int = 0  # moves made at the table
    game: Game | None = None  # the view of this client's seats
    log: list[tuple[int, Event]] = field(default_factory=list)
    final: Final | None = None
    back: tuple[int, int] | None = None  # (seat, steps) it may take back now, as the server says
    away: dict[int, float] = field(default_factory=dict)  # away seat -> seconds away (presence)
    away_ai_s: int = 0  # the host's wait before an AI stands in for an away seat (0: none)
    settled: int = 0  # the log's length when nothing could be taken back last: kept at a resume

    def since(self) -> int:
        """How many log entries a resume may ask the server to leave out (``since``): the
        ones no step taken back can change any more (0 after a message that did not fit)."""
        return self.settled

    @property
    def joined(self) -> bool:
        return self.game is not None

    def welcome(self, msg: dict[str, Any]) -> None:
        """The table as it stands (a first join or a resume): replaces what was known, but
        the log's first ``log_from`` entries, which the client kept (it sent ``since``)."""
        kept = self.match
        try:
            self.match, self.code = str(msg["match"]), str(msg["code"])
            self.seats = [seat_from_json(s) for s in msg["seats"]]
            self.connected = [bool(c) for c in msg["connected"]]
            self.stand_ins = [int(s) for s in msg.get("stand_ins", [])]
            self.yours = [int(s) for s in msg["yours"]]
            self.seq = {int(s): int(v) for s, v in msg["seq"].items()}
            self.tokens.update({int(s): str(t) for s, t in msg.get("tokens", {}).items()})
            views = msg["views"]
            self.game = Game.from_json(views[str(self.yours[0])]) if self.yours else None
            self.n = int(msg["n"])
            tail = [(int(r), Event.from_json(e)) for r, e in msg["log"]]
            start = msg.get("log_from", 0)
            if type(start) is not int or not 0 <= start <= min(self.settled, len(self.log)):
                raise ValueError(f"log_from {start!r} is past the log this client kept")
            if start and str(msg["match"]) != kept:
                raise ValueError("log_from for another table")
            self.log = self.log[:start] + tail
            self.settled = start  # the part kept: the server's (the rest, until settled)
            self.final = _final(msg["final"]) if "final" in msg else None
            self.back = _back(msg.get("back"))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise MirrorError(f"a welcome that cannot be read: {e!r}") from None
        self._settle()

    def _settle(self) -> None:
        if self.back is None:
            self.settled = len(self.log)

    def events(self, msg: dict[str, Any]) -> list[Event]:
        """A move's events: the view steps over them; returned for the table to show."""
        if self.game is None:
            raise MirrorError("events before the welcome")
        try:
            n, seat = int(msg["n"]), int(msg["seat"])
            out = [Event.from_json(e) for e in msg["events"]]
            back = _back(msg.get("back"))
        except (KeyError, TypeError, ValueError) as e:
            raise MirrorError(f"events that cannot be read: {e!r}") from None
        if n <= self.n:
            return []  # a move the welcome already held (it was being stored then)
        if n != self.n + 1:
            raise MirrorError(f"move {n} arrived after move {self.n}: the table is out of step")
        rnd = self.game.round
        for event in out:
            step_view(self.game, event)
            if isinstance(event, ev.RoundStarted):
                rnd = event.round
            self.log.append((rnd, event))
        self.n = n
        self.back = back
        if seat in self.seq:
            self.seq[seat] += 1
        self._settle()
        return out

    def undone(self, msg: dict[str, Any]) -> None:
        """A step taken back: the view as it stands now, the log cut to the server's."""
        if self.game is None:
            raise MirrorError("an undo before the welcome")
        try:
            n, keep = int(msg["n"]), int(msg["log"])
            seq = {int(s): int(v) for s, v in msg["seq"].items()}
            game = Game.from_json(msg["views"][str(self.yours[0])]) if self.yours else None
            back = _back(msg.get("back"))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise MirrorError(f"an undo that cannot be read: {e!r}") from None
        if n != self.n - 1 or not 1 <= keep <= len(self.log) or set(seq) != set(self.seq):
            raise MirrorError(f"an undo to move {n} after move {self.n}: out of step")
        self.game, self.n, self.seq, self.back = game, n, seq, back
        del self.log[keep:]
        self.settled = min(self.settled, keep)
        self._settle()

    def presence(self, msg: dict[str, Any]) -> None:
        try:
            self.connected = [bool(c) for c in msg["connected"]]
            self.seats = [seat_from_json(s) for s in msg["seats"]]
            self.stand_ins = [int(s) for s in msg.get("stand_ins", [])]
            self.away = {int(s): float(t) for s, t in msg.get("away", {}).items()}
            self.away_ai_s = int(msg.get("away_ai_s", 0))
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise MirrorError(f"a presence that cannot be read: {e!r}") from None

    def finish(self, msg: dict[str, Any]) -> None:
        try:
            self.final = _final(msg)
        except (KeyError, TypeError, ValueError) as e:
            raise MirrorError(f"a final that cannot be read: {e!r}") from None

    def handle(self, msg: dict[str, Any]) -> list[Event]:
        """Any server message; the events it brings (most bring none). After one that
        does not fit, the next resume asks for the whole log."""
        try:
            match msg.get("type"):
                case "welcome":
                    self.welcome(msg)
                case "events":
                    return self.events(msg)
                case "presence":
                    self.presence(msg)
                case "final":
                    self.finish(msg)
                case "undone":
                    self.undone(msg)
        except MirrorError:
            self.settled = 0
            raise
        return []


def _back(raw: Any) -> tuple[int, int] | None:
    """The server's ``back`` (``[seat, steps]``, or null: nothing to take back)."""
    if raw is None:
        return None
    seat, steps = raw
    if type(seat) is not int or type(steps) is not int or steps < 1:
        raise ValueError(f"back is not [seat, steps]: {raw!r}")
    return seat, steps


def _final(raw: dict[str, Any]) -> Final:
    moves = [(int(s), Move.from_json(m)) for s, m in raw["moves"]]
    return Final(int(raw["seed"]), int(raw["first"]), moves)
