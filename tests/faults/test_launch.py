"""Issue 32 item 13: a data folder the player may not read or write. The game used to die at
launch with no window and no message (``PermissionError`` in the lesson progress, then "could
not write a crash report"); now the window opens on a screen that names the folder, says why
and what to do, and the exit status is ``EXIT_FOLDER_PROBLEM``."""

from __future__ import annotations

import pygame
import pytest

from game.app import launch
from game.app.paths import AppPaths
from game.ui.app import TableApp


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list:
    """The scene the window opens on (the frame loop itself is not run)."""
    first: list = []

    def run(app: TableApp, scene) -> None:  # noqa: ANN001
        app.stack.push(scene)
        app.step(1 / 60)
        first.append((scene, app))

    monkeypatch.setattr(TableApp, "run", run)
    # the window closes, but fonts other tests in this process hold stay usable
    monkeypatch.setattr(pygame, "quit", pygame.display.quit)
    return first


def test_an_unreadable_data_folder_is_named_not_fatal(paths: AppPaths, deny) -> None:
    paths.data.mkdir(parents=True)
    deny(paths.data)
    problem = launch.file_services()
    assert isinstance(problem, launch.FolderProblem)
    assert problem.folder == paths.data and "denied" in problem.reason


def test_the_window_says_which_folder_and_what_to_do(paths: AppPaths, deny, shown) -> None:
    paths.data.mkdir(parents=True)
    deny(paths.data)
    assert launch.run_window() == launch.EXIT_FOLDER_PROBLEM
    scene, app = shown[0]
    assert scene.kind == "launch_error"
    text = " ".join(scene.lines()).replace("\n", "")  # (a long path is wrapped)
    assert str(paths.data) in text and "Permission denied" in text
    assert "LIVING_FOREST_HOME" in text


def test_the_whole_launch_returns_its_status_without_a_crash_report(
    paths: AppPaths, deny, shown, capsys
) -> None:
    from game.__main__ import main

    paths.data.mkdir(parents=True)
    deny(paths.data)
    assert main([]) == launch.EXIT_FOLDER_PROBLEM
    assert "crash report" not in capsys.readouterr().err


def test_a_file_in_the_data_folders_place_is_a_problem_too(paths: AppPaths, shown) -> None:
    paths.data.parent.mkdir(parents=True)
    paths.data.write_text("not a folder")
    assert launch.run_window() == launch.EXIT_FOLDER_PROBLEM
    assert shown[0][0].kind == "launch_error"


def test_its_one_button_quits(ctx) -> None:
    from game.ui.scenes.info import LaunchErrorScene

    quits: list[bool] = []
    ctx.quit = lambda: quits.append(True)
    scene = LaunchErrorScene(ctx, "/somewhere/LivingForest", "Permission denied")
    assert [b.label for b in scene.menu.buttons] == [ctx.tr("menu.quit")]
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    scene.menu.buttons[0].action()
    assert quits == [True, True]


def test_a_readable_folder_opens_the_menu(paths: AppPaths, shown) -> None:
    assert launch.run_window() == 0
    assert shown[0][0].kind == "menu"


def test_a_long_folder_path_is_wrapped_inside_the_box() -> None:
    from game.ui.scenes.info import PATH_LINE, PATH_LINES, wrap_path

    folder = "/mnt/" + "very-long-folder-name/" * 8 + "LivingForest/data"
    lines = wrap_path(folder).split("\n")
    assert len(lines) <= PATH_LINES and all(len(line) <= PATH_LINE for line in lines)
    assert lines[0].startswith("/mnt/") and lines[-1].endswith("LivingForest/data")
    short = "/mnt/" + "very-long-folder-name/" * 2 + "LivingForest"
    assert wrap_path(short).replace("\n", "") == short  # nothing left out when it fits
    one_name = "C:\\" + "x" * 130
    assert all(len(line) <= PATH_LINE for line in wrap_path(one_name).split("\n"))
