"""The table's seating: whose seat the tray shows (a seat this screen plays, the one
deciding; handed over between this screen's seats in hot-seat with the banner) and an
opponent's row opened at length on hover or click. It owns the layout seated for the tray
and keeps the board's drawing seated with it.

The one rule of "whose turn is it for this screen" is the match's ``plays_here`` (a local
match: every human seat; a remote one: the seats this client holds). The tray, the banner,
the prompt, the keys kept while the table is busy and the end-of-round band all ask it, and
nothing else (never ``Seat.is_ai``, which says who decides, not where)."""

from __future__ import annotations

from pygame import Rect

from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.board import BoardView
from game.ui.table.hud import Pointer, banner_line
from game.ui.table.layout import Layout
from game.ui.table.match import Match
from game.ui.table.targets import Target
from game.ui.words.sentences import Tr

HANDOVER_S = 2.5  # hot-seat: how long the banner says whose the tray is now
EXPAND_DELAY_S = 0.35  # rest on an opponent's header this long and the row opens


class Seating:
    """Which seat has the large tray, since when, and which opponent's row is open."""

    def __init__(self, match: Match, base_layout: Layout, board: BoardView) -> None:
        self.match = match
        self.base_layout = base_layout
        self.board = board  # drawn for the tray's seat: re-seated with it
        self.tray = self.tray_seat(-1, animating=False)
        self.layout = base_layout.seated(self.tray, match.game.n)
        board.layout, board.tray = self.layout, self.tray
        self.handed_at = -1e9  # when the tray last passed to another human (hot-seat)
        self.expanded = -1  # an opponent's row opened at length by a click
        self.expand_cells: list[tuple[Target, Rect]] = []  # what the open row drew, where
        self.expand_shown = -1  # whose row is open at length now

    # -- the tray --------------------------------------------------------------------------

    def first_here(self) -> int:
        """The first seat this screen plays (seat 0 at a table it only watches)."""
        return next((i for i in range(len(self.match.seats)) if self.match.plays_here(i)), 0)

    def tray_seat(self, previous: int, animating: bool) -> int:
        """Whose seat the tray shows: a seat this screen plays, the one deciding now (once
        what came before has been shown: the queue empty and nothing ``animating``); else
        the one that had it (``previous``); else the first seat played here. Another
        person's seat (at another screen) or an AI's never takes the tray."""
        a = self.match.active()
        ready = previous < 0 or (self.match.idle and not animating)
        if ready and a is not None and self.match.plays_here(a.player):
            return a.player
        if previous >= 0 and self.match.plays_here(previous):
            return previous
        return self.first_here()

    def follow(self, clock: float, animating: bool) -> bool:
        """The tray follows this screen's seat deciding; True when it moved (redraw)."""
        return self.seat(self.tray_seat(self.tray, animating), clock)

    def keep(self, seat: int, clock: float, animating: bool) -> bool:
        """A new table (the game-over scene) keeps the tray where the last one had it."""
        return self.seat(self.tray_seat(seat, animating), clock, previous=seat)

    def seat(self, seat: int, clock: float, previous: int | None = None) -> bool:
        """Show ``seat`` in the tray; a hand-over from another human (``previous``, else the
        tray's seat now) is remembered at ``clock`` for the banner. True when it changed."""
        before = self.tray if previous is None else previous
        if seat == self.tray and seat == before:
            return False
        if seat != before:
            self.handed_at = clock
        self.tray = seat
        self.layout = self.base_layout.seated(seat, self.match.game.n)
        self.board.layout, self.board.tray = self.layout, seat
        self.expanded = -1
        return True

    def handing_over(self, clock: float) -> bool:
        """The banner still says whose the tray is now: for ``HANDOVER_S`` seconds, and only
        while the tray's seat decides ("your turn" said over another seat's turn, an AI's
        or a person's at another screen, would be untrue)."""
        if clock - self.handed_at >= HANDOVER_S:
            return False
        a = self.match.shown_active()
        return a is not None and a.player == self.tray

    def draw_handover(self, p: Painter, clock: float, palette: theme.Palette, tr: Tr) -> None:
        """Hot-seat: the tray has just passed to another human; say so over the banner and
        ring the tray in their colour."""
        if not self.handing_over(clock):
            return
        seat = self.tray
        colour = palette.seasons[seat]
        r = self.layout["banner"]
        p.rect(r, (10, 16, 12), radius=12)
        p.rect(r, colour, radius=12, width=4)
        banner_line(p, r, tr("banner.handover", name=self.match.names[seat]))
        p.rect(self.layout.player(seat, "panel").inflate(10, 10), colour, radius=18, width=5)

    # -- the opponents' rows ---------------------------------------------------------------

    def click_row(self, pos: tuple[int, int]) -> None:
        """A click on an opponent's row opens it at length until the next click outside it
        (or Esc); a click on the open row closes it."""
        if self.expand_cells and self.layout["expand_panel"].collidepoint(pos):
            self.expanded = -1 if self.expanded >= 0 else self.expand_shown
            return
        self.expanded = self.row_at(pos)

    def close_row(self) -> bool:
        """Esc: close a row opened by a click; False when none was."""
        if self.expanded < 0:
            return False
        self.expanded = -1
        return True

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

    def expand_seat(self, pointer: Pointer) -> int:
        """The row to show at length: one clicked open, else one whose header the pointer
        rests on (kept open while the pointer stays over it)."""
        if self.expanded >= 0:
            return self.expanded
        h, mouse = pointer.hover, pointer.mouse
        if self.expand_cells and self.layout["expand_panel"].collidepoint(mouse):
            return self.expand_shown
        if h is None or h.kind not in ("name", "totals") or h.a == self.tray:
            return -1
        if pointer.hover_time >= EXPAND_DELAY_S and self.row_at(mouse) >= 0:
            return h.a
        return -1

    def draw_expanded(self, p: Painter, pointer: Pointer, closeup: bool) -> None:
        """The open row over the column of rows (not while a ``closeup`` is shown)."""
        seat = self.expand_seat(pointer)
        if seat < 0 or closeup:
            self.expand_cells = []
            return
        self.expand_shown = seat
        kinds = [s.kind for s in self.match.seats]
        self.expand_cells = self.board.render_expanded(
            p, self.match.shown, seat, self.match.names, kinds
        )

    def hit(self, pos: tuple[int, int]) -> tuple[bool, Target | None]:
        """Whether the open row covers ``pos``, and what of it lies there (None: nothing,
        or its frame, which hides the rows under it)."""
        if not self.expand_cells:
            return False, None
        for t, r in reversed(self.expand_cells):
            if r.collidepoint(pos):
                return True, t
        return self.layout["expand_panel"].collidepoint(pos), None
