"""Game over: a short celebration, then the winner, each player's place and three totals, why
the result is what it is (who reached 12 and on what; the sums when several did; a shared
victory; who ranks below), each track's progress round by round as a small chart, and
Play again / Review / Menu.

A scene of its own over the finished table: the table hands itself over as the backdrop
(``replace("game_over", match, table=self)``), or, for a finished game loaded from a file,
the results open one by name. The table is held by ``TableRole``, never imported."""

from __future__ import annotations

from typing import cast

import pygame
from pygame import Rect

from game.ai.runtime.review_job import GameRecord
from game.engine import IllegalMove
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.charts import line_chart
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.results.celebration import Celebration
from game.ui.results.progress import tracks_by_round
from game.ui.scene import Scene
from game.ui.table.layout import Layout
from game.ui.table.match import Match
from game.ui.table.table_role import TableRole
from game.ui.words.sentences import Tr, counted

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
        names_ = [tr(k) for k, v in zip(TRACKS, values, strict=True) if v >= GOAL]
        tracks = names_[0]
        if len(names_) > 1:  # "Trees and Fires", "Trees, Fires and Flowers"
            tracks = tr("gameover.tracks_and", first=", ".join(names_[:-1]), last=names_[-1])
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


def progress_of(match) -> list:  # noqa: ANN001 - a Match
    """The tracks round by round, or [] when the moves do not replay from the seed to this
    very end (a lesson's prepared position): no chart rather than a wrong one."""
    try:
        rows = tracks_by_round(match.game.n, match.seed, match.first_player, match.history)
    except IllegalMove:
        return []
    return rows if rows[-1] == tuple(p.tracks() for p in match.game.players) else []


BUTTONS_FROM_BOTTOM = 90  # the top of Play again / Menu, above the box's bottom edge
RESULTS = Rect(130, 60, 1660, 960)  # the results' box on the 1920x1080 canvas
TABLE_W = 1000  # the left column (table and reasons); the charts take the rest


