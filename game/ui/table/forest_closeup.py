"""The Forest close-up: one player's Forest drawn large over the table while a tree goes into
it, where the opponents' Forests are too small to read (or to click) in their rows."""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from game.engine import Decision, Pending
from game.engine.moves import Plant
from game.engine.state import COLUMNS, ROWS, START_TREE
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.table.layout import Layout, grid_cells
from game.ui.table.match import Match
from game.ui.table.target_map import TargetMap
from game.ui.table.targets import Target
from game.ui.words.sentences import Tr

FOCUS_CELL = 48  # logical px: Forest spaces smaller than this get the close-up
FOCUS_HOLD_S = 0.45  # an AI's Forest stays up close this long after its tree has landed


class ForestCloseUp:
    """Whose Forest is up close, where its spaces are, and the drawing of it."""

    def __init__(self, layout: Layout, n: int, tray: int) -> None:
        rows = [s for s in range(n) if s != tray]
        self.small_forests = any(  # an opponent's Forest too small to read where it lands
            layout.player(s, "forest_grid").w / COLUMNS < FOCUS_CELL for s in rows
        )
        self.cells: list[tuple[Target, Rect]] = []  # spaces drawn in the last frame
        self.ai_seat = -1  # an AI's Forest shown while its tree lands (the director sets it)

    def seat(self, human: int, tray: int, active: Pending | None, animating: bool) -> int:
        """Whose Forest to show up close, or -1: the ``human`` deciding planting in an
        opponent's small Forest, or an AI's while its tree lands. The tray's own Forest is
        large enough to plant in where it is."""
        if not self.small_forests:
            return -1
        planting = active is not None and active.decision is Decision.PLANT
        if human >= 0 and human != tray and planting:
            return human
        if self.ai_seat >= 0 and animating:
            return self.ai_seat
        return -1

    def hit(self, layout: Layout, pos: tuple[int, int]) -> tuple[bool, Target | None]:
        """Whether the close-up covers ``pos``, and its space there (None: none, or the
        close-up's frame, which hides the table under it)."""
        for t, r in self.cells:
            if r.collidepoint(pos):
                return True, t
        return bool(self.cells) and layout["forest_focus"].collidepoint(pos), None

    @staticmethod
    def board(layout: Layout) -> Rect:
        box = layout["forest_focus"]
        return Rect(box.x + 8, box.y + 44, box.w - 16, box.h - 52)

    def geometry(self, layout: Layout, seat: int) -> list[tuple[Target, Rect]]:
        """The spaces of ``seat``'s Forest in the close-up, row by row."""
        small, small_grid = layout.player(seat, "forest"), layout.player(seat, "forest_grid")
        board = self.board(layout)
        k = board.w / small.w
        grid = Rect(
            round(board.x + (small_grid.x - small.x) * k),
            round(board.y + (small_grid.y - small.y) * k),
            round(small_grid.w * k),
            round(small_grid.h * k),
        )
        return [
            (Target("space", seat, i % COLUMNS, i // COLUMNS), cell.inflate(-8, -8))
            for i, cell in enumerate(grid_cells(grid, COLUMNS, ROWS))
        ]

    def draw(self, p: Painter, view: CloseUpView, match: Match, seat: int, clock: float) -> None:
        """``seat``'s Forest up close (nothing when ``seat`` < 0), its legal spaces lit."""
        if seat < 0:
            self.cells = []
            return
        L = view.layout
        box = L["forest_focus"]
        p.rect(box.inflate(8, 8), (0, 0, 0, 120), radius=16)
        p.rect(box, (20, 30, 22), radius=14)
        p.rect(box, view.palette.seasons[seat], radius=14, width=3)
        p.text(
            view.tr("focus.title", name=match.names[seat]),
            (box.x + 16, box.y + 22),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=box.w - 32,
        )
        p.image("forest_board", rect=self.board(L))
        cells = self.geometry(L, seat)
        for i, (_target, r) in enumerate(cells):
            tree = match.shown.players[seat].forest[i]
            if tree == START_TREE:
                p.image("tree", "start", rect=r, fit=True)
            elif tree >= 0:
                p.image("tree", tree, rect=r, fit=True)
        self.cells = cells
        targets = view.targets
        tentative = targets.decider.tentative
        legal = {c.target for c in targets.choices if c.target.kind == "space"}
        focused = targets.focused.target if targets.focused is not None else None
        pulse = 2 + round(abs(((clock * 2) % 2) - 1) * 3)
        for target, r in cells:
            if isinstance(tentative, Plant) and target == Target(
                "space", seat, tentative.x, tentative.y
            ):
                p.image("tree", tentative.tree, rect=r, fit=True, alpha=170)
                p.rect(r.inflate(8, 8), view.palette.selected, radius=10, width=5)
            elif target == focused:
                p.rect(r.inflate(8, 8), view.palette.selected, radius=10, width=5)
            elif target == view.hover and target in legal:
                p.rect(r.inflate(10, 10), theme.HOVER, radius=10, width=4)
            elif target == view.hover:
                p.rect(r.inflate(6, 6), theme.TEXT, radius=10, width=2)
            elif target in legal:
                p.rect(r.inflate(6, 6), view.palette.legal, radius=10, width=pulse)


@dataclass(frozen=True)
class CloseUpView:
    """What the close-up is drawn with besides the match: the table's layout and colours,
    the words, the decision's target map (legal spaces, focus, a planting waiting) and
    what the pointer rests on."""

    layout: Layout
    palette: theme.Palette
    tr: Tr
    targets: TargetMap
    hover: Target | None
