"""``FileStorage``: the table's ``Storage`` (game/ui/context.py) backed by the player's files.

The composition root builds one from ``AppPaths``; scenes only see the protocol. Anything a
scene should tell the player (a refused save, a settings file reset) is appended to
``notices`` as a catalogue key, for the menu to show and clear.

With ``background=True`` (the app) the autosave is written on a worker thread
(``BackgroundWriter``): the table saves after every decision without a frame hitch. Every
read or removal of the save waits for the write first; ``flush``/``close`` are called on the
way to the menu, at game over and on quit.

Between two autosaves every move played is in the move journal (``game/app/journal.py``),
written at once on the frame thread (``save_moves``) before the table shows the move; an
autosave on disk drops the lines it holds, and ``load_match`` plays the rest over it.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from game.app.atomic import read_bytes_limited, remove_stale_temps
from game.app.journal import (
    MoveJournal,
    common_prefix,
    journal_is_newer,
    journal_moves,
    match_id,
    read_journal,
)
from game.app.paths import AppPaths
from game.app.review_cache import ReviewCache
from game.app.saves import SaveStore, save_failure
from game.app.settings_file import SettingsStore
from game.app.stats_file import StatsStore
from game.app.writer import BackgroundWriter
from game.match_stats import MatchStats, summarize
from game.notice import Notice
from game.player_settings import PlayerSettings
from game.savegame import MAX_SAVE_BYTES, SavedMatch, SaveError, continued, parse_save

log = logging.getLogger(__name__)


class FileStorage:
    def __init__(self, paths: AppPaths, background: bool = False) -> None:
        self.paths = paths
        self.writer = BackgroundWriter("autosave") if background else None
        self.saves = SaveStore(paths)
        self.journal = MoveJournal(paths.journal)
        self._journal_error: Notice | None = None  # the last journal write's failure
        self.settings_store = SettingsStore(paths)
        self.stats_store = StatsStore(paths)
        self.notices: list[Notice] = []
        self._reviews: ReviewCache | None = None
        self._save_error: Notice | None = None  # the last autosave's failure, until one works
        self._write_failures: list[Notice] = []  # other failed writes, for the table to say
        for folder in (paths.config, paths.saves, paths.replays):
            remove_stale_temps(folder)  # left by a write the app was killed during

    def _note(self, notice: Notice | None) -> None:
        if notice is not None and notice not in self.notices:
            self.notices.append(notice)

    def _failed_write(self, notice: Notice | None) -> None:
        """A write that failed (settings, statistics, replay): the menu lists it later, and
        the table says it at once (``take_write_failures``)."""
        if notice is not None:
            log.warning("write failed: %s (%s)", notice.key, notice.detail)
            self._write_failures.append(notice)
        self._note(notice)

    def take_write_failures(self) -> list[Notice]:
        out, self._write_failures = self._write_failures, []
        return out

    def take_notices(self) -> list[Notice]:
        out, self.notices = self.notices, []
        return out

    # -- settings ------------------------------------------------------------------------

    def load_settings(self) -> PlayerSettings:
        settings, notice = self.settings_store.load()
        self._note(notice)
        return settings

    def save_settings(self, settings: Any) -> None:
        self._failed_write(self.settings_store.save(settings))

    # -- the match in progress -------------------------------------------------------------

    def save_match(self, doc: dict[str, Any]) -> None:
        """Write the match in progress (on the worker thread if there is one); once it is on
        disk, the journal drops the moves it holds. A new match is written at once: the
        journal's moves go on from it."""
        match, moves, new = self._journal_start(doc)
        mark = self.journal.mark()
        if self.writer is None or new:
            self.flush()
            self._autosave(doc, match, moves, mark)
        else:
            self.writer.submit(lambda: self._autosave(doc, match, moves, mark))

    def _journal_start(self, doc: dict[str, Any]) -> tuple[str | None, int, bool]:
        """The match ``doc`` is of, its length, and whether it is new: a match the journal
        is not of, or one with no moves yet (a new game), starts the journal over."""
        match = match_id(doc)
        moves = doc.get("moves") if isinstance(doc, dict) else None
        if match is None or not isinstance(moves, list):
            return None, 0, False
        new = match != self.journal.match or not moves
        if new:
            try:
                self.journal.reset(match, len(moves))
            except (OSError, ValueError) as e:
                self._journal_failed(e)
        return match, len(moves), new

    def _autosave(self, doc: dict[str, Any], match: str | None, moves: int, mark: Any) -> None:
        try:
            notice = self.saves.autosave(doc)
        except Exception as e:  # noqa: BLE001 - an unexpected failure is still reported
            log.exception("autosave failed unexpectedly")
            notice = Notice("notice.save_failed", detail=repr(e))
        self._save_error = notice
        self._note(notice)
        if notice is None and match is not None:
            try:
                self.journal.compact(match, moves, mark)
            except (OSError, ValueError):  # the old journal stays whole: nothing is lost
                log.warning("the journal could not be compacted", exc_info=True)

    def save_moves(self, head: dict[str, Any], start: int, moves: list[list[Any]]) -> None:
        """Moves ``start``… of the match ``head`` is of, on disk before this returns (the
        journal); none: the match is ``start`` moves long again (an undo)."""
        match = match_id(head)
        if match is None:
            return
        try:
            self.journal.append(match, start, moves)
        except (OSError, ValueError) as e:
            self._journal_failed(e)
            return
        self._journal_error = None

    def _journal_failed(self, e: Exception) -> None:
        log.warning("the move journal could not be written: %s", e, exc_info=True)
        self._journal_error = save_failure(e)
        self._note(self._journal_error)

    def save_problem(self) -> Notice | None:
        """Why the last autosave (or journal line) failed, or ``None`` once one has worked
        (the table shows it at once, game/ui/table/alerts.py; read from the frame loop, set
        by the writer thread)."""
        return self._save_error or self._journal_error

    def flush(self) -> None:
        """Wait until the last autosave is on disk."""
        if self.writer is not None:
            self.writer.flush()

    def close(self) -> None:
        """Quit: write what is waiting and stop the worker thread."""
        if self.writer is not None:
            self.writer.close()
        self.journal.close()

    def has_match(self) -> bool:
        self.flush()
        return self.saves.has_autosave()

    def load_match(self) -> SavedMatch | None:
        """The match to continue, read and checked by the save codec, or ``None``."""
        self.flush()
        result = self.saves.load_autosave()
        self.notices.extend(result.notices)
        if result.match is None:
            return None
        return self._with_journal(result.match, adopt=True)

    def _with_journal(self, saved: SavedMatch, adopt: bool) -> SavedMatch:
        """``saved`` brought up to date by the journal's moves (those that play; a journal
        of another match, or of moves the save does not reach, is ignored and said in the
        log). ``adopt``: the journal goes on from there, rewritten whole (a torn line gone)."""
        match = match_id(saved.head())
        journal = read_journal(self.paths.journal)
        out = saved
        if journal is not None and journal.match != match:
            log.warning("the move journal is of another match: ignored")
        elif journal is not None and journal.base > len(saved.moves):
            log.warning("the move journal goes on from move %s: the save has fewer", journal.base)
        elif journal is not None:
            out, why = continued(saved, journal_moves(journal, saved.moves))
            if why:
                log.warning("move journal: %s; the moves before it are kept", why)
            damaged = journal.cut or bool(why)
            if not journal_is_newer(saved.moves, out.moves, journal.undone, damaged):
                log.info("the move journal lacks moves the autosave holds: the autosave is read")
                out = saved
            log.info("move journal: %s moves saved, %s now", len(saved.moves), len(out.moves))
        if adopt and match is not None:
            same = common_prefix(saved.moves, out.moves)
            try:
                self.journal.reset(match, same, [[s, m.to_json()] for s, m in out.moves[same:]])
            except (OSError, ValueError) as e:
                self._journal_failed(e)
        return out

    def clear_match(self) -> None:
        if self.writer is not None:  # a save still waiting would bring the file back
            self.writer.flush(drop=True)
        self.saves.clear_autosave()
        self.journal.clear()  # after the autosave: alone, a journal is never read

    # -- statistics and replays --------------------------------------------------------------

    def load_stats(self) -> MatchStats:
        stats, notice = self.stats_store.load()
        self._note(notice)
        return stats

    def save_stats(self, stats: MatchStats) -> None:
        self._failed_write(self.stats_store.save(stats))

    def reset_stats(self) -> MatchStats:
        return self.stats_store.reset()

    def record_game(
        self, doc: dict[str, Any], elsewhere: tuple[int, ...] = ()
    ) -> MatchStats | None:
        """Count a finished match (given as a save document) and keep it for replay.

        Both writes can be done again without harm: the replay is named by the match's key
        and written once, the statistics count a key once. The replay goes first, and the
        result is ``None`` unless both are on disk: the caller then keeps the autosave, so
        a kill or a failed write between the two is made good the next time the game over
        is shown (Continue), never lost. ``elsewhere``: the seats people at other screens
        played (online), whose wins are not this player's."""
        try:
            match = parse_save(doc)
        except SaveError as e:
            self._note(Notice("notice.stats_not_recorded", detail=e.detail))
            return None
        if not match.game.over:
            return None
        replay = self.save_replay(match)
        kinds = [s.kind for s in match.seats]
        summary = summarize(match.game, kinds, match.key(), elsewhere)
        stats = self.load_stats()
        counted = True
        if stats.record(summary):  # counted once; a failed write is said, not swallowed
            notice = self.stats_store.save(stats)
            self._failed_write(notice)
            counted = notice is None
        log.info("game recorded: replay %s, statistics %s", replay, "kept" if counted else "not")
        return stats if replay is not None and counted else None

    def record_left_over(self) -> None:
        """At launch: a finished game still in the autosave (the app was killed at game over,
        before or between its two writes) is recorded now, counted once with one replay, and
        cleared; so a New game instead of Continue loses nothing. A save that does not read
        is left for Continue to refuse and say why."""
        self.flush()
        try:
            raw = json.loads(read_bytes_limited(self.paths.autosave, MAX_SAVE_BYTES))
        except (OSError, ValueError, RecursionError):  # none, or Continue's to refuse
            return
        game = raw.get("game") if isinstance(raw, dict) else None
        if not (isinstance(game, dict) and game.get("phase") == "over"):
            raw = self._finished_by_journal(raw)
            if raw is None:
                return
        log.info("a finished game was left in the autosave: recording it")
        if self.record_game(raw) is not None:
            self.clear_match()

    def _finished_by_journal(self, raw: Any) -> dict[str, Any] | None:
        """The autosave's match as the journal ends it, if that is the game's end (the app
        was killed at game over before the last moves were in the autosave)."""
        if not self.paths.journal.exists():
            return None
        try:
            whole = self._with_journal(parse_save(raw), adopt=False)
        except SaveError:  # Continue's to refuse, and say why
            return None
        return whole.to_json() if whole.game.over else None

    def save_replay(self, match: SavedMatch) -> Path | None:
        try:
            return self.saves.save_replay(match)
        except OSError as e:
            log.warning("replay not saved", exc_info=True)
            self._failed_write(Notice("notice.replay_not_saved", detail=str(e)))
            return None

    def list_replays(self) -> list[Path]:
        return self.saves.list_replays()

    def load_replay(self, path: Path) -> SavedMatch | None:
        result = self.saves.load_replay(path)
        self.notices.extend(result.notices)
        return result.match

    def recent_replays(self, limit: int = 20) -> list[SavedMatch]:
        """The newest loadable replays, newest first (damaged ones are moved aside)."""
        out = []
        for path in self.list_replays():
            match = self.load_replay(path)
            if match is not None and match.replayable:
                out.append(match)
            if len(out) >= limit:
                break
        return out

    def reviews(self) -> ReviewCache:
        """Finished reviews, beside the replays (``replays/reviews/``)."""
        if self._reviews is None:
            self._reviews = ReviewCache(self.paths.replays / "reviews")
        return self._reviews
