"""The table's controls: what a mouse or key event means at the table (a move, a target
picked, undo, an overlay, the keyboard focus moved), said to the table through the commands
it offers (``TableCommands``). The controls keep no game state of their own; they read the
decision's target map and the pointer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine import IllegalMove, Move
from game.engine.moves import (
    DRAW,
    FINISH,
    PASS,
    SKIP_BONUS,
    STOP,
    USE_FRAGMENT,
    ChooseAction,
)
from game.ui.kit.anim import Animator
from game.ui.table.board_layer import BoardLayer
from game.ui.table.hud import Pointer
from game.ui.table.layout import Layout
from game.ui.table.log_panel import LogPanel
from game.ui.table.match import Match
from game.ui.table.seating import Seating
from game.ui.table.target_map import Choice, TargetMap, Tentative
from game.ui.table.targets import Target

KEY_MOVES: dict[int, Move] = {
    pygame.K_SPACE: DRAW,
    pygame.K_f: USE_FRAGMENT,
    pygame.K_p: PASS,
    pygame.K_s: SKIP_BONUS,
}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
# The keys of a decision: pressed while the table is still showing the last move, each is
# kept and acts in turn once the table is ready for it (never dropped).
DECISION_KEYS: frozenset[int] = frozenset(
    (
        *KEY_MOVES,
        *ENTER,
        *range(pygame.K_1, pygame.K_6),
        *range(pygame.K_KP1, pygame.K_KP6),
        pygame.K_BACKSPACE,
        pygame.K_z,
        pygame.K_u,
    )
)
MAX_QUEUED = 4  # more presses than this while the table is busy are refused, visibly


class TableCommands(Protocol):
    """What the table does when asked (``TableScene``)."""

    match: Match
    anims: Animator
    log: LogPanel
    layer: BoardLayer
    pointer: Pointer
    targets: TargetMap
    seating: Seating  # the tray's seat, an opponent's row opened at length
    selected_tree: int  # a tree kind picked before its space, or -1
    tentative: Tentative | None  # a planting or a step's last pick waiting for Confirm
    message: str  # the prompt's notice (a refusal, a hint)

    @property
    def round_end(self) -> object | None: ...  # the end-of-round walkthrough, while it is up

    @property
    def layout(self) -> Layout: ...

    @property
    def tr(self) -> Callable[..., str]: ...

    def refresh_choices(self) -> None: ...
    def hit(self, pos: tuple[int, int]) -> Target | None: ...
    def human_seat(self) -> int: ...
    def choose(self, move: Move) -> None: ...
    def activate(self, choice: Choice) -> None: ...
    def confirm(self) -> None: ...
    def undo(self) -> None: ...
    def show_hint(self) -> None: ...
    def open_pause(self) -> None: ...
    def open_rules(self) -> None: ...
    def open_rules_card(self, target: Target) -> None: ...
    def open_discard(self, seat: int) -> None: ...
    def refuse(self, e: IllegalMove) -> None: ...


class TableControls:
    """Mouse and keys -> the table's commands."""

    def __init__(self, table: TableCommands) -> None:
        self.table = table
        self.queued: list[tuple[int, int]] = []  # (key, seat): pressed while it was busy

    def handle(self, event: pygame.event.Event) -> None:
        t = self.table
        t.refresh_choices()
        if event.type == pygame.MOUSEMOTION:
            t.pointer.moved(event.pos, t.hit(event.pos))
            for b in t.targets.buttons.values():
                b.hovered = b.hit(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            t.pointer.mouse = event.pos
            t.pointer.tip_blocked = True  # any click: the tooltip goes (move to see it again)
            self.click(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL:
            if t.layout["log"].collidepoint(t.pointer.mouse):
                t.log.scroll_by(event.y * 2)
                t.layer.invalidate()
        elif event.type == pygame.KEYDOWN:
            t.pointer.tip_blocked = True
            self.key(event.key)

    def click(self, pos: tuple[int, int], button: int) -> None:
        t = self.table
        if button == 3:
            target = t.hit(pos)
            if target is not None:
                t.open_rules_card(target)
            return
        if button != 1:
            return
        if t.anims.busy:
            t.anims.finish()
            return
        hit = t.targets.button_at(pos)
        if hit is not None:
            hit[1].click()
            return
        target = t.hit(pos)
        choice = t.targets.choice_for(target)
        if choice is not None:
            t.activate(choice)
        elif target is not None and target.kind == "discard":
            t.open_discard(target.a)
        else:
            if target is not None:
                self.explain_refusal(pos, target)
            t.seating.click_row(pos)

    def explain_refusal(self, pos: tuple[int, int], target: Target) -> None:
        """A click on something that is not a move now: say why, in the engine's words."""
        t = self.table
        seat = t.human_seat()
        if seat < 0:
            return
        rock = t.match.game.players[seat].rock
        intent = t.targets.intent_at(pos, target, seat, rock)
        if not isinstance(intent, Move):
            return
        try:
            t.match.game.clone().play(seat, intent)
        except IllegalMove as e:
            t.refuse(e)

    def key(self, key: int) -> None:
        t = self.table
        if key == pygame.K_ESCAPE:
            self.escape()
            return
        seat = t.human_seat()
        if key == pygame.K_F1:
            t.open_rules()
        elif key == pygame.K_d:
            t.open_discard(seat if seat >= 0 else t.seating.first_here())
        elif seat >= 0 and not self.queued:
            self.decision_key(key)
        elif key in DECISION_KEYS:
            self.hold(key)
            self.run_queued()
        elif seat >= 0:
            self.decision_key(key)

    def hold(self, key: int) -> None:
        """A decision key pressed while the table cannot take it: the animation shown ends
        at once, and the key waits for its turn (``run_queued``) if the decision is this
        human's; while someone else decides it is refused, visibly (Space and Enter then only
        skip the animation, as the prompt says). This human: a seat this screen plays."""
        t = self.table
        skipping = t.anims.busy
        t.anims.finish()
        a = t.match.active()
        if a is not None and t.match.plays_here(a.player) and t.round_end is None:
            if len(self.queued) < MAX_QUEUED:
                self.queued.append((key, a.player))
            else:
                t.message = t.tr("prompt.key_refused_full")
        elif not (skipping and key in (pygame.K_SPACE, *ENTER)):
            t.message = t.tr("prompt.key_refused_wait")

    def run_queued(self) -> None:
        """The next key kept while the table was busy, once its human may act (one at a
        time: the next waits for this one's animation)."""
        t = self.table
        if not self.queued or t.human_seat() < 0:
            return
        key, seat = self.queued.pop(0)
        if t.human_seat() != seat:  # the decision passed to another human (hot-seat)
            self.queued.clear()
            t.message = t.tr("prompt.key_refused_wait")
            return
        t.refresh_choices()
        self.decision_key(key)

    def escape(self) -> None:
        """Esc: close a row opened at length, else take back the tree or planting picked,
        else pause."""
        t = self.table
        if t.seating.close_row():
            return
        if t.tentative is not None or t.selected_tree >= 0:
            t.undo()
        else:
            t.open_pause()

    def decision_key(self, key: int) -> None:
        """The keys of the decision: one move each, Enter, undo, hint, the focus."""
        t = self.table
        move = KEY_MOVES.get(key)
        if move is not None:
            t.choose(move)
        elif pygame.K_1 <= key <= pygame.K_5:
            t.choose(ChooseAction(key - pygame.K_0).canonical())
        elif pygame.K_KP1 <= key <= pygame.K_KP5:
            t.choose(ChooseAction(key - pygame.K_KP1 + 1).canonical())
        elif key in ENTER:
            self.enter()
        elif key in (pygame.K_BACKSPACE, pygame.K_z, pygame.K_u):
            t.undo()
        elif key == pygame.K_h:
            t.show_hint()
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(1)
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self.move_focus(-1)

    def enter(self) -> None:
        """Enter: the focused target, else Confirm, else Stop or Finish."""
        t = self.table
        focused = t.targets.focused
        if focused is not None:
            t.activate(focused)
        elif t.tentative is not None:
            t.confirm()
        else:
            moves = t.match.legal()
            for m in (STOP, FINISH):
                if m in moves:
                    t.choose(m)
                    return

    def move_focus(self, step: int) -> None:
        self.table.refresh_choices()
        self.table.targets.move_focus(step)
        if self.table.targets.choices:
            self.table.message = ""  # the prompt now says what Enter would take
