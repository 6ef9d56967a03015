"""The table's HUD: the round banner, the prompt with its move buttons and key help, the AI's
thinking dots, and the rules tooltip of what the pointer rests on. It reads the match's
display copy and the decision's target map; the scene hands it each frame's ``HudView``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

from game.engine import Decision, Game, Move, Pending
from game.engine.moves import Plant
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import Button
from game.ui.table.board import BoardView
from game.ui.table.layout import Layout
from game.ui.table.match import Match
from game.ui.table.target_map import TOP_BUTTONS, TargetMap
from game.ui.table.targets import Target
from game.ui.words.rules_text import RulesText, describe_target
from game.ui.words.sentences import Tr, counted, season_name, tree_name

TOOLTIP_DELAY_S = 0.35  # hover this long before the rules tooltip shows
TIP_CARD_H = 150  # a card shown in a tooltip, at 100%


def banner_line(p: Painter, r: Rect, text: str) -> None:
    """The banner's one line of large bold text (the phase, or a hot-seat hand-over)."""
    p.text(
        text,
        (r.x + 26, r.centery),
        theme.LARGE,
        theme.TEXT,
        anchor="midleft",
        bold=True,
        max_width=r.w - 40,
    )


@dataclass
class Pointer:
    """Where the pointer is, what it rests on and since when, and whether the tooltip may
    show (a click, a key or a change hides it until the pointer moves)."""

    mouse: tuple[int, int] = (-1, -1)
    hover: Target | None = None
    hover_time: float = 0.0
    tip_blocked: bool = False
    tip_seen: tuple = ()

    def moved(self, pos: tuple[int, int], target: Target | None) -> None:
        self.mouse = pos
        if target != self.hover or self.tip_blocked:
            self.hover = target
            self.hover_time = 0.0
            self.tip_blocked = False
            self.tip_seen = ()


@dataclass(frozen=True)
class HudView:
    """One frame's inputs of the HUD besides the match and the target map."""

    tr: Tr
    palette: theme.Palette
    layout: Layout
    clock: float
    animating: bool  # pieces are moving (a click skips them)
    message: str  # a notice: an illegal move's reason, a hint
    keys: str  # the key help of the phase
    describe: Callable[[Move], str]


