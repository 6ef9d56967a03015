"""The save document: a game in progress (or finished, for replays) as plain JSON. The one
codec: the table writes its match through ``SavedMatch.to_json`` and reads one back only
through ``parse_save``; the app adds the files (``game/app/saves.py``).

```
{"format": "living-forest-save", "version": 2, "saved_at": "2026-…Z",
 "setup": {"players": 3, "seed": 42, "first_player": 1},
 "seats": [{"name": "Ana", "kind": "human"}, {"name": "Grove", "kind": "medium"}, …],
 "ai_seed": 7, "moves": [[seat, <Move.to_json()>], …],
 "game": <Game.to_json()>}
```

``parse_save`` trusts nothing: every field is type-checked, the engine validates the game,
and the moves are replayed from the setup and must lead to exactly the saved position (a
strong check that the file is whole, and what makes Continue and replays exact). The move
list is required: a save the app cannot replay is a save it would lose at the next autosave,
so it is refused before anything is shown. The log is rebuilt from that replay rather than
read (and no longer written), so a damaged log can never reach the screen. Strings are
printable and length-capped. Version-1 saves (the first table build) had no moves: one still
at its first decision migrates, any other is refused with ``save.too_old``.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from game.engine import SCHEMA_VERSION, Game, IllegalMove, InvalidState, Move, new_game
from game.engine import events as ev
from game.save_migrations import (
    ENGINE_STEPS,
    SAVE_STEPS,
    MigrationError,
    UnreplayableSave,
    climb,
)
from game.seats import Seat, seat_problem

log = logging.getLogger(__name__)

FORMAT = "living-forest-save"
SAVE_VERSION = 2
MAX_SAVE_BYTES = 5 * 1024 * 1024
# The longest move is ~45 bytes of compact JSON: 50,000 of them stay far below the 5 MB limit
# with the game beside them (the log is not written), so every save the app writes loads.
MAX_MOVES = 50_000


class OverLimit(ValueError):
    """A document the reader would refuse for its length: the writer refuses it first."""


def check_limits(raw: dict[str, Any]) -> None:
    """The reader's limit on the move list, applied by the writer before it writes (the
    byte limit, ``MAX_SAVE_BYTES``, is applied to the encoded bytes by the same rule):
    the app never writes a save it would refuse to load."""
    moves = raw.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_MOVES:
        raise OverLimit(f"{len(moves)} moves is over the {MAX_MOVES}-move limit")


class SaveError(ValueError):
    """A refused save: ``key`` is the catalogue key of the player's message."""

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key
        self.detail = detail


