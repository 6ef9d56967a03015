"""Upgrading old save documents one version at a time.

Each step takes a document of version ``v`` and returns one of version ``v + 1``; steps are
small, pure and tested one by one, so a save from any older release climbs the ladder to the
current format. Engine documents (``game.schema_version``) have their own ladder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Doc = dict[str, Any]
Step = Callable[[Doc], Doc]


class MigrationError(ValueError):
    """An old document that a migration step cannot understand."""


def save_v1_to_v2(doc: Doc) -> Doc:
    """v1 (the first table build) held the game, the seats and a log, but not the setup or
    the moves. v2 adds them; the history of a v1 match is unknown (``moves: null``), so it
    resumes but cannot be replayed, and its old log is dropped.
    """
    game = doc.get("game")
    if not isinstance(game, dict):
        raise MigrationError("a version-1 save holds its game as an object")
    out = {k: v for k, v in doc.items() if k != "log"}
    out.update(
        version=2,
        setup={"players": game.get("players"), "seed": game.get("seed"), "first_player": None},
        ai_seed=game.get("seed"),
        moves=None,
        log=[],
    )
    return out


SAVE_STEPS: dict[int, Step] = {1: save_v1_to_v2}
# Engine schema steps, keyed by the version they upgrade from (none yet: schema 1 is current).
ENGINE_STEPS: dict[int, Step] = {}


def climb(doc: Doc, version: int, target: int, steps: dict[int, Step], what: str) -> Doc:
    """Apply ``steps`` from ``version`` up to ``target``; a missing step is an error."""
    while version < target:
        step = steps.get(version)
        if step is None:
            raise MigrationError(f"no way to upgrade a {what} of version {version}")
        doc = step(doc)
        version += 1
    return doc
