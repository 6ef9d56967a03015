"""Replays: a list of finished games, and a viewer that steps through one move by move.

The viewer draws the ordinary table (``BoardView``) for the position after ``index`` moves
and the log up to it. It drives a replay model handed in by the app (``game.replay``:
``forward``, ``back``, ``seek``, ``jump_to_round``, ``game``, ``steps``), so nothing here
replays rules itself.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame import Rect

from game.ai.runtime.review_job import GameRecord
from game.engine import events as ev
from game.replay import Replay
from game.seats import shown_name
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.scene import Scene
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.log_panel import LogPanel
from game.ui.table.match import LogEntry
from game.ui.words.sentences import counted, describe_move

SCREEN = Rect(0, 0, *LOGICAL)
STRIP = Rect(1398, 8, 512, 50)  # the round timeline, over the table's top-right buttons
PLAY_SECONDS = 0.45
CONTROLS = ("prev_round", "step_back", "step_forward", "next_round", "play", "close")
ZONES = ("button_action_1", "button_action_2", "button_action_3", "button_action_4",
         "button_action_5", "button_pass")  # fmt: skip


def log_entries(replay: Any) -> list[LogEntry]:
    """The table's log for the position after ``replay.index`` moves."""
    first = replay.steps[0].round if replay.steps else replay.game.round
    out = [LogEntry(first, ev.RoundStarted(first, replay.game.first))]
    for step in replay.steps[: replay.index]:
        rnd = step.round
        for e in step.events:
            if isinstance(e, ev.RoundStarted):
                rnd = e.round
            out.append(LogEntry(rnd, e))
    return out


class ReplayViewerScene(Scene):
    kind = "replay"

    def __init__(
        self,
        ctx: Context,
        replay: Any,
        names: list[str],
        kinds: list[str],
        start: int = 0,
        note: str = "",
    ) -> None:
        super().__init__(ctx)
        self.replay = replay
        if start:
            replay.seek(start)  # open at a given move (the review's "show this moment")
        # the review's words for that moment (what was played, the better move): the bar
        # says them while the replay stands there
        self.note, self.note_at = note, start
        self.names, self.kinds = names, kinds
        self.layout = load_layout(replay.game.n)
        self.board = BoardView(self.layout, replay.game.n, ctx.tr)
        self.log = LogPanel(ctx.tr)
        self.playing = False
        self.timer = 0.0
        actions = (replay.previous_round, replay.back, replay.forward, replay.next_round,
                   self.toggle_play, self.close)  # fmt: skip
        self.controls = ButtonList(
            [
                Button(self.layout[z], c, fn)
                for z, c, fn in zip(ZONES, CONTROLS, actions, strict=True)
            ],  # fmt: skip
            keyboard=False,
        )
        self._log_index = -1

    # -- control ---------------------------------------------------------------------------

    def toggle_play(self) -> None:
        if self.replay.index >= len(self.replay):
            self.replay.seek(0)
        self.playing = not self.playing
        self.timer = 0.0

    def close(self) -> None:
        self.playing = False
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def round_at(self, pos: tuple[int, int]) -> int | None:
        rounds = self.replay.rounds
        if not STRIP.collidepoint(pos) or not rounds:
            return None
        i = (pos[0] - STRIP.x) * len(rounds) // STRIP.w
        return rounds[max(0, min(len(rounds) - 1, i))]

    def handle_event(self, event: pygame.event.Event) -> None:
        r = self.replay
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.close,
                pygame.K_RIGHT: r.forward,
                pygame.K_LEFT: r.back,
                pygame.K_PAGEDOWN: r.next_round,
                pygame.K_PAGEUP: r.previous_round,
                pygame.K_SPACE: self.toggle_play,
                pygame.K_HOME: lambda: r.seek(0),
                pygame.K_END: lambda: r.seek(len(r)),
            }
            fn = keys.get(event.key)
            if fn is not None:
                if event.key not in (pygame.K_SPACE, pygame.K_ESCAPE):
                    self.playing = False
                fn()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rnd = self.round_at(event.pos)
            if rnd is not None:
                self.playing = False
                r.jump_to_round(rnd)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.log.scroll_by(event.y * 3)
            return
        self.controls.handle_event(event)

    def busy(self) -> bool:
        return self.playing

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.timer += dt
        while self.timer >= PLAY_SECONDS:
            self.timer -= PLAY_SECONDS
            if not self.replay.forward():
                self.playing = False
                break

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, p: Painter) -> None:
        tr, r = self.ctx.tr, self.replay
        step = r.last_step
        active = step.seat if step is not None else -1
        self.board.render(p, r.game, self.names, self.kinds, active)
        if self._log_index != r.index:
            self.log = LogPanel(tr)
            self.log.rebuild(log_entries(r), self.names)
            self._log_index = r.index
        self.log.draw(p, self.layout["log"])
        self._banner(p)
        self._strip(p)
        self._prompt(p)
        for b, c in zip(self.controls.buttons, CONTROLS, strict=True):
            key = "replay.pause" if c == "play" and self.playing else f"replay.{c}"
            b.label = tr(key)
        self.controls.buttons[0].enabled = self.controls.buttons[1].enabled = r.index > 0
        self.controls.buttons[2].enabled = self.controls.buttons[3].enabled = r.index < len(r)
        for b in self.controls.buttons:
            b.draw(p)
        k = self.layout["keys"]
        p.text(tr("replay.keys"), k.center, theme.SMALL, theme.TEXT_DIM, anchor="center",
               max_width=k.w - 20)  # fmt: skip

    def _banner(self, p: Painter) -> None:
        r = self.replay
        b = self.layout["banner"]
        p.rect(b, (10, 16, 12, 225), radius=12)
        text = self.ctx.tr("replay.banner", round=r.round, rounds=r.rounds[-1], step=r.index,
                           steps=len(r))  # fmt: skip
        p.text(text, (b.x + 26, b.centery), theme.LARGE, theme.TEXT, anchor="midleft", bold=True,
               max_width=b.w - 40)  # fmt: skip

    def _strip(self, p: Painter) -> None:
        r = self.replay
        rounds = r.rounds
        p.rect(STRIP, (10, 16, 12, 235), radius=10)
        n = max(1, len(rounds))
        for i, rnd in enumerate(rounds):
            x0 = STRIP.x + 6 + (STRIP.w - 12) * i // n
            x1 = STRIP.x + 6 + (STRIP.w - 12) * (i + 1) // n
            cell = Rect(x0 + 1, STRIP.y + 8, max(2, x1 - x0 - 2), STRIP.h - 16)
            colour = theme.ACCENT if rnd == r.round else theme.BUTTON
            p.rect(cell, colour, radius=4)
            if cell.w >= 22 and (rnd % 5 == 0 or rnd == 1 or rnd == r.round):
                fg = theme.TEXT_DARK if rnd == r.round else theme.TEXT
                p.text(str(rnd), cell.center, theme.SMALL - 4, fg, anchor="center", bold=True)

    def prompt_text(self) -> str:
        """The bar: the review's note at its moment, else the last move played."""
        tr, r = self.ctx.tr, self.replay
        step = r.last_step
        if self.note and r.index == self.note_at:
            return self.note
        if step is None:
            return tr("replay.start")
        return tr("replay.move", name=self.names[step.seat],
                  move=describe_move(tr, step.move, None, step.seat, self.names))  # fmt: skip

    def _prompt(self, p: Painter) -> None:
        z = self.layout["prompt"]
        p.rect(z, (10, 16, 12, 220), radius=10)
        text = self.prompt_text()
        p.text(text, (z.x + 16, z.centery), theme.BODY, theme.TEXT, anchor="midleft",
               max_width=z.w - 32)  # fmt: skip


