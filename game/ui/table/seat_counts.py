"""A seat's words and counts: its header (name, season, seat kind, the Sacred Tree), its
element totals, solitary count and actions, its Fragments, Fires, Victory tiles and tracks;
each grows with the interface scale as far as its zone holds it. A part of ``SeatDrawing``
(``seat_view``), mixed into ``BoardView``, which owns the layout and the hit targets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pygame import Rect

from game.data import ELEMENTS, boards
from game.engine import Game, Phase
from game.engine.state import TRACK_KINDS
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.layout import Layout
from game.ui.table.targets import Target
from game.ui.words.sentences import Tr, season_name

SEASONS = boards().seasons
TOTALS_GAP = 10  # logical px between a total and the next element's icon


class SeatCounts:
    """The header and counts of a seat's panel."""

    layout: Layout
    tr: Tr
    palette: theme.Palette
    tray: int
    text_scale: float  # the interface scale the board last drew at: tabs make room for it
    add: Callable[[Target, Rect], None]

    def pz(self, seat: int, name: str) -> Rect:
        return self.layout.player(seat, name)

    def _header(
        self, p: Painter, g: Game, seat: int, names: Sequence[str], kinds: Sequence[str]
    ) -> None:
        tr = self.tr
        colour = self.palette.seasons[seat]
        nz = self.pz(seat, "name")
        p.circle((nz.x + 12, nz.centery), 10, colour)
        x = nz.x + 30
        if g.first == seat:
            st = Rect(x, nz.y, nz.h, nz.h)
            p.image("sacred_tree", rect=st, fit=True)
            self.add(Target("sacred_tree", seat), st)
            x += nz.h + 4
        label = names[seat]
        kind = kinds[seat]
        who = tr("seat.human") if kind == "human" else tr(f"seat.ai.{kind}")
        season = season_name(tr, seat)
        who = who if season == label else f"{season} · {who}"
        # the name first; the season and seat kind keep their size while the zone allows
        room = p.text_size(who, theme.SMALL - 2, room=nz.h - 6)[0] + 10
        r = p.text(
            label,
            (x, nz.centery),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=max((nz.right - x) // 2, nz.right - x - room),
            room=nz.h,
        )
        p.text(
            who,
            (r.right + 10, nz.centery),
            theme.SMALL - 2,
            theme.TEXT_DIM,
            anchor="midleft",
            max_width=max(20, nz.right - r.right - 10),
            room=nz.h - 6,
        )
        self.add(Target("name", seat), nz)

    def _totals(self, p: Painter, g: Game, seat: int) -> None:
        q = g.players[seat]
        tz = self.pz(seat, "totals")
        totals = q.totals()
        power = sum(g.centre)
        icon = tz.h - 6
        acts = q.actions_left if g.phase is Phase.ACTION or q.stopped else 0
        actions = self.tr("table.actions", n=acts)
        room = p.text_size(actions, theme.SMALL, bold=True, room=tz.h - 4)[0] + 10
        step = (tz.w - room) / 6
        x = float(tz.x)
        for e, name in enumerate(ELEMENTS):
            p.image("element_icon", name, rect=Rect(round(x), tz.y + 3, icon, icon))
            colour = theme.TEXT
            if e == 1 and totals[e] < power or totals[e] < 0:
                colour = theme.DANGER
            p.text(  # a clear gap before the next icon, two digits included ("10 🌱")
                str(totals[e]),
                (x + icon + 3, tz.centery),
                theme.BODY,
                colour,
                anchor="midleft",
                bold=True,
                max_width=step - icon - 3 - TOTALS_GAP,
                room=tz.h,
            )
            x += step
        p.image("coin", "solitary", rect=Rect(round(x), tz.y + 3, icon, icon))
        p.text(
            f"{q.uncancelled}/3",
            (x + icon + 3, tz.centery),
            theme.BODY,
            theme.DANGER if q.uncancelled >= 3 else theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=tz.right - room - (x + icon + 3),
            room=tz.h,
        )
        p.text(
            actions,
            (tz.right, tz.centery),
            theme.SMALL,
            theme.ACCENT if acts else theme.TEXT_DIM,
            anchor="midright",
            bold=True,
            room=tz.h - 4,
        )
        self.add(Target("totals", seat), tz)

    def _count_after(self, p: Painter, box: Rect, left: int, n: int) -> None:
        p.text(
            f"×{n}",
            (left + 4, box.centery),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=max(16, box.right - left - 4),
            room=box.h,
        )

    def _tokens(self, p: Painter, g: Game, seat: int) -> None:
        q = g.players[seat]
        fz = self.pz(seat, "fragments")
        size = fz.h - 4
        r = Rect(fz.x, fz.y + 2, size, size)
        p.image("fragment", rect=r, fit=True)
        self._count_after(p, fz, r.right, q.fragments)
        self.add(Target("fragments", seat), fz)
        fires = self.pz(seat, "fires")
        shown = q.fires[-3:]
        last = Rect(fires.x, fires.y + 2, size, size)
        if not shown:
            p.image("fire_tile", 2, rect=last, alpha=90)
        for i, v in enumerate(shown):
            last = Rect(fires.x + i * size // 2, fires.y + 2, size, size)
            p.image("fire_tile", v, rect=last)
        self._count_after(p, fires, last.right, len(q.fires))
        self.add(Target("fires", seat), fires)
        vz = self.pz(seat, "victory")
        step = min(size + 2, max(10, (vz.w - size) // max(1, len(q.tiles) - 1)))
        for i, (kind, season) in enumerate(q.tiles):
            t = Rect(vz.x + i * step, vz.y + 2, size, size)
            p.image("victory_tile", kind, SEASONS[season], rect=t)
            self.add(Target("victory", seat, season, s=kind), t)
        if not q.tiles:
            p.text(
                self.tr("table.no_tiles"),
                (vz.x, vz.centery),
                theme.SMALL - 2,
                theme.TEXT_DIM,
                anchor="midleft",
                max_width=vz.w,
                room=vz.h - 4,
            )
        self._tracks(p, g, seat)

    def _tracks(self, p: Painter, g: Game, seat: int) -> None:
        tz = self.pz(seat, "tracks")
        p.rect(tz, (0, 0, 0, 110), radius=8)
        col = tz.w / 3
        icon = tz.h - 6
        for i, value in enumerate(g.players[seat].tracks()):
            x = tz.x + col * i + 6
            r = Rect(round(x), tz.y + 3, icon, icon)
            p.image("victory_tile", TRACK_KINDS[i], SEASONS[seat], rect=r, fit=True)
            p.text(
                f"{value}/12",
                (r.right + 4, tz.centery),
                theme.BODY,
                theme.ACCENT if value >= 12 else theme.TEXT,
                anchor="midleft",
                bold=True,
                max_width=col - icon - 12,
                room=tz.h,
            )
        self.add(Target("tracks", seat), tz)
