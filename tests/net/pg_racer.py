"""One of the processes that race to store a move of the same match at the same version
(``test_pg_store``): a module of its own, so a racer imports only the store, not
the test module with pytest (issue 43); forked warm, the server already imported."""

from __future__ import annotations

from typing import Any

from game.engine.moves import DRAW
from game.net.store import StaleMatch
from game.net.store.postgres import PostgresStore

RACE_ROUNDS = 150


def racer(url: str, match: str, barrier: Any, results: Any) -> None:
    """One process: each round, read the match's version, then store a move at it."""
    store = PostgresStore(url)
    wins = []
    for _ in range(RACE_ROUNDS):
        barrier.wait(30)
        version = store.load(match).version
        barrier.wait(30)
        try:
            store.add_move(match, version, 0, DRAW, version=version)
            wins.append(version)
        except StaleMatch:
            pass
        barrier.wait(30)
    store.close()
    results.put(wins)
