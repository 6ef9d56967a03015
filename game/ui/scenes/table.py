"""The table: one scene for the whole match, from the draw phase of round 1 to the game's
end. It owns the match's event queue and composes the parts that each do one job:

* ``TargetMap`` (``ui/target_map.py``): legal moves <-> targets <-> buttons of the decision;
* ``EventDirector`` (``ui/event_director.py``): each event shown becomes its animation;
* ``AiSeatDriver`` (``ui/ai_driver.py``): the AI seats' draws and decisions;
* ``Seating`` (``ui/seating.py``): whose seat the tray shows, the opponents' rows opened;
* ``ForestCloseUp`` (``ui/forest_closeup.py``), ``TableHud`` (``ui/table_hud.py``),
  ``BoardLayer`` (``ui/board_layer.py``), ``AutosavePolicy`` (``ui/autosave.py``).

The scene itself turns input into commands (choose, confirm, undo, open an overlay) and
runs the loop; what it draws is ``TableDrawing`` (``ui/table/table_drawing.py``). At the end
of a round it hands the round's end events to the walkthrough (``end_of_round``, pushed over
it); at ``GameOver`` the results (``game_over``) take its place and keep it as their backdrop.
Other scenes open it by name and hold it by ``TableRole`` (``ui/table/table_role.py``).
"""

from __future__ import annotations

from typing import assert_never, cast

import pygame

from game.engine import IllegalMove, Move, Phase
from game.engine.moves import PASS, PickAnimal, PickFire, Plant
from game.ui.context import SPEED_FACTOR, Context
from game.ui.kit import theme
from game.ui.kit.anim import Animator
from game.ui.kit.painter import Painter
from game.ui.online.remote_match import watch_host
from game.ui.scene import Scene
from game.ui.scenes.table_hint import HintRequest
from game.ui.table.ai_seats.ai_driver import AiSeatDriver
from game.ui.table.alerts import TableAlerts
from game.ui.table.autosave import AutosavePolicy
from game.ui.table.board import BoardView
from game.ui.table.board_layer import BoardLayer
from game.ui.table.controls import TableControls
from game.ui.table.event_director import EventDirector, Progress
from game.ui.table.forest_closeup import ForestCloseUp
from game.ui.table.hud import TOOLTIP_DELAY_S, Pointer, TableHud
from game.ui.table.layout import Layout, load_layout
from game.ui.table.log_panel import LogPanel
from game.ui.table.match import Match
from game.ui.table.seating import Seating
from game.ui.table.table_drawing import TableDrawing
from game.ui.table.table_role import Walkthrough
from game.ui.table.target_map import Choice, Decider, TargetMap, Tentative
from game.ui.table.targets import Target
from game.ui.words.rules_text import describe_target
from game.ui.words.sentences import as_sentence, counted, describe_move, refusal_text

FRAME_BUDGET_S = 0.012  # instant speed: AI moves in one frame, at most this long (its clock)


def scene_for_match(ctx: Context, match: Match) -> Scene:
    """The scene a (new or loaded) match is shown in: the table, or the game-over scene."""
    if match.game.over:
        return ctx.scenes.make("game_over", ctx, match)
    return TableScene(ctx, match)


