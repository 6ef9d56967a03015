"""Overlays drawn over the scene below: pause, settings, rules help, confirm, discard browser."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from game.player_settings import LANGUAGES, ROUND_END_MODES, SPEEDS, UI_SCALES, WINDOW_SIZES
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button, column
from game.ui.overlay import MenuOverlay, Overlay
from game.ui.table.layout import grid_cells
from game.ui.table.match import Match
from game.ui.words.rules_text import RulesText
from game.ui.words.sentences import counted


class PauseOverlay(MenuOverlay):
    kind = "pause"

    def __init__(self, ctx: Context, match: Match | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.build()
        self.focus_first()

    def build(self) -> None:
        ctx = self.ctx
        tr = ctx.tr
        items: list[tuple[str, Callable[[], object]]] = [
            (tr("pause.resume"), self.close),
            (tr("pause.settings"), lambda: self._stack().push(SettingsOverlay(self.ctx))),
            (tr("pause.rules"), self.rules),
            (tr("pause.menu"), self.to_menu),
            (tr("pause.quit"), ctx.quit),
        ]
        rects = column(self.box.x + 150, self.box.y + 130, 400, 70, 22, len(items))
        self.menu.buttons = [
            Button(r, label, fn) for r, (label, fn) in zip(rects, items, strict=True)
        ]

    def rules(self) -> None:
        self.push("rules_help")

    def to_menu(self) -> None:
        if self.match is not None:
            self.match.cancel_ai()
            if not self.match.game.over and self.match.saveable:
                # a failed write is the storage's to report (its notice); nothing raises here
                self.ctx.storage.save_match(self.match.to_json())
        self.clear_to("menu")

    def draw(self, p: Painter) -> None:
        self.draw_frame(p, self.ctx.tr("pause.title"))
        super().draw(p)


class SettingsOverlay(Overlay):
    kind = "settings"
    box = Rect(560, 70, 800, 910)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rebuild()

    def rebuild(self) -> None:
        tr = self.ctx.tr
        s = self.ctx.settings
        on_off = {True: tr("settings.on"), False: tr("settings.off")}
        window = f"{s.window_width} × {s.window_height}"
        items: list[tuple[str, Callable[[], object]]] = [
            (tr("settings.language", value=tr(f"language.{s.language}")), self.language),
            (tr("settings.window", value=window), self.window),
            (tr("settings.fullscreen", value=on_off[s.fullscreen]), self.fullscreen),
            (tr("settings.speed", value=tr(f"speed.{s.speed}")), self.cycle_speed),
            (tr("settings.volume", value=round(s.volume * 100)), self.volume),
            (tr("settings.sound", value=on_off[not s.muted]), self.mute),
            (tr("settings.colour_blind", value=on_off[s.colour_blind]), self.colour_blind),
            (tr("settings.confirm_pass", value=on_off[s.confirm_pass]), self.confirm_pass),
            (tr("settings.hover_help", value=on_off[s.hover_help]), self.hover_help),
            (tr("settings.ui_scale", value=s.ui_scale), self.ui_scale),
            (tr("settings.round_end", value=tr(f"round_end.{s.round_end}")), self.round_end),
            (tr("settings.back"), self.close),
        ]
        rects = column(self.box.x + 80, self.box.y + 96, 640, 60, 8, len(items))
        focus = self.menu.focus
        self.menu.buttons = [
            Button(r, label, fn) for r, (label, fn) in zip(rects, items, strict=True)
        ]
        self.menu.focus = focus
        for i, b in enumerate(self.menu.buttons):
            b.focused = i == focus

    def changed(self) -> None:
        self.ctx.storage.save_settings(self.ctx.settings)  # a failure shows as its notice
        self.rebuild()

    def ui_scale(self) -> None:
        """Text at 100, 125 or 150%: every scene lays its text out again."""
        s = self.ctx.settings
        now = s.ui_scale
        k = UI_SCALES.index(now) + 1 if now in UI_SCALES else 0
        s.ui_scale = UI_SCALES[k % len(UI_SCALES)]
        if self.stack is not None:
            self.stack.resized()
        self.changed()

    def round_end(self) -> None:
        """The end of the round: step by step (each step waits for a click) or automatic."""
        s = self.ctx.settings
        k = ROUND_END_MODES.index(s.round_end) + 1 if s.round_end in ROUND_END_MODES else 0
        s.round_end = ROUND_END_MODES[k % len(ROUND_END_MODES)]
        self.changed()

    def cycle_speed(self) -> None:
        s = self.ctx.settings
        s.speed = SPEEDS[(SPEEDS.index(s.speed) + 1) % len(SPEEDS)]
        self.changed()

    def fullscreen(self) -> None:
        self.ctx.toggle_fullscreen()
        self.changed()

    def volume(self) -> None:
        s = self.ctx.settings
        s.volume = 0.0 if s.volume >= 0.99 else round(min(1.0, s.volume + 0.2), 1)
        if self.ctx.sound is not None:
            self.ctx.sound.set_volume(s.volume)
        self.changed()

    def hover_help(self) -> None:
        self.ctx.settings.hover_help = not self.ctx.settings.hover_help
        self.changed()

    def language(self) -> None:
        s = self.ctx.settings
        s.language = LANGUAGES[(LANGUAGES.index(s.language) + 1) % len(LANGUAGES)]
        self.ctx.set_language(s.language)
        if self.stack is not None:
            self.stack.resized()  # every scene drops text it laid out in the old language
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            pygame.display.set_caption(self.ctx.tr("app.title"))
        self.changed()

    def window(self) -> None:
        s = self.ctx.settings
        sizes = WINDOW_SIZES
        now = (s.window_width, s.window_height)
        size = sizes[(sizes.index(now) + 1) % len(sizes)] if now in sizes else sizes[0]
        s.window_width, s.window_height = size
        if not s.fullscreen:
            self.ctx.resize_window(size)
        self.changed()

    def mute(self) -> None:
        s = self.ctx.settings
        s.muted = not s.muted
        if self.ctx.sound is not None:
            self.ctx.sound.set_muted(s.muted)
        self.changed()

    def colour_blind(self) -> None:
        self.ctx.settings.colour_blind = not self.ctx.settings.colour_blind
        self.changed()

    def confirm_pass(self) -> None:
        self.ctx.settings.confirm_pass = not self.ctx.settings.confirm_pass
        self.changed()

    def draw(self, p: Painter) -> None:
        self.draw_frame(p, self.ctx.tr("settings.title"))
        super().draw(p)


class RulesHelpOverlay(Overlay):
    """The rules sheet of one thing on the table (right-click): its picture and text. The
    whole rules, with the catalogue and diagrams, are ``RulesHelpScene``."""

    kind = "rules"
    box = Rect(360, 110, 1200, 860)

    def __init__(self, ctx: Context, text: RulesText) -> None:
        super().__init__(ctx)
        self.text = text
        self.menu.keyboard = False
        self.build()

    def resized(self) -> None:
        self.build()  # button labels in the current language

    def build(self) -> None:
        b = self.box
        self.menu.buttons = [
            Button(
                Rect(b.centerx - 120, b.bottom - 90, 240, 64),
                self.ctx.tr("button.close"),
                self.close,
            )
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_F1,
        ):
            self.close()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.close()
            return
        super().handle_event(event)

    def draw(self, p: Painter) -> None:
        b = self.box
        self.draw_frame(p, self.text.title)
        x = b.x + 50
        if self.text.image:
            name = self.text.image[0]
            h = 420 if name == "card_face" else 300
            w = round(h * 0.72) if name in ("card_face", "card_back") else h
            p.image(*self.text.image, rect=Rect(x, b.y + 110, w, h), fit=True)
            x += w + 40
        p.text_box(self.text.body, Rect(x, b.y + 110, b.right - 50 - x, b.h - 230), theme.LARGE)
        super().draw(p)


class ConfirmDialog(Overlay):
    kind = "confirm"
    box = Rect(560, 340, 800, 380)

    def __init__(
        self,
        ctx: Context,
        message: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.message = message
        self.on_yes = on_yes
        self.on_no = on_no
        self.build()

    def resized(self) -> None:
        self.build()  # button labels in the current language

    def build(self) -> None:
        ctx = self.ctx
        b = self.box
        self.menu.buttons = [
            Button(
                Rect(b.centerx - 330, b.bottom - 100, 310, 70),
                ctx.tr("confirm.yes"),
                self.yes,
                key_hint=ctx.tr("key.enter"),
            ),
            Button(
                Rect(b.centerx + 20, b.bottom - 100, 310, 70),
                ctx.tr("confirm.no"),
                self.no,
                key_hint="Esc",
            ),
        ]

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def no(self) -> None:
        self.close()
        if self.on_no is not None:
            self.on_no()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.yes()
                return
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()
                return
        self.menu.handle_event(event)

    def draw(self, p: Painter) -> None:
        self.draw_frame(p, self.ctx.tr("confirm.title"))
        b = self.box
        p.text_box(
            self.message, Rect(b.x + 40, b.y + 100, b.w - 80, 150), theme.LARGE, align="center"
        )
        super().draw(p)


class DiscardBrowser(Overlay):
    """A player's discard pile, face up; arrows switch player, the wheel scrolls."""

    kind = "discard"
    box = Rect(160, 90, 1600, 900)
    COLS = 10
    ROWS = 2

    def __init__(self, ctx: Context, match: Match, seat: int) -> None:
        super().__init__(ctx)
        self.match = match
        self.seat = max(0, seat)
        self.scroll = 0
        self.menu.keyboard = False
        self.build()

    def resized(self) -> None:
        self.build()  # button labels in the current language

    def build(self) -> None:
        ctx = self.ctx
        b = self.box
        self.menu.buttons = [
            Button(
                Rect(b.x + 40, b.bottom - 90, 260, 64),
                ctx.tr("button.previous"),
                lambda: self.switch(-1),
                key_hint="←",
            ),
            Button(
                Rect(b.centerx - 130, b.bottom - 90, 260, 64),
                ctx.tr("button.close"),
                self.close,
                key_hint="Esc",
            ),
            Button(
                Rect(b.right - 300, b.bottom - 90, 260, 64),
                ctx.tr("button.next"),
                lambda: self.switch(1),
                key_hint="→",
            ),
        ]

    def switch(self, step: int) -> None:
        self.seat = (self.seat + step) % self.match.game.n
        self.scroll = 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.switch(-1)
                return
            if event.key == pygame.K_RIGHT:
                self.switch(1)
                return
            if event.key in (pygame.K_d, pygame.K_RETURN):
                self.close()
                return
            if event.key == pygame.K_DOWN:
                self.scroll_by(1)
            if event.key == pygame.K_UP:
                self.scroll_by(-1)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
        super().handle_event(event)

    def last_row(self) -> int:
        """The highest first row: the last rows of cards fill the page, none is out of reach."""
        count = len(self.match.shown.players[self.seat].discard)
        return max(0, -(-count // self.COLS) - self.ROWS)

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.last_row(), self.scroll + rows))

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        cards = self.match.shown.players[self.seat].discard
        self.draw_frame(
            p,
            counted(
                tr, "discard.title", len(cards), name=self.match.names[self.seat], count=len(cards)
            ),
        )
        b = self.box
        # The rows end well above the buttons, so the "cards 11-25 of 25" line sits between.
        area = Rect(b.x + 40, b.y + 100, b.w - 80, b.h - 250)
        per_page = self.COLS * self.ROWS
        start = min(self.scroll, self.last_row()) * self.COLS
        if not cards:
            p.text(tr("discard.empty"), area.center, theme.LARGE, theme.TEXT_DIM, anchor="center")
        cells = grid_cells(area, self.COLS, self.ROWS)
        shown = cards[start : start + per_page]
        for card, cell in zip(shown, cells, strict=False):
            p.image("card_face", card, rect=cell.inflate(-10, -10), fit=True)
        if len(cards) > per_page:
            p.text(
                tr("discard.more", first=start + 1, last=start + len(shown), count=len(cards)),
                (b.centerx, area.bottom + 12),
                theme.SMALL,
                theme.TEXT_DIM,
                anchor="midtop",
            )
        super().draw(p)
