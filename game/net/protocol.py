"""The wire format between a table client and the match server: JSON objects, one per
WebSocket text message, each carrying the protocol version ``v`` and a ``type``.

Every message from a client is checked here before the server looks at it (exact types,
ranges, lengths, no unknown fields); anything else is a ``ProtocolError`` whose ``code`` and
``text`` go back to the sender as an ``error`` message. The server's own messages are built
by ``encode`` (compact JSON) and read back by ``decode`` on the client, which checks the
envelope; their bodies are checked where they are used (``game/net/mirror.py``).

Client -> server::

    {"v":1,"type":"create","seats":[{"name":"Ana","kind":"human"},…],"mine":[0],"away_ai_s":60}
    {"v":1,"type":"join","code":"K7QF-3MZX","seats":[1],"name":"Bo"}   (seats, name optional)
    {"v":1,"type":"resume","match":"<id>","tokens":["<seat token>",…]}
    {"v":1,"type":"play","seat":1,"seq":7,"move":{"kind":"draw"}}
    {"v":1,"type":"undo","seat":1,"seq":9}   (take back seat 1's last step; seq: its moves)
    {"v":1,"type":"leave"}   (give up the seats this connection holds, for good)
    {"v":1,"type":"list"}   (the server's public tables with a free seat; before joining too)

``create`` may also carry ``"public": true`` (listed by ``list``; default false: only the
code finds it) and ``"table_name": "Ana's forest"`` (the name the list shows).

Server -> client: ``welcome`` (match, code, seats, your seats and tokens, the view, the log),
``ack`` (a move is stored), ``events`` (a move's events, redacted for the receiver),
``presence`` (who is connected, how long the away have been away), ``bye`` (the server
stops: ``reason`` ``host_left`` or ``restart``; ``left`` answers a ``leave``),
``undone`` (a step was taken back: the table as it stands,
redacted), ``final`` (the whole match, once it is over), ``tables`` (the answer to
``list``: code, name and seats of each public table, nothing hidden), ``error``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from game.engine import Move
from game.seats import SEAT_KINDS, valid_name

VERSION = 1
MAX_MESSAGE = 4096  # bytes: the longest legitimate client message is a create (under 1 KB)
MAX_FRAME = 64 * 1024  # the WebSocket layer closes the connection above this (code 1009)
MAX_SERVER_MESSAGE = 4 * 1024 * 1024  # a welcome with a long game's log stays far below
MAX_AWAY_S = 3600  # the longest wait before an AI takes an away player's seat
LEFT_SEAT = ("ai", "open")  # what becomes of a seat whose player leaves: an AI plays it, or
# it is open for someone to join (the host's choice at create; "ai" by default)

# Join codes: 8 symbols of Crockford's base-32 (no I, L, O, U): 40 bits, shown as XXXX-XXXX.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
_CODE = re.compile(r"^[0-9A-Z]{4}-?[0-9A-Z]{4}$")
_MATCH_ID = re.compile(r"^[0-9a-f]{32}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,64}$")


class ProtocolError(ValueError):
    """A message refused before it reaches a match: ``code`` for programs, ``text`` for
    people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


@dataclass(frozen=True, slots=True)
class SeatSpec:
    name: str
    kind: str  # "human" or an AI level


@dataclass(frozen=True, slots=True)
class Create:
    seats: tuple[SeatSpec, ...]
    mine: tuple[int, ...]  # the human seats the creating client plays (hot-seat)
    away_ai_s: int = 0  # an AI plays a seat whose player has been away this long (0: never)
    left_seat: str = "ai"  # a seat whose player leaves: "ai" plays it, or it is "open"
    public: bool = False  # listed by ``list`` (else only its join code finds it)
    table_name: str = ""  # the name the list shows ("": the host's seat's name)


@dataclass(frozen=True, slots=True)
class Join:
    code: str  # normalised: upper case, no dash
    seats: tuple[int, ...]  # empty: the first open human seat
    name: str  # empty: keep the seat's name


@dataclass(frozen=True, slots=True)
class Resume:
    match: str
    tokens: tuple[str, ...]
    since: int | None = None  # log entries the client holds: the welcome sends the rest


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    seq: int  # how many moves this seat has made before this one
    move: Move


@dataclass(frozen=True, slots=True)
class Undo:
    seat: int
    seq: int  # how many moves this seat has made (the last of them is taken back)


@dataclass(frozen=True, slots=True)
class Leave:
    """Give up the seats this connection holds, for good (the host chose what becomes of
    them: an AI, or open for someone to join)."""


@dataclass(frozen=True, slots=True)
class ListTables:
    """Which public tables have a free seat (answered by ``tables``; ``game/net/lobby.py``)."""


ClientMessage = Create | Join | Resume | Play | Undo | Leave | ListTables


