"""What the table must tell the player about faults, in a red strip under the round banner.

Two sources, both read each frame so that nothing is missed whatever scene is on top:

* the storage's ``save_problem()`` (``FileStorage``): from the first failed autosave the strip
  says "Your game is not being saved: disk full", stays while saves fail, and the table is
  asked to save again every ``RETRY_S`` seconds as well as after every move; when a save
  succeeds again it says so for a few seconds;
* the storage's other failed writes (``take_write_failures``: settings, statistics, the
  replay at game over), each said once;
* the AI seats that fell back (``AiSeatDriver.fallen_back``: a worker that died or hung
  twice made the built-in policy play a decision); the strip says so once (a run of
  fallbacks while the message shows keeps the one line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect

from game.notice import Notice
from game.ui.context import Storage
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.words.sentences import Tr

RETRY_S = 3.0  # a failing save is tried again this often even while nobody moves
SHOW_S = 6.0  # how long a one-off message (AI fallback, saved again) stays


@dataclass
class TableAlerts:
    failing: Notice | None = None  # the notice of the failing autosave, while saves fail
    messages: list[tuple[str, float]] = field(default_factory=list)  # (text, seconds left)
    retry_in: float = RETRY_S

    def update(
        self, dt: float, tr: Tr, storage: Storage, fallen: list[str], retry: Callable[[], None]
    ) -> None:
        """Read the storage, and say which AI seats (``fallen``, by name: the AI-seat
        driver's) fell back to the built-in move; while saves fail, ``retry`` every
        ``RETRY_S`` seconds."""
        self.messages = [(t, left - dt) for t, left in self.messages if left - dt > 0]
        notice = storage.save_problem()
        if notice is None and self.failing is not None:
            self.say(tr("alert.saved_again"))
        self.failing = notice
        if notice is not None:
            self.retry_in -= dt
            if self.retry_in <= 0:
                self.retry_in = RETRY_S
                retry()
        for failure in storage.take_write_failures():
            self.say(failure.text(tr))
        for name in fallen:
            self.say(tr("alert.ai_fallback", name=name))

    def say(self, text: str) -> None:
        """Show ``text`` for ``SHOW_S`` seconds; said again while shown, it is not repeated."""
        self.messages = [(t, left) for t, left in self.messages if t != text]
        self.messages.append((text, SHOW_S))

    def lines(self, tr: Tr) -> list[str]:
        out = [f"{self.failing.text(tr)} {tr('alert.retrying')}"] if self.failing else []
        return out + [t for t, _ in self.messages]

    def draw(self, p: Painter, banner: Rect, tr: Tr) -> None:
        """The strip of messages under the round ``banner``."""
        y = banner.bottom + 6
        for text in self.lines(tr):
            r = Rect(banner.x, y, banner.w, 42)
            p.rect(r, (70, 14, 10, 235), radius=10)
            p.rect(r, theme.DANGER, radius=10, width=2)
            p.text(text, (r.x + 18, r.centery), theme.BODY, theme.TEXT, "midleft", True, r.w - 36)
            y += 48
