"""The table: the board, whose turn it is, what can be clicked, animations and AI seats.

``TableScene`` is shared by the phase scenes (draw phase, action phase, end of round). What
can be clicked always comes from the engine's legal moves for the seat that decides now. The
board is drawn once per state change into a cached layer; each frame adds only highlights,
animations and the pointer's help.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never, cast

import pygame
from pygame import Rect

from game.engine import Decision, IllegalMove, Move, Phase
from game.engine import events as ev
from game.engine.apply import apply_event
from game.engine.moves import (
    DRAW,
    FINISH,
    PASS,
    SKIP_BONUS,
    STOP,
    USE_FRAGMENT,
    AnyMove,
    ChooseAction,
    Draw,
    Finish,
    MoveSpirit,
    Pass,
    PickAnimal,
    PickFire,
    Plant,
    SkipBonus,
    Steal,
    Stop,
    UseFragment,
)
from game.engine.state import COLUMNS, ROWS, START_TREE
from game.ui import theme
from game.ui.ai_draws import DRAW_GAP_S
from game.ui.ai_seat import AiJob, AiPlayer, builtin_choice, decision_seed, make_ai
from game.ui.alerts import TableAlerts
from game.ui.anim import Animator, Drop, Flight, Pause, Walk
from game.ui.board import SEASONS, BoardView
from game.ui.context import SPEED_FACTOR, THINK_SECONDS, Context
from game.ui.event_sounds import event_sound
from game.ui.layout import grid_cells, load_layout
from game.ui.log_panel import LogPanel
from game.ui.match import Match
from game.ui.painter import Painter
from game.ui.rules_text import RulesText, describe_target
from game.ui.scene import Scene
from game.ui.scenes.table_tray import HANDOVER_S, TOP_BUTTONS, TraySeating
from game.ui.targets import Target, intended_move
from game.ui.viewport import Viewport
from game.ui.widgets import Button
from game.ui.words import (
    as_sentence,
    counted,
    describe_move,
    hint_sentence,
    refusal_text,
    rock_destination,
    season_name,
    tree_name,
)

FOCUS_CELL = 48  # logical px: Forest spaces smaller than this get the focus view
# Every decision is autosaved; AI moves in quick succession (fast and instant speed) are
# batched to one save per this many seconds. Leaving the table always saves what is left.
AUTOSAVE_GAP_S = 0.25
TOOLTIP_DELAY_S = 0.35  # hover this long before the rules tooltip shows
ACTION_THINK = 0.5  # an AI's rest before choosing an action, of the speed's THINK_SECONDS
STEP_THINK = 0.15  # and before a step of an action (a pick, a space, a rock)
AI_PACE = 0.5  # an AI seat's pieces move in this share of the time a person's take
FOCUS_HOLD_S = 0.45  # an AI's Forest stays up close this long after its tree has landed
FLASH_S = 0.6  # how long a card an AI seat has just drawn stays lit
DURATION = {  # seconds at normal speed
    "reveal": 0.45,
    "fly": 0.5,
    "drop": 0.5,
    "step": 0.2,
    "slide": 0.5,
}


def scene_kind_for(event: ev.Event, current: str) -> str:
    """Which scene shows an event: phase changes hand the queue to the next scene."""
    e = cast(ev.AnyEvent, event)
    match e:
        case ev.ActionPhaseStarted():
            return "action"
        case (
            ev.OnibiAttack()
            | ev.VaransDealt()
            | ev.FiresAdded()
            | ev.ReserveRefilled()
            | ev.HelpLinesReturned()
            | ev.SacredTreePassed()
        ):
            return "end_of_round"
        case ev.RoundStarted():
            return "draw"
        case ev.GameOver():
            return "game_over"
        case (
            ev.Reshuffled()
            | ev.CardRevealed()
            | ev.FragmentUsed()
            | ev.PlayerStopped()
            | ev.TurnStarted()
            | ev.ActionChosen()
            | ev.BonusStarted()
            | ev.BonusSkipped()
            | ev.StepEnded()
            | ev.FragmentsTaken()
            | ev.AnimalAttracted()
            | ev.FireExtinguished()
            | ev.TreePlanted()
            | ev.StandeeMoved()
            | ev.TileStolen()
            | ev.NothingToSteal()
            | ev.Passed()
            | ev.TurnEnded()
        ):
            return current
        case _:
            assert_never(e)


def scene_for_match(ctx: Context, match: Match) -> Scene:
    """The phase scene a (new or loaded) match starts in ("draw", "action", "game_over",
    by name from the context's registry)."""
    if match.game.over:
        kind = "game_over"
    else:
        kind = "draw" if match.game.phase is Phase.DRAW else "action"
    return ctx.scenes.make(kind, ctx, match)


@dataclass(frozen=True)
class Choice:
    """One clickable thing and what clicking it does: a move, or picking a tree first."""

    target: Target
    move: Move | None = None
    tree: int = -1  # choose this tree kind (then a space)


BUTTON_MOVES: dict[str, Move] = {
    "button_draw": DRAW,
    "button_stop": STOP,
    "button_fragment": USE_FRAGMENT,
    "button_pass": PASS,
    "button_finish": FINISH,
    "button_skip": SKIP_BONUS,
}


class TableScene(TraySeating, Scene):
    kind = "table"

    def __init__(self, ctx: Context, match: Match) -> None:
        super().__init__(ctx)
        self.match = match
        self.base_layout = load_layout(match.game.n)
        self.anims = Animator()
        self.tray = self.tray_seat(-1)
        self.layout = self.base_layout.seated(self.tray, match.game.n)
        self.board = BoardView(self.layout, match.game.n, ctx.tr, self.tray)
        self.handed_at = -1e9  # when the tray last passed to another human (hot-seat)
        self.expanded = -1  # an opponent's row opened at length by a click
        self.expand_cells: list[tuple[Target, Rect]] = []  # what the open row drew, where
        self.expand_shown = -1  # whose row is open at length now
        self._row_size_key: tuple = ()
        self._row_size = theme.BODY
        self.log = LogPanel(ctx.tr)
        self.layer: pygame.Surface | None = None
        self.layer_key: tuple = ()
        self.dirty = True
        self.mouse = (-1, -1)
        self.hover: Target | None = None
        self.hover_time = 0.0
        self.focus = -1
        self.selected_tree = -1
        self.tentative: Plant | None = None
        self.choices: list[Choice] = []
        self.buttons: dict[str, Button] = {}
        self.choice_key: tuple = ()
        self.clock = 0.0
        self.hint: Move | None = None
        self.hint_job: tuple | None = None  # the decision a hint was asked for
        self.synced = -1
        self.message = ""  # a short notice (e.g. an illegal move's reason)
        self.unsaved = False  # a decision was played since the last autosave
        self.saved_at = -1e9
        rows = [s for s in range(match.game.n) if s != self.tray]
        self.small_forests = any(  # an opponent's Forest too small to read where it lands
            self.layout.player(s, "forest_grid").w / COLUMNS < FOCUS_CELL for s in rows
        )
        self.focus_cells: list[tuple[Target, Rect]] = []  # spaces of the focus view, drawn
        self.ai_focus = -1  # an AI's Forest shown up close while its tree lands
        self.in_flight: set[int] = set()  # events shown whose piece has not landed yet
        self.shown_steps = 0  # events applied to the display copy (a tooltip gives way)
        self.tip_blocked = False  # a click, a key or a change hid the tooltip: move to see it
        self.tip_seen: tuple = ()  # what the tooltip showed when it appeared
        self.flashes: list[tuple[Rect, float]] = []  # AI cards just drawn: (slot, when)
        self.alerts = TableAlerts()  # failing saves, AI seats that fell back (game/ui/alerts.py)

    # -- helpers ---------------------------------------------------------------------------

    @property
    def tr(self):  # noqa: ANN201 - the catalogue's tr
        return self.ctx.tr

    @property
    def palette(self) -> theme.Palette:
        return self.ctx.palette

    @property
    def speed(self) -> float:
        return SPEED_FACTOR.get(self.ctx.settings.speed, 1.0)

    def human_seat(self) -> int:
        """The seat that may act by mouse and keyboard now, or -1."""
        if not self.match.idle or self.anims.busy:
            return -1
        a = self.match.active()
        if a is None or self.match.seats[a.player].is_ai:
            return -1
        return a.player

    def resized(self) -> None:
        """New window size or new language: drop every cached surface and built label."""
        self.layer = None
        self.dirty = True
        self.choice_key = ()  # buttons are built again (labels in the current language)
        scroll = self.log.scroll
        self.log = LogPanel(self.tr)  # its sentences are translated once: start again
        self.log.scroll = scroll
        self.board.tr = self.tr

    def exit(self) -> None:
        """Leaving the table (next phase, menu, quit): nothing played stays unsaved, and a
        hint still being searched is dropped (its decision is over)."""
        self.autosave(force=True)
        if self.hint_job is not None and self.ctx.hint is not None:
            self.ctx.hint.cancel()
            self.hint_job = None

    def resume(self) -> None:
        self.dirty = True
        self.choice_key = ()

    # -- choices ---------------------------------------------------------------------------

    def refresh_choices(self) -> None:
        seat = self.human_seat()
        key = (self.match.version, seat, self.selected_tree, self.tentative)
        if key == self.choice_key:
            return
        self.choice_key = key
        self.choices = []
        moves = self.match.game.legal_moves(seat) if seat >= 0 else []
        g = self.match.game
        trees_offered: set[int] = set()
        for move in moves:
            m = cast(AnyMove, move)
            match m:
                case Draw():
                    self.choices.append(Choice(Target("draw_pile", seat), m))
                case UseFragment():
                    self.choices.append(Choice(Target("fragments", seat), m))
                case PickAnimal():
                    self.choices.append(Choice(Target("reserve", m.card), m))
                case PickFire():
                    for i, v in enumerate(g.centre):
                        if v == m.value:
                            self.choices.append(Choice(Target("centre_fire", v, i), m))
                case Plant():
                    if self.tentative is not None:
                        continue
                    if self.selected_tree < 0 and m.tree not in trees_offered:
                        trees_offered.add(m.tree)
                        self.choices.append(Choice(Target("tree_kind", m.tree), tree=m.tree))
                    elif m.tree == self.selected_tree:
                        self.choices.append(Choice(Target("space", seat, m.x, m.y), m))
                case MoveSpirit():
                    dest = rock_destination(g, seat, m.distance)
                    self.choices.append(Choice(Target("rock", dest), m))
                case Steal():
                    for kind, season in g.players[m.victim].tiles:
                        if kind == m.tile:
                            target = Target("victory", m.victim, season, s=kind)
                            self.choices.append(Choice(target, m))
                case Stop() | ChooseAction() | Pass() | Finish() | SkipBonus():
                    pass  # buttons (build_buttons)
                case _:
                    assert_never(m)
        self.focus = -1 if self.focus >= len(self.choices) else self.focus
        if self.focus < 0 and self.choices and STOP not in moves and FINISH not in moves:
            self.focus = 0  # a choose-a-target step: Enter takes the first until arrows move
        self.build_buttons(seat, moves)

    def build_buttons(self, seat: int, moves: list[Move]) -> None:
        tr = self.tr
        L = self.layout
        b: dict[str, Button] = {}
        offers = self.match.offers  # a lesson dims every move button but its step's

        def add(
            name: str,
            label: str,
            key: str,
            action,
            enabled: bool = True,
            highlight: bool = False,
            size: int = theme.BODY,
        ) -> None:
            b[name] = Button(L[name], label, action, enabled, key, highlight=highlight, size=size)

        b_top = [
            ("button_hint", "button.hint", "H", self.show_hint),
            ("button_rules", "button.rules", "F1", self.open_rules),
            ("button_settings", "button.settings", "", self.open_settings),
            ("button_menu", "button.menu", "Esc", self.open_pause),
        ]
        for name, key, _hk, fn in b_top:
            enabled = name != "button_hint" or (seat >= 0 and self.ctx.hint is not None)
            b[name] = Button(L[name], tr(key), fn, enabled, "", size=theme.SMALL)
        pending = self.match.active()
        decision = pending.decision if pending else None
        if seat >= 0 and decision is Decision.DRAW:
            add(
                "button_draw",
                tr("button.draw"),
                tr("key.space"),
                lambda: self.choose(DRAW),
                DRAW in moves and offers(DRAW),
                True,
            )
            add(
                "button_stop",
                tr("button.stop"),
                tr("key.enter"),
                lambda: self.choose(STOP),
                STOP in moves and offers(STOP),
            )
            add(
                "button_fragment",
                tr("button.fragment"),
                "F",
                lambda: self.choose(USE_FRAGMENT),
                USE_FRAGMENT in moves and offers(USE_FRAGMENT),
            )
        if seat >= 0 and decision is Decision.ACTION:
            for a in range(1, 6):
                move = ChooseAction(a).canonical()
                add(
                    f"button_action_{a}",
                    tr(f"action.{a}"),
                    str(a),
                    lambda m=move: self.choose(m),
                    move in moves and offers(move),
                )
            add(
                "button_pass",
                tr("button.pass"),
                "P",
                lambda: self.choose(PASS),
                PASS in moves and offers(PASS),
            )
        if seat >= 0 and FINISH in moves:
            add(
                "button_finish",
                tr("button.finish"),
                tr("key.enter"),
                lambda: self.choose(FINISH),
                offers(FINISH),
            )
        if seat >= 0 and SKIP_BONUS in moves:
            add(
                "button_skip",
                tr("button.skip"),
                "S",
                lambda: self.choose(SKIP_BONUS),
                offers(SKIP_BONUS),
            )
        if seat >= 0 and self.tentative is not None:
            add(
                "button_confirm",
                tr("button.confirm"),
                tr("key.enter"),
                self.confirm_plant,
                highlight=True,
                size=theme.SMALL,  # "Confirm  [Enter]" fits the standard width only so
            )
        if seat >= 0 and decision not in (None, Decision.DRAW):
            add(
                "button_undo",
                tr("button.undo"),
                tr("key.backspace"),
                self.undo,
                self.match.can_undo() or self.tentative is not None or self.selected_tree >= 0,
            )
        viewer = seat if seat >= 0 else self.first_human()
        if viewer >= 0:
            add(
                "button_discard",
                tr("button.discard"),
                "D",
                lambda: self.open_discard(viewer),
                size=theme.SMALL,  # browsing, not deciding; "버린 카드 더미" is the rules term
            )
        self.buttons = b

    def move_for(self, target: Target | None) -> Choice | None:
        if target is None:
            return None
        for c in self.choices:
            if c.target == target:
                return c
        return None

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
        if isinstance(move, Plant):
            self.tentative = move
            self.choice_key = ()
            return
        self.play(seat, move)

    def activate(self, choice: Choice) -> None:
        if choice.tree >= 0:
            self.selected_tree = choice.tree
            self.choice_key = ()
            self.focus = -1
        elif choice.move is not None:
            self.choose(choice.move)

    def confirm_plant(self) -> None:
        seat = self.human_seat()
        if seat >= 0 and self.tentative is not None:
            move, self.tentative = self.tentative, None
            self.play(seat, move)

    def play(self, seat: int, move: Move) -> None:
        try:
            self.match.play(seat, move)
        except IllegalMove as e:
            self.message = as_sentence(refusal_text(self.tr, e, self.ctx.has_key))
            return
        self.unsaved = True
        self.autosave(force=not self.match.seats[seat].is_ai)
        self.message = ""
        self.selected_tree = -1
        self.tentative = None
        self.focus = -1
        self.hint = None
        self.choice_key = ()

    def undo(self) -> None:
        if self.tentative is not None:
            self.tentative = None
        elif self.selected_tree >= 0:
            self.selected_tree = -1
        elif self.match.undo():
            self.anims.finish()
            self.dirty = True
        self.choice_key = ()

    def show_hint(self) -> None:
        """Ask for Hard's advice (``ctx.hint``, off this process); the frames keep going."""
        seat = self.human_seat()
        if seat < 0 or self.ctx.hint is None or self.hint_job is not None:
            return
        self.ctx.hint.submit(self.match.game, seat)
        self.hint_job = self.decision_key()
        self.message = self.tr("hint.thinking")

    def poll_hint(self) -> None:
        if self.hint_job is None or self.ctx.hint is None:
            return
        answer = self.ctx.hint.poll()
        if answer is None:
            return
        version, self.hint_job = self.hint_job, None
        if version == self.decision_key() and answer.advice is not None:
            self.message = hint_sentence(self.tr, answer.advice, self.describe)
            self.hint = answer.advice.move  # its target is ringed until the next move
        elif self.message == self.tr("hint.thinking"):
            self.message = ""

    def decision_key(self) -> tuple:
        """The human's decision now; an AI seat drawing in the background leaves it alone."""
        seat = self.human_seat()
        own = sum(1 for s, _ in self.match.history if s == seat)
        return (seat, own, self.match.game.round, len(self.match.history) if seat < 0 else 0)

    def describe(self, move: Move) -> str:
        seat = self.match.active().player if self.match.active() else -1
        return describe_move(self.tr, move, self.match.game, seat, self.match.names)

    def skip_animations(self) -> None:
        self.anims.finish()

    # -- overlays --------------------------------------------------------------------------

    def open_pause(self) -> None:
        self.push("pause", self.match)

    def open_settings(self) -> None:
        self.push("settings")

    def open_rules(self) -> None:
        """The rules help (F1, the Rules button), at the part about what is hovered."""
        self.push("rules_help_about", self.hover)

    def open_rules_card(self, target: Target) -> None:
        """Right-click: the rules sheet of one thing on the table."""
        text = describe_target(self.tr, target, self.match.shown)
        if text is not None:
            self.push("rules_card", text)

    def open_discard(self, seat: int) -> None:
        self.push("discard", self.match, seat)

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.refresh_choices()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            target = self.hit(event.pos)
            if target != self.hover or self.tip_blocked:
                self.hover = target
                self.hover_time = 0.0
                self.tip_blocked = False
                self.tip_seen = ()
            for b in self.buttons.values():
                b.hovered = b.hit(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self.tip_blocked = True  # any click: the tooltip goes (move to see it again)
            self.on_click(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL:
            if self.layout["log"].collidepoint(self.mouse):
                self.log.scroll_by(event.y * 2)
                self.dirty = True
        elif event.type == pygame.KEYDOWN:
            self.tip_blocked = True
            self.on_key(event.key)

    def on_click(self, pos: tuple[int, int], button: int) -> None:
        if button == 3:
            target = self.hit(pos)
            if target is not None:
                self.open_rules_card(target)
            return
        if button != 1:
            return
        if self.anims.busy:
            self.skip_animations()
            return
        for b in self.buttons.values():
            if b.hit(pos):
                b.click()
                return
        target = self.hit(pos)
        choice = self.move_for(target)
        if choice is not None:
            self.activate(choice)
        elif target is not None and target.kind == "discard":
            self.open_discard(target.a)
        else:
            if target is not None:
                self.explain_refusal(target)
            self.click_row(pos)

    def explain_refusal(self, target: Target) -> None:
        """A click on something that is not a move now: say why, in the engine's words."""
        seat = self.human_seat()
        if seat < 0:
            return
        g = self.match.game
        intent = intended_move(target, seat, self.selected_tree, g.players[seat].rock)
        if not isinstance(intent, Move):
            return
        try:
            g.clone().play(seat, intent)
        except IllegalMove as e:
            self.message = as_sentence(refusal_text(self.tr, e, self.ctx.has_key))

    def on_key(self, key: int) -> None:  # noqa: C901 - one line per key
        if key == pygame.K_ESCAPE:
            if self.expanded >= 0:
                self.expanded = -1
            elif self.tentative is not None or self.selected_tree >= 0:
                self.undo()
            else:
                self.open_pause()
            return
        if self.anims.busy and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.skip_animations()
            return
        seat = self.human_seat()
        if key == pygame.K_F1:
            self.open_rules()
        elif key == pygame.K_d:
            self.open_discard(seat if seat >= 0 else self.first_human())
        elif seat < 0:
            return
        elif key == pygame.K_SPACE:
            self.choose(DRAW)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_enter()
        elif key == pygame.K_f:
            self.choose(USE_FRAGMENT)
        elif pygame.K_1 <= key <= pygame.K_5:
            self.choose(ChooseAction(key - pygame.K_0).canonical())
        elif pygame.K_KP1 <= key <= pygame.K_KP5:
            self.choose(ChooseAction(key - pygame.K_KP1 + 1).canonical())
        elif key == pygame.K_p:
            self.choose(PASS)
        elif key == pygame.K_s:
            self.choose(SKIP_BONUS)
        elif key in (pygame.K_BACKSPACE, pygame.K_z, pygame.K_u):
            self.undo()
        elif key == pygame.K_h:
            self.show_hint()
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(1)
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self.move_focus(-1)

    def on_enter(self) -> None:
        if 0 <= self.focus < len(self.choices):
            self.activate(self.choices[self.focus])
        elif self.tentative is not None:
            self.confirm_plant()
        else:
            moves = self.match.legal()
            for m in (STOP, FINISH):
                if m in moves:
                    self.choose(m)
                    return

    def move_focus(self, step: int) -> None:
        self.refresh_choices()
        if not self.choices:
            return
        n = len(self.choices)
        self.focus = (self.focus + step) % n if self.focus >= 0 else (0 if step > 0 else n - 1)
        self.message = ""  # the prompt now says what Enter would take

    # -- update ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.alerts.update(self, dt)
        self.poll_hint()
        self.hover_time += dt
        deadline = time.perf_counter() + 0.012
        while True:
            moved = self.step_draws(dt)
            moved = self.drive_ai(dt) or moved
            if not self.advance(dt) and not moved:
                self.autosave()
                return
            dt = 0.0
            # At instant speed keep going (several AI moves per frame) within a time budget.
            if self.speed > 0 or time.perf_counter() > deadline or self.stack is None:
                self.autosave()
                return
            if self.stack.top is not self:
                return

    def busy(self) -> bool:
        """Frames are needed while an animation plays or an event waits to be shown, an AI
        seat decides (its dots move), a hint is computed, or a hovered object's close-up or
        tooltip is about to appear."""
        active = self.match.active()
        return (
            self.anims.busy
            or bool(self.match.queue)
            or self.synced != self.match.version
            or (active is not None and self.match.seats[active.player].is_ai)
            or self.hint_job is not None
            or (self.hover is not None and self.hover_time < TOOLTIP_DELAY_S)
            or self.clock - self.handed_at < HANDOVER_S
            or bool(self.flashes)
            or bool(self.match.draws.drawing(self.match))
        )

    def advance(self, dt: float) -> bool:
        """One step of the loop; True when something was played (worth another step)."""
        if self.speed <= 0:
            self.anims.finish()
        else:
            self.anims.update(dt * self.speed)
        if self.anims.busy:
            return False
        while self.match.queue:
            e = self.match.queue[0]
            kind = scene_kind_for(e, self.kind)
            if kind != self.kind:
                self.transition(kind)
                return False
            self.match.queue.popleft()
            self.show_event(e)
            if self.anims.busy:
                if self.speed <= 0:
                    self.anims.finish()
                    continue
                return False
        if self.synced != self.match.version:
            self.match.sync()
            self.synced = self.match.version
            self.dirty = True
        return False

    def transition(self, kind: str) -> None:
        if self.stack is not None:
            scene = self.replace(kind, self.match)  # our exit saves what is unsaved
            if isinstance(scene, TableScene):
                scene.saved_at = self.saved_at  # one save per AUTOSAVE_GAP_S across scenes
                scene.keep_tray(self.tray)

    def ai_for(self, seat: int) -> AiPlayer:
        """The AI of ``seat``, made on first use (the context's factory: workers or tests')."""
        ai = self.match.ais.get(seat)
        if ai is None:
            factory = self.ctx.ai_factory or make_ai
            kind = self.match.seats[seat].kind
            ai = self.match.ais[seat] = factory(kind, seat, self.match.ai_seed)
        return ai

    def step_draws(self, dt: float) -> bool:
        """The AI seats draw in the background (game/ui/ai_draws.py), whatever is shown."""
        gap = DRAW_GAP_S.get(self.ctx.settings.speed, 0.2)
        return self.match.draws.step(self.match, self.ai_for, self.play_background, gap, dt)

    def play_background(self, seat: int, move: Move) -> None:
        """An AI seat's draw: played and saved, leaving the human's choices as they are."""
        try:
            self.match.play(seat, move)
        except IllegalMove:
            return
        self.unsaved = True
        self.autosave()

    def drive_ai(self, dt: float) -> bool:
        """The AI seat deciding in the action phase: asked as soon as the real game reaches
        its decision (it thinks while the last move's pieces still fly), played once the
        table has shown everything before and rested a moment (a full moment before
        choosing an action, a short one between the steps of an action)."""
        a = self.match.active()
        if a is None or self.match.draws.active(self.match):
            return False  # nobody, or the draw phase: the AI seats draw in step_draws
        seat = a.player
        spec = self.match.seats[seat]
        if not spec.is_ai:
            return False
        ai = self.ai_for(seat)
        job = self.match.ai_job
        key = (seat, self.match.version)
        seed = decision_seed(self.match.ai_seed, len(self.match.history), seat)
        if job.key != key:
            think = THINK_SECONDS.get(self.ctx.settings.speed, 0.4)
            think *= ACTION_THINK if a.decision is Decision.ACTION else STEP_THINK
            self.match.ai_job = job = AiJob(key, None, think)
            ai.submit(self.match.game.clone(), seat, seed=seed)
        if self.match.idle and not self.anims.busy:
            job.think -= dt  # the rest counts once what came before is shown
        if job.answer is None:
            job.answer = ai.poll()
        if job.answer is None or job.think > 0 or not self.match.idle:
            return False
        move, job.answer = job.answer, None
        if move not in self.match.game.legal_moves(seat):
            rand = __import__("random").Random(seed)
            move = builtin_choice(self.match.game, seat, rand)
        self.play(seat, move)
        return True

    # -- events to animations ----------------------------------------------------------------

    def show_event(self, event: ev.Event) -> None:
        """Animate one event and apply it to the display copy at the right moment (with
        the engine's own ``apply_event``, so the copy is the real game once applied)."""
        shown = self.match.shown
        b = self.board
        self.in_flight.add(id(event))

        def apply() -> None:
            apply_event(shown, event)
            self.in_flight.discard(id(event))
            self.shown_steps += 1
            self.dirty = True

        d = self.durations()
        e = cast(ev.AnyEvent, event)
        match e:
            case ev.CardRevealed() | ev.FragmentUsed() if self.drawn_in_background(e.player):
                apply()  # an AI seat's line grows as it draws: at once, the card lit a moment
                q = shown.players[e.player]
                slots = b.line_slots(e.player, len(q.line))
                if slots:
                    self.flashes.append((slots[-1], self.clock))
            case ev.CardRevealed():
                q = shown.players[e.player]
                dst = b.line_slots(e.player, len(q.line) + 1)[-1]
                src = self.layout.player(e.player, "draw_pile")
                image = ("card_face", e.card)
                self.anims.add(
                    Flight(
                        d["reveal"], on_done=apply, image=image, src=src, dst=dst, arc=30, flip=True
                    )
                )
            case ev.FragmentUsed():
                q = shown.players[e.player]
                slots = b.line_slots(e.player, len(q.line))
                src = slots[-1] if slots else self.layout.player(e.player, "help_line")
                dst = self.layout["varan_supply" if e.to_varan_supply else f"p{e.player}_discard"]
                dst = Rect(dst.x, dst.y, src.w, src.h)
                self.anims.add(
                    Flight(d["fly"], on_start=apply, image=("card_face", e.card), src=src, dst=dst)
                )
            case ev.AnimalAttracted():
                src = b.reserve_slot(shown, e.card)
                dst = self.layout.player(e.player, "draw_pile")
                image = ("card_face", e.card)
                self.anims.add(
                    Flight(d["fly"], on_start=apply, image=image, src=src, dst=dst, arc=80)
                )
            case ev.FireExtinguished():
                slots = b.centre_fire_slots(len(shown.centre))
                idx = shown.centre.index(e.value) if e.value in shown.centre else 0
                src = slots[idx] if slots else self.layout["circle_centre"]
                dst = self.layout.player(e.player, "fires")
                dst = Rect(dst.x, dst.y, dst.h, dst.h)
                image = ("fire_tile", e.value)
                self.anims.add(
                    Flight(d["fly"], on_start=apply, image=image, src=src, dst=dst, arc=90)
                )
            case ev.TreePlanted():
                self.show_planting(e, apply)
            case ev.StandeeMoved():
                path = [b.standee_rect(e.start)] + [b.standee_rect(r) for r in e.path]
                self.anims.add(
                    Walk(
                        d["step"] * max(1, len(e.path)),
                        on_done=apply,
                        hides=frozenset({("standee", e.player)}),
                        image=("standee", SEASONS[e.player]),
                        path=path,
                    )
                )
                self.dirty = True
            case ev.TileStolen():
                src = self.layout.player(e.victim, "victory")
                dst = self.layout.player(e.thief, "victory")
                size = min(src.h, 60)
                self.anims.add(
                    Flight(
                        d["slide"],
                        on_done=apply,
                        image=("victory_tile", e.tile, SEASONS[e.season]),
                        src=Rect(src.x, src.y, size, size),
                        dst=Rect(dst.x, dst.y, size, size),
                        arc=20,
                    )
                )
            case ev.FragmentsTaken():
                src = self.layout["fragment_supply"]
                dst = self.layout.player(e.player, "fragments")
                self.anims.add(
                    Flight(
                        d["fly"] * 0.8,
                        on_done=apply,
                        image=("fragment",),
                        src=Rect(src.x, src.y, src.h, src.h),
                        dst=Rect(dst.x, dst.y, dst.h, dst.h),
                    )
                )
            case (
                ev.RoundStarted()
                | ev.Reshuffled()
                | ev.PlayerStopped()
                | ev.ActionPhaseStarted()
                | ev.TurnStarted()
                | ev.ActionChosen()
                | ev.BonusStarted()
                | ev.BonusSkipped()
                | ev.StepEnded()
                | ev.NothingToSteal()
                | ev.Passed()
                | ev.TurnEnded()
                | ev.OnibiAttack()
                | ev.VaransDealt()
                | ev.FiresAdded()
                | ev.ReserveRefilled()
                | ev.HelpLinesReturned()
                | ev.SacredTreePassed()
                | ev.GameOver()
            ):
                apply()  # no piece moves (the end of the round has its own walkthrough)
            case _:
                assert_never(e)
        sound = event_sound(e)
        if sound is not None:
            self.ctx.play_sound(sound)

    def durations(self) -> dict[str, float]:
        """How long pieces move: an AI seat's a little faster than a person's own (four
        players: three AI turns between two of yours)."""
        a = self.match.shown_active()
        if a is None or not self.match.seats[a.player].is_ai:
            return DURATION
        return {k: v * AI_PACE for k, v in DURATION.items()}

    def drawn_in_background(self, seat: int) -> bool:
        """An AI seat's draw while the humans draw: shown at once, never queued behind."""
        return self.match.draws_at_once() and self.match.seats[seat].is_ai

    def draw_flashes(self, p: Painter) -> None:
        """A ring fading around each card an AI seat has just drawn."""
        self.flashes = [(r, t) for r, t in self.flashes if self.clock - t < FLASH_S]
        for r, t in self.flashes:
            k = 1 - (self.clock - t) / FLASH_S
            p.rect(r.inflate(4, 4), (*theme.TEXT[:3], round(200 * k)), radius=8, width=2)

    def show_planting(self, e: ev.TreePlanted, apply: Callable[[], None]) -> None:
        """A tree drops onto its space; where Forests are small, an AI's planting opens its
        Forest up close first and holds a moment so the eye catches where it went."""
        dst = self.board.space(e.player, e.x, e.y)
        drop = self.durations()["drop"]
        if not (self.small_forests and 0 < self.speed <= 1 and self.match.seats[e.player].is_ai):
            self.anims.add(Drop(drop, on_done=apply, image=("tree", e.tree), dst=dst))
            return
        seat = e.player
        dst = dict(self.focus_geometry(seat))[Target("space", seat, e.x, e.y)]

        def show() -> None:
            self.ai_focus = seat

        def hide() -> None:
            self.ai_focus = -1

        self.anims.add(Pause(0.2, on_start=show))
        self.anims.add(Drop(drop, on_done=apply, image=("tree", e.tree), dst=dst))
        self.anims.add(Pause(FOCUS_HOLD_S, on_done=hide))

    def autosave(self, force: bool = False) -> None:
        """Save the match if a decision was played since the last save: at once for a
        human's decision (and ``force``), else at most once per ``AUTOSAVE_GAP_S``. The
        storage writes off the frame loop (``game/app/writer.py``)."""
        if not self.unsaved:
            return
        now = time.monotonic()
        if not force and now - self.saved_at < AUTOSAVE_GAP_S:
            return
        self.unsaved = False
        self.saved_at = now
        if not self.match.game.over:  # a finished match is recorded, not continued
            with contextlib.suppress(OSError):
                self.ctx.storage.save_match(self.match.to_json())

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, p: Painter) -> None:
        """The table; its words (banner, log, prompt, buttons, tooltips) at the player's
        interface scale, the board's packed labels and the round's panels at their own."""
        self.seat_tray(self.tray_seat(self.tray))
        self.refresh_choices()
        p.text_scale = self.ctx.settings.ui_scale / 100
        try:
            self.draw_layer(p)
            self.draw_highlights(p)
            self.draw_expanded(p)
            self.draw_focus(p)
            self.anims.draw(p)
            self.draw_flashes(p)
            self.draw_hud(p)
            self.draw_handover(p)
            p.text_scale = 1.0
            self.draw_extra(p)
            p.text_scale = self.ctx.settings.ui_scale / 100
            self.draw_tooltip(p)
        finally:
            p.text_scale = 1.0
        self.alerts.draw(self, p)

    # -- the focus view: one Forest up close ------------------------------------------------

    def focus_seat(self) -> int:
        """Whose Forest to show up close, or -1: an opponent's small Forest while a tree
        lands in it. The tray's own Forest is large enough to plant in where it is."""
        if not self.small_forests:
            return -1
        seat = self.human_seat()
        a = self.match.active()
        if seat >= 0 and seat != self.tray and a is not None and a.decision is Decision.PLANT:
            return seat
        if self.ai_focus >= 0 and self.anims.busy:
            return self.ai_focus
        return -1

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What is under ``pos``: the focus view's spaces first, then an opponent's row
        opened at length; each hides what lies under it."""
        for t, r in self.focus_cells:
            if r.collidepoint(pos):
                return t
        if self.focus_cells and self.layout["forest_focus"].collidepoint(pos):
            return None
        if self.expand_cells:
            for t, r in reversed(self.expand_cells):
                if r.collidepoint(pos):
                    return t
            if self.layout["expand_panel"].collidepoint(pos):
                return None
        return self.board.hit(pos)

    def focus_board(self) -> Rect:
        box = self.layout["forest_focus"]
        return Rect(box.x + 8, box.y + 44, box.w - 16, box.h - 52)

    def focus_geometry(self, seat: int) -> list[tuple[Target, Rect]]:
        """The spaces of ``seat``'s Forest in the focus view, row by row."""
        small, small_grid = (
            self.layout.player(seat, "forest"),
            self.layout.player(seat, "forest_grid"),
        )
        board = self.focus_board()
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

    def draw_focus(self, p: Painter) -> None:
        seat = self.focus_seat()
        if seat < 0:
            self.focus_cells = []
            return
        box = self.layout["forest_focus"]
        q = self.match.shown.players[seat]
        p.rect(box.inflate(8, 8), (0, 0, 0, 120), radius=16)
        p.rect(box, (20, 30, 22), radius=14)
        p.rect(box, self.palette.seasons[seat], radius=14, width=3)
        p.text(
            self.tr("focus.title", name=self.match.names[seat]),
            (box.x + 16, box.y + 22),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=box.w - 32,
        )
        board = self.focus_board()
        p.image("forest_board", rect=board)
        cells = self.focus_geometry(seat)
        for i, (_target, r) in enumerate(cells):
            tree = q.forest[i]
            if tree == START_TREE:
                p.image("tree", "start", rect=r, fit=True)
            elif tree >= 0:
                p.image("tree", tree, rect=r, fit=True)
        self.focus_cells = cells
        legal = {c.target for c in self.choices if c.target.kind == "space"}
        focused = self.choices[self.focus].target if 0 <= self.focus < len(self.choices) else None
        pulse = 2 + round(abs(((self.clock * 2) % 2) - 1) * 3)
        for target, r in cells:
            if self.tentative is not None and target == Target(
                "space", seat, self.tentative.x, self.tentative.y
            ):
                p.image("tree", self.tentative.tree, rect=r, fit=True, alpha=170)
                p.rect(r.inflate(8, 8), self.palette.selected, radius=10, width=5)
            elif target == focused:
                p.rect(r.inflate(8, 8), self.palette.selected, radius=10, width=5)
            elif target == self.hover and target in legal:
                p.rect(r.inflate(10, 10), theme.HOVER, radius=10, width=4)
            elif target == self.hover:
                p.rect(r.inflate(6, 6), theme.TEXT, radius=10, width=2)
            elif target in legal:
                p.rect(r.inflate(6, 6), self.palette.legal, radius=10, width=pulse)

    def draw_layer(self, p: Painter) -> None:
        a = self.match.shown_active()
        active = a.player if a is not None else -1
        key = (
            p.vp.window,
            self.match.version,
            self.anims.hidden,
            active,
            self.log.scroll,
            len(self.log_entries()),
            self.palette,
            p.text_scale,
        )
        if self.layer is None or self.dirty or key != self.layer_key:
            if self.layer is None or self.layer.get_size() != p.surface.get_size():
                self.layer = (
                    pygame.Surface(p.surface.get_size()).convert()
                    if pygame.display.get_surface()
                    else pygame.Surface(p.surface.get_size())
                )
            lp = Painter(self.layer, p.vp, p.texts, p.art)
            lp.text_scale = p.text_scale
            lp.clear()
            self.render_layer(lp, active)
            self.layer_key = key
            self.dirty = False
        p.blit(self.layer, (0, 0))

    def render_layer(self, p: Painter, active: int) -> None:
        self.board.palette = self.palette
        self.board.render(
            p,
            self.match.shown,
            self.match.names,
            [s.kind for s in self.match.seats],
            active,
            self.anims.hidden,
        )
        self.log.rebuild(self.log_entries(), self.match.names)
        self.log.draw(p, self.layout["log"])
        self.draw_banner(p)

    def log_entries(self) -> list:
        """The log as far as the table has shown it: not the events still queued, nor the
        one whose piece is still on its way (the log and the queue grow together)."""
        log = self.match.log
        return log[: max(0, len(log) - len(self.match.queue) - len(self.in_flight))]

    def banner_text(self) -> str:
        """Round and who decides, as far as the table has shown (never the next round's
        while this one's pieces still move)."""
        tr = self.tr
        g = self.match.shown
        a = self.match.shown_active()
        if a is None:
            return tr("banner.round", round=g.round)
        seat = self.match.seats[a.player]
        name = seat.name
        if seat.is_ai:
            if self.match.lead() is not None:  # a lesson's opponent waiting: not deciding
                return tr("banner.round", round=g.round)
            return tr("banner.ai_turn", round=g.round, name=name)
        if a.decision is Decision.DRAW:
            return tr("banner.draw_turn", round=g.round, name=name)
        left = g.players[a.player].actions_left
        if a.decision is Decision.ACTION:
            return counted(tr, "banner.action_turn", left, round=g.round, name=name, n=left)
        return tr(
            "banner.step_turn", round=g.round, name=name, step=tr(f"decision.{a.decision.value}")
        )

    def draw_banner(self, p: Painter) -> None:
        r = self.layout["banner"]
        a = self.match.shown_active()
        colour = self.palette.seasons[a.player] if a is not None else theme.PANEL_EDGE
        p.rect(r, (10, 16, 12, 225), radius=12)
        p.rect(Rect(r.x, r.y, 14, r.h), colour, radius=6)
        p.text(
            self.banner_text(),
            (r.x + 26, r.centery),
            theme.LARGE,
            theme.TEXT,
            anchor="midleft",
            bold=True,
            max_width=r.w - 40,
        )

    def draw_highlights(self, p: Painter) -> None:
        pulse = 2 + round(abs(((self.clock * 2) % 2) - 1) * 3)
        self.draw_raised_card(p)
        for i, c in enumerate(self.choices):
            r = self.board.rect_of(c.target)
            if r is None:
                continue
            if i == self.focus:
                p.rect(r.inflate(8, 8), self.palette.selected, radius=8, width=5)
            else:
                p.rect(r.inflate(6, 6), self.palette.legal, radius=8, width=pulse)
        if self.selected_tree >= 0:
            r = self.board.rect_of(Target("tree_kind", self.selected_tree))
            if r is not None:
                p.rect(r.inflate(8, 8), self.palette.selected, radius=8, width=5)
        if self.tentative is not None:
            t = self.tentative
            r = self.board.space(self.match.game.turn, t.x, t.y)
            p.image("tree", t.tree, rect=r, fit=True, alpha=170)
            p.rect(r.inflate(8, 8), self.palette.selected, radius=8, width=4)
        if self.hover is not None and self.move_for(self.hover) is not None:
            r = self.board.rect_of(self.hover)
            if r is not None:
                p.rect(r.inflate(10, 10), theme.HOVER, radius=8, width=4)
        if self.hint is not None:
            for c in self.choices:
                if c.move == self.hint:
                    r = self.board.rect_of(c.target)
                    if r is not None:
                        p.rect(r.inflate(14, 14), theme.ACCENT, radius=10, width=3)

    def draw_raised_card(self, p: Painter) -> None:
        """The Help Line card under the pointer, lifted out of its fan so it reads whole."""
        h = self.hover
        if h is None or h.kind != "help_card" or self.focus_cells or self.expand_cells:
            return
        r = self.board.rect_of(h)
        if r is None or r.w > r.h:  # a tab: the tooltip shows the card
            return
        lifted = r.move(0, -8)
        p.rect(lifted.inflate(8, 8).move(3, 5), (0, 0, 0, 110), radius=10)
        p.image("card_face", h.c, rect=lifted)
        p.rect(lifted.inflate(4, 4), theme.HOVER, radius=8, width=2)

    def prompt_text(self) -> str:
        tr = self.tr
        if self.anims.busy:
            return tr("prompt.skip")
        for b in self.buttons.values():
            if b.hovered and b.enabled:
                for name, move in BUTTON_MOVES.items():
                    if self.buttons.get(name) is b:
                        return self.describe(move)
                if b.label == tr("button.confirm") and self.tentative is not None:
                    return self.describe(self.tentative)
        choice = self.move_for(self.hover)
        if choice is not None:
            if choice.move is not None:
                return self.describe(choice.move)
            return tr("prompt.pick_tree", tree=tree_name(tr, choice.tree))
        if self.message:  # a hint or a refusal outranks the focus Enter would take
            return self.message
        if 0 <= self.focus < len(self.choices):
            c = self.choices[self.focus]
            if c.move is not None:
                return self.describe(c.move)
            return tr("prompt.pick_tree", tree=tree_name(tr, c.tree))
        return self.default_prompt()

    def default_prompt(self) -> str:
        tr = self.tr
        lead = self.match.lead()
        if lead is not None:
            return lead
        a = self.match.shown_active()
        if a is None:
            return ""
        seat = self.match.seats[a.player]
        if seat.is_ai:
            dots = "." * (1 + int(self.clock * 3) % 3)
            return tr("prompt.ai_thinking", name=seat.name, dots=dots)
        if self.tentative is not None:
            return tr("prompt.confirm_plant", move=self.describe(self.tentative))
        if a.decision is Decision.PLANT and self.selected_tree >= 0:
            return tr("prompt.pick_space", tree=tree_name(tr, self.selected_tree))
        key = f"prompt.{a.decision.value}"
        if a.decision is Decision.ACTION:
            return counted(tr, key, a.actions_left, n=a.actions_left)
        return tr(key, budget=a.budget, n=a.actions_left, victim=season_name(tr, max(0, a.victim)))

    def draw_hud(self, p: Painter) -> None:
        r = self.layout["prompt"]
        p.rect(r, (10, 16, 12, 220), radius=10)
        a = self.match.shown_active()
        ai = a is not None and self.match.seats[a.player].is_ai
        if ai and not self.anims.busy and self.match.lead() is None:
            self.draw_thinking(p, Rect(r.x + 8, r.y + 4, r.h - 8, r.h - 8))
        p.text(
            self.prompt_text(),
            (r.x + r.h + 8, r.centery),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            max_width=r.w - r.h - 20,
        )
        moves = (b for name, b in self.buttons.items() if name not in TOP_BUTTONS)
        row = [b for b in moves if b.size >= theme.BODY]  # Confirm and Discard keep theirs
        size = self.row_text_size(p, row)
        for b in self.buttons.values():
            b.focused = False
            if b in row:
                b.size, own = min(b.size, size), b.size
                b.draw(p)
                b.size = own
            else:
                b.draw(p)
        k = self.layout["keys"]
        p.text(
            self.keys_text(),
            (k.centerx, k.centery),
            theme.SMALL,
            theme.TEXT_DIM,
            anchor="center",
            max_width=k.w - 20,
        )

    def draw_thinking(self, p: Painter, r: Rect) -> None:
        """Three dots chasing each other: an AI is deciding."""
        for i in range(3):
            phase = (self.clock * 3 - i * 0.33) % 1
            rad = 3 + 4 * (1 - abs(phase - 0.5) * 2)
            p.circle((r.x + 8 + i * 12, r.centery), rad, theme.ACCENT)

    def keys_text(self) -> str:
        return self.tr("keys.table")

    def draw_extra(self, p: Painter) -> None:
        pass

    def tooltip(self) -> RulesText | None:
        """The hovered object's tooltip, if it may show. It goes on any click or key, when
        what it describes or who decides changes, when its object is animated, and when its
        object is gone from under the pointer; then it waits for the pointer to move."""
        if self.hover is not None and self.hit(self.mouse) != self.hover:
            self.hover, self.hover_time = self.hit(self.mouse), 0.0  # gone, or another here
            self.tip_blocked = True
        if self.hover is None or self.tip_blocked or self.hover_time < TOOLTIP_DELAY_S:
            self.tip_seen = ()
            return None
        r = self.board.rect_of(self.hover)
        if r is not None and any(r.colliderect(a) for a in self.anims.area()):
            self.tip_blocked = True
            return None
        text = describe_target(self.tr, self.hover, self.match.shown)
        a = self.match.shown_active()
        seen = (text, a)
        if self.tip_seen and self.tip_seen != seen:
            self.tip_blocked = True  # the state it describes changed
            self.tip_seen = ()
            return None
        self.tip_seen = seen
        return text

    def draw_tooltip(self, p: Painter) -> None:
        if not self.ctx.settings.hover_help:
            return
        if self.stack is None or self.stack.top is not self:
            return  # an overlay is open: no tooltip under it
        text = self.tooltip()
        if text is None:
            return
        w = 420
        body_h = p.text_height(text.body, w - 24, theme.SMALL)
        img_h = 150 if text.image and text.image[0] == "card_face" else 0
        title_h = max(34, p.text_size(text.title, theme.BODY, bold=True)[1] + 4)
        h = 24 + title_h + body_h + (img_h + 8 if img_h else 0) + 12
        box = self.tooltip_box(w, h)
        x, y = box.topleft
        p.rect(box, theme.TOOLTIP, radius=12)
        p.rect(box, theme.PANEL_EDGE, radius=12, width=2)
        yy = y + 12
        if img_h:
            p.image(*text.image, rect=Rect(x + 12, yy, round(img_h * 0.72), img_h))
            yy += img_h + 8
        p.text(text.title, (x + 12, yy), theme.BODY, theme.TEXT_DARK, bold=True, max_width=w - 24)
        p.text_box(
            text.body, Rect(x + 12, yy + title_h, w - 24, body_h), theme.SMALL, theme.TEXT_DARK
        )

    def tooltip_box(self, w: int, h: int) -> Rect:
        """Where a tooltip goes: never over the opponents' rows or the tray (the Help Lines
        and Forests a decision is about) nor the prompt and buttons. Over a row it stands to
        the rows' left, over the tray above it; elsewhere beside the pointer."""
        mx, my = self.mouse
        edge = self.layout["expand_panel"].x - 10
        bottom = self.layout.player(self.tray, "panel").y - 6
        if self.focus_cells and self.layout["forest_focus"].collidepoint(self.mouse):
            x = self.layout["forest_focus"].right + 12
        elif mx >= edge:
            x = edge - w
        elif mx + 24 + w <= edge:
            x = mx + 24
        else:
            x = mx - 24 - w
        x = max(8, min(x, edge - w))
        if my >= bottom:
            y = bottom - h
        else:
            y = my + 24
            if y + h > bottom:
                y = my - h - 16
        y = max(8, min(y, bottom - h))
        return Rect(x, y, w, h)


class DrawPhaseScene(TableScene):
    kind = "draw"

    def keys_text(self) -> str:
        return self.tr("keys.draw")


class ActionPhaseScene(TableScene):
    kind = "action"

    def keys_text(self) -> str:
        return self.tr("keys.action")


def viewport_for(surface: pygame.Surface) -> Viewport:
    return Viewport(surface.get_size())
