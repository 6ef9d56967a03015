"""``game.devtools.arena_compare`` pairs two arena runs' records game by game."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from game.devtools.arena import run
from game.devtools.arena_compare import compare, main
from game.savegame import decode, parse_save

GAMES = 6
QUIET = {"out": io.StringIO(), "progress": io.StringIO()}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The same six deals played three times: Easy against ``random`` twice (the same
    games), then against ``greedy``, which wins most of them (all three are quick and
    deterministic: Easy plays from its seeded stream, whatever the clock)."""
    base = tmp_path_factory.mktemp("compare")
    folders = [base / "before", base / "again", base / "after"]
    seats = [["easy", "random"], ["easy", "random"], ["easy", "greedy"]]
    for folder, entries in zip(folders, seats, strict=True):
        folder.mkdir()
        run(2, entries, GAMES, 1, 9, 0.01, record=str(folder), **QUIET)
    return folders[0], folders[1], folders[2]


def easy_share(path: Path) -> float:
    match = parse_save(decode(path.read_bytes()))
    winners = match.game.result().winners
    return sum(match.seats[s].name == "easy" for s in winners) / len(winners)


def test_a_run_against_itself_keeps_every_move(runs) -> None:
    before, again, _ = runs
    summary, swings, paired = compare(before, again, "easy", "easy")
    assert len(paired) == summary["games"] == GAMES
    assert summary["same_moves"] == GAMES and not swings
    assert summary["gained"] == summary["lost"] == 0


def test_the_games_that_changed_hands_are_named_with_where_the_runs_parted(runs) -> None:
    before, _, after = runs
    summary, swings, paired = compare(before, after, "easy", "easy")
    assert summary["games"] == GAMES and summary["same_moves"] == 0  # another opponent
    changed = {
        p.name: (easy_share(p), easy_share(after / p.name))
        for p in sorted(before.glob("game-*.json"))
        if easy_share(p) != easy_share(after / p.name)
    }
    assert changed, "greedy should take games from Easy"
    assert {s.file: (s.before, s.after) for s in swings} == changed
    assert summary["changed_hands"] + summary["diverged_same_winners"] == GAMES
    assert summary["lost"] - summary["gained"] == pytest.approx(
        sum(b - a for b, a in changed.values())
    )
    for s in swings:
        b = parse_save(decode((before / s.file).read_bytes())).moves
        a = parse_save(decode((after / s.file).read_bytes())).moves
        assert b[: s.move] == a[: s.move] and b[s.move] != a[s.move]


def test_files_of_other_deals_damaged_or_alone_are_set_apart(runs, tmp_path, capsys) -> None:
    before, again, _ = runs
    other = tmp_path / "other"
    shutil.copytree(again, other)
    shutil.copy(other / "game-0003.json", other / "game-0001.json")  # another deal's record
    (other / "game-0002.json").write_text("{ not a record")
    (other / "game-0005.json").unlink()
    summary, _, paired = compare(before, other, "easy", "easy")
    assert summary["unpaired"] == ["game-0001.json", "game-0002.json"]
    assert summary["only_before"] == 1 and summary["only_after"] == 0
    assert len(paired) == summary["games"] == summary["same_moves"] == GAMES - 3
    assert main([str(before), str(other), "--level", "easy"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x.get("side") for x in lines[:2]] == ["before", "after"]
    assert lines[0]["games"] == lines[1]["games"] == GAMES - 3  # the paired games only
    assert lines[2]["paired"] == summary
    assert main([str(before), str(tmp_path / "none")]) == 2
