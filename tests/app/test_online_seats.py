"""The online seats the app holds (``game/app/online_seats.py``): kept across runs in a
private file (mode 0600, written atomically), every entry checked on reading, and a damaged
file set aside with a notice while the app carries on with no seats held."""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import replace

import pytest

from game.app.online_seats import SeatFile, seats_path
from game.app.paths import AppPaths
from game.ui.online.held import HeldSeat, playable, with_code

TOKEN = "t" * 43


def seat(match: str = "a" * 32, code: str = "K7QF-3MZX", played: float = 100.0) -> HeldSeat:
    return HeldSeat("ws://192.168.1.20:8765", match, code, (1,), (TOKEN,), False, "Bo", played)


def test_seats_are_kept_across_runs_in_a_private_file(tmp_path) -> None:
    paths = AppPaths.under(tmp_path)
    book = SeatFile.of(paths)
    book.keep(seat())
    book.keep(seat("b" * 32, "AAAA-BBBB", played=200.0))
    book.keep(seat(played=300.0))  # the same table again: replaced, not added
    again = SeatFile.of(paths)  # the next run of the app
    assert [s.match for s in again.all()] == ["a" * 32, "b" * 32]  # the last played first
    assert again.all()[0] == seat(played=300.0)
    assert with_code(again, "ws://192.168.1.20:8765", "k7qf3mzx") == seat(played=300.0)
    assert with_code(again, "ws://10.0.0.1:8765", "K7QF-3MZX") is None  # another server
    if sys.platform != "win32":
        assert stat.S_IMODE(os.stat(seats_path(paths)).st_mode) == 0o600
    again.forget("ws://192.168.1.20:8765", "a" * 32)
    assert [s.match for s in SeatFile.of(paths).all()] == ["b" * 32]
    assert again.take_notices() == []
    leftovers = [p.name for p in seats_path(paths).parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []  # written by a rename, nothing half-written left


def test_a_seat_left_while_its_server_could_not_be_told_is_kept_apart(tmp_path) -> None:
    """Kept (with its tokens, to tell the server later) but never offered to play on; a
    file written before ``leaving`` was kept reads as not leaving."""
    paths = AppPaths.under(tmp_path)
    book = SeatFile.of(paths)
    book.keep(seat())
    book.keep(replace(seat("b" * 32, "AAAA-BBBB"), leaving=True))
    again = SeatFile.of(paths)
    assert sorted(s.leaving for s in again.all()) == [False, True]
    assert [s.match for s in playable(again)] == ["a" * 32]
    assert with_code(again, "ws://192.168.1.20:8765", "AAAA-BBBB") is None
    old = {k: v for k, v in seat().to_json().items() if k != "leaving"}
    assert HeldSeat.from_json(old) == seat()


def test_a_write_replaces_the_file_whole(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails halfway leaves the file as it was (a temporary file renamed)."""
    paths = AppPaths.under(tmp_path)
    book = SeatFile.of(paths)
    book.keep(seat())
    before = seats_path(paths).read_bytes()

    def broken(*args, **kwargs) -> None:  # noqa: ANN002, ANN003
        raise OSError("disk full")

    monkeypatch.setattr("game.app.atomic.os.replace", broken)
    book.keep(seat("b" * 32, "AAAA-BBBB"))
    assert seats_path(paths).read_bytes() == before
    assert [n.key for n in book.take_notices()] == ["notice.online_seats_not_saved"]


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"version": 1, "seats": [{"server": "ws://x:1"}]}',
        json.dumps({"version": 1, "seats": [dict(seat().to_json(), tokens=["short"])]}).encode(),
        json.dumps({"version": 9, "seats": []}).encode(),
        json.dumps({"version": 1, "seats": [dict(seat().to_json(), leaving="yes")]}).encode(),
        b"\xff\xfe",
    ],
)
def test_a_damaged_file_is_set_aside_and_the_app_carries_on(tmp_path, content: bytes) -> None:
    paths = AppPaths.under(tmp_path)
    path = seats_path(paths)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    book = SeatFile.of(paths)
    assert book.all() == []
    notices = book.take_notices()
    assert [n.key for n in notices] == ["notice.online_seats_damaged"]
    assert not path.exists()
    kept = list(paths.quarantine.iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == content  # kept for a bug report
    book.keep(seat())  # and the app goes on keeping seats
    assert SeatFile.of(paths).all() == [seat()]
    assert book.take_notices() == []  # reported once
