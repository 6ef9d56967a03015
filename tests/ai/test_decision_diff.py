"""``game.devtools.decision_diff`` asks a level's recorded decisions again, in the arena's
own context, of the level and of a changed entry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from game.devtools.arena import run
from game.devtools.decision_diff import main

QUIET = {"out": io.StringIO(), "progress": io.StringIO()}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three as-shipped games of ``greedy`` against Easy: private draws, seeded decisions."""
    folder = tmp_path_factory.mktemp("shipped")
    run(2, ["greedy", "easy"], 3, 1, 5, 0.01, record=str(folder), shipped=True, **QUIET)
    return folder


def lines(capsys: pytest.CaptureFixture[str]) -> list[dict]:
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def test_the_level_itself_gives_every_recorded_move_draws_included(shipped, capsys) -> None:
    assert main([str(shipped), "--level", "greedy", "--as", "greedy"]) == 0
    out = lines(capsys)
    total = out[-1]
    assert [x["file"] for x in out[:-1]] == [p.name for p in sorted(shipped.glob("game-*"))]
    assert total["decisions"] == sum(x["decisions"] for x in out[:-1]) > 30
    assert total["reproduced"] == total["decisions"] and total["changed"] == 0
    easy = lines_of(shipped, "easy", capsys)
    assert easy[-1]["reproduced"] == easy[-1]["decisions"] > 0  # Easy's draws as well


def lines_of(folder: Path, level: str, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    assert main([str(folder), "--level", level, "--as", level]) == 0
    return lines(capsys)


def test_a_changed_entry_is_counted_where_it_plays_otherwise(shipped, capsys) -> None:
    assert main([str(shipped), "--level", "greedy", "--as", "easy", "--last-rounds", "2"]) == 0
    out = lines(capsys)
    total = out[-1]
    assert 0 < total["changed"] <= total["decisions"] == total["reproduced"]
    assert sum(len(x["where"]) for x in out[:-1]) == total["changed"]
    assert all(" -> " in w and " round " in w for x in out[:-1] for w in x["where"])
    every = lines_of(shipped, "greedy", capsys)[-1]["decisions"]
    assert total["decisions"] < every  # the last two rounds only


def test_records_not_made_as_shipped_fail_the_check(tmp_path, capsys) -> None:
    """Without --as-shipped the arena seeds each seat from one stream: the context differs,
    and the tool says so by its exit status rather than count changes that are not (Easy
    plays from its seeded stream, so another seed shows at once)."""
    run(2, ["greedy", "easy"], 1, 1, 5, 0.01, record=str(tmp_path), **QUIET)
    (tmp_path / "game-0009.json").write_text("{ damaged")
    assert main([str(tmp_path), "--level", "easy", "--as", "easy"]) == 1
    total = lines(capsys)[-1]
    assert total["reproduced"] < total["decisions"]
    assert total["skipped"] == ["game-0009.json"]
    assert main([str(tmp_path / "none"), "--as", "hard"]) == 2


def test_draws_are_asked_with_the_seats_own_move_count(tmp_path, capsys) -> None:
    """The ``random`` seat draws from its seed alone: every recorded draw comes back only
    when each is asked with the seed of the seat's own move count, as the arena's private
    draw phase gave it (another count plays otherwise at once)."""
    run(2, ["random", "easy"], 2, 1, 3, 0.01, record=str(tmp_path), shipped=True, **QUIET)
    assert main([str(tmp_path), "--level", "random", "--as", "random"]) == 0
    total = lines(capsys)[-1]
    assert total["reproduced"] == total["decisions"] > 20 and total["changed"] == 0
