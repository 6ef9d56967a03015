"""The Linux launcher: a well-formed Desktop Entry, icons at every theme size, installed
into and removed from an XDG data folder without touching anything else there."""

from __future__ import annotations

import configparser
from pathlib import Path

import pygame
import pytest

from game.app import desktop_entry as de


def _parse(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_the_launcher_names_the_game_its_icon_and_program() -> None:
    entry = _parse(de.desktop_entry(["/opt/living forest/living-forest"]))
    assert entry["Type"] == "Application" and entry["Name"] == "Living Forest"
    assert entry["Name[ko]"] == "리빙 포레스트"
    assert entry["Icon"] == de.APP_ID and entry["Terminal"] == "false"
    assert entry["Exec"] == '"/opt/living forest/living-forest"'
    assert "Game" in entry["Categories"].split(";")


@pytest.mark.parametrize(
    "arg,exec_value",
    [
        ("/usr/bin/living-forest", "/usr/bin/living-forest"),
        ("100%", "100%%"),
        ('say "hi"', '"say \\\\"hi\\\\""'),
        ("$HOME", '"\\\\$HOME"'),
    ],
)
def test_exec_arguments_are_quoted_as_the_specification_says(arg: str, exec_value: str) -> None:
    assert _parse(de.desktop_entry([arg]))["Exec"] == exec_value


def test_every_theme_icon_is_a_square_png_of_its_size() -> None:
    for size in de.ICON_SIZES:
        image = pygame.image.load(de.theme_icon(size))
        assert image.get_size() == (size, size)
    assert min(de.ICON_SIZES) == 48 and max(de.ICON_SIZES) == 512


def test_install_then_remove_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    neighbour = tmp_path / "applications" / "other-app.desktop"
    neighbour.parent.mkdir(parents=True)
    neighbour.write_text("[Desktop Entry]\n")
    written = de.install(tmp_path, ["/opt/lf/living-forest"])
    assert written == de.installed_files(tmp_path) and all(p.is_file() for p in written)
    assert _parse(written[0].read_text(encoding="utf-8"))["Exec"] == "/opt/lf/living-forest"
    assert de.install(tmp_path, ["/opt/lf/living-forest"]) == written  # again: same files
    assert de.remove(tmp_path) == written
    assert not any(p.exists() for p in written) and neighbour.is_file()
    assert de.remove(tmp_path) == []


def test_the_launch_command_runs_this_copy_of_the_game() -> None:
    command = de.launch_command()
    assert Path(command[0]).is_absolute()
    assert command[1:] in ([], ["-m", "game"])
