"""The server's core, without the sockets: every hosted match, and what each client
message does. Everything here runs on the event loop's thread and never waits (a move's
commit runs on the store writer's thread; a welcome, an undo or a seat given up waits for
its table's), so one message is handled whole before the next: no match is ever seen
half-changed. ``game/net/server.py`` puts it on WebSockets.
A store of one server process takes moves by group commit (``group_commit.py``).

Who may do what: a connection holds the seats it created, joined (with the match's join
code) or resumed (with the seats' secret tokens); it may play only for those seats, each
move numbered by the seat's own count (``seq``), so a replayed or stale message is refused.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from game.engine import Event, IllegalMove, Move, new_game
from game.net import ai_turns, leaving, lifecycle, lobby, take_back
from game.net.admission import Admission
from game.net.ai_seats import AiRunner
from game.net.group_commit import GroupCommit, Unstored
from game.net.hosted import HostedMatch
from game.net.limits import FloodCount, Limits, TokenBucket
from game.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Create,
    Join,
    Leave,
    ListTables,
    Play,
    ProtocolError,
    Resume,
    Undo,
    encode,
    parse_client,
)
from game.net.refusals import Refused, check_seq
from game.net.store import StaleMatch, Store, StoredMatch, StoreError, token_hash
from game.seats import Seat

log = logging.getLogger(__name__)
RETRY_S = ai_turns.RETRY_S  # after a store failure, an AI seat asks again this much later
CONFLICT_TRIES = 20  # a move another server process keeps beating is refused as busy after


class Client:
    """What the hub keeps about one connection (``server.Connection`` adds the socket)."""

    def __init__(self, address: str, limits: Limits, clock: Callable[[], float]) -> None:
        self.address = address
        self.match: HostedMatch | None = None
        self.seats: set[int] = set()
        self.bucket = TokenBucket(limits.messages_per_s, limits.message_burst)
        self.tries = TokenBucket(limits.seat_tries_per_s, limits.seat_tries_burst)
        self.flooding = FloodCount(limits.flood_close, limits.flood_pause_s)
        self.told_rate_at = -1e9

    def push(self, text: str) -> None:  # pragma: no cover - the server's connection sends
        raise NotImplementedError

    def close_soon(self, code: int, reason: str) -> None:  # pragma: no cover
        raise NotImplementedError


class Hub:
    def __init__(
        self,
        store: Store,
        ai: AiRunner,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.ai = ai
        self.limits = limits or Limits()
        self.clock = clock
        self.matches: dict[str, HostedMatch] = {}
        self.codes: dict[str, str] = {}  # join code -> match id
        self.admission = Admission(self.limits)  # who may create, join, resume now
        self.pending_ai: set[asyncio.Future[Move]] = set()
        self.group_commit = not store.shared  # shared: a stale move is retried on its own
        self.group = GroupCommit(store, self._stored, self._lost)

    # -- start and stop --------------------------------------------------------------------

    def resume_stored(self) -> int:
        """Load every unfinished match from the store (a restart); their AI seats go on."""
        count = 0
        for stored in self.store.unfinished():
            try:
                match = HostedMatch.start(stored)
            except (ValueError, KeyError):
                log.exception("match %s cannot be replayed from the store; left out", stored.id)
                continue
            self._loaded(match)
            count += 1
        log.info("resumed %d unfinished matches from %s", count, self.store.path)
        return count

    def _loaded(self, match: HostedMatch) -> None:
        """``match`` is held from now on (its idle time counts from now)."""
        now = self.clock()
        self.matches[match.id] = match
        self.codes[match.stored.code] = match.id
        match.human_at = now
        match.away_since = dict.fromkeys(match.away_since, now)

    def unload(self, match: HostedMatch) -> None:
        """Let go of ``match`` (the store keeps it): over, closed, or nobody's any more."""
        if self.matches.get(match.id) is match:
            del self.matches[match.id]
            self.codes.pop(match.stored.code, None)
            if match.creator:
                self.admission.closed(match.creator)
            self.ai.drop(match.id)

    def start_ai(self) -> None:
        for match in list(self.matches.values()):
            self.kick_ai(match)

    def close(self) -> None:
        self.group.close()  # moves applied but not yet committed are stored, not dropped
        for fut in self.pending_ai:
            fut.cancel()
        self.ai.close()
        self.store.close()

    # -- messages --------------------------------------------------------------------------

    def receive(self, client: Any, raw: str | bytes) -> None:
        """Handle one message from ``client``; a refusal goes back to it as an error and
        changes nothing."""
        now = self.clock()
        if not client.bucket.take(now):
            too_fast(self, client, now)
            return
        try:
            msg = parse_client(raw)
            if isinstance(msg, Create | Join | Resume) and not client.tries.take(now):
                too_fast(self, client, now)  # a person seats a connection once or twice
                return
            match msg:
                case Create():
                    self.create(client, msg, now)
                case Join():
                    self.join(client, msg, now)
                case Resume():
                    self.resume(client, msg, now)
                case Play():
                    self.play(client, msg)
                case Undo():
                    take_back.undo(self, client, msg)
                case Leave():
                    leaving.leave(self, client)
                case ListTables():
                    lobby.answer(self, client, now)
        except ProtocolError as e:
            self.refuse(client, Refused(e.code, e.text))
        except Refused as e:
            self.refuse(client, e)

    def refuse(self, client: Any, e: Refused) -> None:
        log.debug("%s: refused %s: %s", client.address, e.code, e.text)
        client.push(encode({"type": "error", "code": e.code, "text": e.text, **e.extra}))

    def _unbound(self, client: Any) -> None:
        if client.match is not None:
            raise Refused("already_joined", "this connection already sits at a table")

    def create(self, client: Any, msg: Create, now: float) -> None:
        self._unbound(client)
        if not msg.mine:  # a table only AIs play runs for nobody: it is not made
            raise Refused("no_human_seat", "a table needs a human seat that you play")
        self.admission.create(client.address, len(self.matches), now)
        seed, ai_seed = secrets.randbelow(1 << 62), secrets.randbelow(1 << 62)
        players = len(msg.seats)
        first = new_game(players, seed).first
        tokens = {s: secrets.token_urlsafe(32) for s in msg.mine}
        stored = StoredMatch(
            secrets.token_hex(16),
            new_code(self),
            players,
            seed,
            first,
            ai_seed,
            [Seat(s.name, s.kind) for s in msg.seats],
            {s: token_hash(t) for s, t in tokens.items()},
            left_seat=msg.left_seat,
            **lobby.create_options(msg),  # the away wait, public or not and its name
        )
        try:
            self.store.create(stored)
        except StoreError as e:
            raise Refused("storage", "the server could not store the table") from e
        match = HostedMatch.start(stored)
        match.creator = client.address
        self._loaded(match)
        log.info("%s: created match %s (%d seats)", client.address, match.id, players)
        self.bind(client, match, set(msg.mine), tokens)  # its AI seats start there

    def join(self, client: Any, msg: Join, now: float) -> None:
        self._unbound(client)
        self.admission.guard(client.address, now)
        match = self.matches.get(self.codes.get(msg.code, ""))
        if match is None and self.store.shared:  # made by another server process
            match = self.load(self.store.match_of_code(msg.code))
        if match is None:
            text = "no table has this join code"
            raise self.admission.failure(client.address, now, "no_such_code", text)
        if self.store.shared:  # seats and moves other server processes took
            match.refresh(self.store)
            self.catch_up(match)
        open_seats = match.open_seats()
        wanted = list(msg.seats) or open_seats[:1]
        if not wanted or any(s not in open_seats for s in wanted):
            raise Refused("no_seat", "that seat is not free at this table", open=open_seats)
        tokens = {s: secrets.token_urlsafe(32) for s in wanted}
        names = {s: msg.name for s in wanted} if msg.name else {}
        try:
            self.store.claim(match.id, {s: token_hash(t) for s, t in tokens.items()}, names)
        except StoreError as e:
            raise Refused("storage", "the server could not store your seat") from e
        for s, t in tokens.items():
            match.stored.tokens[s] = token_hash(t)
        for s, name in names.items():
            match.stored.seats[s] = Seat(name, "human")
        log.info("%s: joined match %s at seats %s", client.address, match.id, wanted)
        self.bind(client, match, set(wanted), tokens)

    def resume(self, client: Any, msg: Resume, now: float) -> None:
        self._unbound(client)  # a valid token is never refused for failures: checked first
        match = self.matches.get(msg.match)
        if match is None and self.store.shared:  # served by another (maybe dead) process
            match = self.load(msg.match)
        if match is None:
            text = "no such table on this server"
            raise self.admission.failure(client.address, now, "no_such_match", text)
        if self.store.shared:  # the welcome holds every move stored so far, wherever made
            self.catch_up(match)
        seats = set()
        for token in msg.tokens:
            digest = token_hash(token)
            if self.store.shared and digest not in match.stored.tokens.values():
                match.refresh(self.store)  # a seat taken through another process
            found = [s for s, h in match.stored.tokens.items() if hmac.compare_digest(h, digest)]
            if not found:
                text = "a seat token is not valid here"
                raise self.admission.failure(client.address, now, "bad_token", text)
            seats.add(found[0])
        self.admission.resume(client.address, [f"{match.id}/{s}" for s in sorted(seats)], now)
        log.info("%s: resumed match %s at seats %s", client.address, match.id, sorted(seats))
        self.bind(client, match, seats, None, msg.since)

    def bind(
        self,
        client: Any,
        match: HostedMatch,
        seats: set[int],
        tokens: dict[int, str] | None,
        since: int | None = None,
    ) -> None:
        """``client`` now holds ``seats`` of ``match`` (a client holding one of them before
        loses it: the newest connection wins, as after a dropped network)."""
        self.flush(match)  # the welcome shows only stored moves
        for s in seats:
            match.away_since.pop(s, None)
            match.stand_ins.discard(s)  # the player is back: the AI stands down
            old = match.peers.get(s)
            if old is not None and old is not client:
                old.seats.discard(s)
                if not old.seats:
                    old.match = None
                    old.close_soon(4000, "your seat was taken up by a newer connection")
            match.peers[s] = client
        client.match, client.seats = match, set(seats)
        client.push(match.welcome(seats, tokens, since))
        match.tell(encode(match.presence()))
        self.kick_ai(match)  # its AI seats play while someone is at the table

    def leave(self, client: Any) -> None:
        """A connection ended: its seats wait for their player (the table goes on)."""
        match = client.match
        if match is None:
            return
        for s in list(client.seats):
            if match.peers.get(s) is client:
                del match.peers[s]
                match.away_since[s] = self.clock()
        client.match, client.seats = None, set()
        match.tell(encode(match.presence()))

    def play(self, client: Any, msg: Play) -> None:
        match = client.match
        if match is None:
            raise Refused("not_joined", "join a table before playing")
        ref = {"seat": msg.seat, "seq": msg.seq}
        if msg.seat not in client.seats:
            raise Refused("not_your_seat", "you do not hold that seat", **ref)
        match.human_at = self.clock()
        if self.group_commit:
            check_seq(match, msg.seat, msg.seq, ref)
            try:
                events = match.apply(msg.seat, msg.move)
            except IllegalMove as e:
                raise Refused("illegal", str(e), rule=e.code, numbers=e.numbers, **ref) from None
            idx, back = match.moves - 1, match.back.to_json()
            self.group.add(Unstored(match, idx, msg.seat, msg.move, events, client, ref, back))
            return
        for _ in range(CONFLICT_TRIES):
            check_seq(match, msg.seat, msg.seq, ref)
            try:
                events = match.play(self.store, msg.seat, msg.move)
                break
            except IllegalMove as e:
                raise Refused("illegal", str(e), rule=e.code, numbers=e.numbers, **ref) from None
            except StaleMatch:  # another server process stored a move first: take it, retry
                self.catch_up(match)
            except StoreError as e:
                raise Refused("storage", "the server could not store the move", **ref) from e
        else:
            raise Refused("busy", "the table is changing too fast: send the move again", **ref)
        client.push(encode({"type": "ack", **ref, "n": match.moves}))
        self.after_move(match, msg.seat, msg.move, events, match.moves, match.back.to_json())

    def flush(self, match: HostedMatch | None = None) -> None:
        """Commit the moves waiting for it now, waiting for the disk on this thread (before
        a welcome, an undo, a seat given up); ``match``: only its moves are needed."""
        self.group.flush(match)

    def _stored(self, u: Unstored) -> None:
        if u.client is not None:
            u.client.push(encode({"type": "ack", **u.ref, "n": u.idx + 1}))
        self.after_move(u.match, u.seat, u.move, u.events, u.idx + 1, u.back)

    def _lost(self, batch: list[Unstored], matches: list[HostedMatch]) -> None:
        """A failed group commit: each mover is refused, each match goes back to its stored
        moves (nobody was told of those moves) and its AI seats are asked again soon."""
        for u in batch:
            if u.client is not None:
                text = "the server could not store the move"
                self.refuse(u.client, Refused("storage", text, **u.ref))
        loop = asyncio.get_running_loop()
        for match in matches:
            match.rollback()
            loop.call_later(RETRY_S, self.kick_ai, match)

    def after_move(
        self, match: HostedMatch, seat: int, move: Move, events: list[Event], n: int, back: Any
    ) -> None:
        """Tell the table move number ``n`` (counted from 1), and the end if it was the last;
        ``back``: what could be taken back right after it."""
        match.tell(encode(match.events_message(seat, move, events, n, back)))
        if n == match.moves and match.game.over:
            match.ended_at = self.clock()
            log.info("match %s is over after %d moves", match.id, match.moves)
            match.tell(encode({"type": "final", **match.final()}))
        self.kick_ai(match)

    # -- other server processes (a shared store) -----------------------------------------

    def load(self, match_id: str | None) -> HostedMatch | None:
        """A match from the store, kept from now on (None if there is no such match)."""
        if match_id is None:
            return None
        if match_id in self.matches:
            return self.matches[match_id]
        try:
            match = HostedMatch.start(self.store.load(match_id))
        except KeyError:
            return None
        except StoreError:
            log.exception("match %s could not be loaded from the store", match_id)
            raise Refused("storage", "the server could not read the table") from None
        self._loaded(match)
        self.kick_ai(match)
        return match

    def catch_up(self, match: HostedMatch) -> None:
        """Take in the moves other server processes stored, and tell this table's clients.
        A store that cannot be read now leaves the match as it is (it is checked again)."""
        try:
            news = match.news(self.store)
            if news is None:  # a step was taken back there: the table as stored
                take_back.reload(self, match)
                return
            for seat, move in news:  # each told before the next is applied (numbering)
                events = match.take_in(seat, move)
                self.after_move(match, seat, move, events, match.moves, match.back.to_json())
        except StoreError:
            log.warning("match %s: could not read the moves stored elsewhere", match.id)

    # -- AI seats --------------------------------------------------------------------------

    def kick_ai(self, match: HostedMatch) -> None:
        """Ask the match's AI seats that must decide now (``ai_turns.kick``)."""
        ai_turns.kick(self, match)

    def tick(self) -> None:
        """Once a second: stand-ins for away players (``lifecycle.stand_in``)."""
        lifecycle.stand_in(self, self.clock())

    def sweep(self) -> None:
        """Unload finished tables past their grace period, close abandoned ones
        (``lifecycle.py``); forget old rate-limit entries."""
        lifecycle.sweep(self, self.clock())


def too_fast(hub: Hub, client: Any, now: float) -> None:
    """A message over the connection's rate: dropped; told once a second; the connection is
    closed when it keeps on."""
    if client.flooding.refused(now):
        log.warning("%s: closed for flooding", client.address)
        client.close_soon(1008, "too many messages")
    elif now - client.told_rate_at >= 1.0:
        client.told_rate_at = now
        hub.refuse(client, Refused("rate_limited", "too many messages: slow down"))


def new_code(hub: Hub) -> str:
    """A join code no table here or in the store has."""
    for _ in range(100):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in hub.codes and not hub.store.code_taken(code):
            return code
    raise Refused("server_full", "no join code is free")  # 2**40 codes: never in practice
