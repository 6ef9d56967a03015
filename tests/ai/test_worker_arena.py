"""The background worker answers and cancels; the arena plays and reports; no pygame."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time

import pytest

from game.ai.runtime.worker import AIWorker
from game.devtools.arena import main as arena_main
from game.devtools.arena import run, wilson
from game.engine import Phase, new_game
from game.engine.moves import DRAW, STOP


def _wait(worker: AIWorker, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        move = worker.poll()
        if move is not None:
            return move
        time.sleep(0.01)
    raise AssertionError("the worker gave no answer")


def test_worker_answers_and_cancels() -> None:
    g = new_game(2, seed=4)
    pend = g.pending()[0]
    legal = g.legal_moves(pend.player)
    with AIWorker("hard", budget_s=5.0) as worker:
        worker.submit(g.view(pend.player), pend.decision, legal, seed=1)
        assert worker.busy
        worker.cancel()
        assert not worker.busy and worker.poll() is None
        start = time.monotonic()
        worker.submit(g.view(pend.player), pend.decision, legal, seed=1, budget_s=0.05)
        move = _wait(worker)
        assert move in legal
        assert time.monotonic() - start < 20
        # A new request replaces an unanswered one; only the newest is returned.
        worker.submit(g.view(pend.player), pend.decision, legal, seed=2, budget_s=3.0)
        worker.submit(g.view(pend.player), pend.decision, legal, seed=3, budget_s=0.05)
        assert _wait(worker) in legal


def test_arena_short_run() -> None:
    """(Hard against Easy: the opponent's level changes nothing printed here, and Medium
    cost as much as Hard at this budget, issue 43.)"""
    out, err = io.StringIO(), io.StringIO()
    lines = run(2, ["hard", "easy"], games=2, jobs=1, seed=3, budget=0.005, out=out, progress=err)
    printed = [json.loads(s) for s in out.getvalue().splitlines()]
    assert printed == json.loads(json.dumps(lines))
    assert sum(x["wins"] for x in printed if "entry" in x) == 2
    assert any("p90_ms" in x and x["level"] == "hard" for x in printed)
    assert "[2/2]" in err.getvalue()


def test_arena_plays_chosen_game_indices_as_the_full_run_plays_them(tmp_path) -> None:
    """``--start`` / ``--indices`` replay single games of a run: a game follows from its
    index alone (deal, seats, seeds), so game 1 alone is game 1 of the run. (Easy and
    random seats: both draw from their seeds, so a game run from another seed differs,
    and a game costs a twentieth of one with greedy, issue 43.)"""
    quiet = {"out": io.StringIO(), "progress": io.StringIO()}
    run(2, ["easy", "random"], 2, 1, 5, 0.01, record=str(tmp_path / "all"), **quiet)
    run(2, ["easy", "random"], 0, 1, 5, 0.01, record=str(tmp_path / "one"), indices=[1], **quiet)
    lines = run(
        2, ["easy", "random"], 1, 1, 5, 0.01, record=str(tmp_path / "two"), start=1, **quiet
    )
    assert lines[0]["games"] == 1
    assert sorted(f.name for f in (tmp_path / "two").iterdir()) == ["game-0001.json"]
    assert (tmp_path / "all" / "game-0000.json").is_file()

    def game(folder: str) -> dict:
        doc = json.loads((tmp_path / folder / "game-0001.json").read_text(encoding="utf-8"))
        doc.pop("saved_at")
        return doc

    assert game("one") == game("all") == game("two")


def test_arena_cli_refuses_bad_indices(capsys) -> None:
    with pytest.raises(SystemExit):
        arena_main(["--seats", "greedy,easy", "--indices", "3,x"])
    assert "--indices" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena_main(["--seats", "greedy,easy", "--start", "-1"])


def test_arena_as_shipped_draws_privately_and_names_the_causes_of_loss() -> None:
    """As shipped every seat draws on its own copy of the round (``ai_draws``): no draw
    decision sees another seat's Help Line, and the real game gets every seat's cards."""
    from game.devtools.arena import CAUSES, private_draws

    g = new_game(3, seed=5, first_player=1)
    seen: list[int] = []

    def decide(game, seat, decision, legal, rng):  # noqa: ANN001, ANN202
        seen.append(sum(len(q.line) for q in game.players if q.seat != seat))
        if DRAW in legal and game.players[seat].uncancelled < 2:
            return DRAW
        return STOP if STOP in legal else legal[0]

    moves = private_draws(g, [], 7, decide)
    for seat, move in moves:
        g.play(seat, move)
    assert seen and set(seen) == {0}
    assert g.phase is not Phase.DRAW and all(q.line for q in g.players)
    out, err = io.StringIO(), io.StringIO()
    lines = run(2, ["medium", "easy"], 2, 1, 4, 1.0, out=out, progress=err, shipped=True)
    entries = [x for x in lines if "entry" in x]
    assert all(set(x["lost_by"]) == set(CAUSES) for x in entries)
    assert sum(sum(x["lost_by"].values()) for x in entries) >= 2  # a loser (or two) a game
    assert any(x.get("budget_s") == "as shipped" for x in lines)


def test_arena_as_shipped_with_jobs_builds_hard_without_helper_processes() -> None:
    """``--jobs 2 --as-shipped`` plays each game in a pool's daemonic process, where Hard
    may not start its own helpers ("daemonic processes are not allowed to have children"):
    there it runs every shard itself, with the same fixed work (so the same moves)."""
    from game.ai.levels.budgets import HARD_STEPS, hard_processes
    from game.devtools.arena import build

    pooled = build("hard", 1.0, 1, True).policy
    alone = build("hard", 1.0, 0, True).policy
    assert pooled.workers == 1 and alone.workers == hard_processes()
    assert pooled.settings == alone.settings and pooled.settings.steps == HARD_STEPS


def test_arena_as_shipped_caps_hards_processes_when_asked(monkeypatch) -> None:
    """``--hard-processes 1`` with ``--jobs 1`` keeps an as-shipped run on one core: every
    seat is built with that cap (the same moves, only slower); 0 leaves the table's."""
    from game.devtools import arena

    seen: list[int] = []
    real = arena.build

    def spy(entry: str, budget: float, workers: int, shipped: bool):  # type: ignore[no-untyped-def]
        seen.append(workers)
        return real(entry, budget, workers, shipped)

    monkeypatch.setattr(arena, "build", spy)
    out, err = io.StringIO(), io.StringIO()
    arena.run(2, ["easy", "random"], 1, 1, 4, 1.0, out=out, progress=err, shipped=True,
              hard_processes=1)  # fmt: skip
    arena.run(2, ["easy", "random"], 1, 1, 4, 1.0, out=out, progress=err, shipped=True)
    assert seen == [1, 1, 0, 0]


