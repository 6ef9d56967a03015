"""The decision's target map: the legal moves of the seat deciding now, each tied to the
target or the button that makes it. Built once per decision (``TargetMap.refresh``) and read
by the mouse, the keyboard focus, the prompt and the tutorial, so none of them derives
targets again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Protocol, assert_never, cast

from pygame import Rect

from game.engine import Decision, Game, Move
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
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.table.board import BoardView
from game.ui.table.targets import Target, intended_move
from game.ui.words.sentences import Tr, rock_destination

# A move made but waiting for Confirm: a planting, or the pick that ends its step.
Tentative = Plant | PickAnimal | PickFire

TOP_BUTTONS = ("button_hint", "button_rules", "button_settings", "button_menu")
BUTTON_MOVES: dict[str, Move] = {
    "button_draw": DRAW,
    "button_stop": STOP,
    "button_fragment": USE_FRAGMENT,
    "button_pass": PASS,
    "button_finish": FINISH,
    "button_skip": SKIP_BONUS,
}


@dataclass(frozen=True)
class Choice:
    """One clickable thing and what clicking it does: a move, or picking a tree first."""

    target: Target
    move: Move | None = None
    tree: int = -1  # choose this tree kind (then a space)


class ButtonActions(Protocol):
    """What the table's buttons do (the table's own commands)."""

    def choose(self, move: Move) -> None: ...
    def confirm(self) -> None: ...
    def undo(self) -> None: ...
    def show_hint(self) -> None: ...
    def open_rules(self) -> None: ...
    def open_settings(self) -> None: ...
    def open_pause(self) -> None: ...
    def open_discard(self, seat: int) -> None: ...


@dataclass(frozen=True)
class Decider:
    """Who decides and how far their move is made: the map's whole input besides the game."""

    seat: int  # -1: nobody may act by mouse or keyboard now
    decision: Decision | None
    selected_tree: int = -1
    tentative: Tentative | None = None  # a move waiting for Confirm
    can_undo: bool = False
    hint_ready: bool = False  # a hint service exists
    viewer: int = -1  # whose discard pile the Discard button opens


