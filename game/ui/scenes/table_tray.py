"""The table's seating: whose seat the tray shows (the human deciding, handed over in
hot-seat with the banner), an opponent's row opened at length on hover or click, and one text
size for the row of move buttons. Mixed into ``TableScene``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pygame import Rect

from game.ui import theme
from game.ui.painter import Painter
from game.ui.targets import Target
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.anim import Animator
    from game.ui.board import BoardView
    from game.ui.board_layer import BoardLayer
    from game.ui.layout import Layout
    from game.ui.match import Match
    from game.ui.table_hud import Pointer

HANDOVER_S = 2.5  # hot-seat: how long the banner says whose the tray is now
EXPAND_DELAY_S = 0.35  # rest on an opponent's header this long and the row opens


class TraySeating:
    """The tray and the opponents' rows of ``TableScene``."""

    match: Match
    anims: Animator
    base_layout: Layout
    layout: Layout
    board: BoardView
    tray: int
    handed_at: float
    expanded: int
    expand_cells: list[tuple[Target, Rect]]
    expand_shown: int
    clock: float
    layer: BoardLayer
    pointer: Pointer
    _row_size_key: tuple
    _row_size: int
    palette: theme.Palette  # the scene's (properties of TableScene)
    tr: Callable[..., str]

    def init_seating(self) -> None:
        """The seating's own state, before the first frame."""
        self.handed_at = -1e9  # when the tray last passed to another human (hot-seat)
        self.expanded = -1  # an opponent's row opened at length by a click
        self.expand_cells = []  # what the open row drew, where
        self.expand_shown = -1  # whose row is open at length now
        self._row_size_key = ()
        self._row_size = theme.BODY

    def first_human(self) -> int:
        """The first seat a person plays (seat 0 at a table of AI only)."""
        return next((i for i, s in enumerate(self.match.seats) if not s.is_ai), 0)

    def focus_seat(self) -> int:
        raise NotImplementedError  # the scene's: an opponent's Forest shown up close

    def tray_seat(self, previous: int) -> int:
        """Whose seat the tray shows: the human deciding now (once what came before has
        been shown); else the one who had it; else the first human (seat 0 at a table of AI
        only)."""
        a = self.match.active()
        ready = previous < 0 or (self.match.idle and not self.anims.busy)
        if ready and a is not None and not self.match.seats[a.player].is_ai:
            return a.player
        return previous if previous >= 0 else self.first_human()

    def keep_tray(self, seat: int) -> None:
        """The next phase's scene keeps the tray where the last one had it."""
        self.seat_tray(self.tray_seat(seat), previous=seat)

    def seat_tray(self, seat: int, previous: int | None = None) -> None:
        """Show ``seat`` in the tray; a hand-over from another human shows on the banner."""
        before = self.tray if previous is None else previous
        if seat == self.tray and seat == before:
            return
        if seat != before:
            self.handed_at = self.clock
        self.tray = seat
        self.layout = self.base_layout.seated(seat, self.match.game.n)
        self.board.layout = self.layout
        self.board.tray = seat
        self.expanded = -1
        self.layer.invalidate()

    def click_row(self, pos: tuple[int, int]) -> None:
        """A click on an opponent's row opens it at length until the next click outside it
        (or Esc); a click on the open row closes it."""
        if self.expand_cells and self.layout["expand_panel"].collidepoint(pos):
            self.expanded = -1 if self.expanded >= 0 else self.expand_shown
            return
        self.expanded = self.row_at(pos)

    def row_at(self, pos: tuple[int, int]) -> int:
        """The opponent whose row is under ``pos`` (-1: none, or rows already at length)."""
        for seat in range(self.match.game.n):
            if seat == self.tray:
                continue
            panel = self.layout.player(seat, "panel")
            if panel == self.layout["expand_panel"]:
                return -1  # one opponent: the row is shown at length already
            if panel.collidepoint(pos):
                return seat
        return -1

    def expand_seat(self) -> int:
        """The row to show at length: one clicked open, else one whose header the pointer
        rests on (kept open while the pointer stays over it)."""
        if self.expanded >= 0:
            return self.expanded
        h, mouse = self.pointer.hover, self.pointer.mouse
        if self.expand_cells and self.layout["expand_panel"].collidepoint(mouse):
            return self.expand_shown
        header = h is not None and h.kind in ("name", "totals") and h.a != self.tray
        if header and self.pointer.hover_time >= EXPAND_DELAY_S and self.row_at(mouse) >= 0:
            return h.a
        return -1

    def draw_expanded(self, p: Painter) -> None:
        seat = self.expand_seat()
        if seat < 0 or self.focus_seat() >= 0:
            self.expand_cells = []
            return
        self.expand_shown = seat
        self.expand_cells = self.board.render_expanded(
            p, self.match.shown, seat, self.match.names, [s.kind for s in self.match.seats]
        )

    def row_text_size(self, p: Painter, row: list[Button]) -> int:
        """One text size for the row of move buttons: the largest at which every label fits
        (at a large interface scale the long ones would shrink alone)."""
        labels = tuple(f"{b.label}  [{b.key_hint}]" if b.key_hint else b.label for b in row)
        key = (labels, p.px(theme.BODY), tuple(b.rect.w for b in row))
        if key != self._row_size_key:
            size = theme.BODY
            while size > theme.SMALL - 6 and any(
                p.text_size(label, size, bold=True)[0] > b.rect.w - 12
                for label, b in zip(labels, row, strict=True)
            ):
                size -= 1
            self._row_size_key, self._row_size = key, size
        return self._row_size

    def draw_handover(self, p: Painter) -> None:
        """Hot-seat: the tray has just passed to another human; say so over the banner and
        ring the tray in their colour."""
        if self.clock - self.handed_at >= HANDOVER_S:
            return
        seat = self.tray
        colour = self.palette.seasons[seat]
        r = self.layout["banner"]
        p.rect(r, (10, 16, 12), radius=12)
        p.rect(r, colour, radius=12, width=4)
        p.text(
            self.tr("banner.handover", name=self.match.names[seat]),
            (r.x + 26, r.centery),
            theme.LARGE,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=r.w - 40,
        )
        p.rect(self.layout.player(seat, "panel").inflate(10, 10), colour, radius=18, width=5)
