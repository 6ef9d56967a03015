"""Statistics of finished matches (``game/match_stats.py``), kept in ``saves/statistics.json``
beside the saves, with the file before the last save as a backup."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from game.app.atomic import move_aside, read_bytes_limited, write_json_atomic
from game.app.paths import AppPaths
from game.match_stats import GameSummary, MatchStats
from game.notice import Notice

log = logging.getLogger(__name__)

MAX_STATS_BYTES = 256 * 1024


def _read(path: Path) -> MatchStats:
    return MatchStats.from_json(
        json.loads(read_bytes_limited(path, MAX_STATS_BYTES).decode("utf-8"))
    )


class StatsStore:
    def __init__(self, paths: AppPaths) -> None:
        self.paths = paths

    @property
    def backup(self) -> Path:
        return self.paths.stats.with_name("statistics.bak.json")

    def load(self) -> tuple[MatchStats, Notice | None]:
        """The statistics; a damaged file is set aside and the backup (the file before the
        last save) is used if it reads, so one bad write costs at most one game's count."""
        path = self.paths.stats
        if not path.exists():
            return MatchStats(), None
        try:
            return _read(path), None
        except (OSError, ValueError, RecursionError) as e:
            log.warning("statistics damaged (%s): %s; trying the backup", path, e)
            move_aside(path, self.paths.quarantine)
            error = e
        try:
            if self.backup.exists():
                return _read(self.backup), Notice("notice.stats_backup_used", detail=str(error))
        except (OSError, ValueError, RecursionError) as e:  # the notice says: reset
            log.warning("statistics backup damaged too (%s): %s", self.backup, e)
        return MatchStats(), Notice("notice.stats_damaged", detail=str(error))

    def save(self, stats: MatchStats) -> Notice | None:
        try:
            write_json_atomic(self.paths.stats, stats.to_json(), backup=self.backup)
        except (OSError, ValueError) as e:
            return Notice("notice.stats_not_saved", detail=str(e))
        return None

    def record(self, summary: GameSummary) -> tuple[MatchStats, bool]:
        """Count one match; the flag says whether it was new (not counted before)."""
        stats, _ = self.load()
        counted = stats.record(summary)
        if counted:
            self.save(stats)
        return stats, counted

    def reset(self) -> MatchStats:
        """Start again from zero (the old numbers stay in the backup file)."""
        stats = MatchStats()
        self.save(stats)
        return stats