class TargetMap:
    """Legal moves <-> targets <-> buttons for one decision, and the keyboard's focus in it."""

    def __init__(self, board: BoardView) -> None:
        self.board = board  # its layout follows the tray; rects are read when asked
        self.key: tuple = ()
        self.decider = Decider(-1, None)
        self.moves: list[Move] = []
        self.choices: list[Choice] = []
        self.buttons: dict[str, Button] = {}
        self.focus = -1
        self.centre: list[int] = []  # the Fires in the centre when the map was built

    def invalidate(self) -> None:
        """Build again on the next refresh (a new step, a new language)."""
        self.key = ()

    def refresh(
        self,
        key: tuple,
        game: Game,
        decider: Decider,
        tr: Tr,
        actions: ButtonActions,
        offers: Callable[[Move], bool],
    ) -> None:
        """Build the map for ``decider`` unless it is already built for ``key``."""
        if key == self.key:
            return
        self.key = key
        self.decider = decider
        seat = decider.seat
        self.moves = game.legal_moves(seat) if seat >= 0 else []
        self.centre = list(game.centre)
        self.choices = self.targets_of(game, decider, self.moves)
        self.focus = -1 if self.focus >= len(self.choices) else self.focus
        if self.focus < 0 and self.choices and STOP not in self.moves and FINISH not in self.moves:
            self.focus = 0  # a choose-a-target step: Enter takes the first until arrows move
        self.buttons = self.buttons_of(decider, tr, actions, offers)

    @staticmethod
    def targets_of(game: Game, decider: Decider, moves: list[Move]) -> list[Choice]:
        seat = decider.seat
        out: list[Choice] = []
        trees_offered: set[int] = set()
        for move in moves:
            m = cast(AnyMove, move)
            match m:
                case Draw():
                    out.append(Choice(Target("draw_pile", seat), m))
                case UseFragment():
                    out.append(Choice(Target("fragments", seat), m))
                case PickAnimal() if decider.tentative is None:
                    out.append(Choice(Target("reserve", m.card), m))
                case PickFire() if decider.tentative is None:
                    for i, v in enumerate(game.centre):
                        if v == m.value:
                            out.append(Choice(Target("centre_fire", v, i), m))
                case Plant():
                    if decider.tentative is not None:
                        continue
                    if decider.selected_tree < 0 and m.tree not in trees_offered:
                        trees_offered.add(m.tree)
                        out.append(Choice(Target("tree_kind", m.tree), tree=m.tree))
                    elif m.tree == decider.selected_tree:
                        out.append(Choice(Target("space", seat, m.x, m.y), m))
                case MoveSpirit():
                    dest = rock_destination(game, seat, m.distance)
                    out.append(Choice(Target("rock", dest), m))
                case Steal():
                    for kind, season in game.players[m.victim].tiles:
                        if kind == m.tile:
                            out.append(Choice(Target("victory", m.victim, season, s=kind), m))
                case PickAnimal() | PickFire():
                    pass  # a pick waits for Confirm: nothing else is picked meanwhile
                case Stop() | ChooseAction() | Pass() | Finish() | SkipBonus():
                    pass  # buttons (buttons_of)
                case _:
                    assert_never(m)
        return out

    def buttons_of(
        self, decider: Decider, tr: Tr, actions: ButtonActions, offers: Callable[[Move], bool]
    ) -> dict[str, Button]:
        """The buttons of this decision (a lesson's ``offers`` dims every move but its own)."""
        L = self.board.layout
        seat, moves, decision = decider.seat, self.moves, decider.decision
        b: dict[str, Button] = {}

        def add(
            name: str,
            label: str,
            key: str,
            action: Callable[[], None],
            enabled: bool = True,
            highlight: bool = False,
            size: int = theme.BODY,
        ) -> None:
            b[name] = Button(L[name], label, action, enabled, key, highlight=highlight, size=size)

        def offer(name: str, label: str, key: str, move: Move, highlight: bool = False) -> None:
            """A button making ``move``: lit only when the move is legal (and offered)."""
            enabled = move in moves and offers(move)
            add(name, tr(label), key, partial(actions.choose, move), enabled, highlight)

        top = [
            ("button_hint", "button.hint", actions.show_hint),
            ("button_rules", "button.rules", actions.open_rules),
            ("button_settings", "button.settings", actions.open_settings),
            ("button_menu", "button.menu", actions.open_pause),
        ]
        for name, label, fn in top:
            enabled = name != "button_hint" or (seat >= 0 and decider.hint_ready)
            add(name, tr(label), "", fn, enabled, size=theme.SMALL)
        if seat >= 0 and decision is Decision.DRAW:
            offer("button_draw", "button.draw", tr("key.space"), DRAW, highlight=True)
            offer("button_stop", "button.stop", tr("key.enter"), STOP)
            offer("button_fragment", "button.fragment", "F", USE_FRAGMENT)
        if seat >= 0 and decision is Decision.ACTION:
            for a in range(1, 6):
                offer(f"button_action_{a}", f"action.{a}", str(a), ChooseAction(a).canonical())
            offer("button_pass", "button.pass", "P", PASS)
        if seat >= 0 and FINISH in moves and decider.tentative is None:
            offer("button_finish", "button.finish", tr("key.enter"), FINISH)
        if seat >= 0 and SKIP_BONUS in moves:
            offer("button_skip", "button.skip", "S", SKIP_BONUS)
        if seat >= 0 and decider.tentative is not None:
            confirm = tr("button.confirm")
            # "Confirm  [Enter]" fits the standard width only so
            key = tr("key.enter")
            add("button_confirm", confirm, key, actions.confirm, True, True, theme.SMALL)
        if seat >= 0 and decision not in (None, Decision.DRAW):
            picking = decider.tentative is not None or decider.selected_tree >= 0
            undo = tr("button.undo")
            add("button_undo", undo, tr("key.backspace"), actions.undo, decider.can_undo or picking)
        if decider.viewer >= 0:
            # browsing, not deciding; "버린 카드 더미" is the rules term
            discard = partial(actions.open_discard, decider.viewer)
            add("button_discard", tr("button.discard"), "D", discard, size=theme.SMALL)
        return b

    def draw(
        self,
        p: Painter,
        palette: theme.Palette,
        clock: float,
        hover: Target | None,
        hint: Move | None,
    ) -> None:
        """Every target lit (the focused one, the tree picked, the planting waiting for
        Confirm, the one under the pointer, the hint's)."""
        board, d = self.board, self.decider
        pulse = 2 + round(abs(((clock * 2) % 2) - 1) * 3)
        for i, c in enumerate(self.choices):
            r = board.rect_of(c.target)
            if r is None:
                continue
            if i == self.focus:
                p.rect(r.inflate(8, 8), palette.selected, radius=8, width=5)
            else:
                p.rect(r.inflate(6, 6), palette.legal, radius=8, width=pulse)
        if d.selected_tree >= 0:
            r = board.rect_of(Target("tree_kind", d.selected_tree))
            if r is not None:
                p.rect(r.inflate(8, 8), palette.selected, radius=8, width=5)
        if isinstance(d.tentative, Plant):
            t = d.tentative
            r = board.space(d.seat, t.x, t.y)
            p.image("tree", t.tree, rect=r, fit=True, alpha=170)
            p.rect(r.inflate(8, 8), palette.selected, radius=8, width=4)
        elif d.tentative is not None:  # the pick waiting for Confirm
            r = board.rect_of(self.pick_target(d.tentative))
            if r is not None:
                p.rect(r.inflate(10, 10), palette.selected, radius=8, width=5)
        if self.choice_for(hover) is not None:
            r = board.rect_of(hover) if hover is not None else None
            if r is not None:
                p.rect(r.inflate(10, 10), theme.HOVER, radius=8, width=4)
        if hint is not None:
            for c in self.choices:
                if c.move == hint:
                    r = board.rect_of(c.target)
                    if r is not None:
                        p.rect(r.inflate(14, 14), theme.ACCENT, radius=10, width=3)

    def pick_target(self, move: PickAnimal | PickFire) -> Target:
        """Where a pick waiting for Confirm lies: its Reserve card, or the first Fire of its
        value in the centre (the one a click takes)."""
        if isinstance(move, PickAnimal):
            return Target("reserve", move.card)
        centre = self.centre
        i = centre.index(move.value) if move.value in centre else 0
        return Target("centre_fire", move.value, i)

    # -- reading the map -------------------------------------------------------------------

    def choice_for(self, target: Target | None) -> Choice | None:
        """The choice a click on ``target`` makes, if it makes one."""
        if target is None:
            return None
        return next((c for c in self.choices if c.target == target), None)

    @property
    def focused(self) -> Choice | None:
        return self.choices[self.focus] if 0 <= self.focus < len(self.choices) else None

    def move_focus(self, step: int) -> None:
        if not self.choices:
            return
        n = len(self.choices)
        self.focus = (self.focus + step) % n if self.focus >= 0 else (0 if step > 0 else n - 1)

    def button_at(self, pos: tuple[int, int]) -> tuple[str, Button] | None:
        return next(((n, b) for n, b in self.buttons.items() if b.hit(pos)), None)

    def button_move(self, name: str) -> Move | None:
        """The move a button makes (None: it opens something, or confirms a planting)."""
        if name in BUTTON_MOVES:
            return BUTTON_MOVES[name]
        if name.startswith("button_action_"):
            return ChooseAction(int(name.rsplit("_", 1)[1])).canonical()
        if name == "button_confirm":
            return self.decider.tentative
        return None

    def hovered_move(self) -> Move | None:
        """The move of the enabled move button (not an action's) or Confirm under the
        pointer, if any: the prompt describes it."""
        for name, b in self.buttons.items():
            if b.hovered and b.enabled and (name in BUTTON_MOVES or name == "button_confirm"):
                return self.button_move(name)
        return None

    def intent_at(
        self, pos: tuple[int, int], target: Target | None, seat: int, rock: int
    ) -> Move | int | None:
        """The move (or tree kind) a click at ``pos`` on ``target`` means for ``seat``, legal
        or not: a button's move, a target's choice, else ``intended_move``."""
        button = self.button_at(pos)
        if button is not None:
            return self.button_move(button[0])
        if target is None:
            return None
        choice = self.choice_for(target)
        if choice is not None:
            return choice.move if choice.move is not None else choice.tree
        return intended_move(target, seat, self.decider.selected_tree, rock)

    def rect_of(self, move: Move) -> Rect | None:
        """Where ``move`` is made now (a Plant takes three clicks: tree, space, Confirm)."""
        L, board = self.board.layout, self.board
        m = cast(AnyMove, move)
        match m:
            case Plant():
                if self.decider.tentative == m:
                    return L["button_confirm"]
                if self.decider.selected_tree == m.tree:
                    return board.rect_of(Target("space", self.decider.seat, m.x, m.y))
                return board.rect_of(Target("tree_kind", m.tree))
            case ChooseAction():
                return L[f"button_action_{m.action}"]
            case PickAnimal() | PickFire() if self.decider.tentative == m:
                return L["button_confirm"]
            case Draw() | UseFragment() | PickAnimal() | PickFire() | MoveSpirit() | Steal():
                for c in self.choices:  # a piece on the board (a button if none is shown)
                    if c.move == m:
                        return board.rect_of(c.target)
                return self.button_rect(m)
            case Stop() | Pass() | Finish() | SkipBonus():
                return self.button_rect(m)
            case _:
                assert_never(m)

    def button_rect(self, move: Move) -> Rect | None:
        name = next((n for n, m in BUTTON_MOVES.items() if m == move), None)
        return self.board.layout[name] if name is not None else None
