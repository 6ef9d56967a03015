"""The autosave store: write after every decision, Continue, backups, damaged files, replays.

``autosave.json`` always holds the match in progress; the file it replaced is kept as
``autosave.bak.json``. A save that cannot be loaded is moved into ``saves/damaged/`` (never
overwritten, never deleted) and the backup is tried; the player gets a notice either way.
"""

from __future__ import annotations

import errno
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.app.atomic import FileTooLarge, move_aside, read_bytes_limited, write_json_atomic
from game.app.paths import AppPaths
from game.notice import Notice
from game.savegame import (
    MAX_SAVE_BYTES,
    OverLimit,
    SavedMatch,
    SaveError,
    check_limits,
    load_bytes,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LoadResult:
    match: SavedMatch | None
    notices: tuple[Notice, ...] = ()


def read_save(path: Path) -> SavedMatch:
    """Load and validate one save file; ``SaveError`` says why it cannot be used."""
    try:
        data = read_bytes_limited(path, MAX_SAVE_BYTES)
    except FileTooLarge as e:
        raise SaveError("save.too_large", str(e)) from None
    except OSError as e:
        raise SaveError("save.unreadable", f"cannot read the file: {e.strerror or e}") from None
    return load_bytes(data)


class SaveStore:
    def __init__(self, paths: AppPaths) -> None:
        self.paths = paths

    @property
    def backup(self) -> Path:
        return self.paths.autosave.with_name("autosave.bak.json")

    # -- autosave ------------------------------------------------------------------------

    def has_autosave(self) -> bool:
        return self.paths.autosave.exists() or self.backup.exists()

    def autosave(self, doc: SavedMatch | dict[str, Any]) -> Notice | None:
        """Write the match in progress; a full disk is reported, never raised."""
        raw = doc.to_json() if isinstance(doc, SavedMatch) else doc
        try:
            check_limits(raw)
            write_json_atomic(
                self.paths.autosave, raw, backup=self.backup, compact=True, limit=MAX_SAVE_BYTES
            )
        except (OSError, ValueError) as e:
            log.warning("autosave failed: %s", e, exc_info=True)
            return save_failure(e)
        moves = raw.get("moves") if isinstance(raw, dict) else None
        log.debug("autosave written: %s moves", len(moves) if isinstance(moves, list) else "?")
        return None

    def load_autosave(self) -> LoadResult:
        """The match to continue, or ``None`` with notices explaining what was refused."""
        notices: list[Notice] = []
        for path, is_backup in ((self.paths.autosave, False), (self.backup, True)):
            if not path.exists():
                continue
            try:
                match = read_save(path)
            except SaveError as e:
                notices.append(self._refuse(path, e))
                continue
            if is_backup and notices:
                notices.append(Notice("notice.backup_used"))
            log.info("save loaded: %s (round %s, %s moves)", path, match.round, len(match.moves))
            return LoadResult(match, tuple(notices))
        return LoadResult(None, tuple(notices))

    def clear_autosave(self) -> None:
        """The match is over or abandoned: nothing to continue (the backup goes too)."""
        for path in (self.paths.autosave, self.backup):
            try:
                path.unlink(missing_ok=True)
            except OSError as e:  # the next Continue refuses or resumes it: never fatal
                log.warning("could not remove %s: %s", path, e)
        log.info("autosave cleared")

    def _refuse(self, path: Path, e: SaveError) -> Notice:
        """Set a refused file aside, and say so only if it really moved: a file that could
        not be moved is named where it still is, with the words for that."""
        moved = move_aside(path, self.paths.quarantine)
        log.warning("save refused (%s): %s: %s; moved to %s", e.key, path, e.detail, moved)
        where = self._short(moved or path)
        if moved is None:
            return Notice(
                "save.refused_in_place",
                {"path": where},
                detail=f"{path}: {e.detail} (could not be moved aside)",
            )
        return Notice(e.key, {"path": where}, detail=f"{moved}: {e.detail}")

    def _short(self, path: Path) -> str:
        try:  # short enough for one line on screen: relative to the data folder
            return str(path.relative_to(self.paths.data))
        except ValueError:
            return str(path)

    # -- replays -------------------------------------------------------------------------

    def save_replay(self, match: SavedMatch) -> Path:
        """Keep a finished match in ``saves/replays`` as ``replay-<time>-<key>.json``, once:
        a match whose key is there already is not written again (recording a game twice,
        after a kill or a failed write, keeps one replay)."""
        key = match.key()
        folder = self.paths.replays
        folder.mkdir(parents=True, exist_ok=True)
        kept = [p for p in folder.glob(f"replay-*-{key}.json") if p.is_file()]
        if kept:
            return kept[0]
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = folder / f"replay-{stamp}-{key}.json"
        write_json_atomic(path, match.to_json())
        log.info("replay kept: %s", path)
        return path

    def list_replays(self) -> list[Path]:
        folder = self.paths.replays
        if not folder.is_dir():
            return []
        return sorted((p for p in folder.glob("replay-*.json") if p.is_file()), reverse=True)

    def load_replay(self, path: Path) -> LoadResult:
        try:
            return LoadResult(read_save(path))
        except SaveError as e:
            return LoadResult(None, (self._refuse(path, e),))


CHECK_LOADABLE = 0
CHECK_REFUSED = 2  # read and refused, or not a file at all (a folder, nothing there)
CHECK_UNREADABLE = 3  # could not be looked at: permissions, a path the system refuses


def _shown(p: Path) -> str:
    """The path for one line of output: a very long one is cut in the middle."""
    text = str(p)
    return text if len(text) <= 200 else f"{text[:90]}…{text[-90:]} ({len(text)} characters)"


def check_save_status(path: str | os.PathLike[str]) -> tuple[int, str]:
    """``--check-save``: ``CHECK_LOADABLE``, ``CHECK_REFUSED`` or ``CHECK_UNREADABLE``, and a
    one-line reason. Reads only; never raises."""
    p = Path(path)
    shown = _shown(p)
    try:
        if p.is_dir():
            return CHECK_REFUSED, f"{shown}: is a folder, not a save file"
        if not p.exists():
            return CHECK_REFUSED, f"{shown}: no such file"
        if not p.is_file():
            return CHECK_REFUSED, f"{shown}: not a regular file"
    except OSError as e:  # a folder we may not enter, a name too long for the system
        return CHECK_UNREADABLE, f"{shown}: cannot be checked: {e.strerror or e}"
    try:
        match = read_save(p)
    except SaveError as e:
        if e.key == "save.unreadable":
            return CHECK_UNREADABLE, f"{shown}: cannot be checked: {e.detail}"
        return CHECK_REFUSED, f"{shown}: not loadable ({e.key}): {e.detail}"
    except Exception as e:  # noqa: BLE001 - a verdict, never a traceback (the log keeps it)
        log.warning("checking %s failed unexpectedly", p, exc_info=True)
        return CHECK_REFUSED, f"{shown}: not loadable (internal error): {e!r}"
    state = "finished" if match.game.over else f"round {match.game.round}"
    return CHECK_LOADABLE, (
        f"{shown}: loadable — {match.players} players, {state}, {len(match.moves)} moves, "
        f"seats: {', '.join(f'{s.name} ({s.kind})' for s in match.seats)}"
    )


def check_save(path: str | os.PathLike[str]) -> tuple[bool, str]:
    """Whether ``path`` is loadable, and the one-line reason (``check_save_status``)."""
    status, message = check_save_status(path)
    return status == CHECK_LOADABLE, message


def save_failure(e: BaseException) -> Notice:
    """The notice of a failed autosave, with the reason in words a player knows."""
    key = "notice.save_failed"
    if isinstance(e, FileTooLarge | OverLimit):
        key = "notice.save_failed_too_large"
    elif isinstance(e, OSError) and e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        key = "notice.save_failed_disk_full"
    elif isinstance(e, PermissionError) or (
        isinstance(e, OSError) and e.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
    ):
        key = "notice.save_failed_read_only"
    return Notice(key, detail=str(e))


def check_save_main(path: str) -> int:
    """Print the verdict; exit status 0 loadable, 2 not loadable, 3 could not be read."""
    status, message = check_save_status(path)
    print(message)
    return status
