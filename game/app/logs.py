"""The app's log: standard ``logging``, configured once here by the composition root.

Every module logs through ``logging.getLogger(__name__)`` (names under ``game.``) and never
configures anything itself. The window's run writes a rotating file in the data folder
(``logs/living-forest.log``, 1 MB, three old files kept) at INFO; ``--verbose`` also prints
everything from DEBUG up on the terminal. A data folder that cannot be written costs only
the file: the log then goes to the terminal at WARNING, and the game starts all the same.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

LOG_FILE = "living-forest.log"
LOG_BYTES = 1024 * 1024
LOG_BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
CONSOLE_FORMAT = "%(name)s: %(message)s"
_OURS = "_living_forest"  # marks the handlers this module added, so a second call replaces them


def log_path(data: Path) -> Path:
    return data / "logs" / LOG_FILE


def configure_logging(data: Path | None, verbose: bool = False) -> Path | None:
    """Send the ``game`` loggers to the file under ``data`` (``None``: no file) and, with
    ``verbose``, to the terminal. Returns the file's path, or ``None`` if there is none."""
    root = logging.getLogger("game")
    for handler in [h for h in root.handlers if getattr(h, _OURS, False)]:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    path: Path | None = None
    problem: OSError | None = None
    if data is not None:
        try:
            path = log_path(data)
            path.parent.mkdir(parents=True, exist_ok=True)
            file = logging.handlers.RotatingFileHandler(
                path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
            )
        except OSError as e:  # an unwritable data folder: the log goes to the terminal
            path, problem = None, e
        else:
            file.setFormatter(logging.Formatter(FORMAT))
            file.setLevel(logging.INFO)
            _add(root, file)
    if verbose or problem is not None:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(logging.Formatter(CONSOLE_FORMAT))
        console.setLevel(logging.DEBUG if verbose else logging.WARNING)
        _add(root, console)
    if problem is not None:
        root.warning("no log file: %s", problem)
    return path


def _add(root: logging.Logger, handler: logging.Handler) -> None:
    setattr(handler, _OURS, True)
    root.addHandler(handler)
