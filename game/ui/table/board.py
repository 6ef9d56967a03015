"""The table drawn from a (display) game state, zone by zone from the layout.

``BoardView.render`` paints everything that only changes when the state changes, and
records where each thing landed (``targets``) for hit-testing, hover and animations. Scenes
cache the result as a layer and draw only highlights and animations on top every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from pygame import Rect

from game.data import boards
from game.engine import Game
from game.engine.state import TREE_COST
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.layout import (
    EXPAND,
    PLAYER_ZONES,
    SHARED_ZONES,
    Layout,
    grid_cells,
    row_slots,
)
from game.ui.table.seat_cache import SeatCache, seat_region, seat_zones
from game.ui.table.seat_view import SeatDrawing
from game.ui.table.targets import Target
from game.ui.words.sentences import Tr, counted

SEASONS = boards().seasons
CARD_ASPECT = 0.72
TREE_LABEL_ROOM = 32  # a tree supply label's band grows to this high; its tree shrinks
COUNT_BAND, WORD_BAND = 44, 24  # a Reserve deck's count and the word above it, under its mark


class BoardView(SeatDrawing):
    def __init__(self, layout: Layout, players: int, tr: Tr, tray: int = 0) -> None:
        self.layout = layout
        self.n = players
        self.tr = tr
        self.tray = tray  # the seat shown in the tray (the layout is seated for it)
        self.palette = theme.NORMAL  # the table sets the player's (colour-blind or not)
        self.text_scale = 1.0  # the interface scale it last drew at (``render``)
        self.targets: list[tuple[Target, Rect]] = []
        # the centre's Fires as last laid out: (round and centre zone, values, places)
        self.fire_memory: tuple[tuple, list[int], list[Rect]] = ((), [], [])
        self.fires_coming = 0  # Fires on their way to the centre: its layout makes room

    # -- geometry --------------------------------------------------------------------------

    def zone(self, name: str) -> Rect:
        return self.layout[name]

    def reserve_slots(self, level: int) -> list[Rect]:
        area = self.zone(f"reserve_{level}")
        return row_slots(area, 4, CARD_ASPECT, gap=10)

    def reserve_slot(self, g: Game, card: int) -> Rect:
        for level in (1, 2, 3):
            row = g.reserve[level - 1]
            if card in row:
                return self.reserve_slots(level)[row.index(card)]
        return self.zone("reserve_1")

    def rock(self, i: int) -> Rect:
        return self.zone(f"rock_{i}")

    def tree_cells(self) -> list[Rect]:
        return grid_cells(self.zone("tree_supply"), 6, 2)

    def centre_fire_rects(self, g: Game) -> list[Rect]:
        """Where each Fire of ``g``'s centre lies. While Fires are only taken (the picks of
        an Extinguish, one after another) the rest keep their places, so the next click
        lands where the pointer already is; a new round or a Fire added lays them afresh."""
        key = (g.round, tuple(self.zone("circle_centre")), self.fires_coming)
        places = _kept_places(self.fire_memory[1], g.centre)
        if self.fire_memory[0] != key or places is None:
            slots = self.centre_fire_slots(len(g.centre) + self.fires_coming)[: len(g.centre)]
            self.fire_memory = (key, list(g.centre), slots)
            return slots
        return [self.fire_memory[2][j] for j in places]

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
        seats: SeatCache | None = None,
    ) -> None:
        """Paint the table for ``g``; ``hidden`` lists things an animation is carrying.
        The board's labels grow with the interface scale as far as their places hold them
        (each says its ``room``; the words around the board, prompt, log, grow freely).
        ``seats``: the panels kept from the last redraw into the same surface (the board
        layer's), blitted back where nothing they show changed."""
        self.targets = []
        self.text_scale = p.text_scale
        if seats is None:
            self._shared(p, g, hidden)
            for seat in range(g.n):
                self._player(p, g, seat, names, kinds, seat == active, hidden)
            return
        seats.shared(
            p, self.shared_key(p, g, hidden), self.targets, lambda: self._shared(p, g, hidden)
        )
        seats.open(self.shared_rects(p))
        for seat in range(g.n):
            zones = seat_zones(self.layout, seat, self.in_tray(seat))
            key = self.seat_key(p, g, seat, names[seat], kinds[seat], seat == active, hidden)
            seats.draw(
                p,
                seat,
                (*key, zones),
                seat_region(p, zones),
                self.targets,
                partial(self._player, p, g, seat, names, kinds, seat == active, hidden),
            )

    def _shared(self, p: Painter, g: Game, hidden: frozenset) -> None:
        """The background and the parts every seat shares: Reserve, supplies, circle."""
        p.image("background", rect=Rect(0, 0, *self.layout.size))
        self._reserve(p, g)
        self._trees(p, g)
        self._supplies(p, g)
        self._circle(p, g, hidden)

    def shared_key(self, p: Painter, g: Game, hidden: frozenset) -> tuple:
        """Everything ``_shared`` draws from, to compare with the drawing kept."""
        zones = (*SHARED_ZONES, *(f"rock_{i}" for i in range(len(boards().rocks))))
        return (
            tuple(map(tuple, g.reserve)),
            tuple(map(len, g.market)),
            tuple(g.tree_supply),
            g.fragments,
            g.varans,
            sum(g.fire_supply.values()),
            tuple(g.centre),
            tuple(map(tuple, self.centre_fire_rects(g))),  # (as ``_circle`` will lay them)
            tuple((q.seat, q.rock) for q in g.players),
            frozenset(h for h in hidden if h[0] != "line"),
            self.layout.size,
            tuple(tuple(self.zone(z)) for z in zones),
            p.text_scale,
            p.vp,
            p.texts,
            p.art,
        )

    def shared_rects(self, p: Painter) -> list[Rect]:
        """Where the shared parts (Reserve, supplies, circle) drew, in window pixels."""
        out = [p.vp.rect(self.zone(z)) for z in SHARED_ZONES]
        out += [p.vp.rect(r) for _, r in self.targets]
        return out

    def seat_key(
        self, p: Painter, g: Game, seat: int, name: str, kind: str, active: bool, hidden: frozenset
    ) -> tuple:
        """Everything ``seat``'s panel is drawn from (``_player``), to compare with the
        panel kept (``SeatCache``)."""
        return (
            g.players[seat].clone(),
            name,
            kind,
            active,
            g.first == seat,
            g.phase,
            sum(g.centre),
            frozenset(h for h in hidden if h[0] == "line" and h[1] == seat),
            self.in_tray(seat),
            self.palette,
            p.text_scale,
            p.vp,
            p.texts,
            p.art,
        )

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
            # the count at the foot, the word above it: both grow into the space under the
            # level mark
            cy = stub.bottom - 6 - COUNT_BAND / 2
            p.text(
                str(left),
                (stub.centerx, cy),
                theme.LARGE,
                theme.TEXT,
                anchor="center",
                bold=True,
                max_width=stub.w - 6,
                room=COUNT_BAND,
            )
            p.text(
                tr("table.deck"),
                (stub.centerx, cy - COUNT_BAND / 2 - 2 - WORD_BAND / 2),
                theme.SMALL - 4,
                theme.TEXT_DIM,
                anchor="center",
                max_width=stub.w - 6,
                room=WORD_BAND,
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
            box = cell.inflate(-4, -4)
            # the label's band as high as its letters: the tree gives it room
            label = round(p.em(theme.SMALL - 2, room=TREE_LABEL_ROOM) * theme.INK_HEIGHT) + 2
            img = Rect(box.x, box.y, box.w, box.h - label)
            p.image("tree", kind, rect=img, fit=True, alpha=255 if left else 70)
            p.text(
                self.tr("table.tree_left", cost=TREE_COST[kind], left=left),
                (box.centerx, box.bottom - label / 2),
                theme.SMALL - 2,
                theme.TEXT if left else theme.TEXT_DIM,
                anchor="center",
                bold=True,
                max_width=box.w - 6,
                room=label,
            )
            self.add(Target("tree_kind", kind), box)

    def _supplies(self, p: Painter, g: Game) -> None:
        """The shared supplies, each a picture and how many are left (the tooltip names
        them)."""
        for name, icon, count in (
            ("fragment_supply", ("fragment",), g.fragments),
            ("varan_supply", ("card_face", 66), g.varans),
            ("fire_supply", ("fire_tile", 2), sum(g.fire_supply.values())),
        ):
            r = self.zone(name)
            p.rect(r, (0, 0, 0, 120), radius=10)
            p.image(*icon, rect=Rect(r.x + 6, r.y + 4, r.h - 8, r.h - 8), fit=True)
            p.text(
                f"×{count}",
                (r.x + r.h + 4, r.centery),
                theme.BODY,
                theme.TEXT,
                anchor="midleft",
                bold=True,
                max_width=r.w - r.h - 8,
                room=r.h - 4,
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
        for i, (value, slot) in enumerate(zip(g.centre, self.centre_fire_rects(g), strict=False)):
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
            room=fp.h,
        )
        self.add(Target("firepower"), fp)

    def standee_rect(self, rock: int) -> Rect:
        r = self.rock(rock)
        return Rect(r.x + r.w // 6, r.y - r.h // 3, r.w * 2 // 3, r.h)

    def render_expanded(
        self, p: Painter, g: Game, seat: int, names: Sequence[str], kinds: Sequence[str]
    ) -> list[tuple[Target, Rect]]:
        """``seat``'s row at length over the whole column of rows (hovered or clicked);
        returns what it drew where, for hit-testing while it is open."""
        zones = dict(self.layout.zones)
        for z in PLAYER_ZONES:
            zones[f"p{seat}_{z}"] = zones[f"{EXPAND}{z}"]
        saved = self.layout, self.targets
        self.layout, self.targets = Layout(self.layout.size, zones), []
        try:
            panel = self.pz(seat, "panel")
            p.rect(panel.inflate(14, 14), (0, 0, 0, 150), radius=18)
            p.rect(panel, (20, 30, 22), radius=14)  # opaque: the rows under it do not show
            self._player(p, g, seat, names, kinds, False, frozenset())
            return self.targets
        finally:
            self.layout, self.targets = saved

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


def _kept_places(before: Sequence[int], now: Sequence[int]) -> list[int] | None:
    """The index in ``before`` of each Fire of ``now``, when ``now`` is ``before`` with
    some Fires taken (the engine takes the first of a value; order is kept); else None."""
    out: list[int] = []
    j = 0
    for value in now:
        while j < len(before) and before[j] != value:
            j += 1
        if j == len(before):
            return None
        out.append(j)
        j += 1
    return out