def encode(message: dict[str, Any]) -> str:
    """A server or client message as compact JSON, with the protocol version."""
    return json.dumps({"v": VERSION, **message}, separators=(",", ":"), ensure_ascii=False)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(raw: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """The envelope of one message: size, UTF-8, JSON object, version, type."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError("too_large", f"a message may be at most {limit} bytes, not {size}")
    if isinstance(raw, bytes):
        raise ProtocolError("bad_json", "messages are JSON text, not binary frames")
    try:
        doc = json.loads(raw, parse_constant=_reject_constant)
    except RecursionError:
        raise ProtocolError("bad_json", "the message is nested too deeply") from None
    except ValueError as e:
        raise ProtocolError("bad_json", f"the message is not JSON ({e})") from None
    if type(doc) is not dict:
        raise ProtocolError("bad_message", "a message must be a JSON object")
    if doc.get("v") != VERSION:
        raise ProtocolError(
            "bad_version", f"protocol version {doc.get('v')!r} is not {VERSION}: update the game"
        )
    if type(doc.get("type")) is not str:
        raise ProtocolError("bad_message", "a message needs a 'type'")
    return doc


def _fields(
    doc: dict[str, Any], required: set[str], optional: AbstractSet[str] = frozenset()
) -> None:
    extra = set(doc) - required - set(optional) - {"v", "type"}
    if extra:
        raise ProtocolError("bad_message", f"unexpected fields: {sorted(extra)}")
    missing = required - set(doc)
    if missing:
        raise ProtocolError("bad_message", f"missing fields: {sorted(missing)}")


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ProtocolError("bad_message", f"{name} must be an integer from {lo} to {hi}")
    return value


def _seat_list(value: Any, name: str, most: int) -> tuple[int, ...]:
    if type(value) is not list or len(value) > most:
        raise ProtocolError("bad_message", f"{name} must be a list of at most {most} seats")
    seats = tuple(_int(s, f"{name} item", 0, 3) for s in value)
    if len(set(seats)) != len(seats):
        raise ProtocolError("bad_message", f"{name} names a seat twice")
    return seats


def normal_code(code: str) -> str:
    """A join code as typed (any case, with or without the dash) in its stored form."""
    return code.strip().upper().replace("-", "")


def show_code(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def parse_client(raw: str | bytes) -> ClientMessage:
    """One client message, checked; ``ProtocolError`` says what is wrong."""
    doc = decode(raw)
    kind = doc["type"]
    if kind == "create":
        return _create(doc)
    if kind == "join":
        _fields(doc, {"code"}, {"seats", "name"})
        code = doc["code"]
        if type(code) is not str or not _CODE.match(code.strip().upper()):
            raise ProtocolError("bad_code", "a join code is 8 letters and digits, as XXXX-XXXX")
        name = doc.get("name", "")
        if name != "" and not valid_name(name):
            raise ProtocolError("bad_name", "a name is 1-40 printable characters")
        return Join(normal_code(code), _seat_list(doc.get("seats", []), "seats", 4), name)
    if kind == "resume":
        _fields(doc, {"match", "tokens"}, {"since"})
        match, tokens = doc["match"], doc["tokens"]
        if type(match) is not str or not _MATCH_ID.match(match):
            raise ProtocolError("bad_message", "match must be a match id")
        if type(tokens) is not list or not 1 <= len(tokens) <= 4:
            raise ProtocolError("bad_message", "tokens must be a list of 1 to 4 seat tokens")
        if not all(type(t) is str and _TOKEN.match(t) for t in tokens):
            raise ProtocolError("bad_token", "a seat token is not well formed")
        since = doc.get("since")
        if since is not None:
            since = _int(since, "since", 0, 1_000_000)
        return Resume(match, tuple(tokens), since)
    if kind == "play":
        _fields(doc, {"seat", "seq", "move"})
        try:
            move = Move.from_json(doc["move"])
        except (ValueError, TypeError) as e:
            raise ProtocolError("bad_move", f"the move cannot be read: {e}") from None
        return Play(_int(doc["seat"], "seat", 0, 3), _int(doc["seq"], "seq", 0, 1_000_000), move)
    if kind == "undo":
        _fields(doc, {"seat", "seq"})
        return Undo(_int(doc["seat"], "seat", 0, 3), _int(doc["seq"], "seq", 0, 1_000_000))
    if kind == "leave":
        _fields(doc, set())
        return Leave()
    if kind == "list":
        _fields(doc, set())
        return ListTables()
    raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")


def _create(doc: dict[str, Any]) -> Create:
    _fields(doc, {"seats", "mine"}, {"away_ai_s", "left_seat", "public", "table_name"})
    raw = doc["seats"]
    if type(raw) is not list or not 2 <= len(raw) <= 4:
        raise ProtocolError("bad_seats", "a table has 2 to 4 seats")
    seats = []
    for s in raw:
        if type(s) is not dict or set(s) != {"name", "kind"}:
            raise ProtocolError("bad_seats", "a seat is {name, kind}")
        if not valid_name(s["name"]):
            raise ProtocolError("bad_name", "a name is 1-40 printable characters")
        if s["kind"] not in SEAT_KINDS:
            raise ProtocolError("bad_seats", f"a seat's kind is one of {', '.join(SEAT_KINDS)}")
        seats.append(SeatSpec(s["name"], s["kind"]))
    mine = _seat_list(doc["mine"], "mine", 4)
    if any(m >= len(seats) or seats[m].kind != "human" for m in mine):
        raise ProtocolError("bad_seats", "you can only take the table's human seats")
    away = _int(doc.get("away_ai_s", 0), "away_ai_s", 0, MAX_AWAY_S)
    left = doc.get("left_seat", "ai")
    if left not in LEFT_SEAT or type(left) is not str:
        raise ProtocolError("bad_message", f"left_seat is one of {', '.join(LEFT_SEAT)}")
    public = doc.get("public", False)
    if type(public) is not bool:
        raise ProtocolError("bad_message", "public must be true or false")
    table_name = doc.get("table_name", "-")  # absent: no name (the host's seat's is shown)
    if not (valid_name(table_name) and table_name.strip()):
        raise ProtocolError("bad_name", "a table name is 1-40 printable characters")
    name = table_name.strip() if "table_name" in doc else ""
    return Create(tuple(seats), mine, away, left, public, name)
