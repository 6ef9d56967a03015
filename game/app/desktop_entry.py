"""The Linux launcher: a freedesktop ``.desktop`` entry and the icon theme sizes, put into
(and taken out of) the user's XDG data folder by ``living-forest --install-desktop-entry`` /
``--remove-desktop-entry``, so the game appears in the applications menu like any other.

The same text goes into the release tarball, so the two can never disagree. Only the files
this module writes are ever removed: the launcher by its id, one icon per theme size.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import MutableMapping, Sequence
from pathlib import Path

import platformdirs

from game.resources import asset

APP_ID = "living-forest"  # launcher file name, icon name and the window's class
# What SDL names the window by (X11 WM_CLASS, Wayland app_id): the launcher's
# StartupWMClass, so a taskbar ties the window to its launcher. pygame would otherwise take
# the basename of argv[0] ("__main__.py" under ``python -m game``).
WINDOW_CLASS_VARS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
ICON_SIZES = (48, 64, 128, 256, 512)
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def desktop_entry(command: Sequence[str] = (APP_ID,), icon: str = APP_ID) -> str:
    """The launcher text; ``command`` is the program and its arguments, quoted as the
    Desktop Entry Specification requires."""
    exec_line = " ".join(_quote(part) for part in command)
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.4",  # the newest desktop-file-validate 0.26 knows
            "Name=Living Forest",
            "Name[ko]=리빙 포레스트",
            "GenericName=Board game",
            "GenericName[ko]=보드게임",
            "Comment=The board game Living Forest for 2-4 players, against AI or hot-seat",
            "Comment[ko]=2-4인용 보드게임 리빙 포레스트: AI와 대결하거나 한 화면에서 함께",
            f"Exec={exec_line}",
            f"Icon={icon}",
            "Terminal=false",
            "Categories=Game;BoardGame;",
            "Keywords=board game;cards;forest;spirits;",
            "StartupNotify=true",
            f"StartupWMClass={APP_ID}",
            "",
        ]
    )


def claim_window_class(environ: MutableMapping[str, str]) -> None:
    """Name the window's class after the launcher (before pygame is imported; a class the
    user set in the environment is kept)."""
    for var in WINDOW_CLASS_VARS:
        environ.setdefault(var, APP_ID)


def theme_icon(size: int) -> Path:
    """The bundled PNG of the icon at ``size`` (``tools/make_icon.py`` draws them)."""
    return asset("desktop", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def launch_command() -> list[str]:
    """How to start this very copy of the game from a launcher: the frozen bundle's
    executable, the installed ``living-forest`` script, or this Python with ``-m game``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = shutil.which(APP_ID)
    if script and Path(script).absolute().parent == Path(sys.executable).absolute().parent:
        return [str(Path(script).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "game"]


def installed_files(data_home: Path) -> list[Path]:
    """Every file ``install`` writes under ``data_home`` (``$XDG_DATA_HOME``)."""
    return [data_home / "applications" / f"{APP_ID}.desktop"] + [
        data_home / "icons" / "hicolor" / f"{s}x{s}" / "apps" / f"{APP_ID}.png" for s in ICON_SIZES
    ]


def install(data_home: Path, command: Sequence[str]) -> list[Path]:
    """Write the launcher and the icons; returns the files written."""
    launcher, *icons = installed_files(data_home)
    for size, target in zip(ICON_SIZES, icons, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(theme_icon(size), target)
    launcher.parent.mkdir(parents=True, exist_ok=True)
    launcher.write_text(desktop_entry(command), encoding="utf-8")
    _refresh(data_home)
    return [launcher, *icons]


def remove(data_home: Path) -> list[Path]:
    """Delete what ``install`` wrote; returns the files that were there."""
    gone = []
    for path in installed_files(data_home):
        if path.is_file():
            path.unlink()
            gone.append(path)
    _refresh(data_home)
    return gone


def main(action: str) -> int:
    """The command-line flags: say what was done, in one line per file."""
    if not sys.platform.startswith("linux"):
        print("desktop entries are for Linux desktops; nothing to do here", file=sys.stderr)
        return 2
    data_home = platformdirs.user_data_path()
    try:
        if action == "install":
            done = install(data_home, launch_command())
            verb = "wrote"
        else:
            done = remove(data_home)
            verb = "removed"
    except OSError as e:
        print(f"could not {action} the desktop entry: {e}", file=sys.stderr)
        return 1
    for path in done:
        print(f"{verb} {path}")
    if not done:
        print("no desktop entry was installed")
    return 0


def _quote(arg: str) -> str:
    """An Exec argument: quoted when it holds a reserved character, ``%`` doubled (the
    Desktop Entry Specification, "The Exec key"); the key's own escaping of ``\\`` on top."""
    arg = arg.replace("%", "%%")
    if arg and not any(c in arg for c in RESERVED):
        return arg
    for c in ("\\", '"', "`", "$"):
        arg = arg.replace(c, "\\" + c)
    return '"' + arg.replace("\\", "\\\\") + '"'


def _refresh(data_home: Path) -> None:
    """Tell the desktop about the change where the tool exists (best effort, quiet)."""
    tool = shutil.which("update-desktop-database")
    if tool:
        subprocess.run(
            [tool, "-q", str(data_home / "applications")], check=False, capture_output=True
        )
