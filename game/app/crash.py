"""Last line of defence: an unexpected error writes a report instead of the game vanishing.

The report (traceback, versions, and a copy of the last autosave so the game in progress can
be recovered or replayed) goes into the user's data folder, and the player is told where,
both on the console and in a message box (the bundle has no console on Windows and macOS).
"""

from __future__ import annotations

import logging
import platform
import sys
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from game.app.atomic import write_bytes_atomic
from game.app.paths import AppPaths
from game.savegame import MAX_SAVE_BYTES

log = logging.getLogger(__name__)


def write_report(error: BaseException, paths: AppPaths, now: datetime | None = None) -> Path:
    from game import __version__

    now = now or datetime.now(UTC)
    folder = paths.data / "crash-reports"
    path = folder / f"crash-{now.strftime('%Y%m%d-%H%M%S-%f')}.txt"
    lines = [
        f"Living Forest {__version__} crash report, {now.isoformat()}",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        f"frozen: {bool(getattr(sys, 'frozen', False))}",
        "",
        "".join(traceback.format_exception(error)).rstrip(),
        "",
    ]
    save = paths.autosave
    if save.is_file() and save.stat().st_size <= MAX_SAVE_BYTES:
        lines += [f"--- last save ({save}) ---", save.read_text(encoding="utf-8", errors="replace")]
    else:
        lines.append("--- no save was in progress ---")
    write_bytes_atomic(path, "\n".join(lines).encode("utf-8"))
    return path


def _message(path: Path, paths: AppPaths) -> tuple[str, str]:
    """Title and text in the player's language, English if the catalogue cannot help."""
    title, text = "Living Forest", f"Living Forest stopped because of an error.\nReport: {path}"
    try:
        from game.app.settings_file import SettingsStore
        from game.i18n import Catalog

        settings, _ = SettingsStore(paths).load()
        tr = Catalog.load(settings.language).tr
        title, text = tr("crash.title"), tr("crash.message", path=str(path))
    except Exception:  # noqa: BLE001 - the English message is said instead
        log.warning("the crash message is in English: no catalogue", exc_info=True)
    return title, text


def _show(title: str, text: str) -> None:
    """The message box (the bundle has no console); no display is no message box."""
    try:
        import pygame

        pygame.display.message_box(title, text, message_type="error")
    except Exception:  # noqa: BLE001 - the console line was printed already
        log.warning("no message box could be shown", exc_info=True)


def guarded(run: Callable[[], int], paths: AppPaths | None = None) -> int:
    """Run the game; on an unexpected error write a report, say where it is, exit 1."""
    try:
        return run()
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:  # noqa: BLE001 - anything at all must end in a report
        log.critical("unexpected error", exc_info=error)
        paths = paths or AppPaths.default()
        try:
            path = write_report(error, paths)
        except OSError as disk:  # the data folder itself is unusable: say so, keep the trace
            traceback.print_exception(error)
            text = (
                f"Living Forest stopped because of an error, and could not write a crash "
                f"report in {paths.data}: {disk.strerror or disk}\n{error!r}"
            )
            print(text, file=sys.stderr)
            _show("Living Forest", text)
            return 1
        title, text = _message(path, paths)
        print(text, file=sys.stderr)
        _show(title, text)
        return 1
