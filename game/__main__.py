"""``python -m game`` (and the ``living-forest`` command): the window, or the self-test."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.desktop_entry import claim_window_class

    claim_window_class(os.environ)  # before pygame is imported: it reads the class then
    from game import __version__

    parser = argparse.ArgumentParser(
        prog="living-forest",
        description="Living Forest: the board game for 2-4 players, against AI or hot-seat.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="play a 4-seat AI game headless through every scene, then exit",
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        default=None,
        help="with --selftest: write a PNG of every scene kind here",
    )
    parser.add_argument(
        "--check-save",
        metavar="PATH",
        default=None,
        help=(
            "say whether a save file is loadable and why not "
            "(exit 0 loadable, 2 not loadable, 3 could not be read)"
        ),
    )
    parser.add_argument(
        "--first-frame",
        action="store_true",
        help="draw the menu once, print the time of the first frame, then exit",
    )
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="Linux: add the game to your applications menu (launcher and icons), then exit",
    )
    desktop.add_argument(
        "--remove-desktop-entry",
        action="store_true",
        help="Linux: take the launcher and icons away again, then exit",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="also print the app's log (audio device, saves, files) on the terminal",
    )
    args = parser.parse_args(argv)
    from game.app.logs import configure_logging

    configure_logging(None, args.verbose)  # the window's run adds its file (game/app/launch.py)
    if args.install_desktop_entry or args.remove_desktop_entry:
        from game.app.desktop_entry import main as desktop_main

        return desktop_main("install" if args.install_desktop_entry else "remove")
    if args.first_frame:
        from game.app.release import first_frame

        return first_frame()
    if args.check_save is not None:
        from game.app.saves import check_save_main

        return check_save_main(args.check_save)
    if args.selftest:
        from game.app.selftest import run_selftest

        return run_selftest(args.screenshots)
    from game.app.crash import guarded

    return guarded(lambda: _run_window(args.verbose))


def _run_window(verbose: bool) -> int:
    """Imported inside the crash handler, so a broken install (a missing module, a bad
    pygame) ends in a report too, not a bare traceback."""
    from game.app.launch import run_window

    return run_window(verbose)


if __name__ == "__main__":
    sys.exit(main())
