"""The end-of-round band: Onibi's steps in a row, the current one lit, and its body (the
attack's verdict on each Help Line, the Fires added, the new animals, the Sacred Tree). The
drawing role of ``EndOfRoundOverlay`` (``game/ui/scenes/end_round.py``), kept apart so the
walkthrough holds its steps, their pace and input; it reads the walkthrough's state,
declared below."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, assert_never

from pygame import Rect

from game.engine import FireReason
from game.engine import events as ev
from game.ui.kit import theme
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import panel
from game.ui.table.event_kinds import STEPS
from game.ui.table.match import Match
from game.ui.words.sentences import counted

if TYPE_CHECKING:
    from game.ui.context import Context
    from game.ui.table.table_role import TableRole


LINE_ROOM = 38  # the band of a one-line sentence of a step (its lines are 40 apart)
CONTINUE_ROOM = 26  # "Click or press a key: next step", under the body at the right
CONTINUE_W = 540  # the most of the band's width that line takes
BELOW_BODY = 30  # the band's height under the body, beside that line


@dataclass
class Step:
    name: str
    events: list[ev.Event] = field(default_factory=list)


class OnibiPanel:
    """The drawing role of ``EndOfRoundOverlay``: it owns no state of its own."""

    ctx: Context
    table: TableRole
    match: Match
    steps: list[Step]
    index: int
    round: int
    tr: Any

    if TYPE_CHECKING:

        def waiting(self) -> bool: ...

    def draw_panel(self, p: Painter) -> None:
        """The band at the player's interface scale: each of its words grows as far as its
        place holds it (``room``; the body's sentences as long as their lines fit)."""
        if not 0 <= self.index < len(self.steps):
            return
        p.text_scale = self.ctx.settings.ui_scale / 100
        try:
            self._draw_band(p)
        finally:
            p.text_scale = 1.0

    def _draw_band(self, p: Painter) -> None:
        r = self.table.layout["onibi_panel"]
        panel(p, r, fill=(26, 20, 18))
        tr = self.tr
        p.text(
            tr("onibi.title", round=self.round),
            (r.x + 24, r.y + 34),
            theme.LARGE,
            theme.DANGER,
            anchor="midleft",
            bold=True,
            max_width=430,
            room=44,
        )
        # the steps in a row, the current one lit
        x0, w = r.x + 470, (r.right - 24 - (r.x + 470)) / len(STEPS)
        chip_h = 44
        # one size for every step, the largest at which the widest still fits its chip
        room = p.em(theme.SMALL, room=chip_h - 6) * theme.INK_HEIGHT
        for i, name in enumerate(STEPS):
            label = f"{i + 1}  " + tr(f"onibi.step.{name}")
            wide = p.text_size(label, theme.SMALL, bold=True, room=room)[0]
            fits = (round(w) - 22) / max(1, wide)
            room = max(theme.SMALL * theme.INK_HEIGHT, min(room, room * fits))
        for i, name in enumerate(STEPS):
            now, done = i == self.index, i < self.index
            chip = Rect(round(x0 + i * w), r.y + 12, round(w) - 10, chip_h)
            if now:
                p.rect(chip, (70, 52, 20), radius=10)
                p.rect(chip, theme.ACCENT, radius=10, width=2)
            colour = theme.ACCENT if now else (theme.TEXT if done else theme.TEXT_DIM)
            mark = "✓ " if done else f"{i + 1}  "
            p.text(
                mark + tr(f"onibi.step.{name}"),
                chip.center,
                theme.SMALL,
                colour,
                anchor="center",
                bold=now,
                max_width=chip.w - 12,
                room=room,
            )
        step = self.steps[self.index]
        body = Rect(r.x + 24, r.y + 68, r.w - 48, r.h - 104)
        self.draw_step(p, body, step)
        waiting = self.waiting()
        auto = not self.match.round_end_by_hand(self.ctx.settings.round_end)
        p.text(
            tr("onibi.continue" if waiting or not auto else "onibi.continue_auto"),
            (r.right - 24, r.bottom - 22),
            theme.SMALL,
            theme.ACCENT if waiting else theme.TEXT_DIM,
            anchor="midright",
            bold=waiting,
            max_width=CONTINUE_W,
            room=CONTINUE_ROOM,
        )

    def draw_step(self, p: Painter, r: Rect, step: Step) -> None:
        """The body of the current step's panel."""
        match step.name:
            case "attack":
                self._draw_attack(p, r, step)
            case "fires":
                self._draw_fires(p, r, step)
            case "reserve":
                self._draw_reserve(p, r, step)
            case "return":
                p.text_box(self.tr("onibi.return"), r, theme.BODY, fit=True)
            case "sacred":
                self._draw_sacred(p, r, step)
            case other:
                raise ValueError(f"no end-of-round step {other!r}")

    def _draw_attack(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        attack = next((e for e in step.events if isinstance(e, ev.OnibiAttack)), None)
        if attack is None:
            p.text_box(tr("onibi.no_attack"), r, theme.BODY, fit=True)
            return
        dealt = {e.player: e for e in step.events if isinstance(e, ev.VaransDealt)}
        text = counted(tr, "onibi.attack", attack.fires, power=attack.firepower, fires=attack.fires)
        p.text_box(text, r, theme.BODY, fit=True)
        # each player's verdict sits on their own Help Line, where the Varans land
        for seat, water in enumerate(attack.water):
            line = self.table.layout.player(seat, "help_line")
            badge = Rect(0, 0, min(line.w - 12, 400), min(line.h - 8, 64))
            badge.midright = (line.right - 6, line.centery)
            hit = seat in dealt
            p.rect(badge, (20, 8, 6, 230) if hit else (8, 24, 12, 230), radius=12)
            p.rect(
                badge,
                self.table.palette.danger if hit else self.table.palette.safe,
                radius=12,
                width=3,
            )
            icon = badge.h - 20
            p.image("element_icon", "water", rect=Rect(badge.x + 12, badge.y + 10, icon, icon))
            if hit:
                d = dealt[seat]
                verdict = counted(tr, "onibi.hit", d.count, count=d.count)
                if d.short:
                    verdict += " " + tr("onibi.short", count=d.short)
            else:
                verdict = tr("onibi.safe")
            room = badge.h - 10
            said = p.text(
                verdict,
                (badge.right - 14, badge.centery),
                theme.BODY,
                self.table.palette.danger if hit else self.table.palette.safe,
                anchor="midright",
                bold=True,
                max_width=badge.w - icon - 150,
                room=room,
            )
            left = badge.x + 20 + icon
            p.text(
                tr("onibi.water_vs", water=water, power=attack.firepower),
                (left, badge.centery),
                theme.BODY,
                theme.TEXT,
                anchor="midleft",
                bold=True,
                max_width=said.x - 12 - left,
                room=room,
            )

    def _draw_fires(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        if not step.events:
            p.text_box(tr("onibi.no_fires"), r, theme.BODY, fit=True)
            return
        y = r.y
        for e in step.events:
            assert isinstance(e, ev.FiresAdded)
            n = len(e.values)
            match e.reason:
                case FireReason.EMPTY_CENTRE:
                    text = tr("onibi.fires_empty", count=n)
                case FireReason.ATTRACTED:
                    text = counted(tr, "onibi.fires", n, count=n)
                case _:
                    assert_never(e.reason)
            drawn = p.text(
                text,
                (r.x, y + 16),
                theme.BODY,
                theme.TEXT,
                anchor="midleft",
                max_width=r.w - 400,
                room=LINE_ROOM,
            )
            for i, v in enumerate(e.values):
                p.image("fire_tile", v, rect=Rect(drawn.right + 12 + i * 40, y - 2, 36, 36))
            y += 40
        # the rule under the Fires, beside the band's "next step" line, when it fits there
        rule = tr("onibi.fires_rule")
        box = Rect(r.x, y, r.w - CONTINUE_W - 24, r.bottom + BELOW_BODY - y)
        scale, p.text_scale = p.text_scale, 1.0  # it fits at 100% at least? (fit grows it)
        fits = p.text_height(rule, box.w, theme.SMALL) <= box.h
        p.text_scale = scale
        if fits:
            p.text_box(rule, box, theme.SMALL, theme.TEXT_DIM, fit=True)

    def _draw_reserve(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        if not step.events:
            p.text_box(tr("onibi.reserve_full"), r, theme.BODY, fit=True)
            return
        drawn = p.text(
            tr("onibi.reserve"),
            (r.x, r.y + 16),
            theme.BODY,
            theme.TEXT,
            anchor="midleft",
            max_width=r.w // 2,
            room=LINE_ROOM,
        )
        x = drawn.right + 16
        for e in step.events:
            assert isinstance(e, ev.ReserveRefilled)
            for card in e.cards:
                if x + 52 > r.right:
                    break
                p.image("card_face", card, rect=Rect(x, r.y - 4, 52, 72))
                x += 58

    def _draw_sacred(self, p: Painter, r: Rect, step: Step) -> None:
        e = next((e for e in step.events if isinstance(e, ev.SacredTreePassed)), None)
        if e is None:
            return
        p.image("sacred_tree", rect=Rect(r.x, r.y - 6, 48, 48))
        p.text_box(
            self.tr("onibi.sacred", name=self.match.names[e.player]),
            Rect(r.x + 60, r.y, r.w - 60, r.h),
            theme.BODY,
            fit=True,
        )
