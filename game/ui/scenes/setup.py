"""New game setup: 2-4 seats, each Human or AI Easy/Medium/Hard with a name; the first player
random or chosen; an optional seed."""

from __future__ import annotations

import random
from functools import partial

import pygame
from pygame import Rect

from game.seats import SEAT_KINDS, default_name, is_default, shown_name
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.scene import Scene
from game.ui.table.match import Match, Seat

BOX = Rect(300, 60, 1320, 960)
MAX_NAME = 16


class SetupScene(Scene):
    kind = "setup"

    def __init__(self, ctx: Context, seats: list[Seat] | None = None) -> None:
        super().__init__(ctx)
        if seats is None:  # the last table played, else one human against three Medium
            seats = [Seat(s.name, s.kind) for s in ctx.settings.last_table]
        if not seats:
            seats = [Seat(default_name(0), "human")]
            seats += [Seat(default_name(i), "medium") for i in (1, 2, 3)]
        self.count = min(4, max(2, len(seats)))
        while len(seats) < 4:  # names and kinds ready for the seats that can be added
            seats.append(Seat(default_name(len(seats)), "medium"))
        self.all_seats = seats[:4]
        self.first = -1  # -1: random
        self.seed = ""
        self.editing = -1  # seat whose name is being typed; 4 = the seed
        self.menu = ButtonList()
        self.build()

    @property
    def seats(self) -> list[Seat]:
        return self.all_seats[: self.count]

    def resized(self) -> None:
        self.build()  # labels in the current language

    def build(self) -> None:
        tr = self.ctx.tr
        for i, seat in enumerate(self.all_seats):  # default names in the current language
            if i != self.editing:
                seat.name = shown_name(tr, seat.name, i)
        b: list[Button] = []
        x0 = BOX.x + 60
        y = BOX.y + 120
        b.append(Button(Rect(x0 + 420, y, 80, 60), "−", lambda: self.set_count(-1)))
        b.append(Button(Rect(x0 + 600, y, 80, 60), "+", lambda: self.set_count(1)))
        y += 100
        for i in range(self.count):
            seat = self.all_seats[i]
            label = seat.name + ("_" if self.editing == i else "")
            b.append(Button(Rect(x0 + 60, y, 520, 62), label, partial(self.edit, i)))
            b.append(
                Button(
                    Rect(x0 + 620, y, 420, 62),
                    tr(f"seat.kind.{seat.kind}"),
                    partial(self.cycle_kind, i),
                )
            )
            y += 80
        y = BOX.y + 560
        first = tr("setup.first_random") if self.first < 0 else self.all_seats[self.first].name
        b.append(Button(Rect(x0 + 420, y, 420, 62), first, self.cycle_first))
        y += 90
        seed = (self.seed or tr("setup.seed_random")) + ("_" if self.editing == 4 else "")
        b.append(Button(Rect(x0 + 420, y, 420, 62), seed, lambda: self.edit(4)))
        y = BOX.bottom - 110
        b.append(
            Button(Rect(BOX.centerx - 440, y, 400, 76), tr("setup.back"), self.back, key_hint="Esc")
        )
        b.append(
            Button(
                Rect(BOX.centerx + 40, y, 400, 76),
                tr("setup.start"),
                self.start,
                highlight=True,
                size=theme.LARGE,
            )
        )
        focus = self.menu.focus if self.menu.buttons else len(b) - 1
        self.menu.buttons = b
        self.menu.focus = min(focus, len(b) - 1)
        for i, btn in enumerate(b):
            btn.focused = i == self.menu.focus

    def set_count(self, step: int) -> None:
        self.count = min(4, max(2, self.count + step))
        if self.first >= self.count:
            self.first = -1
        self.build()

    def edit(self, i: int) -> None:
        self.editing = -1 if self.editing == i else i
        self.build()

    def cycle_kind(self, i: int) -> None:
        s = self.all_seats[i]
        s.kind = (
            SEAT_KINDS[(SEAT_KINDS.index(s.kind) + 1) % len(SEAT_KINDS)]
            if s.kind in SEAT_KINDS
            else "human"
        )
        self.build()

    def cycle_first(self) -> None:
        self.first = self.first + 1 if self.first + 1 < self.count else -1
        self.build()

    def back(self) -> None:
        if self.stack is not None and len(self.stack) > 1:
            self.stack.pop()
        else:
            self.replace("menu")

    def start(self) -> None:
        seed = int(self.seed) if self.seed else random.SystemRandom().randrange(1, 10**9)
        first = None if self.first < 0 else self.first
        seats = [Seat(self.stored_name(i), s.kind) for i, s in enumerate(self.seats)]
        match = Match.new(seats, seed, first)
        self.ctx.settings.last_table = tuple(Seat(s.name, s.kind) for s in seats)
        self.ctx.storage.save_settings(self.ctx.settings)  # a failure is the storage's to say
        self.ctx.storage.save_match(match.to_json())  # never raises: Storage reports it
        self.clear_to("table", match)

    def stored_name(self, i: int) -> str:
        """Seat ``i``'s name as the match keeps it: left empty or as its season's name, the
        default (a marker every screen shows in its own language); else as typed."""
        name = self.all_seats[i].name.strip()
        return default_name(i) if not name or is_default(name, i) else name

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing >= 0:
            if event.type == pygame.TEXTINPUT:
                self.type_text(event.text)
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.type_backspace()
                    return
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                    self.editing = -1
                    self.build()
                    return
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    def type_text(self, text: str) -> None:
        if self.editing == 4:
            self.seed = (self.seed + "".join(c for c in text if c.isdigit()))[:12]
        else:
            seat = self.all_seats[self.editing]
            seat.name = (seat.name + "".join(c for c in text if c.isprintable()))[:MAX_NAME]
        self.build()

    def type_backspace(self) -> None:
        if self.editing == 4:
            self.seed = self.seed[:-1]
        else:
            seat = self.all_seats[self.editing]
            seat.name = seat.name[:-1]
        self.build()

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        screen = Rect(0, 0, *LOGICAL)
        p.image("background", rect=screen)
        p.rect(screen, (0, 0, 0, 140))
        panel(p, BOX, tr("setup.title"))
        x0 = BOX.x + 60
        p.text(tr("setup.players"), (x0, BOX.y + 150), theme.LARGE, theme.TEXT, anchor="midleft")
        p.text(
            str(self.count),
            (x0 + 550, BOX.y + 150),
            theme.TITLE,
            theme.ACCENT,
            anchor="center",
            bold=True,
        )
        y = BOX.y + 220
        for i in range(self.count):
            p.circle((x0 + 24, y + 31), 14, self.ctx.palette.seasons[i])
            y += 80
        p.text(tr("setup.first"), (x0, BOX.y + 591), theme.LARGE, theme.TEXT, anchor="midleft")
        p.text(tr("setup.seed"), (x0, BOX.y + 681), theme.LARGE, theme.TEXT, anchor="midleft")
        p.text(
            tr("setup.help"),
            (BOX.centerx, BOX.y + 770),
            theme.SMALL,
            theme.TEXT_DIM,
            anchor="midtop",
            max_width=BOX.w - 80,
        )
        self.menu.draw(p)