class ReplayBrowserScene(Scene):
    """Finished games, newest first; choose one to watch."""

    kind = "replays"
    box = Rect(260, 60, 1400, 960)
    per_page = 8

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.matches: list[Any] = []
        self.menu = ButtonList()

    def enter(self) -> None:
        self.matches = self.ctx.storage.recent_replays(self.per_page)
        b = self.box
        buttons = []
        for i, m in enumerate(self.matches):
            y = b.y + 130 + i * 94
            review, show = Rect(b.right - 480, y, 200, 70), Rect(b.right - 260, y, 200, 70)
            buttons.append(Button(review, "review", partial(self.review, m)))
            buttons.append(Button(show, "open", partial(self.open, m)))
        buttons.append(Button(Rect(b.centerx - 160, b.bottom - 100, 320, 70), "back", self.back,
                              key_hint="Esc"))  # fmt: skip
        self.menu = ButtonList(buttons)
        self.menu.focus = 1 if self.matches else 0  # the newest game's Open
        buttons[self.menu.focus].focused = True

    def open(self, match: Any) -> None:
        names = [shown_name(self.ctx.tr, s.name, i) for i, s in enumerate(match.seats)]
        kinds = [s.kind for s in match.seats]
        self.push("replay", Replay.from_match(match), names, kinds)

    def review(self, match: Any) -> None:
        self.push("review", GameRecord.from_saved(match))

    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        b = self.box
        p.image("background", rect=SCREEN)
        p.rect(SCREEN, (0, 0, 0, 150))
        panel(p, b, tr("replay.browser_title"))
        for i, button in enumerate(self.menu.buttons[:-1]):  # Review, Open for each game
            button.label = tr("review.button") if i % 2 == 0 else tr("replay.open")
        self.menu.buttons[-1].label = tr("replay.back")
        if not self.matches:
            p.text_box(tr("replay.none"), Rect(b.x + 150, b.y + 300, b.w - 300, 200),
                       theme.LARGE, align="center")  # fmt: skip
        for i, m in enumerate(self.matches):
            y = b.y + 130 + i * 94
            date = m.saved_at[:16].replace("T", " ")
            rounds = m.game.round
            line = counted(tr, "replay.entry", rounds, date=date, players=m.players, rounds=rounds)
            shown = [shown_name(tr, s.name, i) for i, s in enumerate(m.seats)]
            winners = ", ".join(shown[w] for w in m.game.result().winners) or "—"
            names = " · ".join(shown)
            p.text(line, (b.x + 60, y), theme.BODY, theme.TEXT, bold=True, max_width=b.w - 620)
            p.text(f"{names}  —  {tr('replay.winners', names=winners)}", (b.x + 60, y + 36),
                   theme.SMALL, theme.TEXT_DIM, max_width=b.w - 620)  # fmt: skip
        self.menu.draw(p)
