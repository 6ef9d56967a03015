"""What the table draws: the cached board layer, the targets, the close-up, animations, the
HUD, the banner, the log and the tooltip; and what lies under a point (``hit``). A role of
``TableScene`` (``game/ui/scenes/table.py``), kept apart so the scene holds the commands and
the loop; it reads the scene's parts, declared below."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.seats import shown_names
from game.ui.kit import theme
from game.ui.kit.anim import Animator
from game.ui.kit.painter import Painter
from game.ui.table.board import BoardView
from game.ui.table.board_layer import BoardLayer
from game.ui.table.event_director import EventDirector
from game.ui.table.forest_closeup import CloseUpView, ForestCloseUp
from game.ui.table.hud import HudView, Pointer, TableHud
from game.ui.table.layout import Layout
from game.ui.table.log_panel import LogPanel
from game.ui.table.match import Match
from game.ui.table.seating import Seating
from game.ui.table.target_map import TargetMap
from game.ui.table.targets import Target
from game.ui.words.rules_text import RulesText

if TYPE_CHECKING:
    from pygame import Rect

    from game.ui.context import Context
    from game.ui.scene import SceneStack
    from game.ui.table.alerts import TableAlerts
    from game.ui.table.table_role import Walkthrough


class TableDrawing:
    """The drawing role of ``TableScene``: it owns no state of its own."""

    ctx: Context
    stack: SceneStack | None
    match: Match
    anims: Animator
    board: BoardView
    seating: Seating
    log: LogPanel
    layer: BoardLayer
    pointer: Pointer
    targets: TargetMap
    closeup: ForestCloseUp
    director: EventDirector
    hud: TableHud
    alerts: TableAlerts
    hints: Any  # HintRequest (its ``move`` is ringed)
    clock: float
    message: str
    round_end: Walkthrough | None

    # (the scene's own properties and commands the drawing reads: ``TableScene`` has them)
    kind: str

    @property
    def layout(self) -> Layout:
        raise NotImplementedError

    @property
    def palette(self) -> theme.Palette:
        raise NotImplementedError

    @property
    def tr(self) -> Any:
        raise NotImplementedError

    def refresh_choices(self) -> None:
        raise NotImplementedError

    def human_seat(self) -> int:
        raise NotImplementedError

    def describe(self, move: Any) -> str:
        raise NotImplementedError

    @property
    def results_shown(self) -> bool:
        """The game is over and all of it shown: the table is the results' backdrop."""
        return self.match.game.over and not self.match.queue

    def draw(self, p: Painter) -> None:
        """The table; its words (banner, log, prompt, buttons, tooltips) at the player's
        interface scale, the board's packed labels and the round's panels at their own."""
        if self.seating.follow(self.clock, self.anims.busy):
            self.layer.invalidate()
        self.refresh_choices()
        p.text_scale = self.ctx.settings.ui_scale / 100
        try:
            self.layer.draw(p, self.layer_key(p), self.render_layer)
            covered = bool(self.closeup.cells or self.seating.expand_cells)
            self.hud.draw_raised_card(p, self.board, covered)
            self.targets.draw(p, self.palette, self.clock, self.pointer.hover, self.hints.move)
            self.seating.draw_expanded(p, self.pointer, self.focus_seat() >= 0)
            self.draw_focus(p)
            self.anims.draw(p)
            self.director.draw_flashes(p)
            self.draw_hud(p)
            self.seating.draw_handover(p, self.clock, self.palette, self.tr)
            self.draw_tooltip(p)
        finally:
            p.text_scale = 1.0
        self.alerts.draw(p, self.layout["banner"], self.tr)
        status = shown_names(self.tr, self.match.status())  # a name in it as this screen's
        draw_status(p, status, self.layout["banner"])

    def layer_key(self, p: Painter) -> tuple:
        """What the cached layer shows: redrawn when any of it changes."""
        a = self.match.shown_active()
        return (
            p.vp.window,
            self.match.version,
            self.director.shown_steps,
            self.anims.hidden,
            a.player if a is not None else -1,
            self.log.scroll,
            len(self.log_entries()),
            self.palette,
            p.text_scale,
            self.banner_text(),
        )

    def render_layer(self, p: Painter) -> None:
        a = self.match.shown_active()
        self.board.palette = self.palette
        kinds = [s.kind for s in self.match.seats]
        active = a.player if a is not None else -1
        shown, names, hidden = self.match.shown, self.match.names, self.anims.hidden
        self.board.render(p, shown, names, kinds, active, hidden, seats=self.layer.seats)
        self.log.rebuild(self.log_entries(), self.match.names)
        self.log.draw(p, self.layout["log"])
        self.hud.draw_banner(p, self.layout, self.palette, self.banner_text())

    def log_entries(self) -> list:
        """The log as far as the table has shown it: not the events still queued, nor those
        whose pieces are still on their way (the log and the queue grow together)."""
        log = self.match.log
        held = len(self.match.queue) + len(self.director.in_flight)
        return log[: max(0, len(log) - held)]

    def banner_text(self) -> str:
        if self.round_end is not None:
            return self.round_end.banner_text()
        if self.results_shown:
            return self.tr("banner.game_over", round=self.match.game.round)
        return self.hud.banner_text(self.tr)

    def hud_view(self) -> HudView:
        return HudView(
            self.tr,
            self.palette,
            self.layout,
            self.clock,
            self.anims.busy,
            self.message,
            self.keys_text(),
            self.describe,
        )

    def prompt_text(self) -> str:
        return self.hud.prompt_text(self.hud_view())

    def draw_hud(self, p: Painter) -> None:
        """The prompt and the buttons; the walkthrough's panel or the results take their
        place."""
        if self.round_end is None and not self.results_shown:
            self.hud.draw(p, self.hud_view())

    def keys_text(self) -> str:
        return self.tr(f"keys.{self.kind}")

    def tooltip(self) -> RulesText | None:
        moving = self.anims.area()
        return self.hud.tooltip(self.tr, self.match.shown, self.hit, self.board.rect_of, moving)

    def draw_tooltip(self, p: Painter) -> None:
        """The rules tooltip, unless an overlay (other than the walkthrough) is open."""
        top = self.stack.top if self.stack is not None else None
        if self.ctx.settings.hover_help and top is not None and top in (self, self.round_end):
            text = self.tooltip()
            if text is not None:
                closeup = bool(self.closeup.cells)
                self.hud.draw_tooltip(p, text, self.layout, self.seating.tray, closeup)

    # -- the Forest close-up ---------------------------------------------------------------

    def focus_seat(self) -> int:
        """Whose Forest is shown up close, or -1 (``ForestCloseUp.seat``)."""
        animating = self.anims.busy
        tray = self.seating.tray
        return self.closeup.seat(self.human_seat(), tray, self.match.active(), animating)

    def draw_focus(self, p: Painter) -> None:
        seat = self.focus_seat()
        view = CloseUpView(self.layout, self.palette, self.tr, self.targets, self.pointer.hover)
        self.closeup.draw(p, view, self.match, seat, self.clock)

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What is under ``pos``: the close-up's spaces first, then an opponent's row opened
        at length; each hides what lies under it."""
        covered, target = self.closeup.hit(self.layout, pos)
        if not covered:
            covered, target = self.seating.hit(pos)
        return target if covered else self.board.hit(pos)


def draw_status(p: Painter, status: str, banner: Rect) -> None:
    """Where the match is played, when that is news (a remote table's connection): at the
    right end of the banner, where the banner's own words never reach."""
    if status:
        at = (banner.right - 14, banner.centery)
        width = banner.w * 2 // 5
        p.text(status, at, theme.SMALL, theme.TEXT_DIM, anchor="midright", max_width=width)