class TableScene(TableDrawing, Scene):
    def __init__(self, ctx: Context, match: Match) -> None:
        super().__init__(ctx)
        self.match = match
        match.tr = ctx.tr  # default season names follow the language
        n = match.game.n
        base_layout = load_layout(n)
        self.anims = Animator()
        self.board = BoardView(base_layout, n, ctx.tr)
        self.seating = Seating(match, base_layout, self.board)  # seats the board for the tray
        self.log = LogPanel(ctx.tr)
        self.layer = BoardLayer()
        self.pointer = Pointer()
        self.selected_tree = -1
        self.tentative: Tentative | None = None  # a move waiting for Confirm
        self.targets = TargetMap(self.board)
        self.clock = 0.0
        self.hints = HintRequest(ctx.hint, ctx.tr, self.describe)
        self.synced = -1
        self.drawn = -1  # the match's version last drawn (news taken in when idle is drawn)
        self._message = ""  # a short notice (an illegal move's reason, a hint, "Wait")
        self._message_cause: tuple = ()  # the decision it was said at (``notice_cause``)
        self.saver = AutosavePolicy(ctx.storage, kept=len(match.history))
        self.closeup = ForestCloseUp(self.layout, n, self.seating.tray)
        self.director = EventDirector(match, self.board, self.anims, self.closeup, ctx.play_sound)
        self.ai_seats = AiSeatDriver(match, ctx.ai_factory, ctx.ponder)  # (or workers)
        self.hud = TableHud(match, self.targets, self.pointer)
        self.alerts = TableAlerts()  # failing saves, AI seats that fell back (ui/alerts.py)
        self.round_end: Walkthrough | None = None  # the walkthrough, while it is up
        self.controls = TableControls(self)

    @property
    def kind(self) -> str:  # type: ignore[override]  # Scene's class attribute, computed
        """The phase shown ("draw" or "action"): the key help and screenshots follow it."""
        return "action" if self.match.shown.phase is Phase.ACTION else "draw"

    @property
    def layout(self) -> Layout:
        """The layout seated for the tray's seat (``Seating.layout``)."""
        return self.seating.layout

    @property
    def tr(self):  # noqa: ANN201 - the catalogue's tr
        return self.ctx.tr

    @property
    def palette(self) -> theme.Palette:
        return self.ctx.palette

    @property
    def speed(self) -> float:
        return SPEED_FACTOR.get(self.ctx.settings.speed, 1.0)

    @property
    def message(self) -> str:
        """The prompt's notice. It lives only as long as its cause: the decision at hand
        when it was said (``notice_cause``); "Wait: not your decision yet" goes as soon as
        the decision is this screen's, a refusal or a hint when the decision moves on."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        if text != self._message:
            self._message, self._message_cause = text, self.notice_cause()

    def notice_cause(self) -> tuple:
        """The decision at hand, as far as a notice is about it: who decides, whether at
        this screen, what and how many actions are left."""
        a, g = self.match.active(), self.match.game
        if a is None:
            return (g.round, g.phase)
        here = self.match.plays_here(a.player)
        return (g.round, g.phase, a.player, here, a.decision, a.source, a.actions_left)

    def human_seat(self) -> int:
        """The seat that may act by mouse and keyboard now, or -1."""
        if not self.match.idle or self.anims.busy or self.round_end is not None:
            return -1
        a = self.match.active()  # a seat played here (not an AI's, nor a remote player's)
        return a.player if a is not None and self.match.plays_here(a.player) else -1

    def resized(self) -> None:
        """New window size or new language: drop every cached surface and built label."""
        self.layer.drop()
        self.targets.invalidate()  # buttons are built again (labels in the current language)
        self.log = LogPanel(self.tr, self.log.scroll)  # sentences translated once: again
        self.board.tr = self.tr

    def exit(self) -> None:
        """Leaving the table (menu, quit, game over): nothing played stays unsaved, and a
        hint still being searched is dropped."""
        self.autosave(force=True)
        self.hints.cancel()

    def covers_window(self) -> bool:
        return True  # its first drawing is the board layer, as large as the window

    def resume(self) -> None:
        """The scene above closed (the walkthrough is always the one right above)."""
        self.round_end = None
        self.layer.invalidate()
        self.targets.invalidate()

    # -- choices ---------------------------------------------------------------------------

    def refresh_choices(self) -> None:
        """The target map of the decision now (built again only when it changed)."""
        seat = self.human_seat()
        key = (self.match.version, seat, self.selected_tree, self.tentative)
        if key == self.targets.key:
            return
        a, viewer = self.match.active(), seat if seat >= 0 else self.seating.first_here()
        decision, hint = (a.decision if a is not None else None), self.hints.available
        can_undo, tree, plant = self.match.can_undo(), self.selected_tree, self.tentative
        decider = Decider(seat, decision, tree, plant, can_undo, hint, viewer)
        self.targets.refresh(key, self.match.game, decider, self.tr, self, self.match.offers)

    # -- acting ----------------------------------------------------------------------------

    def choose(self, move: Move) -> None:
        seat = self.human_seat()
        if seat < 0:
            return
        if move is PASS:
            left = self.match.game.players[seat].actions_left
            if left > 0 and self.ctx.settings.confirm_pass:
                question = counted(self.tr, "confirm.pass", left, n=left)
                self.push("confirm", question, lambda: self.play(seat, PASS))
                return
        if isinstance(move, Plant) or (
            isinstance(move, PickAnimal | PickFire) and self.match.ends_step(seat, move)
        ):
            self.tentative = move  # the player confirms it (or takes it back) first
            self.targets.invalidate()
            return
        self.play(seat, move)

    def activate(self, choice: Choice) -> None:
        if choice.tree >= 0:
            self.selected_tree = choice.tree
            self.targets.invalidate()
            self.targets.focus = -1
        elif choice.move is not None:
            self.choose(choice.move)

    def confirm(self) -> None:  # Confirm (Enter): the planting or step-ending pick held
        seat = self.human_seat()
        if seat >= 0 and self.tentative is not None:
            move, self.tentative = self.tentative, None
            self.play(seat, move)

    def play(self, seat: int, move: Move) -> None:
        try:
            self.match.play(seat, move)
        except IllegalMove as e:
            self.refuse(e)
            return
        self.saver.played(self.match)  # on disk before it is shown
        self.autosave(force=not self.match.seats[seat].is_ai)
        self.message = ""
        self.selected_tree = -1
        self.tentative = None
        self.targets.focus = -1
        self.hints.played()
        self.targets.invalidate()

    def undo(self) -> None:
        if self.tentative is not None:
            self.tentative = None
        elif self.selected_tree >= 0:
            self.selected_tree = -1
        elif self.match.undo():
            self.saver.undone(self.match)
            self.anims.finish()
            self.layer.invalidate()
        self.targets.invalidate()

    def autosave(self, force: bool = False) -> None:
        self.saver.save(self.match, force)

    def retry_save(self) -> None:
        """Saves fail (the alerts say so): try again even though nobody moved."""
        self.saver.unsaved = True
        self.autosave(force=True)

    def describe(self, move: Move) -> str:
        active = self.match.active()
        seat = active.player if active is not None else -1
        return describe_move(self.tr, move, self.match.game, seat, self.match.names)

    def show_hint(self) -> None:
        """H or the Hint button: ask for Hard's advice; the frames keep going meanwhile."""
        self.message = self.hints.ask(self.match, self.human_seat(), self.message)

    # -- overlays --------------------------------------------------------------------------

    def open_pause(self) -> None:
        self.push("pause", self.match)

    def open_settings(self) -> None:
        self.push("settings")

    def open_rules(self) -> None:
        """The rules help (F1, the Rules button), at the part about what is hovered."""
        self.push("rules_help_about", self.pointer.hover)

    def open_rules_card(self, target: Target) -> None:
        """Right-click: the rules sheet of one thing on the table."""
        text = describe_target(self.tr, target, self.match.shown)
        if text is not None:
            self.push("rules_card", text)

    def open_discard(self, seat: int) -> None:
        self.push("discard", self.match, seat)

    # -- commands of the controls (``ui/table_controls.py``) ----------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.controls.handle(event)

    def refuse(self, e: IllegalMove) -> None:
        """Say why a move is not allowed now, in the engine's words."""
        self.message = as_sentence(refusal_text(self.tr, e, self.ctx.has_key))

    # -- update ----------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """What runs every frame whatever is shown: clocks, alerts, the hint."""
        self.clock += dt
        self.director.clock = self.clock
        fallen = [self.match.names[s] for s in self.ai_seats.fallen_back()]
        self.alerts.update(dt, self.tr, self.ctx.storage, fallen, self.retry_save)
        if self._message and self._message_cause != self.notice_cause():
            self._message = ""  # its cause is gone (no notice outlives it)
        self.message = self.hints.poll(self.match, self.human_seat(), self.message)
        self.pointer.hover_time += dt

    def run_seats(self, dt: float) -> bool:
        """The AI seats' draws and decisions; True when one was played."""
        shown = self.match.idle and not self.anims.busy
        return self.ai_seats.run(dt, self.ctx.settings.speed, shown, self.saver, self.play)

    def update(self, dt: float) -> None:
        self.tick(dt)
        watch_host(self)  # an online table whose host left says so, with Wait and Leave
        clock = self.ctx.frame_clock
        deadline = clock() + FRAME_BUDGET_S
        while True:
            moved = self.run_seats(dt)
            if self.advance(dt) or not moved:
                self.controls.run_queued()  # a key pressed while the last move was shown
                self.autosave()
                return
            dt = 0.0
            # At instant speed keep going (several AI moves per frame) within a time budget.
            if self.speed > 0 or clock() > deadline or self.stack is None:
                self.autosave()
                return
            if self.stack.top is not self:
                return

    def busy(self) -> bool:
        """Frames are needed while an animation plays or an event waits to be shown, an AI
        seat decides (its dots move), a hint is computed, or a hovered object's close-up or
        tooltip is about to appear; and once after the match changed in an idle pass (a
        remote match's news: a welcome, who is connected, a lost connection)."""
        return (
            self.anims.busy
            or bool(self.match.queue)
            or self.synced != self.match.version
            or self.drawn != self.match.version
            or self.ai_seats.busy()
            or self.hints.job is not None
            or (self.pointer.hover is not None and self.pointer.hover_time < TOOLTIP_DELAY_S)
            or self.seating.handing_over(self.clock)
            or bool(self.director.flashes)
        )

    def draw(self, p: Painter) -> None:
        super().draw(p)
        self.drawn = self.match.version

    def advance(self, dt: float) -> bool:
        """Show what the queue holds (the director); at a round's end open the walkthrough,
        at the game's end the game-over scene. True: this frame ends here (a new phase was
        shown, or another scene took over)."""
        progress = self.director.advance(dt, self.speed)
        match progress:
            case Progress.END_OF_ROUND if self.stack is not None:
                walk = self.push("end_of_round", self, self.director.take_round_end())
                self.round_end = cast("Walkthrough", walk)
            case Progress.GAME_OVER:
                self.to_game_over()
            case Progress.SHOWN if self.synced != self.match.version:
                self.match.sync()
                self.synced = self.match.version
                self.layer.invalidate()
            case Progress.SHOWN | Progress.MOVING | Progress.PHASE | Progress.END_OF_ROUND:
                pass
            case _:
                assert_never(progress)
        return progress in (Progress.PHASE, Progress.END_OF_ROUND, Progress.GAME_OVER)

    def to_game_over(self) -> None:
        """The results take this scene's place (our exit saves what is unsaved) and keep it,
        seated as it is, as their backdrop. A remote match's seed and moves come just after
        its last events: the table waits on the board (the ``GameOver`` event stays queued)
        until they are here, or the results, replay and statistics would be empty."""
        if self.stack is not None and self.match.whole:
            self.replace("game_over", self.match, table=self)

    def finish_shown(self) -> None:
        """Show the rest of the queue at once (the game's last events have no animation)."""
        self.anims.finish()
        while self.match.queue:
            self.match.step_shown(self.match.queue.popleft())
        if self.synced != self.match.version:
            self.match.sync()
            self.synced = self.match.version
        self.layer.invalidate()
