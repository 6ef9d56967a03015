"""The rules of Living Forest: pure Python, deterministic from a seed, no I/O.

Public API (see docs/engine.md): ``new_game``, ``Game`` (``pending``, ``legal_moves``,
``play``, ``clone``, ``to_json``/``from_json``, ``view``, ``result``), ``determinize``,
the ``Move`` and ``Event`` families, ``apply_event`` (the one way a game changes) and
``IllegalMove``, and the engine's vocabulary (``TaskKind``, ``Source``, ``Tile``,
``SkipReason``, ``FireReason``, ``RefusalCode``: string enums, so the JSON carries their
keys).
"""

from __future__ import annotations

from game.engine import events
from game.engine.apply import apply_event
from game.engine.events import Event
from game.engine.game import Decision, Game, IllegalMove, Pending, Phase
from game.engine.moves import Move
from game.engine.result import Result, Score
from game.engine.serialize import SCHEMA_VERSION, InvalidState, check_invariants
from game.engine.setup import new_game
from game.engine.view import View, determinize
from game.engine.vocab import Action, FireReason, RefusalCode, SkipReason, Source, TaskKind, Tile

__all__ = [
    "SCHEMA_VERSION",
    "Action",
    "Decision",
    "Event",
    "FireReason",
    "Game",
    "IllegalMove",
    "InvalidState",
    "Move",
    "Pending",
    "Phase",
    "RefusalCode",
    "Result",
    "Score",
    "SkipReason",
    "Source",
    "TaskKind",
    "Tile",
    "View",
    "apply_event",
    "check_invariants",
    "determinize",
    "events",
    "new_game",
]
