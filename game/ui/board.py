"""The table drawn from a (display) game state, zone by zone from the layout.

``BoardView.render`` paints everything that only changes when the state changes, and
records where each thing landed (``targets``) for hit-testing, hover and animations. Scenes
cache the result as a layer and draw only highlights and animations on top every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pygame import Rect

from game.data import ELEMENTS, boards
from game.engine import Game
from game.engine.state import COLUMNS, ROWS, START_TREE, TREE_COST
from game.ui import theme
from game.ui.layout import Layout, grid_cells, row_slots
from game.ui.painter import Painter
from game.ui.targets import Target
from game.ui.words import Tr, counted, season_name

SEASONS = boards().seasons
CARD_ASPECT = 0.72
ELEMENT_COLUMN = 0.45  # the share of a card's width its element column takes


class BoardView:
    def __init__(self, layout: Layout, players: int, tr: Tr) -> None:
        self.layout = layout
        self.n = players
        self.tr = tr
        self.palette = theme.NORMAL  # the table sets the player's (colour-blind or not)
        self.targets: list[tuple[Target, Rect]] = []

    # -- geometry --------------------------------------------------------------------------

    def zone(self, name: str) -> Rect:
        return self.layout[name]

    def pz(self, seat: int, name: str) -> Rect:
        return self.layout.player(seat, name)

    def reserve_slots(self, level: int) -> list[Rect]:
        area = self.zone(f"reserve_{level}")
        return row_slots(area, 4, CARD_ASPECT, gap=10)

    def reserve_slot(self, g: Game, card: int) -> Rect:
        for level in (1, 2, 3):
            row = g.reserve[level - 1]
            if card in row:
                return self.reserve_slots(level)[row.index(card)]
        return self.zone("reserve_1")

    def line_slots(self, seat: int, count: int) -> list[Rect]:
        """The Help Line's cards, overlapping evenly when many. The cards shrink (down to
        3/4 of the line's height) so that each one's element column stays in view."""
        area = self.pz(seat, "help_line")
        h = area.h
        if count > 1:
            fit = area.w / (CARD_ASPECT * (1 + ELEMENT_COLUMN * (count - 1)))
            h = max(round(area.h * 0.75), min(area.h, int(fit)))
        box = Rect(area.x, area.y + (area.h - h) // 2, area.w, h)
        return row_slots(box, count, CARD_ASPECT, gap=6)

    def space(self, seat: int, x: int, y: int) -> Rect:
        cells = grid_cells(self.pz(seat, "forest_grid"), COLUMNS, ROWS)
        return cells[y * COLUMNS + x].inflate(-4, -4)

    def rock(self, i: int) -> Rect:
        return self.zone(f"rock_{i}")

    def tree_cells(self) -> list[Rect]:
        return grid_cells(self.zone("tree_supply"), 6, 2)

    def centre_fire_slots(self, count: int) -> list[Rect]:
        c = self.zone("circle_centre")
        size = c.w // 3.2
        out = []
        # Up to 7 fires: a row of 3, 4 below (the centre never holds more than 7).
        rows = [min(count, 3), max(0, count - 3)]
        y0 = c.centery - (size if rows[1] else size / 2)
        for r, k in enumerate(rows):
            x0 = c.centerx - k * size / 2
            for i in range(k):
                out.append(
                    Rect(
                        round(x0 + i * size + 2),
                        round(y0 + r * size + 2),
                        round(size - 4),
                        round(size - 4),
                    )
                )
        return out

    # -- drawing ---------------------------------------------------------------------------

    def render(
        self,
        p: Painter,
        g: Game,
        names: Sequence[str],
        kinds: Sequence[str],
        active: int,
        hidden: frozenset = frozenset(),
        firepower_note: Callable[[Game], str] | None = None,
    ) -> None:
        """Paint the table for ``g``; ``hidden`` lists things an animation is carrying."""
        self.targets = []
        p.image("background", rect=Rect(0, 0, *self.layout.size))
        self._reserve(p, g)
        self._trees(p, g)
        self._supplies(p, g)
        self._circle(p, g, hidden)
        for seat in range(g.n):
            self._player(p, g, seat, names, kinds, seat == active, hidden)

    def add(self, target: Target, r: Rect) -> None:
        self.targets.append((target, Rect(r)))

    def _label(self, p: Painter, text: str, r: Rect, size: int = theme.SMALL) -> None:
        p.rect(r, (0, 0, 0, 150), radius=8)
        p.text(text, r.center, size, theme.TEXT, anchor="center", bold=True, max_width=r.w - 6)

    def _reserve(self, p: Painter, g: Game) -> None:
        tr = self.tr
        for level in (1, 2, 3):
            stub = self.zone(f"market_{level}")
            p.rect(stub, (0, 0, 0, 110), radius=10)
            p.image(
                "level_mark",
                level,
                rect=Rect(stub.x + 10, stub.y + 8, stub.w - 20, stub.w - 20),
                fit=True,
            )
            left = len(g.market[level - 1])
            p.text(
                str(left),
                (stub.centerx, stub.bottom - 44),
                theme.LARGE,
                theme.TEXT,
                anchor="midtop",
                bold=True,
            )
            p.text(
                tr("table.deck"),
                (stub.centerx, stub.bottom - 68),
                theme.SMALL - 4,
                theme.TEXT_DIM,
                anchor="midtop",
            )
            self.add(Target("market", level), stub)
            for card, slot in zip(g.reserve[level - 1], self.reserve_slots(level), strict=False):
                p.image("card_face", card, rect=slot)
                self.add(Target("reserve", card), slot)

    def _trees(self, p: Painter, g: Game) -> None:
        area = self.zone("tree_supply")
        p.rect(area, (0, 0, 0, 110), radius=12)
        for kind, cell in enumerate(self.tree_cells()):
            left = g.tree_supply[kind]
            box = cell.inflate(-6, -6)
            img = Rect(box.x, box.y, box.w, box.h - 28)
            p.image("tree", kind, rect=img, fit=True, alpha=255 if left else 70)
            p.text(
                self.tr("table.tree_left", cost=TREE_COST[kind], left=left),
                (box.centerx, box.bottom),
                theme.SMALL,
                theme.TEXT if left else theme.TEXT_DIM,
                anchor="midbottom",
                bold=True,
            )
            self.add(Target("tree_kind", kind), box)

    def _supplies(self, p: Painter, g: Game) -> None:
        tr = self.tr
        for name, icon, text in (
            ("fragment_supply", ("fragment",), tr("table.supply_fragments", count=g.fragments)),
            ("varan_supply", ("card_face", 66), tr("table.supply_varans", count=g.varans)),
            (
                "fire_supply",
                ("fire_tile", 2),
                tr("table.supply_fires", count=sum(g.fire_supply.values())),
            ),
        ):
            r = self.zone(name)
            p.rect(r, (0, 0, 0, 120), radius=10)
            p.image(*icon, rect=Rect(r.x + 6, r.y + 6, r.h - 12, r.h - 12), fit=True)
            p.text(
                text,
                (r.x + r.h + 2, r.centery),
                theme.SMALL,
                theme.TEXT,
                anchor="midleft",
                max_width=r.w - r.h - 8,
            )
            self.add(Target(name), r)

    def _circle(self, p: Painter, g: Game, hidden: frozenset) -> None:
        c = self.zone("circle")
        p.image("circle", rect=c)
        for i in range(len(boards().rocks)):
            self.add(Target("rock", i), self.rock(i))
        for q in g.players:
            if ("standee", q.seat) in hidden:
                continue
            r = self.standee_rect(q.rock)
            p.image("standee", SEASONS[q.seat], rect=r, fit=True)
            self.add(Target("standee", q.seat), r)
        for i, (value, slot) in enumerate(
            zip(g.centre, self.centre_fire_slots(len(g.centre)), strict=False)
        ):
            if ("centre_fire", i) in hidden:
                continue
            p.image("fire_tile", value, rect=slot)
            self.add(Target("centre_fire", value, i), slot)
        fp = self.zone("firepower")
        power = sum(g.centre)
        p.rect(fp, (0, 0, 0, 140), radius=10)
        p.text(
            counted(self.tr, "table.firepower", len(g.centre), power=power, fires=len(g.centre)),
            fp.center,
            theme.BODY - 2,
            theme.DANGER if power else theme.TEXT,
            anchor="center",
            bold=True,
            max_width=fp.w - 10,
        )
        self.add(Target("firepower"), fp)

    def standee_rect(self, rock: int) -> Rect:
        r = self.rock(rock)
        return Rect(r.x + r.w // 6, r.y - r.h // 3, r.w * 2 // 3, r.h)

    def _player(
        self,
        p: Painter,
        g: Game,
        seat: int,
        names: Sequence[str],
        kinds: Sequence[str],
        active: bool,
        hidden: frozenset,
    ) -> None:
        tr = self.tr
        panel = self.pz(seat, "panel")
        p.rect(panel, (20, 30, 22, 200), radius=14)
        colour = self.palette.seasons[seat]
        if active:
            p.rect(panel.inflate(6, 6), theme.ACTIVE_EDGE, radius=16, width=5)
        p.rect(panel, colour, radius=14, width=3)
        # header: name, kind, Sacred Tree
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
        r = p.text(
            label,
            (x, nz.centery),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=nz.right - x - 100,
        )
        season = season_name(tr, seat)
        p.text(
            who if season == label else f"{season} · {who}",
            (r.right + 10, nz.centery),
            theme.SMALL - 2,
            theme.TEXT_DIM,
            anchor="midleft",
            max_width=max(20, nz.right - r.right - 10),
        )
        self.add(Target("name", seat), nz)
        self._totals(p, g, seat)
        self._forest(p, g, seat)
        self._help_line(p, g, seat, hidden)
        self._piles(p, g, seat)
        self._tokens(p, g, seat)

    def _totals(self, p: Painter, g: Game, seat: int) -> None:
        q = g.players[seat]
        tz = self.pz(seat, "totals")
        totals = q.totals()
        power = sum(g.centre)
        icon = tz.h - 4
        x = tz.x
        step = (tz.w - 210) / 5
        for e, name in enumerate(ELEMENTS):
            p.image("element_icon", name, rect=Rect(round(x), tz.y + 2, icon, icon))
            colour = theme.TEXT
            if e == 1 and totals[e] < power or totals[e] < 0:
                colour = theme.DANGER
            p.text(
                str(totals[e]),
                (x + icon + 4, tz.centery),
                theme.BODY,
                colour,
                anchor="midleft",
                bold=True,
            )
            x += step
        p.image("coin", "solitary", rect=Rect(round(x), tz.y + 4, icon - 4, icon - 4))
        p.text(
            f"{q.uncancelled}/3",
            (x + icon, tz.centery),
            theme.BODY,
            theme.DANGER if q.uncancelled >= 3 else theme.TEXT,
            anchor="midleft",
            bold=True,
        )
        acts = q.actions_left if g.phase.value == "action" or q.stopped else 0
        p.text(
            self.tr("table.actions", n=acts),
            (tz.right, tz.centery),
            theme.SMALL,
            theme.ACCENT if acts else theme.TEXT_DIM,
            anchor="midright",
            bold=True,
        )
        self.add(Target("totals", seat), tz)

    def _forest(self, p: Painter, g: Game, seat: int) -> None:
        q = g.players[seat]
        p.image("forest_board", rect=self.pz(seat, "forest"))
        for y in range(ROWS):
            for x in range(COLUMNS):
                r = self.space(seat, x, y)
                tree = q.forest[y * COLUMNS + x]
                if tree == START_TREE:
                    p.image("tree", "start", rect=r, fit=True)
                elif tree >= 0:
                    p.image("tree", tree, rect=r, fit=True)
                self.add(Target("space", seat, x, y), r)

    def _help_line(self, p: Painter, g: Game, seat: int, hidden: frozenset) -> None:
        q = g.players[seat]
        area = self.pz(seat, "help_line")
        p.rect(area, (0, 0, 0, 70), radius=8)
        if not q.line:
            p.text(
                self.tr("table.help_line_empty"),
                area.center,
                theme.SMALL,
                theme.TEXT_DIM,
                anchor="center",
            )
        for i, (card, slot) in enumerate(
            zip(q.line, self.line_slots(seat, len(q.line)), strict=True)
        ):
            if ("line", seat, i) in hidden:
                continue
            p.image("card_face", card, rect=slot)
            self.add(Target("help_card", seat, i, card), slot)

    def _piles(self, p: Painter, g: Game, seat: int) -> None:
        q = g.players[seat]
        dp = self.pz(seat, "draw_pile")
        if q.deck:
            p.image("card_back", rect=dp, fit=True)
        else:
            p.rect(dp, (0, 0, 0, 90), radius=6)
        # The back's title runs along its bottom edge: the count sits in the plain top band.
        self._count(p, dp, len(q.deck), top=True)
        self.add(Target("draw_pile", seat), dp)
        dz = self.pz(seat, "discard")
        if q.discard:
            p.image("card_face", q.discard[-1], rect=dz, fit=True)
        else:
            p.rect(dz, (0, 0, 0, 90), radius=6)
        self._count(p, dz, len(q.discard), lift=dz.h // 7)  # above the animal's name
        self.add(Target("discard", seat), dz)

    def _count(self, p: Painter, r: Rect, n: int, top: bool = False, lift: int = 0) -> None:
        badge = Rect(0, 0, 34, 26)
        if top:
            badge.midtop = (r.centerx, r.top + max(2, r.h // 40))
        else:
            badge.midbottom = (r.centerx, r.bottom + 2 - lift)
        p.rect(badge, (0, 0, 0, 190), radius=8)
        p.text(str(n), badge.center, theme.SMALL, theme.TEXT, anchor="center", bold=True)

    def _tokens(self, p: Painter, g: Game, seat: int) -> None:
        tr = self.tr
        q = g.players[seat]
        fz = self.pz(seat, "fragments")
        tall = fz.h >= 110  # 2 players: a full-width row with room for captions
        body = self._caption(p, fz, tr("table.cap_fragments")) if tall else fz

        def fragment(x: int, y: int, size: int) -> Rect:
            r = Rect(x, y, size, size)
            p.image("fragment", rect=r, fit=True)
            return r

        self._counted(p, body, q.fragments, 1, fragment)
        self.add(Target("fragments", seat), fz)
        fires = self.pz(seat, "fires")
        body = self._caption(p, fires, tr("table.cap_fires")) if tall else fires
        shown = q.fires[-3:]

        def fire_tiles(x: int, y: int, size: int) -> Rect:
            last = Rect(x, y, size, size)
            if not shown:
                p.image("fire_tile", 2, rect=last, alpha=90)
            for i, v in enumerate(shown):
                last = Rect(x + i * size // 2, y, size, size)
                p.image("fire_tile", v, rect=last)
            return last

        self._counted(p, body, len(q.fires), 1 + max(0, len(shown) - 1) / 2, fire_tiles)
        self.add(Target("fires", seat), fires)
        vz = self.pz(seat, "victory")
        body = self._caption(p, vz, tr("table.cap_victory")) if tall else vz
        size = min(body.h - 4, max(12, body.w // max(3, len(q.tiles))), 64)
        for i, (kind, season) in enumerate(q.tiles):
            r = Rect(body.x + i * size, body.centery - size // 2, size - 2, size - 2)
            p.image("victory_tile", kind, SEASONS[season], rect=r)
            self.add(Target("victory", seat, season, s=kind), r)
        if not q.tiles:
            p.text(
                tr("table.no_tiles"),
                body.center,
                theme.SMALL - 2,
                theme.TEXT_DIM,
                anchor="center",
                max_width=body.w - 4,
            )
        self._tracks(p, q, seat)

    def _caption(self, p: Painter, r: Rect, text: str) -> Rect:
        """A caption over a token box; returns the part of the box left for the tokens."""
        p.rect(r, (0, 0, 0, 70), radius=8)
        p.text(
            text,
            (r.centerx, r.y + 6),
            theme.SMALL - 2,
            theme.TEXT_DIM,
            anchor="midtop",
            max_width=r.w - 8,
        )
        return Rect(r.x + 6, r.y + 34, r.w - 12, r.h - 40)

    def _counted(self, p: Painter, box: Rect, n: int, span: float, icons: Callable) -> None:
        """Token pictures (``span`` pictures wide) and their count: side by side where the
        box is wide enough, else the count under the pictures."""
        stacked = 60 <= box.h < 110 and box.w < box.h * 1.4
        if stacked:
            size = min(box.h - 30, round(box.w / span) - 4, 48)
            x = round(box.centerx - size * span / 2)
            icons(x, box.y + 2, size)
            p.text(
                f"×{n}",
                (box.centerx, box.bottom),
                theme.BODY,
                theme.TEXT,
                anchor="midbottom",
                bold=True,
            )
            return
        size = min(box.h - 4, round(box.w / (span + 1.2)), 64)
        last = icons(box.x, box.centery - size // 2, size)
        p.text(
            f"×{n}",
            (last.right + 4, last.centery),
            theme.LARGE if box.h >= 60 else theme.BODY,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=max(16, box.right - last.right - 4),
        )

    TRACK_KINDS = ("tree", "fire", "flower")  # the Victory tile kind that counts on each

    def _tracks(self, p: Painter, q, seat: int) -> None:  # noqa: ANN001 - a PlayerState
        tr = self.tr
        tz = self.pz(seat, "tracks")
        values = q.tracks()
        p.rect(tz, (0, 0, 0, 110), radius=8)
        names = (tr("table.track_trees"), tr("table.track_fires"), tr("table.track_flowers"))
        step = tz.h / 3
        if step < 40:
            # Too short for three labelled lines (3 and 4 players): three columns, each a
            # Victory tile of its kind over the value; the tooltip names them.
            col = tz.w / 3
            for i, value in enumerate(values):
                x = tz.x + col * i
                icon = min(tz.h - 30, 30)
                r = Rect(round(x + col / 2 - icon / 2), tz.y + 3, icon, icon)
                p.image("victory_tile", self.TRACK_KINDS[i], SEASONS[seat], rect=r, fit=True)
                p.text(
                    f"{value}/12",
                    (x + col / 2, tz.bottom - 2),
                    theme.BODY if tz.h >= 70 and col >= 66 else theme.SMALL,  # gaps between
                    theme.ACCENT if value >= 12 else theme.TEXT,
                    anchor="midbottom",
                    bold=True,
                    max_width=col - 4,
                )
        else:
            size = theme.BODY
            icon = round(min(step - 6, 34))
            for i, (name, value) in enumerate(zip(names, values, strict=True)):
                cy = tz.y + step * i + step / 2
                colour = theme.ACCENT if value >= 12 else theme.TEXT
                r = Rect(tz.x + 6, round(cy - icon / 2), icon, icon)
                p.image("victory_tile", self.TRACK_KINDS[i], SEASONS[seat], rect=r, fit=True)
                v = p.text(
                    f"{value}/12",
                    (tz.right - 6, cy),
                    size,
                    colour,
                    anchor="midright",
                    bold=True,
                )
                p.text(
                    name,
                    (r.right + 6, cy),
                    size - 2,
                    theme.TEXT_DIM,
                    anchor="midleft",
                    max_width=max(10, v.x - r.right - 10),
                )
        self.add(Target("tracks", seat), tz)

    def rect_of(self, target: Target) -> Rect | None:
        for t, r in self.targets:
            if t == target:
                return r
        return None

    def rect_of_kind(self, kind: str) -> Rect | None:
        return next((r for t, r in self.targets if t.kind == kind), None)

    def hit(self, pos: tuple[int, int]) -> Target | None:
        for t, r in reversed(self.targets):
            if r.collidepoint(pos):
                return t
        return None
