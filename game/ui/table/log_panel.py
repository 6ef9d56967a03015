"""The game log: every event as a plain sentence, grouped by round, scrollable."""

from __future__ import annotations

from pygame import Rect

from game.engine import events as ev
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.match import LogEntry
from game.ui.words.sentences import Tr, counted, log_sentence

_QUIET = (ev.TurnEnded, ev.RoundStarted)


class LogPanel:
    def __init__(self, tr: Tr, scroll: int = 0) -> None:
        self.tr = tr
        self.scroll = scroll  # lines scrolled up from the newest
        self._lines: list[tuple[str, bool]] = []  # (text, is_header)
        self._seen = 0
        self._round = 0

    def rebuild(self, entries: list[LogEntry], names: list[str]) -> None:
        """Bring the sentence list up to date (only new entries are translated)."""
        if len(entries) < self._seen:  # undo removed entries: start again
            self._lines, self._seen, self._round = [], 0, 0
        for entry in entries[self._seen :]:
            if entry.round != self._round:
                self._round = entry.round
                self._lines.append((self.tr("log.round_header", round=entry.round), True))
            if isinstance(entry.event, _QUIET):
                continue
            text = log_sentence(self.tr, entry.event, names)
            if text:
                self._lines.append((text, False))
        self._seen = len(entries)

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(max(0, len(self._lines) - 3), self.scroll + lines))

    def draw(self, p: Painter, r: Rect) -> None:
        p.rect(r, (16, 24, 18, 210), radius=12)
        p.text(self.tr("log.title"), (r.x + 12, r.y + 8), theme.SMALL, theme.ACCENT, bold=True)
        if self.scroll:
            p.text(
                counted(self.tr, "log.scrolled", self.scroll, n=self.scroll),
                (r.right - 12, r.y + 8),
                theme.SMALL - 4,
                theme.TEXT_DIM,
                anchor="topright",
            )
        inner = Rect(r.x + 12, r.y + 38, r.w - 24, r.h - 46)
        y = inner.bottom
        end = len(self._lines) - self.scroll
        i = end - 1
        size = theme.SMALL - 2
        while i >= 0 and y > inner.y:
            text, header = self._lines[i]
            h = p.text_height(text, inner.w, size, bold=header)
            if y - h < inner.y:
                break
            y -= h
            p.text_box(
                text,
                Rect(inner.x, y, inner.w, h),
                size,
                theme.ACCENT if header else theme.TEXT,
                bold=header,
            )
            y -= 4
            i -= 1
