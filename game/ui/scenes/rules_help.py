"""The rules reference: how a round goes, the five actions, the Forest, the Circle of Spirits,
Onibi and how to win, plus a browsable catalogue of every animal and tree with its numbers.

Every number in the texts is filled in from ``game.data`` (the same tables the engine plays
by), so the help cannot drift from the rules; labels are read from the catalogue at each
draw, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame
from pygame import Rect

from game.data import ELEMENTS, AnimalCard, Symbol, TreeKind, animals, boards, trees
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.viewport import LOGICAL
from game.ui.kit.widgets import Button, ButtonList, panel
from game.ui.scene import Scene
from game.ui.table.help_diagrams import DIAGRAMS, draw_circle, draw_forest
from game.ui.table.targets import Target

Tr = Callable[..., str]
SCREEN = Rect(0, 0, *LOGICAL)
BOX = Rect(100, 50, 1720, 980)
CONTENT = Rect(470, 150, 1300, 740)
TEXT_TABS: tuple[str, ...] = (
    "round",
    "actions",
    "forest",
    "circle",
    "onibi",
    "winning",
    "controls",
)
TABS: tuple[str, ...] = (*TEXT_TABS, "animals", "trees")
FILTERS: tuple[str, ...] = ("start", "1", "2", "3", "varan")
COLUMNS, ROWS = 6, 2
DIAGRAM_W = 470  # the Forest and Circle tabs: text on the left, a diagram on the right
PER_PAGE = COLUMNS * ROWS


def help_fields(tr: Tr) -> dict[str, object]:
    """The numbers the rules texts quote, from the component data."""
    b = boards()
    supply = b.supply
    limit = supply.solitary_limit
    lines = {ELEMENTS[lb.element]: lb.amount for lb in b.line_bonuses}
    corners = {c.bonus: c.amount for c in b.corner_bonuses}
    rocks = "  ·  ".join(  # no-break spaces: a rock's number stays with its bonus
        tr("help.rock", rock=i, bonus=tr(f"help.bonus.{bonus}")).replace(" ", "\u00a0")
        for i, bonus in enumerate(b.rocks)
    )
    starts = {f"start_{n}": ", ".join(map(str, b.start_rocks[n])) for n in (2, 3, 4)}
    return {
        "limit": limit,
        "fewer": limit - 1,
        "reserve": supply.reserve_per_level,
        "centre_max": supply.centre_max_fires,
        "goal": supply.victory_goal,
        "water_line": lines["water"],
        "wind_line": lines["wind"],
        "sun_line": lines["sun"],
        "flower_line": lines["flower"],
        "sun_corner": corners["attract"],
        "water_corner": corners["extinguish"],
        "fragment_corner": corners["fragments"],
        "rocks": rocks,
        **starts,
    }


def help_text(tr: Tr, tab: str) -> str:
    return tr(f"help.{tab}.body", **help_fields(tr))


def elements_text(tr: Tr, values: tuple[int, ...]) -> str:
    parts = [f"{tr(f'element.{e}')} {v:+d}" for e, v in zip(ELEMENTS, values, strict=True) if v]
    return " · ".join(parts) if parts else tr("rules.no_elements")


def _symbol(tr: Tr, card: AnimalCard) -> str:
    return tr(f"help.symbol.{'none' if card.symbol is Symbol.NEUTRAL else card.symbol}")


def animals_for(filter_: str) -> list[AnimalCard]:
    cards = list(animals()[1:])
    if filter_ == "varan":
        return [c for c in cards if c.is_varan]
    level = 0 if filter_ == "start" else int(filter_)
    return [c for c in cards if c.level == level]


@dataclass
class Entry:
    """One cell of the catalogue: a picture and up to three lines."""

    image: tuple
    lines: tuple[str, ...]
    aspect: float


def animal_entry(tr: Tr, c: AnimalCard) -> Entry:
    symbol = _symbol(tr, c)
    if c.is_varan:
        second = tr("help.animal.copies", count=boards().supply.varans)
    elif c.level == 0:
        second = tr("help.animal.start_line", symbol=symbol)
    else:
        second = tr("help.animal.line", cost=c.cost, symbol=symbol)
    lines = (tr(f"animal.{c.id}"), second, elements_text(tr, c.elements))
    return Entry(("card_face", c.id), lines, 0.72)


def tree_entry(tr: Tr, t: TreeKind) -> Entry:
    third = tr("help.tree.special") if t.special else elements_text(tr, t.elements)
    copies = tr("help.tree.copies", p2=t.copies[2], p3=t.copies[3], p4=t.copies[4])
    name = f"{tr(f'tree.{t.id}')} · {tr('help.tree.line', cost=t.cost)}"
    return Entry(("tree", t.index), (name, third, copies), 1.0)


TAB_FOR_TARGET = {  # what is hovered (``Target.kind``) → the part of the help about it
    "space": "forest",
    "rock": "circle",
    "standee": "circle",
    "centre_fire": "onibi",
    "fires": "onibi",
    "fire_supply": "onibi",
    "varan_supply": "onibi",
    "victory": "winning",
    "tracks": "winning",
    "reserve": "animals",
    "help_card": "animals",
    "market": "animals",
    "tree_kind": "trees",
}


def place_for(target: Target | None) -> tuple[str, int | None]:
    """The tab for ``target`` and, in the catalogue, the animal card it shows (or None)."""
    if target is None:
        return "round", None
    tab = TAB_FOR_TARGET.get(target.kind, "round")
    if target.kind == "button" and target.s.startswith("button_action"):
        tab = "actions"
    card = {"reserve": target.a, "help_card": target.c}.get(target.kind)
    return tab, card if card is not None and card > 0 else None


class RulesHelpScene(Scene):
    """Tabs on the left, the text or the catalogue on the right; Esc or F1 closes."""

    kind = "rules_help"
    transparent = True

    def __init__(self, ctx: Context, tab: str = "round") -> None:
        super().__init__(ctx)
        self.tab = tab if tab in TABS else "round"
        self.filter = "start"
        self.page = 0
        self.tabs = ButtonList(
            [
                Button(Rect(BOX.x + 40, BOX.y + 110 + i * 86, 300, 70), t, partial(self.go, t))
                for i, t in enumerate(TABS)
            ]
        )
        self.filters = ButtonList(
            [
                Button(Rect(CONTENT.x + i * 214, CONTENT.y, 200, 56), f, partial(self.pick, f))
                for i, f in enumerate(FILTERS)
            ],
            keyboard=False,
        )
        y = BOX.bottom - 96
        self.footer = ButtonList(
            [
                Button(Rect(CONTENT.x, y, 200, 66), "prev", lambda: self.turn(-1)),
                Button(Rect(CONTENT.x + 220, y, 200, 66), "next", lambda: self.turn(1)),
                Button(Rect(BOX.right - 260, y, 220, 66), "close", self.close, key_hint="Esc"),
            ],
            keyboard=False,
        )

    @classmethod
    def about(cls, ctx: Context, target: Target | None) -> RulesHelpScene:
        """Opened at the part that concerns ``target`` (a card: its page of the catalogue)."""
        tab, card = place_for(target)
        scene = cls(ctx, tab)
        if card is not None:
            c = animals()[card]
            filter_ = "varan" if c.is_varan else ("start" if c.level == 0 else str(c.level))
            scene.pick(filter_)
            scene.page = [e.id for e in animals_for(filter_)].index(card) // PER_PAGE
        elif target is not None and target.kind == "tree_kind":
            scene.page = max(0, target.a) // PER_PAGE
        return scene

    # -- state -----------------------------------------------------------------------------

    def go(self, tab: str) -> None:
        self.tab, self.page = tab, 0

    def pick(self, filter_: str) -> None:
        self.filter, self.page = filter_, 0

    def entries(self) -> list[Entry]:
        tr = self.ctx.tr
        if self.tab == "animals":
            return [animal_entry(tr, c) for c in animals_for(self.filter)]
        if self.tab == "trees":
            return [tree_entry(tr, t) for t in trees()]
        return []

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries()) // PER_PAGE))

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
                return
            if event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT):
                self.turn(1)
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_LEFT):
                self.turn(-1)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-event.y)
            return
        for buttons in (self.footer, self.filters, self.tabs):
            if buttons.handle_event(event):
                return

    # -- drawing ---------------------------------------------------------------------------

    def _labels(self) -> None:
        tr = self.ctx.tr
        for b, t in zip(self.tabs.buttons, TABS, strict=True):
            b.label, b.highlight = tr(f"help.tab.{t}"), t == self.tab
        for b, f in zip(self.filters.buttons, FILTERS, strict=True):
            b.label, b.highlight = tr(f"help.animals.filter.{f}"), f == self.filter
        prev, nxt, close = self.footer.buttons
        prev.label, nxt.label, close.label = tr("help.prev"), tr("help.next"), tr("help.close")
        prev.enabled = self.page > 0
        nxt.enabled = self.page < self.pages - 1

    def draw(self, p: Painter) -> None:
        tr = self.ctx.tr
        self._labels()
        p.rect(SCREEN, theme.SHADE)
        panel(p, BOX, tr("help.title"))
        self.tabs.draw(p)
        p.rect(CONTENT.inflate(30, 30), theme.PANEL_DARK, radius=12)
        if self.tab in TEXT_TABS:
            p.text(tr(f"help.tab.{self.tab}"), CONTENT.topleft, theme.LARGE, theme.ACCENT,
                   bold=True)  # fmt: skip
            body = Rect(CONTENT.x, CONTENT.y + 56, CONTENT.w, CONTENT.h - 56)
            if self.tab in DIAGRAMS:
                diagram = Rect(body.right - DIAGRAM_W, CONTENT.y, DIAGRAM_W, CONTENT.h)
                body.w -= DIAGRAM_W + 30
                if self.tab == "forest":
                    draw_forest(p, diagram, tr, self.ctx.palette)
                else:
                    draw_circle(p, diagram, tr)
            p.text_box(help_text(tr, self.tab), body, theme.BODY)
            self.footer.buttons[2].draw(p)
            return
        top = CONTENT.y
        if self.tab == "animals":
            self.filters.draw(p)
            top += 76
        else:
            p.text(tr("help.tree.copies_note"), CONTENT.topleft, theme.BODY, theme.TEXT_DIM)
            top += 44
        self._grid(p, Rect(CONTENT.x, top, CONTENT.w, CONTENT.bottom - top))
        if self.pages == 1:
            self.footer.buttons[2].draw(p)
            return
        self.footer.draw(p)
        p.text(tr("help.page", page=self.page + 1, pages=self.pages),
               (CONTENT.x + 450, BOX.bottom - 63), theme.BODY, theme.TEXT_DIM,
               anchor="midleft")  # fmt: skip

    def _grid(self, p: Painter, area: Rect) -> None:
        entries = self.entries()[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        cell_w, cell_h = area.w // COLUMNS, area.h // ROWS
        for i, e in enumerate(entries):
            x = area.x + (i % COLUMNS) * cell_w
            y = area.y + (i // COLUMNS) * cell_h
            pic_h = cell_h - 112
            pic_w = min(cell_w - 16, round(pic_h * e.aspect))
            pic = Rect(x + (cell_w - pic_w) // 2, y, pic_w, pic_h)
            p.image(*e.image, rect=pic, fit=True)
            name, *rest = e.lines
            ty = y + pic_h + 4
            p.text(name, (x + cell_w // 2, ty), theme.SMALL, theme.TEXT, anchor="midtop",
                   bold=True, max_width=cell_w - 8)  # fmt: skip
            box = Rect(x + 4, ty + 28, cell_w - 8, 84)
            p.text_box("\n".join(rest), box, theme.SMALL - 2, theme.TEXT_DIM, align="center",
                       line_gap=1.0)  # fmt: skip
