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


class UnreplayableSave(MigrationError):
    """A version-1 save past its first decision: its moves were never recorded, and a save
    without moves cannot be checked, replayed or kept, so it is refused up front."""


def save_v1_to_v2(doc: Doc) -> Doc:
    """v1 (the first table build) held the game, the seats and a log, but not the setup or
    the moves. v2 requires the moves (they must replay from the seed), so a v1 match migrates
    only if it is still at its very start (no move played: the move list is empty and the
    first player is read from the position); any other v1 save raises ``UnreplayableSave``
    rather than resuming once and being lost at the next autosave.
    """
    game = doc.get("game")
    if not isinstance(game, dict):
        raise MigrationError("a version-1 save holds its game as an object")
    first = _untouched_first_player(game)
    if first is None:
        raise UnreplayableSave(
            "a version-1 save has no move list and its game has started: it cannot be continued"
        )
    out = {k: v for k, v in doc.items() if k != "log"}
    out.update(
        version=2,
        setup={"players": game.get("players"), "seed": game.get("seed"), "first_player": first},
        ai_seed=game.get("seed"),
        moves=[],
    )
    return out


def _untouched_first_player(game: Doc) -> int | None:
    """The first player if ``game`` is exactly a new game (nothing played yet), else None."""
    from game.engine import new_game

    players, seed = game.get("players"), game.get("seed")
    if type(players) is not int or type(seed) is not int or not 2 <= players <= 4:
        return None
    if not -(2**63) <= seed <= 2**64:
        return None
    for first in range(players):
        if new_game(players, seed, first).to_json() == game:
            return first
    return None


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