@dataclass
class SavedMatch:
    """Everything needed to resume a match exactly, or to replay it from the start."""

    players: int
    seed: int
    first_player: int
    seats: list[Seat]
    game: Game
    ai_seed: int = 0
    moves: list[tuple[int, Move]] = field(default_factory=list)  # replays from the setup
    log: list[tuple[int, ev.Event]] = field(default_factory=list)  # (round, event), rebuilt
    saved_at: str = ""

    @property
    def replayable(self) -> bool:
        """Always true now: a save without its moves is refused when it is read."""
        return True

    def head(self) -> dict[str, Any]:
        """What a match starts from (setup, seats, AI seed): its identity before any move,
        as the document holds it (the move journal names its match by it)."""
        return {
            "setup": {
                "players": self.players,
                "seed": self.seed,
                "first_player": self.first_player,
            },
            "seats": [s.to_json() for s in self.seats],
            "ai_seed": self.ai_seed,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": SAVE_VERSION,
            "saved_at": self.saved_at or datetime.now(UTC).isoformat(timespec="seconds"),
            **self.head(),
            "moves": [[seat, m.to_json()] for seat, m in self.moves],
            "game": self.game.to_json(),
        }

    @property
    def round(self) -> int:
        return self.game.round

    def key(self) -> str:
        """The match's identity (setup, seats, AI seed and moves), 16 hex digits: the same
        finished game gets the same key however often it is recorded."""
        what = [
            self.players,
            self.seed,
            self.first_player,
            [s.to_json() for s in self.seats],
            self.ai_seed,
            [[seat, m.to_json()] for seat, m in self.moves],
        ]
        text = json.dumps(what, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# --- reading ---------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a save")


def decode(data: bytes) -> Any:
    """Bytes to JSON, refusing non-UTF-8, NaN/Infinity and absurd nesting."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError("save.too_large", f"{len(data)} bytes is over the 5 MB limit")
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError as e:
        raise SaveError("save.not_json", f"not UTF-8 text: {e.reason}") from None
    except RecursionError:
        raise SaveError("save.not_json", "nested too deeply") from None
    except ValueError as e:
        raise SaveError("save.not_json", f"not valid JSON ({e})") from None


def _field(raw: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in raw:
        raise SaveError("save.bad_field", f"missing field {name!r}")
    v = raw[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if type(v) not in kinds:
        raise SaveError("save.bad_field", f"field {name!r} has the wrong type")
    return v


def _int(raw: dict[str, Any], name: str, lo: int, hi: int) -> int:
    v = _field(raw, name, int)
    if not lo <= v <= hi:
        raise SaveError("save.bad_field", f"field {name!r} must be from {lo} to {hi}")
    return int(v)


def _seat(raw: Any) -> Seat:
    problem = seat_problem(raw)
    if problem is not None:
        raise SaveError("save.bad_field", problem)
    return Seat(raw["name"], raw["kind"])


def _moves(raw: Any) -> list[tuple[int, Move]]:
    if type(raw) is not list:
        raise SaveError("save.bad_field", "the move list is missing: the save cannot be checked")
    if len(raw) > MAX_MOVES:
        raise SaveError("save.bad_field", f"more than {MAX_MOVES} moves")
    out = []
    for item in raw:
        if type(item) is not list or len(item) != 2 or type(item[0]) is not int:
            raise SaveError("save.bad_field", "a move must be [seat, move]")
        try:
            out.append((item[0], Move.from_json(item[1])))
        except (ValueError, TypeError, KeyError) as e:
            raise SaveError("save.bad_field", f"a move cannot be read: {e}") from None
    return out


def migrate(doc: Any) -> dict[str, Any]:
    """Check the envelope and bring an older document up to the current version."""
    if type(doc) is dict and "format" not in doc and doc.get("save_version") == 1:
        doc = {k: v for k, v in doc.items() if k != "save_version"}
        doc.update(format=FORMAT, version=1)
    if type(doc) is not dict or doc.get("format") != FORMAT:
        raise SaveError("save.not_a_save", "this is not a Living Forest save")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("save.unknown_version", f"unknown save version {version!r}")
    if version > SAVE_VERSION:
        raise SaveError("save.newer_version", f"save version {version} is newer than this game")
    try:
        doc = climb(doc, version, SAVE_VERSION, SAVE_STEPS, "save")
        game = doc.get("game")
        if type(game) is dict:
            gv = game.get("schema_version")
            if type(gv) is not int or gv < 1:
                raise SaveError("save.unknown_version", f"unknown game schema {gv!r}")
            if gv > SCHEMA_VERSION:
                raise SaveError("save.newer_version", f"game schema {gv} is newer than this game")
            doc["game"] = climb(game, gv, SCHEMA_VERSION, ENGINE_STEPS, "game")
    except UnreplayableSave as e:
        raise SaveError("save.too_old", str(e)) from None
    except MigrationError as e:
        raise SaveError("save.unknown_version", str(e)) from None
    return doc


def parse_save(doc: Any) -> SavedMatch:
    """A validated ``SavedMatch`` from a decoded document, or ``SaveError`` saying why not."""
    doc = migrate(doc)
    setup = _field(doc, "setup", dict)
    players = _int(setup, "players", 2, 4)
    seed = _int(setup, "seed", -(2**63), 2**64)
    if doc.get("moves") is None and setup.get("first_player") is None:
        # what the previous build wrote for a migrated version-1 save: no history at all
        raise SaveError("save.too_old", "a save without its moves cannot be continued")
    first = _int(setup, "first_player", 0, players - 1)
    seats_raw = _field(doc, "seats", list)
    if len(seats_raw) != players:
        raise SaveError("save.bad_field", "there must be one seat per player")
    seats = [_seat(s) for s in seats_raw]
    ai_seed = _int(doc, "ai_seed", -(2**63), 2**64)
    saved_at = doc.get("saved_at", "")
    ok = type(saved_at) is str and len(saved_at) <= 64 and saved_at.isprintable()
    saved_at = saved_at if ok else ""
    moves = _moves(doc.get("moves"))
    game = _load_game(_field(doc, "game", dict))
    if game.n != players or game.seed != seed:
        raise SaveError("save.rules", "the game does not match its setup")
    log = _check_moves(game, players, seed, first, moves)
    return SavedMatch(players, seed, first, seats, game, ai_seed, moves, log, saved_at)


def _load_game(raw: dict[str, Any]) -> Game:
    try:
        game = Game.from_json(raw)
    except InvalidState as e:
        raise SaveError("save.rules", f"the game breaks the rules: {e}") from None
    except Exception as e:  # noqa: BLE001 - the engine must refuse, never crash the menu
        raise SaveError("save.rules", f"internal error reading the game: {e!r}") from None
    if game.is_view:
        raise SaveError("save.rules", "a player's view is not a whole game")
    return game


def _check_moves(
    game: Game, players: int, seed: int, first: int, moves: list
) -> list[tuple[int, ev.Event]]:
    """Replay ``moves`` from the setup: they must be legal and end in the saved position.

    Returns the log the table keeps, rebuilt from the replay's events.
    """
    replay = new_game(players, seed, first)
    entries: list[tuple[int, ev.Event]] = [
        (replay.round, ev.RoundStarted(replay.round, replay.first))
    ]
    for i, (seat, move) in enumerate(moves):
        rnd = replay.round
        try:
            events = replay.play(seat, move)
        except IllegalMove as e:
            raise SaveError("save.moves", f"move {i + 1} is not legal: {e}") from None
        except Exception as e:  # noqa: BLE001 - the engine must refuse, never crash the menu
            raise SaveError("save.moves", f"move {i + 1} cannot be played: {e!r}") from None
        for event in events:
            if isinstance(event, ev.RoundStarted):
                rnd = event.round
            entries.append((rnd, event))
    if replay.to_json() != game.to_json():
        raise SaveError("save.moves", "the moves do not lead to the saved position")
    return entries


def continued(saved: SavedMatch, moves: list[tuple[int, Move]]) -> tuple[SavedMatch, str]:
    """``saved`` with ``moves`` as its move list, replayed from the setup (from the saved
    position when they extend its own), as far as they are legal: the match after the
    longest legal beginning of ``moves``, and why the rest was dropped ('' if nothing was).
    The move journal (``game/app/journal.py``) brings a save up to date with it."""
    if len(moves) > MAX_MOVES:
        moves, why = moves[:MAX_MOVES], f"more than {MAX_MOVES} moves"
    else:
        why = ""
    own = len(saved.moves)
    if moves[:own] == saved.moves:
        game, entries, done = saved.game.clone(), list(saved.log), own
    else:
        game, done = new_game(saved.players, saved.seed, saved.first_player), 0
        entries = [(game.round, ev.RoundStarted(game.round, game.first))]
    for i in range(done, len(moves)):
        seat, move = moves[i]
        rnd = game.round
        try:
            events = game.play(seat, move)
        except IllegalMove as e:
            moves, why = moves[:i], f"move {i + 1} is not legal: {e}"
            break
        except Exception as e:  # noqa: BLE001 - the engine must refuse, never crash the menu
            # the position may be half changed: the legal beginning is replayed afresh
            log.warning("move %s of a continued match cannot be played", i + 1, exc_info=True)
            return continued(saved, moves[:i])[0], f"move {i + 1} cannot be played: {e!r}"
        for event in events:
            if isinstance(event, ev.RoundStarted):
                rnd = event.round
            entries.append((rnd, event))
    out = SavedMatch(saved.players, saved.seed, saved.first_player, list(saved.seats), game,
                     saved.ai_seed, list(moves), entries, saved.saved_at)  # fmt: skip
    return out, why


def load_bytes(data: bytes) -> SavedMatch:
    return parse_save(decode(data))