def test_arena_cli_with_jobs() -> None:
    """(Easy and random seats: the command line and the pool are under test, not a level.)"""
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "game.devtools.arena",
            "--players",
            "3",
            "--seats",
            "easy,random",
            "--games",
            "2",
            "--jobs",
            "2",
            "--seed",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [json.loads(s) for s in r.stdout.splitlines()]
    assert [x["level"] for x in lines if "entry" in x] == ["easy", "random", "random"]
    assert all(x["games"] == 2 for x in lines if "entry" in x) and "[2/2]" in r.stderr


def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.83 and 0.94 < hi < 0.95


def test_ai_never_imports_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import game.ai, game.ai.levels.easy, game.ai.levels.medium, game.ai.levels.hard\n"
        "import game.ai.runtime.worker\n"
        "import game.ai.coach.hint, game.devtools.arena\n"
        "assert sys.modules['pygame'] is None\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_arena_records_replayable_games_seated_by_level(tmp_path) -> None:
    """``--record``: each game is a save document that replays, move by move, to the game
    the arena scored, with each seat named by the level that sat there. (A random seat: a
    baseline like greedy, not a table level, at a twentieth of greedy's cost; issue 43.)"""
    from game.replay import Replay
    from game.savegame import decode, parse_save

    out, err = io.StringIO(), io.StringIO()
    lines = run(2, ["random", "easy"], 2, 1, 4, 0.01, out=out, progress=err, record=str(tmp_path))
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-0000.json", "game-0001.json"]
    won = {"random": 0.0, "easy": 0.0}
    for i, f in enumerate(files):
        saved = parse_save(decode(f.read_bytes()))
        assert saved.game.over
        assert [s.name for s in saved.seats] == (
            ["random", "easy"] if i == 0 else ["easy", "random"]
        )
        assert [s.kind for s in saved.seats][i] == "human"  # random is not a table level
        replay = Replay.from_match(saved)
        assert replay.final.to_json() == saved.game.to_json()
        for s in saved.game.result().winners:
            won[saved.seats[s].name] += 1 / len(saved.game.result().winners)
    assert [x["wins"] for x in lines if "entry" in x] == [won["random"], won["easy"]]