class GameOverScene(Scene):
    kind = "game_over"

    def __init__(
        self, ctx: Context, match: Match, table: TableRole | None = None, buttons: bool = True
    ) -> None:
        """``table``: the finished table, kept as the backdrop (one is opened by name when
        none is handed over); ``buttons``: Play again / Review / Menu (a lesson's game over
        leads on from its own note instead)."""
        super().__init__(ctx)
        self.match = match
        made = table if table is not None else ctx.scenes.make("draw", ctx, match)
        self.table = cast("TableRole", made)
        self.table.finish_shown()
        self.result = match.game.result()
        self.recorded = False
        self.menu = ButtonList()
        self.offer_buttons = buttons
        self.celebration = Celebration(match.seed, Rect(0, 0, *self.layout.size))
        self.progress = progress_of(match)

    @property
    def tr(self) -> Tr:
        return self.ctx.tr

    @property
    def layout(self) -> Layout:
        return self.table.layout

    @property
    def palette(self) -> theme.Palette:
        return self.ctx.palette

    def enter(self) -> None:
        self.build()
        self.record()
        self.ctx.play_sound("win")

    def covers_window(self) -> bool:
        return True  # the finished table, drawn first

    def resized(self) -> None:
        self.table.resized()
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
        # With the charts: a wide box; without (a lesson's prepared game): the table's dialog.
        r = RESULTS.copy() if self.progress else self.layout["dialog"].inflate(240, 120)
        if not self.offer_buttons:
            r.h -= BUTTONS_FROM_BOTTOM
        return r

    def record(self) -> None:
        """Statistics and replay, then nothing left to continue. If either write failed
        (the storage says so on screen) the autosave stays: Continue brings this screen back
        and records the game again, which counts it and keeps its replay once."""
        if self.recorded:
            return
        self.recorded = True
        seats = self.match.seats  # online, a friend's seat is a person's but not this one's
        elsewhere = tuple(
            i for i, s in enumerate(seats) if s.kind == "human" and not self.match.plays_here(i)
        )
        if self.ctx.storage.record_game(self.match.to_json(), elsewhere) is not None:
            self.ctx.storage.clear_match()

    def play_again(self) -> None:
        self.replace("setup", [type(s)(s.name, s.kind) for s in self.match.seats])

    def review(self) -> None:
        """Where the game turned: the review screen over this one."""
        self.push("review", GameRecord.from_match(self.match))

    def to_menu(self) -> None:
        self.clear_to("menu")

    def update(self, dt: float) -> None:
        self.table.tick(dt)  # its clock and alerts (a failed write at game over is said)
        self.celebration.update(dt * max(self.speed, 0.0) if self.speed > 0 else 99.0)

    @property
    def speed(self) -> float:
        return self.table.speed

    def busy(self) -> bool:
        return not self.celebration.done

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.celebration.done and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.celebration.finish()  # any key or click: straight to the results
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        self.menu.handle_event(event)

    def banner_text(self) -> str:
        return self.tr("banner.game_over", round=self.match.game.round)

    def draw(self, p: Painter) -> None:
        """The finished table, the results over it, and the table's alerts on top."""
        self.table.draw(p)
        self.draw_results(p)
        self.table.alerts.draw(p, self.layout["banner"], self.tr)

    def title(self) -> str:
        res, names = self.result, self.match.names
        if not res.winners:
            return self.tr("gameover.no_winner")
        key = "gameover.winner" if len(res.winners) == 1 else "gameover.shared"
        return self.tr(key, names=", ".join(names[w] for w in res.winners))

    def draw_results(self, p: Painter) -> None:
        tr = self.tr
        p.rect(Rect(0, 0, *self.layout.size), (0, 0, 0, 150))
        if not self.celebration.done:
            self.celebration.draw(p, self.title(), theme.ACCENT)
            return
        r = self.box()
        panel(p, r, fill=(30, 40, 32))
        res = self.result
        p.text(
            self.title(),
            (r.x + 40 + TABLE_W // 2 if self.progress else r.centerx, r.y + 24),
            theme.TITLE,
            theme.ACCENT,
            anchor="midtop",
            bold=True,
            max_width=TABLE_W,
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
        lines = explain(tr, res, self.match.names)
        bottom = r.bottom - (BUTTONS_FROM_BOTTOM + 16 if self.offer_buttons else 24)
        box = Rect(r.x + 40, y, TABLE_W - 40, bottom - y)
        size = theme.BODY
        text = "\n".join(lines)
        while size > theme.SMALL - 2 and p.text_height(text, box.w, size) > box.h:
            size -= 2
        p.text_box(text, box, size, theme.TEXT)
        if self.progress:
            x = r.x + TABLE_W + 40
            self.draw_charts(p, Rect(x, r.y + 30, r.right - 40 - x, bottom - r.y - 30))
        self.menu.draw(p)

    def draw_charts(self, p: Painter, area: Rect) -> None:
        """Each track round by round, one line per player, 12 marked."""
        p.text(self.tr("gameover.progress"), (area.centerx, area.y), theme.BODY, theme.TEXT_DIM,
               anchor="midtop", bold=True, max_width=area.w)  # fmt: skip
        top, each = area.y + 40, (area.h - 40) // len(TRACKS)
        colours = [self.palette.seasons[s] for s in range(self.match.game.n)]
        most = max((v for row in self.progress for t in row for v in t), default=GOAL)
        for k, key in enumerate(TRACKS):
            box = Rect(area.x, top + k * each, area.w, each - 10)
            p.text(self.tr(key), (box.x, box.y), theme.SMALL, theme.TEXT, bold=True)
            series = [[row[seat][k] for row in self.progress] for seat in range(len(colours))]
            chart = Rect(box.x, box.y + 28, box.w, box.h - 28)
            line_chart(p, chart, series, colours, y_max=max(GOAL + 1, most), goal=GOAL)

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
