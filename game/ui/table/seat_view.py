"""One seat's panel: the tray (the own seat) or an opponent's row, drawn zone by zone.

Both have a header line (name, element totals, solitary count, actions) and a line of tokens
and tracks (``seat_counts``); the tray shows the Help Line as whole cards (or tabs) and the
piles large, a row shows cards under a band of markers or row tabs (``line_view``).
``SeatDrawing`` is mixed into ``BoardView``, which owns the layout and the hit targets.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame import Rect

from game.data import ELEMENTS, Symbol, boards
from game.engine import Game
from game.engine.state import COLUMNS, ROWS, START_TREE
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.layout import grid_cell
from game.ui.table.line_view import (
    ASPECT,
    TAB_H,
    CardLook,
    art_name_band,
    entries,
    row_line,
    symbol,
    tray_line,
)
from game.ui.table.seat_counts import SeatCounts
from game.ui.table.targets import Target
from game.ui.words.sentences import counted

SEASONS = boards().seasons
PAPER = (246, 240, 226)
INK = (34, 30, 26)
NEG = (196, 52, 40)
BADGE_ROOM = 34  # a pile's count grows with the interface scale up to a box this high
LEVEL_EDGE = {0: (150, 130, 100), 1: (96, 160, 72), 2: (70, 130, 190), 3: (140, 90, 170)}


def solitary_left(deck: Sequence[int]) -> int:
    """Solitary cards still in a draw pile: its owner knows what the pile holds (every card
    came to it in the open), only not the order."""
    return sum(1 for c in deck if symbol(c) is Symbol.SOLITARY)


class SeatDrawing(SeatCounts):
    """The per-seat half of ``BoardView``: the Help Line, the Forest, the piles and the
    panel (its words and counts: ``SeatCounts``)."""

    def in_tray(self, seat: int) -> bool:
        return seat == self.tray

    # -- the Help Line ------------------------------------------------------------------------

    def line_looks(self, seat: int, cards: Sequence[int]) -> list[CardLook]:
        area = self.pz(seat, "help_line")
        grow = self.text_scale
        return tray_line(area, cards, grow) if self.in_tray(seat) else row_line(area, cards, grow)

    def line_slots(self, seat: int, cards: Sequence[int]) -> list[Rect]:
        """Card-shaped places of a line of ``cards`` (where a revealed card flies)."""
        out = []
        for look in self.line_looks(seat, cards):
            r = look.rect
            if look.style == "tab":  # a card the height of its tab, at the tab's start
                r = Rect(r.x, r.y, round(r.h * ASPECT), r.h)
            out.append(r)
        return out

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
            return
        looks = self.line_looks(seat, q.line)
        for i, look in enumerate(looks):
            if ("line", seat, i) in hidden:
                continue
            if look.style == "tab":
                self._tab(p, look)
            else:
                p.image(self._face(p, look), look.card, rect=look.rect)
            self.add(Target("help_card", seat, i, look.card), look.rect)
        for i, look in enumerate(looks):
            if look.band and look.style == "card" and ("line", seat, i) not in hidden:
                self._marker(p, look)

    @staticmethod
    def _face(p: Painter, look: CardLook) -> str:
        """The card's picture: its face with its name, or without it when a later card
        covers the name band and the name would show cut ("Goldfis"; its tooltip names it)."""
        if look.name is not None:
            return "card_face"
        shown = p.vp.rect(look.visible).w
        end = p.art.name_end(look.card, p.vp.rect(look.rect).size, p.text_scale)
        return "card_face" if end is None or end <= shown - 2 else "card_art"

    def _marker(self, p: Painter, look: CardLook) -> None:
        if look.marker is None:
            return
        p.circle(look.marker.center, look.marker.w / 2 + 2, (0, 0, 0))
        p.image("coin", symbol(look.card), rect=look.marker)

    def _tab(self, p: Painter, look: CardLook) -> None:
        """A card as one strip: its marker, its element chips and its name."""
        from game.data import animals

        r = look.rect
        level = animals()[look.card].level
        size = round(theme.SMALL * r.h / TAB_H)  # a row's tabs grow with their line
        room = r.h  # the interface scale grows the words to fill the tab (``tab_text``)
        p.rect(r, PAPER, radius=6)
        p.rect(Rect(r.x, r.y, 6, r.h), LEVEL_EDGE.get(level, LEVEL_EDGE[0]), radius=3)
        p.rect(r, INK, radius=6, width=1)
        if look.marker is not None:
            p.image("coin", symbol(look.card), rect=look.marker)
        for (element, value), chip in zip(entries(look.card), look.chips, strict=True):
            neg = value < 0
            if neg:  # red like the art's negative chips
                p.rect(chip, NEG, radius=6)
            icon = Rect(chip.x + 1, chip.y, chip.h, chip.h)
            p.image("element_icon", ELEMENTS[element], rect=icon)
            p.text(
                str(value),
                (icon.right + 2, chip.centery),
                size,
                (255, 255, 255) if neg else INK,
                anchor="midleft",
                bold=True,
                max_width=chip.right - icon.right - 2,
                room=room,
            )
        if look.name is not None and look.name.w > 0:
            p.text(
                self.tr(f"animal.{look.card}"),
                (look.name.x, look.name.centery),
                size,
                INK,
                anchor="midleft",
                bold=True,
                max_width=look.name.w,
                room=room,
            )

    # -- Forest and piles ------------------------------------------------------------------------

    def space(self, seat: int, x: int, y: int) -> Rect:
        return grid_cell(self.pz(seat, "forest_grid"), COLUMNS, ROWS, x, y).inflate(-4, -4)

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

    def _piles(self, p: Painter, g: Game, seat: int) -> None:
        if self.in_tray(seat):
            self._tray_piles(p, g, seat)
            return
        q = g.players[seat]
        for name, count in (("draw_pile", len(q.deck)), ("discard", len(q.discard))):
            z = self.pz(seat, name)
            icon = Rect(z.x, z.y, round(z.h * ASPECT), z.h)
            if name == "draw_pile":
                p.image("card_back", rect=icon)
            elif q.discard:
                p.image("card_face", q.discard[-1], rect=icon)
            else:
                p.rect(icon, (0, 0, 0, 90), radius=4)
            text = str(count)
            if name == "draw_pile":
                text = counted(self.tr, "table.pile_note", count, n=count, k=solitary_left(q.deck))
            p.text(
                text,
                (icon.right + 6, z.centery),
                theme.SMALL,
                theme.TEXT,
                anchor="midleft",
                bold=True,
                max_width=z.right - icon.right - 6,
                room=z.h - 2,
            )
            self.add(Target(name, seat), z)

    def _tray_piles(self, p: Painter, g: Game, seat: int) -> None:
        q = g.players[seat]
        dp = self.pz(seat, "draw_pile")
        if q.deck:
            p.image("card_back", rect=dp, fit=True)
        else:
            p.rect(dp, (0, 0, 0, 90), radius=6)
        self._badge(p, dp, len(q.deck), top=True)  # the back's title runs along its bottom
        self.add(Target("draw_pile", seat), dp)
        dz = self.pz(seat, "discard")
        if q.discard:
            p.image("card_face", q.discard[-1], rect=dz, fit=True)
        else:
            p.rect(dz, (0, 0, 0, 90), radius=6)
        lift = dz.h // 7
        if q.discard:  # above the animal's name, whatever the badge's size
            lift = dz.bottom + 2 - art_name_band(q.discard[-1], dz).top + 2
        self._badge(p, dz, len(q.discard), lift=lift)
        self.add(Target("discard", seat), dz)
        note = self.layout["pile_note"]
        left = len(q.deck)
        text = counted(self.tr, "table.pile_note", left, n=left, k=solitary_left(q.deck))
        lines = text.split(" · ")  # one fact a line under the two piles
        p.text_box(
            "\n".join(lines),
            note,
            theme.SMALL,
            theme.TEXT,
            align="center",
            valign="center",
            fit=True,
        )

    def _badge(self, p: Painter, r: Rect, n: int, top: bool = False, lift: int = 0) -> None:
        """A count on a pile, its box as large as its number (up to ``BADGE_ROOM`` high)."""
        h = max(26, round(p.em(theme.SMALL, room=BADGE_ROOM) * theme.INK_HEIGHT) + 4)
        w = max(34, p.text_size(str(n), theme.SMALL, bold=True, room=h)[0] + 12)
        badge = Rect(0, 0, min(r.w, w), h)
        if top:
            badge.midtop = (r.centerx, r.top + max(2, r.h // 40))
        else:
            badge.midbottom = (r.centerx, r.bottom + 2 - lift)
        p.rect(badge, (0, 0, 0, 190), radius=8)
        p.text(
            str(n),
            badge.center,
            theme.SMALL,
            theme.TEXT,
            anchor="center",
            bold=True,
            room=badge.h,
        )

    # -- the whole panel ------------------------------------------------------------------------

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
        panel = self.pz(seat, "panel")
        p.rect(panel, (20, 30, 22, 215), radius=14)
        colour = self.palette.seasons[seat]
        if active:
            p.rect(panel.inflate(6, 6), theme.ACTIVE_EDGE, radius=16, width=5)
        p.rect(panel, colour, radius=14, width=3)
        self._header(p, g, seat, names, kinds)
        self._totals(p, g, seat)
        self._forest(p, g, seat)
        self._help_line(p, g, seat, hidden)
        self._piles(p, g, seat)
        self._tokens(p, g, seat)
