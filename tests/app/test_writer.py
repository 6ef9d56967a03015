"""Autosaves off the frame loop: the newest wins, nothing is lost on flush, clear wins."""

from __future__ import annotations

import threading

from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.app.writer import BackgroundWriter
from game.ui.table.match import Match, Seat


def test_the_newest_job_runs_and_flush_waits_for_it() -> None:
    w = BackgroundWriter()
    gate, started = threading.Event(), threading.Event()
    done: list[int] = []
    w.submit(lambda: (started.set(), gate.wait(5), done.append(0)))  # keeps the thread busy
    assert started.wait(5)
    for i in range(1, 6):
        w.submit(lambda i=i: done.append(i))
    gate.set()
    assert w.flush(5)
    assert done == [0, 5]  # 1-4 were superseded before they started
    assert w.dropped == 4
    w.close()
    w.submit(lambda: done.append(6))  # after close: at once, on this thread
    assert done[-1] == 6


def test_background_storage_reads_its_own_writes(tmp_path) -> None:
    storage = FileStorage(AppPaths.under(tmp_path), background=True)
    match = Match.new([Seat("Ana"), Seat("Bo", "easy")], seed=3)
    for _ in range(5):
        a = match.active()
        match.play(a.player, match.legal()[0])
        storage.save_match(match.to_json())
    doc = storage.load_match()  # waits for the last write
    assert doc is not None, storage.take_notices()
    assert len(doc.moves) == 5
    storage.close()
    assert FileStorage(AppPaths.under(tmp_path)).load_match().moves == doc.moves


def test_clearing_the_match_drops_a_save_still_waiting(tmp_path) -> None:
    storage = FileStorage(AppPaths.under(tmp_path), background=True)
    match = Match.new([Seat("Ana"), Seat("Bo")], seed=4)
    storage.save_match(match.to_json())  # a new match is written at once
    match.play(match.active().player, match.legal()[0])
    gate, started = threading.Event(), threading.Event()
    storage.writer.submit(lambda: (started.set(), gate.wait(5)))
    assert started.wait(5)
    storage.save_match(match.to_json())  # one move on: waits behind the gate
    assert storage.writer.dropped == 0
    threading.Timer(0.05, gate.set).start()
    storage.clear_match()
    assert storage.writer.dropped == 1  # the waiting save was dropped, not written
    storage.close()
    assert not storage.has_match()
