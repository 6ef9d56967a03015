"""``python -m game`` (and the ``living-forest`` command): the window, or the self-test."""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    parser = argparse.ArgumentParser(prog="living-forest", description="Living Forest")
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
    args = parser.parse_args(argv)
    if args.selftest:
        from game.app.selftest import run_selftest

        return run_selftest(args.screenshots)
    from game.app.launch import run_window

    return run_window()


if __name__ == "__main__":
    sys.exit(main())
