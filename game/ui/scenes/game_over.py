"""Game over: the winner, each player's place and three totals, why the result is what it is
(who reached 12 and on what; the sums when several did; a shared victory; who ranks below),
and Play again / Menu."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui import theme
from game.ui.painter import Painter
from game.ui.scenes.table import TableScene
from game.ui.widgets import Button, ButtonList, panel
from game.ui.words import Tr, counted

TRACKS = ("table.track_trees", "table.track_fires", "table.track_flowers")
GOAL = 12


def explain(tr: Tr, res, names) -> list[str]:  # noqa: ANN001 - an engine Result, seat names
    """The result in sentences, one idea each (RULES.md §7)."""
    scores = res.scores
    qualified = [s.player for s in scores if s.qualified]

    def who(seats) -> str:  # noqa: ANN001
        return ", ".join(names[s] for s in seats)

    def reached(seat: int) -> str:
        s = scores[seat]
        values = (s.trees, s.fires, s.flowers)
        tracks = ", ".join(tr(k) for k, v in zip(TRACKS, values, strict=True) if v >= GOAL)
        return tr("gameover.why_reached", name=names[seat], tracks=tracks)

    if not qualified:
        return [tr("gameover.why_nobody")]
    order = [seat for group in res.ranking for seat in group]
    out = [reached(seat) for seat in sorted(qualified, key=order.index)]
    if len(qualified) == 1:
        out.append(tr("gameover.why_only", name=names[qualified[0]]))
    else:
        out.append(tr("gameover.why_sums"))
        total = scores[res.winners[0]].total
        if len(res.winners) > 1:
            out.append(tr("gameover.why_tie", names=who(res.winners), sum=total))
        else:
            out.append(tr("gameover.why_best", name=names[res.winners[0]], sum=total))
    below = [s.player for s in scores if not s.qualified]
    if below:
        out.append(counted(tr, "gameover.why_below", len(below), name=who(below)))
    return out


BUTTONS_FROM_BOTTOM = 90  # the top of Play again / Menu, above the box's bottom edge


class GameOverScene(TableScene):
    kind = "game_over"

    def __init__(self, ctx, match) -> None:  # noqa: ANN001 - same as TableScene
        super().__init__(ctx, match)
        self.result = match.game.result()
        self.recorded = False
        self.menu = ButtonList()
        self.offer_buttons = True  # a lesson's game over leads on from its own note

    def enter(self) -> None:
        self.build()
        self.record()
        self.ctx.play_sound("win")

    def resized(self) -> None:
        super().resized()
        self.build()  # button labels in the current language

    def build(self) -> None:
        tr = self.tr
        r = self.box()
        y = r.bottom - BUTTONS_FROM_BOTTOM
        self.menu.buttons = []
        self.menu.focus = -1
        if not self.offer_buttons:
            return
        self.menu.buttons = [
            Button(Rect(r.centerx - 490, y, 310, 64), tr("gameover.play_again"), self.play_again),
            Button(Rect(r.centerx - 155, y, 310, 64), tr("review.button"), self.review),
            Button(Rect(r.centerx + 180, y, 310, 64), tr("gameover.menu"), self.to_menu),
        ]
        self.menu.focus = 0
        self.menu.buttons[0].focused = True

    def box(self) -> Rect:
        """The result's box over the table; shorter when it offers no buttons (a lesson)."""
        r = self.layout["dialog"].inflate(240, 120)
        if not self.offer_buttons:
            r.h -= BUTTONS_FROM_BOTTOM
        return r

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

    def review(self) -> None:
        """Where the game turned: the review screen over this one."""
        from game.ui.scenes.review import GameRecord, ReviewScene

        self.stack.push(ReviewScene(self.ctx, GameRecord.from_match(self.match)))

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
        r = self.box()
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
            tr("gameover.place"),
            tr("gameover.player"),
            tr("table.track_trees"),
            tr("table.track_fires"),
            tr("table.track_flowers"),
            tr("gameover.sum"),
        ]
        # Place, name, then three totals and the sum centred in their columns.
        xs = [r.x + 60, r.x + 150, r.x + 520, r.x + 650, r.x + 780, r.x + 930]
        y = r.y + 100
        for i, (x, c) in enumerate(zip(xs, cols, strict=True)):
            p.text(
                c,
                (x, y),
                theme.BODY,
                theme.TEXT_DIM,
                anchor="midtop" if i != 1 else "topleft",
                bold=True,
                max_width=120 if i != 1 else 340,
            )
        y += 44
        below_drawn = False
        for place, group in enumerate(res.ranking, 1):
            for seat in group:
                y = self.draw_row(p, xs, y, place, seat, below_drawn)
                below_drawn = below_drawn or not res.scores[seat].qualified
        y += 14
        lines = explain(tr, res, names)
        bottom = r.bottom - (BUTTONS_FROM_BOTTOM + 16 if self.offer_buttons else 24)
        box = Rect(r.x + 40, y, r.w - 80, bottom - y)
        size = theme.BODY
        text = "\n".join(lines)
        while size > theme.SMALL - 2 and p.text_height(text, box.w, size) > box.h:
            size -= 2
        p.text_box(text, box, size, theme.TEXT)
        self.menu.draw(p)

    def draw_row(
        self, p: Painter, xs: list[int], y: int, place: int, seat: int, below_drawn: bool
    ) -> int:
        """One player's row; the first one who did not reach 12 gets a rule and a label above
        it, so the sums below it are plainly not compared with those above."""
        tr = self.tr
        res = self.result
        names = self.match.names
        s = res.scores[seat]
        if not s.qualified and not below_drawn and any(q.qualified for q in res.scores):
            p.line((xs[0] - 40, y + 2), (xs[-1] + 60, y + 2), theme.TEXT_DIM, 1)
            p.text(
                tr("gameover.below_line"),
                (xs[1], y + 8),
                theme.SMALL,
                theme.TEXT_DIM,
                max_width=xs[-1] + 60 - xs[1],
            )
            y += 36
        won = seat in res.winners
        colour = theme.ACCENT if won else theme.TEXT if s.qualified else theme.TEXT_DIM
        p.text(str(place), (xs[0], y), theme.LARGE, colour, anchor="midtop", bold=True)
        row = p.text(
            names[seat] + ("  ★" if won else ""),
            (xs[1], y),
            theme.LARGE,
            colour,
            bold=won,
            max_width=330,
        )
        # (the glyphs sit low in their line box: centre the dot on the letters)
        p.circle((xs[1] - 18, row.centery + 5), 9, self.palette.seasons[seat])
        for x, v in zip(xs[2:5], (s.trees, s.fires, s.flowers), strict=True):
            p.text(
                f"{v}",
                (x, y),
                theme.LARGE,
                theme.ACCENT if v >= GOAL else theme.TEXT,
                anchor="midtop",
                bold=v >= GOAL,
            )
        p.text(str(s.total), (xs[5], y), theme.LARGE, colour, anchor="midtop", bold=True)
        return y + 48
