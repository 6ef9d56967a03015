"""The self-test (``python -m game --selftest``) plays a whole game through every scene.

The whole game (about 20 s) is a slow test: the release check in CI runs the same self-test
on the installed wheel and on the bundle (``tools/release_check.py``), so the default run
keeps only the failure path."""

import subprocess
import sys

import pytest

SCENES = (
    "menu",
    "statistics",
    "credits",
    "settings",
    "rules_help",
    "tutorial_menu",
    "setup",
    "draw",
    "action",
    "end_of_round",
    "pause",
    "discard",
    "confirm",
    "game_over",
)


@pytest.mark.slow
def test_selftest_plays_a_game_and_shoots_every_scene(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "game", "--selftest", "--screenshots", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "self-test passed" in out.stdout
    names = {p.name for p in tmp_path.glob("*.png")}
    for scene in SCENES:
        for size in ("1280x720", "1920x1080"):
            assert f"{scene}_{size}.png" in names, f"no screenshot of {scene} at {size}"


def test_selftest_failure_exits_non_zero_and_stops_ai_workers(monkeypatch, tmp_path, capsys):
    import multiprocessing

    from game.app import selftest

    def broken(self):
        from game.engine import new_game

        ai = self.services.ctx.ai_factory("easy", 0)
        ai.submit(new_game(2, 1), 0)  # a worker process is now running, as in a real game
        assert [p for p in multiprocessing.active_children() if p.name == "ai-worker"]
        raise RuntimeError("a scene failed")

    monkeypatch.setattr(selftest.SelfTest, "play", broken)
    assert selftest.run_selftest(tmp_path) == 1
    assert "a scene failed" in capsys.readouterr().err
    assert not [p for p in multiprocessing.active_children() if p.name == "ai-worker"]
