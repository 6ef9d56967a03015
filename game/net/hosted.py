"""One match the server hosts: the real game (only here), its seats and who holds them, and
the messages each client is sent about it, each holding only what its seats may know.

A move is checked and applied by the engine, stored (committed) and only then acknowledged
and told to the table; a store that refuses the write leaves the game as it was (rebuilt
from the stored moves) and the move is refused. The hub may apply several moves before one
commit stores them all (group commit); until then they are told to nobody.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine import Event, Game, Move, Phase, new_game
from game.engine import events as ev
from game.net.protocol import show_code
from game.net.redact import redacted_json, view_json
from game.net.store import StaleMatch, Store, StoredMatch, StoreError

log = logging.getLogger(__name__)
STAND_IN_LEVEL = "medium"  # the AI that plays an away player's seat


class Peer(Protocol):
    """A connected client as a match sees it."""

    seats: set[int]

    def push(self, text: str) -> None: ...
    def close_soon(self, code: int, reason: str) -> None: ...


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [redacted_json(e) for e in events]


@dataclass
class HostedMatch:
    stored: StoredMatch
    game: Game
    peers: dict[int, Peer] = field(default_factory=dict)  # seat -> the client holding it
    own: list[int] = field(default_factory=list)  # moves made by each seat
    thinking: set[int] = field(default_factory=set)  # AI seats being computed
    ended_at: float = 0.0  # when the game ended (the server drops it a while later)
    away_since: dict[int, float] = field(default_factory=dict)  # human seat -> left at
    stand_ins: set[int] = field(default_factory=set)  # away seats an AI plays meanwhile
    stored_upto: int = 0  # how many of ``stored.moves`` are committed (the rest await a flush)

    @classmethod
    def start(cls, stored: StoredMatch) -> HostedMatch:
        """A match from its setup and stored moves (a new one, or one resumed on restart)."""
        game = new_game(stored.players, stored.seed, stored.first)
        own = [0] * stored.players
        for seat, move in stored.moves:
            game.play(seat, move)
            own[seat] += 1
        match = cls(stored, game, own=own, stored_upto=len(stored.moves))
        now = time.monotonic()
        match.away_since = {s: now for s in range(stored.players) if not match.is_ai(s)}
        if game.over:
            match.ended_at = time.monotonic()
        return match

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def moves(self) -> int:
        return len(self.stored.moves)

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

    def apply(self, seat: int, move: Move) -> list[Event]:
        """Check and apply ``move`` ahead of its commit (``IllegalMove`` changes nothing).
        Until ``committed`` it is told to nobody; a failed commit undoes it (``rollback``)."""
        events = self.game.play(seat, move)
        self.stored.moves.append((seat, move))
        self.own[seat] += 1
        if self.game.over:
            self.ended_at = time.monotonic()
        return events

    def committed(self) -> None:
        """Every move applied so far is in the store."""
        self.stored_upto = self.moves

    def rollback(self) -> None:
        """Back to the moves the store holds (a commit failed: the later ones never were)."""
        del self.stored.moves[self.stored_upto :]
        fresh = HostedMatch.start(self.stored)
        self.game, self.own, self.ended_at = fresh.game, fresh.own, fresh.ended_at

    def play(self, store: Store, seat: int, move: Move) -> list[Event]:
        """Check, apply and store ``move`` now (a shared store, where another server process
        may move first); ``IllegalMove`` or ``StoreError`` leave the match unchanged."""
        events = self.apply(seat, move)
        try:
            store.add_moves([(self.id, self.moves - 1, seat, move)], self.ended())
        except StaleMatch:  # another server process moved first: the hub catches up
            self.rollback()
            raise
        except StoreError:
            log.exception("match %s: move %d not stored; the match is rebuilt", self.id, self.moves)
            self.rollback()
            raise
        self.committed()
        return events

    def ended(self) -> list[str]:
        """This match's id if the game is over (stored as finished with its last move)."""
        return [self.id] if self.game.over else []

    def catch_up(self, store: Store) -> Iterator[tuple[int, Move, list[Event]]]:
        """Apply the moves another server process stored since ours, one at a time (each
        is told before the next is applied, so ``events_message`` numbers it right)."""
        for seat, move in store.moves_since(self.id, self.moves):
            events = self.game.play(seat, move)
            self.stored.moves.append((seat, move))
            self.own[seat] += 1
            self.stored_upto = self.moves
            if self.game.over:
                self.ended_at = time.monotonic()
            yield seat, move, events

    def refresh(self, store: Store) -> None:
        """Seat tokens and names as stored (another server process may have seated someone)."""
        fresh = store.load(self.id)
        self.stored.tokens, self.stored.seats = fresh.tokens, fresh.seats

    # -- messages --------------------------------------------------------------------------

    def seats_json(self) -> list[dict[str, str]]:
        return [s.to_json() for s in self.stored.seats]

    def welcome(self, seats: set[int], tokens: dict[int, str] | None = None) -> dict[str, Any]:
        """Everything a client holding ``seats`` needs to show the table as it stands: the
        seats' views, the log so far (replayed, redacted), whose seats are connected."""
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
            "log": self.log_json(),
        }
        if tokens:
            doc["tokens"] = {str(s): t for s, t in tokens.items()}
        if self.game.over:
            doc["final"] = self.final()
        return doc

    def log_json(self) -> list[list[Any]]:
        """[round, event] for every event so far, redacted (replayed from the setup: the
        server keeps no log in memory)."""
        g = new_game(self.stored.players, self.stored.seed, self.stored.first)
        out: list[list[Any]] = [[g.round, ev.RoundStarted(g.round, g.first).to_json()]]
        for seat, move in self.stored.moves:
            rnd = g.round
            for e in g.play(seat, move):
                if isinstance(e, ev.RoundStarted):
                    rnd = e.round
                out.append([rnd, redacted_json(e)])
        return out

    def events_message(self, seat: int, move: Move, events: list[Event], n: int) -> dict[str, Any]:
        """Move number ``n`` (from 1) and what it did, redacted."""
        return {
            "type": "events",
            "n": n,
            "seat": seat,
            "move": move.to_json(),
            "events": events_json(events),
        }

    def presence(self) -> dict[str, Any]:
        return {
            "type": "presence",
            "connected": self.connected(),
            "seats": self.seats_json(),
            "stand_ins": sorted(self.stand_ins),
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
        for peer in {id(p): p for p in self.peers.values()}.values():
            peer.push(text)
