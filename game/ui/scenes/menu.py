"""The main menu: New game, Continue, Continue online game (when this app holds an online
seat: the table itself, or "Your tables" when there are several), Play online, Learn to
play, Rules, Statistics, Settings, Credits, Quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from game.savegame import SavedMatch
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, column
from game.ui.online.held import playable
from game.ui.scene import Scene

CIRCLE = Rect(LOGICAL[0] // 2 - 100, 36, 200, 200)
TITLE_TOP = CIRCLE.bottom + 6
TITLE_LINE = 110  # logical height reserved for the title's line (Noto Sans KR at 72 px: 105)
BUTTON_W, BUTTON_H, BUTTON_GAP = 460, 56, 8  # nine buttons end above the notices
BUTTONS_TOP = TITLE_TOP + TITLE_LINE + 20
NOTICE_TOP, KEYS_Y = 966, 1050  # the notices' box (two lines) and the key help's centre
BUTTONS_ROOM = NOTICE_TOP - 12 - BUTTONS_TOP  # ten buttons share it, a little shorter


class MenuScene(Scene):
    kind = "menu"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.menu = ButtonList()
        self.error = ""
        self.saved: SavedMatch | None = None  # the match Continue resumes
        self.drawn: dict[str, Rect] = {}  # logical rect of each widget last drawn (tests)

    def enter(self) -> None:
        self.build()
        notices = self.ctx.storage.take_notices()
        if self.ctx.online is not None:  # a damaged online seats file, set aside
            notices += self.ctx.online.book.take_notices()
        if notices:  # every notice, each once (a refused save and its backup may repeat)
            texts = dict.fromkeys(n.text(self.ctx.tr) for n in notices)
            self.error = "\n".join(texts)

    def resume(self) -> None:
        self.build()

    def resized(self) -> None:
        self.build()  # the language may have changed under the Settings overlay

    def build(self) -> None:
        tr = self.ctx.tr
        self.saved = self.ctx.storage.load_match()  # read and checked once, here
        saved = self.saved is not None
        held = playable(self.ctx.online.book) if self.ctx.online is not None else []
        items: list[tuple[str, Callable[[], None], bool]] = [
            (tr("menu.new_game"), self.new_game, True),
            (tr("menu.continue"), self.continue_game, saved),
        ]
        if held:
            word = "menu.continue_online" if len(held) == 1 else "menu.your_tables"
            items.append((tr(word, count=len(held)), self.continue_online, True))
        items += [
            (tr("menu.online"), self.online, self.ctx.online is not None),
            (tr("menu.learn"), self.learn, True),
            (tr("menu.rules"), self.rules, True),
            (tr("menu.statistics"), self.statistics, True),
            (tr("menu.settings"), self.settings, True),
            (tr("menu.credits"), self.credits, True),
            (tr("menu.quit"), self.ctx.quit, True),
        ]
        x = LOGICAL[0] // 2 - BUTTON_W // 2
        h = min(BUTTON_H, (BUTTONS_ROOM + BUTTON_GAP) // len(items) - BUTTON_GAP)
        rects = column(x, BUTTONS_TOP, BUTTON_W, h, BUTTON_GAP, len(items))
        self.menu.buttons = [
            Button(r, label, fn, enabled, size=theme.LARGE)
            for r, (label, fn, enabled) in zip(rects, items, strict=True)
        ]
        self.menu.focus = 1 if saved else (2 if held else 0)
        for i, b in enumerate(self.menu.buttons):
            b.focused = i == self.menu.focus

    def new_game(self) -> None:
        self.push("setup")

    def continue_game(self) -> None:
        from game.ui.table.match import Match

        if self.saved is not None:
            self.replace("table", Match.from_saved(self.saved))

    def continue_online(self) -> None:
        """Back to the online table held here (several: the list of them)."""
        held = playable(self.ctx.online.book)
        if len(held) > 1:
            self.push("online_tables")
        elif held:
            from game.ui.online.resuming import resume_table

            self.error = resume_table(self, held[0])

    def online(self) -> None:
        self.push("online")

    def learn(self) -> None:
        self.push("tutorial_menu")

    def rules(self) -> None:
        self.push("rules_help")

    def statistics(self) -> None:
        self.push("statistics")

    def settings(self) -> None:
        self.push("settings")

    def credits(self) -> None:
        self.push("credits")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return
        self.menu.handle_event(event)

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        screen = Rect(0, 0, *LOGICAL)
        p.image("background", rect=screen)
        p.rect(screen, (0, 0, 0, 120))
        p.image("circle", rect=CIRCLE)
        drawn = {"circle": CIRCLE}
        drawn["title"] = p.text(
            tr("app.title"),
            (LOGICAL[0] // 2, TITLE_TOP),
            theme.HUGE,
            theme.ACCENT,
            anchor="midtop",
            bold=True,
            max_width=LOGICAL[0] - 200,
        )
        self.menu.draw(p)
        drawn.update({f"button{i}": b.rect for i, b in enumerate(self.menu.buttons)})
        if self.error:  # one line per notice, above the keys
            box = Rect(LOGICAL[0] // 2 - 860, NOTICE_TOP, 1720, 64)
            p.text_box(self.error, box, theme.SMALL, theme.DANGER, "center", valign="center")
            drawn["notice"] = box
        drawn["keys"] = p.text(
            tr("menu.keys"), (LOGICAL[0] // 2, KEYS_Y), theme.SMALL, theme.TEXT_DIM, anchor="center"
        )
        self.drawn = drawn