class TableHud:
    """Banner, prompt, buttons, key help and tooltip of one table."""

    def __init__(self, match: Match, targets: TargetMap, pointer: Pointer) -> None:
        self.match = match
        self.targets = targets
        self.pointer = pointer
        self._row_size_key: tuple = ()  # what the row's text size was measured for
        self._row_size = theme.BODY

    # -- the banner ------------------------------------------------------------------------

    def banner_text(self, tr: Tr) -> str:
        """Round and who decides, as far as the table has shown (never the next round's
        while this one's pieces still move): "your turn" only to a seat this screen plays
        (``Match.plays_here``); another's turn reads as theirs."""
        g = self.match.shown
        a = self.match.shown_active()
        if self.match.on_hold():  # the table waits: nobody's turn goes on
            return tr("banner.link_down", round=g.round)
        if a is None:
            return tr("banner.round", round=g.round)
        name = self.match.names[a.player]
        if not self.match.plays_here(a.player):
            if self.match.seats[a.player].is_ai:
                if self.match.lead() is not None:  # a lesson's opponent waiting
                    return tr("banner.round", round=g.round)
                return tr("banner.ai_turn", round=g.round, name=name)
            if a.decision is Decision.DRAW:  # a person at another screen
                return tr("banner.other_draw", round=g.round, name=name)
            if a.decision is Decision.ACTION:
                return tr("banner.other_action", round=g.round, name=name)
            step = tr(f"decision.{a.decision.value}")
            return tr("banner.step_turn", round=g.round, name=name, step=step)
        if a.decision is Decision.DRAW:
            return tr("banner.draw_turn", round=g.round, name=name)
        left = g.players[a.player].actions_left
        if a.decision is Decision.ACTION:
            return counted(tr, "banner.action_turn", left, round=g.round, name=name, n=left)
        step = tr(f"decision.{a.decision.value}")
        return tr("banner.step_turn", round=g.round, name=name, step=step)

    def draw_banner(self, p: Painter, layout: Layout, palette: theme.Palette, text: str) -> None:
        r = layout["banner"]
        a = self.match.shown_active()
        colour = palette.seasons[a.player] if a is not None else theme.PANEL_EDGE
        p.rect(r, (10, 16, 12, 225), radius=12)
        p.rect(Rect(r.x, r.y, 14, r.h), colour, radius=6)
        banner_line(p, r, text)

    # -- the prompt ------------------------------------------------------------------------

    def prompt_text(self, v: HudView) -> str:
        tr, t = v.tr, self.targets
        if v.animating:
            return tr("prompt.skip")
        move = t.hovered_move()
        if move is not None:
            return v.describe(move)
        hovered = t.choice_for(self.pointer.hover)
        if hovered is None and v.message:  # a hint or a refusal outranks the focus
            return v.message
        choice = hovered or t.focused
        if choice is not None:
            if choice.move is not None:
                return v.describe(choice.move)
            return tr("prompt.pick_tree", tree=tree_name(tr, choice.tree))
        return self.default_prompt(v)

    def default_prompt(self, v: HudView) -> str:
        tr = v.tr
        lead = self.match.lead()
        if lead is not None:
            return lead
        a = self.match.shown_active()
        if a is None:
            return ""
        if not self.match.plays_here(a.player):  # nothing to do at this screen: whose turn
            return self.others_prompt(tr, a, v.clock)
        tentative = self.targets.decider.tentative
        selected = self.targets.decider.selected_tree
        if isinstance(tentative, Plant):
            return tr("prompt.confirm_plant", move=v.describe(tentative))
        if tentative is not None:  # a pick that ends its step
            return tr(f"prompt.confirm_{a.decision.value}", move=v.describe(tentative))
        if a.decision is Decision.PLANT and selected >= 0:
            return tr("prompt.pick_space", tree=tree_name(tr, selected))
        key = f"prompt.{a.decision.value}"
        if a.decision is Decision.ACTION:
            return counted(tr, key, a.actions_left, n=a.actions_left)
        return tr(key, budget=a.budget, n=a.actions_left, victim=season_name(tr, max(0, a.victim)))

    def others_prompt(self, tr: Tr, a: Pending, clock: float) -> str:
        """The prompt while a seat this screen does not play decides: an AI thinking, or a
        person at another screen drawing or choosing (never an action to take here)."""
        name = self.match.names[a.player]
        dots = "." * (1 + int(clock * 3) % 3)
        if self.match.seats[a.player].is_ai:
            return tr("prompt.ai_thinking", name=name, dots=dots)
        if a.decision is Decision.DRAW:
            return tr("prompt.other_draw", name=name, dots=dots)
        if a.decision is Decision.ACTION:
            return tr("prompt.other_action", name=name, dots=dots)
        step = tr(f"decision.{a.decision.value}")
        return tr("prompt.other_step", name=name, step=step, dots=dots)

    def draw(self, p: Painter, v: HudView) -> None:
        """The prompt, the buttons (the move buttons at one text size) and the key help."""
        r = v.layout["prompt"]
        p.rect(r, (10, 16, 12, 220), radius=10)
        a = self.match.shown_active()
        elsewhere = a is not None and not self.match.plays_here(a.player)
        if elsewhere and not v.animating and self.match.lead() is None:
            self.draw_thinking(p, Rect(r.x + 8, r.y + 4, r.h - 8, r.h - 8), v.clock)
        p.text(
            self.prompt_text(v),
            (r.x + r.h + 8, r.centery),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            max_width=r.w - r.h - 20,
        )
        buttons = self.targets.buttons
        moves = (b for name, b in buttons.items() if name not in TOP_BUTTONS)
        row = [b for b in moves if b.size >= theme.BODY]  # Confirm and Discard keep theirs
        size = self.row_text_size(p, row)
        for b in buttons.values():
            b.focused = False
            if b in row:
                b.size, own = min(b.size, size), b.size
                b.draw(p)
                b.size = own
            else:
                b.draw(p)
        k = v.layout["keys"]
        p.text(
            v.keys,
            (k.centerx, k.centery),
            theme.SMALL,
            theme.TEXT_DIM,
            anchor="center",
            max_width=k.w - 20,
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

    @staticmethod
    def draw_thinking(p: Painter, r: Rect, clock: float) -> None:
        """Three dots chasing each other: an AI is deciding."""
        for i in range(3):
            phase = (clock * 3 - i * 0.33) % 1
            rad = 3 + 4 * (1 - abs(phase - 0.5) * 2)
            p.circle((r.x + 8 + i * 12, r.centery), rad, theme.ACCENT)

    def draw_raised_card(self, p: Painter, board: BoardView, covered: bool) -> None:
        """The Help Line card under the pointer, lifted out of its fan so it reads whole
        (not while the close-up or an opened row ``covered`` the board)."""
        h = self.pointer.hover
        if h is None or h.kind != "help_card" or covered:
            return
        r = board.rect_of(h)
        if r is None or r.w > r.h:  # a tab: the tooltip shows the card
            return
        lifted = r.move(0, -8)
        p.rect(lifted.inflate(8, 8).move(3, 5), (0, 0, 0, 110), radius=10)
        p.image("card_face", h.c, rect=lifted)
        p.rect(lifted.inflate(4, 4), theme.HOVER, radius=8, width=2)

    # -- the tooltip -----------------------------------------------------------------------

    def tooltip(
        self,
        tr: Tr,
        shown: Game,
        hit: Callable[[tuple[int, int]], Target | None],
        rect_of: Callable[[Target], Rect | None],
        moving: list[Rect],
    ) -> RulesText | None:
        """The hovered object's tooltip, if it may show. It goes on any click or key, when
        what it describes or who decides changes, when its object is animated (``moving``:
        the animations' areas), and when its object is gone from under the pointer; then it
        waits for the pointer to move."""
        ptr = self.pointer
        if ptr.hover is not None and hit(ptr.mouse) != ptr.hover:
            ptr.hover, ptr.hover_time = hit(ptr.mouse), 0.0  # gone, or another here
            ptr.tip_blocked = True
        if ptr.hover is None or ptr.tip_blocked or ptr.hover_time < TOOLTIP_DELAY_S:
            ptr.tip_seen = ()
            return None
        r = rect_of(ptr.hover)
        if r is not None and any(r.colliderect(a) for a in moving):
            ptr.tip_blocked = True
            return None
        text = describe_target(tr, ptr.hover, shown)
        seen = (text, self.match.shown_active())
        if ptr.tip_seen and ptr.tip_seen != seen:
            ptr.tip_blocked = True  # the state it describes changed
            ptr.tip_seen = ()
            return None
        ptr.tip_seen = seen
        return text

    def draw_tooltip(
        self, p: Painter, text: RulesText, layout: Layout, tray: int, closeup: bool
    ) -> None:
        w = 420
        body_h = p.text_height(text.body, w - 24, theme.SMALL)
        title_h = max(34, p.text_size(text.title, theme.BODY, bold=True)[1] + 4)
        h = 24 + title_h + body_h + 12
        img_h = 0
        if text.image and text.image[0] == "card_face":
            # the card grows with the interface scale (its costs and chips are its words)
            # as far as the tooltip still fits above the tray
            room = layout.player(tray, "panel").y - 6 - 8 - h - 8
            img_h = max(TIP_CARD_H, min(round(TIP_CARD_H * p.text_scale), room))
            h += img_h + 8
        box = self.tooltip_box(layout, tray, closeup, w, h)
        x, y = box.topleft
        p.rect(box, theme.TOOLTIP, radius=12)
        p.rect(box, theme.PANEL_EDGE, radius=12, width=2)
        yy = y + 12
        if img_h:
            p.image(*text.image, rect=Rect(x + 12, yy, round(img_h * 0.72), img_h))
            yy += img_h + 8
        p.text(text.title, (x + 12, yy), theme.BODY, theme.TEXT_DARK, bold=True, max_width=w - 24)
        body = Rect(x + 12, yy + title_h, w - 24, body_h)
        p.text_box(text.body, body, theme.SMALL, theme.TEXT_DARK)

    def tooltip_box(self, layout: Layout, tray: int, closeup: bool, w: int, h: int) -> Rect:
        """Where a tooltip goes: never over the opponents' rows or the tray (the Help Lines
        and Forests a decision is about) nor the prompt and buttons. Over a row it stands to
        the rows' left, over the tray above it; elsewhere beside the pointer. ``closeup``:
        the Forest close-up is up."""
        mx, my = self.pointer.mouse
        edge = layout["expand_panel"].x - 10
        bottom = layout.player(tray, "panel").y - 6
        if closeup and layout["forest_focus"].collidepoint(self.pointer.mouse):
            x = layout["forest_focus"].right + 12
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
