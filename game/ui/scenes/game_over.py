"""Game over: the winner, each player's three totals, the tie-break when it decided, and
Play again / Menu."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui import theme
from game.ui.painter import Painter
from game.ui.scenes.table import TableScene
from game.ui.widgets import Button, ButtonList, panel


class GameOverScene(TableScene):
    kind = "game_over"

    def __init__(self, ctx, match) -> None:  # noqa: ANN001 - same as TableScene
        super().__init__(ctx, match)
        self.result = match.game.result()
        self.recorded = False
        self.menu = ButtonList()

    def enter(self) -> None:
        tr = self.tr
        r = self.layout["dialog"].inflate(240, 120)
        y = r.bottom - 90
        self.menu.buttons = [
            Button(Rect(r.centerx - 330, y, 310, 64), tr("gameover.play_again"), self.play_again),
            Button(Rect(r.centerx + 20, y, 310, 64), tr("gameover.menu"), self.to_menu),
        ]
        self.menu.focus = 0
        self.menu.buttons[0].focused = True
        self.record()
        self.ctx.play_sound("win")

    def record(self) -> None:
        if self.recorded:
            return
        self.recorded = True
        try:
            self.ctx.storage.record_game(self.match.to_json())
            self.ctx.storage.clear_match()
        except (OSError, ValueError, KeyError):
            self.ctx.storage.clear_match()

    def play_again(self) -> None:
        from game.ui.scenes.setup import SetupScene

        seats = [type(s)(s.name, s.kind) for s in self.match.seats]
        self.stack.replace(SetupScene(self.ctx, seats))

    def to_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.stack.clear_to(MenuScene(self.ctx))

    def advance(self, dt: float) -> bool:
        self.anims.finish()
        if self.match.queue:
            self.match.queue.clear()
        if self.synced != self.match.version:
            self.match.sync()
            self.synced = self.match.version
            self.dirty = True
        return False

    def human_seat(self) -> int:
        return -1

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        self.menu.handle_event(event)

    def banner_text(self) -> str:
        return self.tr("banner.game_over", round=self.match.game.round)

    def draw_hud(self, p: Painter) -> None:
        pass

    def draw_tooltip(self, p: Painter) -> None:
        pass

    def draw_extra(self, p: Painter) -> None:
        tr = self.tr
        p.rect(Rect(0, 0, *self.layout.size), (0, 0, 0, 150))
        r = self.layout["dialog"].inflate(240, 120)
        panel(p, r, fill=(30, 40, 32))
        res = self.result
        names = self.match.names
        if res.winners:
            title = tr(
                "gameover.winner" if len(res.winners) == 1 else "gameover.shared",
                names=", ".join(names[w] for w in res.winners),
            )
        else:
            title = tr("gameover.no_winner")
        p.text(
            title,
            (r.centerx, r.y + 24),
            theme.TITLE,
            theme.ACCENT,
            anchor="midtop",
            bold=True,
            max_width=r.w - 40,
        )
        cols = [
            tr("gameover.player"),
            tr("table.track_trees"),
            tr("table.track_fires"),
            tr("table.track_flowers"),
            tr("gameover.sum"),
        ]
        xs = [r.x + 40, r.x + 420, r.x + 560, r.x + 700, r.x + 860]
        y = r.y + 110
        for x, c in zip(xs, cols, strict=True):
            p.text(c, (x, y), theme.BODY, theme.TEXT_DIM, bold=True)
        y += 44
        order = [s for group in res.ranking for s in group]
        for seat in order:
            s = res.scores[seat]
            won = seat in res.winners
            colour = theme.ACCENT if won else theme.TEXT
            row = p.text(
                names[seat] + ("  ★" if won else ""),
                (xs[0], y),
                theme.LARGE,
                colour,
                bold=won,
                max_width=360,
            )
            # (the glyphs sit low in their line box: centre the dot on the letters)
            p.circle((xs[0] - 18, row.centery + 5), 9, theme.SEASON_COLOURS[seat])
            for x, v in zip(xs[1:4], (s.trees, s.fires, s.flowers), strict=True):
                p.text(
                    f"{v}",
                    (x, y),
                    theme.LARGE,
                    theme.ACCENT if v >= 12 else theme.TEXT,
                    bold=v >= 12,
                )
            p.text(str(s.total), (xs[4], y), theme.LARGE, colour, bold=True)
            y += 48
        y += 10
        if res.tiebreak:
            note = tr("gameover.tiebreak")
        elif res.winners:
            note = tr("gameover.reached", name=names[res.winners[0]])
        else:
            note = ""
        if note:
            p.text_box(note, Rect(r.x + 40, y, r.w - 80, 120), theme.BODY, theme.TEXT)
        self.menu.draw(p)
