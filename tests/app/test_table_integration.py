"""The table's Match and the app's save store agree: what the table writes, the store
validates, and what the store gives back, the table resumes exactly."""

from __future__ import annotations

import random

from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.ui.table.match import Match, Seat
from tests.app.helpers import choose


def _play(match: Match, moves: int, rand: random.Random) -> None:
    for _ in range(moves):
        a = match.active()
        if a is None:
            return
        match.play(a.player, choose(match.game, a.player, rand))


def test_match_saved_by_the_table_resumes_exactly(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    seats = [Seat("Ana", "human"), Seat("Bo", "easy"), Seat("Cy", "hard")]
    match = Match.new(seats, seed=1234)
    _play(match, 150, random.Random(1))
    storage.save_match(match.to_json())
    doc = storage.load_match()
    assert doc is not None and storage.take_notices() == []
    resumed = Match.from_saved(doc)
    assert resumed.game.to_json() == match.game.to_json()
    assert [(s.name, s.kind) for s in resumed.seats] == [(s.name, s.kind) for s in seats]
    assert len(resumed.log) == len(match.log)
    _play(match, 10_000, random.Random(2))
    _play(resumed, 10_000, random.Random(2))
    assert resumed.game.over and resumed.game.to_json() == match.game.to_json()
    stats = storage.record_game(resumed.to_json())
    assert stats is not None and stats.played == 1 and len(storage.list_replays()) == 1


def test_undo_keeps_the_saved_moves_consistent(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    match = Match.new([Seat("Ana", "human"), Seat("Bo", "human")], seed=77)
    rand = random.Random(3)
    undone = 0
    for i in range(300):
        a = match.active()
        if a is None:
            break
        match.play(a.player, choose(match.game, a.player, rand))
        match.queue.clear()  # the table has shown the events
        if match.can_undo() and rand.random() < 0.3:
            undone += match.undo()
        if i % 25 == 0 or undone == 1:
            storage.save_match(match.to_json())
            assert storage.load_match() is not None, storage.take_notices()
    assert undone > 0
