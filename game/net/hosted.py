"""One match the server hosts: the real game (only here), its seats and who holds them, and
the messages each client is sent about it, each holding only what its seats may know.

A move is checked and applied by the engine, stored (committed) and only then acknowledged
and told to the table; a store that refuses the write leaves the game as it was (rebuilt
from the stored moves) and the move is refused. The hub may apply several moves before one
commit stores them all (group commit); until then they are told to nobody.

A step taken back (undo) follows the engine's rule (``game/engine/undo.py``): only the steps
of the seat's own unfinished action that revealed nothing. The match keeps which moves may
still be taken back (``WayBack``), worked out again from the stored moves on a restart; a
take-back deletes the last move from the store, then the game is replayed from its stored
moves, so the stored list always replays to the game as it stands.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine import Event, Game, Move, Pending, Phase, new_game
from game.engine import events as ev
from game.engine.undo import Closed, closes
from game.net.protocol import encode, show_code
from game.net.redact import redacted_json, view_json
from game.net.store import StaleMatch, Store, StoredMatch, StoreError

log = logging.getLogger(__name__)
STAND_IN_LEVEL = "medium"  # the AI that plays an away player's seat


class Peer(Protocol):
    """A connected client as a match sees it."""

    seats: set[int]
    match: HostedMatch | None  # the table it sits at (None once it has lost its seats)

    def push(self, text: str) -> None: ...
    def close_soon(self, code: int, reason: str) -> None: ...


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [redacted_json(e) for e in events]


def _entry(rnd: int, event: Event) -> str:
    """One log entry as the welcome sends it: ``[round, event]``, redacted."""
    return json.dumps([rnd, redacted_json(event)], separators=(",", ":"), ensure_ascii=False)


def deciding_now(game: Game) -> Pending | None:
    """Who decides next as the undo rule sees it (as the table's ``Match.active`` does
    outside the draw phase; in it, every move closes the way back anyway)."""
    pending = game.pending()
    return pending[0] if pending else None


@dataclass
class WayBack:
    """Which moves the seat acting now may take back, and why the way back last closed."""

    seat: int = -1  # the seat whose steps these are
    moves: list[int] = field(default_factory=list)  # their numbers, oldest first
    closed_by: int = -1  # the seat whose move closed the way back last
    why: Closed = Closed.OTHER

    def after(self, number: int, seat: int, why: Closed | None) -> None:
        """Move ``number`` by ``seat`` was made; ``why`` it closes the way back (or None)."""
        if why is None:
            if seat != self.seat:
                self.moves = []
            self.seat = seat
            self.moves.append(number)
        else:
            self.seat, self.moves, self.closed_by, self.why = -1, [], seat, why

    def steps(self, seat: int) -> int:
        return len(self.moves) if seat == self.seat else 0

    def to_json(self) -> list[int] | None:
        """``[seat, steps]`` for the clients (their Undo), or None: nothing to take back."""
        return [self.seat, len(self.moves)] if self.moves else None


@dataclass
class HostedMatch:
    stored: StoredMatch
    game: Game
    peers: dict[int, Peer] = field(default_factory=dict)  # seat -> the client holding it
    own: list[int] = field(default_factory=list)  # moves made by each seat
    thinking: set[int] = field(default_factory=set)  # AI seats being computed
    ended_at: float = 0.0  # when the game ended, on the hub's clock (then unloaded later)
    human_at: float = 0.0  # the last human move (or the load), on the hub's clock
    creator: str = ""  # the address that created it (its open tables are capped)
    away_since: dict[int, float] = field(default_factory=dict)  # human seat -> left at
    stand_ins: set[int] = field(default_factory=set)  # away seats an AI plays meanwhile
    stored_upto: int = 0  # how many of ``stored.moves`` are committed (the rest await a flush)
    logged: list[int] = field(default_factory=list)  # the log's length after each move
    back: WayBack = field(default_factory=WayBack)  # the steps that may be taken back
    log_cache: list[str] = field(default_factory=list)  # the log's entries, JSON, redacted

    @classmethod
    def start(cls, stored: StoredMatch) -> HostedMatch:
        """A match from its setup and stored moves (a new one, or one resumed on restart)."""
        match = cls(stored, new_game(stored.players, stored.seed, stored.first))
        match.replay()
        now = time.monotonic()
        match.away_since = {s: now for s in range(stored.players) if not match.is_ai(s)}
        return match

    def replay(self) -> None:
        """The game, each seat's move count, the log's lengths and the way back, from the
        setup and the moves in ``stored`` (all of them stored: the engine is deterministic).
        A stand-in's moves count as their seat's player's here (the store does not say who
        made a move)."""
        stored = self.stored
        game = new_game(stored.players, stored.seed, stored.first)
        self.own, self.logged, self.back = [0] * stored.players, [], WayBack()
        self.log_cache = [_entry(game.round, ev.RoundStarted(game.round, game.first))]
        size = 1  # the log starts with the first round's start
        for number, (seat, move) in enumerate(stored.moves):
            before = deciding_now(game)
            rnd = game.round
            events = game.play(seat, move)
            self._cache(rnd, events)
            self.own[seat] += 1
            size += len(events)
            self.logged.append(size)
            after = deciding_now(game)
            why = Closed.OTHER if self.is_ai(seat) else closes(before, seat, move, events, after)
            self.back.after(number, seat, why)
        self.game, self.stored_upto = game, len(stored.moves)
        self.ended_at = self.ended_at if game.over else 0.0

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def moves(self) -> int:
        return len(self.stored.moves)

    @property
    def version(self) -> int:
        """The changes stored (moves and steps taken back): what the store checks."""
        return self.stored.version

    def version_at(self, idx: int) -> int:
        """The store's version once every move before number ``idx`` is in (the moves
        applied ahead of the commit count one each)."""
        return self.stored.version + idx - self.stored_upto

    def is_ai(self, seat: int) -> bool:
        return self.stored.seats[seat].kind != "human"

    def ai_plays(self, seat: int) -> bool:
        """An AI seat, or an away player's seat an AI stands in for."""
        return self.is_ai(seat) or seat in self.stand_ins

    def ai_level(self, seat: int) -> str:
        kind = self.stored.seats[seat].kind
        return STAND_IN_LEVEL if kind == "human" else kind

    def overdue(self, now: float) -> list[int]:
        """Away seats whose wait is over: an AI takes them now."""
        wait = self.stored.away_ai
        if wait <= 0 or self.game.over:
            return []
        return [
            s
            for s, since in self.away_since.items()
            if s not in self.stand_ins and s not in self.peers and now - since >= wait
        ]

    def open_seats(self) -> list[int]:
        """Human seats nobody has claimed yet."""
        return [
            s
            for s in range(self.stored.players)
            if not self.is_ai(s) and s not in self.stored.tokens
        ]

    def connected(self) -> list[bool]:
        return [self.is_ai(s) or s in self.peers for s in range(self.stored.players)]

    def deciding(self) -> list[tuple[int, Any]]:
        """(seat, decision) of every seat that must decide now."""
        return [(p.player, p.decision) for p in self.game.pending()]

    def deciding_of(self, seat: int) -> Any:
        return next(d for s, d in self.deciding() if s == seat)

    # -- changes ---------------------------------------------------------------------------

    def apply(self, seat: int, move: Move, by_ai: bool = False) -> list[Event]:
        """Check and apply ``move`` ahead of its commit (``IllegalMove`` changes nothing).
        Until ``committed`` it is told to nobody; a failed commit undoes it (``rollback``).
        ``by_ai``: an AI made it (an AI seat, or a stand-in): it opens no way back."""
        before = deciding_now(self.game)
        rnd = self.game.round
        events = self.game.play(seat, move)
        self._cache(rnd, events)
        self.stored.moves.append((seat, move))
        self.own[seat] += 1
        self.logged.append((self.logged[-1] if self.logged else 1) + len(events))
        after = deciding_now(self.game)
        ai = by_ai or self.is_ai(seat)
        why = Closed.OTHER if ai else closes(before, seat, move, events, after)
        self.back.after(self.moves - 1, seat, why)
        return events

    def _cache(self, rnd: int, events: list[Event]) -> None:
        """The log entries of a move's events (``rnd``: the round before it), kept so that
        a welcome costs the part of the log it sends, not a replay of the game."""
        for e in events:
            if isinstance(e, ev.RoundStarted):
                rnd = e.round
            self.log_cache.append(_entry(rnd, e))

    def committed(self, upto: int | None = None) -> None:
        """The first ``upto`` moves (default: every move applied so far) are in the store,
        each a change of its version (a group commit lands while later moves wait)."""
        upto = self.moves if upto is None else upto
        self.stored.version += upto - self.stored_upto
        self.stored_upto = upto

    def rollback(self) -> None:
        """Back to the moves the store holds (a commit failed: the later ones never were)."""
        del self.stored.moves[self.stored_upto :]
        self.replay()

    def play(self, store: Store, seat: int, move: Move, by_ai: bool = False) -> list[Event]:
        """Check, apply and store ``move`` now (a shared store, where another server process
        may move first); ``IllegalMove`` or ``StoreError`` leave the match unchanged."""
        events = self.apply(seat, move, by_ai)
        idx = self.moves - 1
        try:
            store.add_moves([(self.id, idx, seat, move, self.version_at(idx))], self.ended())
        except StaleMatch:  # another server process moved first: the hub catches up
            self.rollback()
            raise
        except StoreError:
            log.debug("match %s: move %d not stored; the match is rebuilt", self.id, self.moves)
            self.rollback()
            raise
        self.committed()
        return events

    def ended(self) -> list[str]:
        """This match's id if the game is over (stored as finished with its last move)."""
        return [self.id] if self.game.over else []

    def take_back(self, store: Store, seat: int) -> None:
        """Take back ``seat``'s last step (the caller checked ``back.steps(seat)`` and
        committed every move): deleted from the store first (``StaleMatch``,
        ``StoreError``: nothing changes), then the game replayed from the stored moves."""
        number = self.back.moves[-1]
        assert number == self.moves - 1 == self.stored_upto - 1
        assert self.stored.moves[number][0] == seat
        store.take_back(self.id, number, version=self.version)
        del self.stored.moves[number:]
        self.stored.version += 1
        self.replay()

    def log_size(self) -> int:
        """How many entries the log holds now (the clients cut theirs to it at a take-back)."""
        return self.logged[-1] if self.logged else 1

    def news(self, store: Store) -> list[tuple[int, Move]] | None:
        """The moves another server process stored since ours, or None when it also took a
        step back (the hub then reloads the whole match)."""
        version, moves = store.changes_since(self.id, self.moves)
        if version - self.version != len(moves):
            return None
        return moves

    def take_in(self, seat: int, move: Move) -> list[Event]:
        """Apply a move another server process stored (it was checked there)."""
        events = self.apply(seat, move)
        self.committed()
        return events

    def reload(self, store: Store) -> None:
        """The match as stored (another server process took a step back)."""
        fresh = store.load(self.id)
        self.stored.moves, self.stored.version = fresh.moves, fresh.version
        self.stored.tokens, self.stored.seats = fresh.tokens, fresh.seats
        self.replay()

    def refresh(self, store: Store) -> None:
        """Seat tokens and names as stored (another server process may have seated someone)."""
        fresh = store.load(self.id)
        self.stored.tokens, self.stored.seats = fresh.tokens, fresh.seats

    # -- messages --------------------------------------------------------------------------

    def seats_json(self) -> list[dict[str, str]]:
        return [s.to_json() for s in self.stored.seats]

    def welcome(
        self, seats: set[int], tokens: dict[int, str] | None = None, since: int | None = None
    ) -> str:
        """Everything a client holding ``seats`` needs to show the table as it stands: the
        seats' views, the log (redacted), whose seats are connected; encoded. ``since``:
        the log entries the client already holds (a resume): only the entries from
        ``log_from`` on are sent (never from inside the steps that may still be taken back,
        so the client's kept part is the server's). The log's entries are cached JSON."""
        doc: dict[str, Any] = {
            "type": "welcome",
            "match": self.id,
            "code": show_code(self.stored.code),
            "players": self.stored.players,
            "seats": self.seats_json(),
            "connected": self.connected(),
            "stand_ins": sorted(self.stand_ins),
            "yours": sorted(seats),
            "seq": {str(s): self.own[s] for s in sorted(seats)},
            "n": self.moves,
            "views": {str(s): view_json(self.game, s) for s in sorted(seats)},
            "back": self.back.to_json(),
        }
        if tokens:
            doc["tokens"] = {str(s): t for s, t in tokens.items()}
        if self.game.over:
            doc["final"] = self.final()
        start = 0
        if since is not None:
            start = doc["log_from"] = max(0, min(since, self.settled_log()))
        log = ",".join(self.log_cache[start:])
        return f'{encode(doc)[:-1]},"log":[{log}]}}'

    def settled_log(self) -> int:
        """The log's length before the first step that may still be taken back."""
        if not self.back.moves:
            return len(self.log_cache)
        first = self.back.moves[0]
        return self.logged[first - 1] if first > 0 else 1

    def log_json(self) -> list[list[Any]]:
        """[round, event] for every event so far, redacted."""
        return [json.loads(e) for e in self.log_cache]

    def events_message(
        self, seat: int, move: Move, events: list[Event], n: int, back: list[int] | None
    ) -> dict[str, Any]:
        """Move number ``n`` (from 1) and what it did, redacted; ``back``: what could be
        taken back right after it (``WayBack.to_json``)."""
        return {
            "type": "events",
            "n": n,
            "seat": seat,
            "move": move.to_json(),
            "events": events_json(events),
            "back": back,
        }

    def undone_message(self, seat: int, seats: set[int]) -> dict[str, Any]:
        """``seat`` took a step back: the table as it stands now, for a client holding
        ``seats`` (their views, redacted; the log's length to cut to)."""
        return {
            "type": "undone",
            "n": self.moves,
            "seat": seat,
            "seq": {str(s): self.own[s] for s in sorted(seats)},
            "views": {str(s): view_json(self.game, s) for s in sorted(seats)},
            "log": self.log_size(),
            "back": self.back.to_json(),
        }

    def presence(self) -> dict[str, Any]:
        """Who is connected; ``away``: how many seconds each away player's seat has waited
        and ``away_ai_s``: the host's wait before an AI stands in (0: none), so a table can
        count down to it."""
        return {
            "type": "presence",
            "connected": self.connected(),
            "seats": self.seats_json(),
            "stand_ins": sorted(self.stand_ins),
            "away": self.away_seconds(),
            "away_ai_s": self.stored.away_ai,
        }

    def away_seconds(self) -> dict[str, float]:
        now = time.monotonic()
        return {
            str(s): round(max(0.0, now - since), 1)
            for s, since in sorted(self.away_since.items())
            if s not in self.peers
        }

    def final(self) -> dict[str, Any]:
        """The whole match once it is over (the seed is no secret any more): the clients
        keep it for replays, the review and statistics."""
        assert self.game.phase is Phase.OVER
        return {
            "seed": self.stored.seed,
            "first": self.stored.first,
            "moves": [[s, m.to_json()] for s, m in self.stored.moves],
        }

    def tell(self, text: str) -> None:
        """Send ``text`` to every client at the table (once each)."""
        for peer in self.clients():
            peer.push(text)

    def clients(self) -> list[Peer]:
        """Every client at the table, once each."""
        return list({id(p): p for p in self.peers.values()}.values())
