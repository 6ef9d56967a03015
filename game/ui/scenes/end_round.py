"""End of the round: each Onibi step shown in turn over the table, skippable.

Steps (RULES §4.3): the attack on the players (firepower against each Water, Varans dealt),
the Fires added, the Reserve refilled, the Help Lines returned, the Sacred Tree passed. Each
step moves the pieces where they go (Varans fly to the discard piles of the players hit,
Fires from the supply to the centre, new animals from the level decks into the Reserve), and
a band along the bottom names the step and says why; the table stays visible above it. A
step with nothing to do is still shown with a sentence saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

import pygame
from pygame import Rect

from game.engine import FireReason
from game.engine import events as ev
from game.engine.state import VARAN
from game.ui.context import Context
from game.ui.kit import theme
from game.ui.kit.anim import Anim, Animator, Flight, Group, Pause
from game.ui.kit.painter import Painter
from game.ui.kit.widgets import panel
from game.ui.scene import Scene
from game.ui.table.event_kinds import step_of
from game.ui.table.table_role import TableRole
from game.ui.words.sentences import counted

STEPS = ("attack", "fires", "reserve", "return", "sacred")
# At normal speed, once the step's pieces have landed: long enough to read the band's
# sentence (or to click on at once), short enough that the whole walkthrough stays under
# five seconds (issue 15: at most 12 s from a player's last action to their next decision,
# three AI turns included; tests/ui/test_pacing.py).
STEP_SECONDS = 0.5
ROUTINE = ("return", "sacred")  # the same every round: the band's sentence is short
QUIET_STEP_SECONDS = 0.3  # those, and a step with nothing happening (its sentence says so)
FLY = 0.36  # one piece's flight
STAGGER = 0.1  # between pieces of the same step
SPREAD = 0.5  # at most this long between a step's first and last piece taking off


@dataclass
class Step:
    name: str
    events: list[ev.Event] = field(default_factory=list)


def group_steps(events: list[ev.Event]) -> list[Step]:
    steps = {name: Step(name) for name in STEPS}
    for e in events:
        name = step_of(e)
        if name is not None:
            steps[name].events.append(e)
    return [steps[name] for name in STEPS]


class EndOfRoundOverlay(Scene):
    """The walkthrough, pushed over the table with the round's end events (the table owns
    the match's queue and hands them over). It owns its steps, the hold after each, their
    animations and its panel; each step's events are applied through the table's
    director, so the table below redraws the board and the log as they land. The table
    keeps ticking below it (its clock, its alerts, the AI seats' background draws)."""

    kind = "end_of_round"
    transparent = True

    def __init__(self, ctx: Context, table: TableRole, events: list[ev.Event]) -> None:
        super().__init__(ctx)
        self.table = table
        self.match = table.match
        self.anims = Animator()
        self.steps = group_steps(events)
        self.index = -1
        self.timer = 0.0
        self.round = self.match.shown.round

    @property
    def tr(self):  # noqa: ANN201 - the catalogue's tr
        return self.ctx.tr

    def enter(self) -> None:
        self.next_step()
        self.ctx.play_sound("onibi")

    def exit(self) -> None:
        """Closed (or left for the menu): what the AI seats played meanwhile is saved."""
        self.table.autosave(force=True)

    def next_step(self) -> None:
        """Land the current step's pieces at once, then start the next step's."""
        self.anims.finish()
        if self.index >= len(self.steps):
            return
        self.index += 1
        self.timer = 0.0
        if self.index < len(self.steps):
            step = self.steps[self.index]
            anim = self.step_anim(step)
            if anim is None:
                self.apply(step.events)
            else:
                self.anims.add(anim)

    def apply(self, events: list[ev.Event]) -> None:
        for e in events:
            self.table.director.apply(e)

    def step_anim(self, step: Step) -> Anim | None:
        """The pieces this step moves, flying together; the step's events apply on landing
        (the Help Lines leave as they take off)."""
        b, L, shown = self.table.board, self.table.layout, self.match.shown
        parts: list[Anim] = []
        on_start = on_done = None
        if step.name == "attack":
            varan = L["varan_supply"]
            src = Rect(varan.x + 6, varan.y + 6, round((varan.h - 12) * 0.72), varan.h - 12)
            for e in step.events:
                if isinstance(e, ev.VaransDealt):
                    dz = L.player(e.player, "discard")
                    for _ in range(e.count):
                        parts.append(Flight(FLY, image=("card_face", VARAN), src=src, dst=dz))
        elif step.name == "fires":
            supply = L["fire_supply"]
            src = Rect(supply.x + 6, supply.y + 6, supply.h - 12, supply.h - 12)
            added = [v for e in step.events if isinstance(e, ev.FiresAdded) for v in e.values]
            slots = b.centre_fire_slots(len(shown.centre) + len(added))[len(shown.centre) :]
            for v, slot in zip(added, slots, strict=False):
                parts.append(Flight(FLY, image=("fire_tile", v), src=src, dst=slot, arc=120))
        elif step.name == "reserve":
            for e in step.events:
                if not isinstance(e, ev.ReserveRefilled):
                    continue
                stub = L[f"market_{e.level}"]
                have = len(shown.reserve[e.level - 1])
                slots = b.reserve_slots(e.level)[have : have + len(e.cards)]
                for card, slot in zip(e.cards, slots, strict=False):
                    src = Rect(stub.x, stub.y, slot.w, slot.h)
                    parts.append(
                        Flight(FLY, image=("card_face", card), src=src, dst=slot, arc=20, flip=True)
                    )
        elif step.name == "return":
            for q in shown.players:
                dz = L.player(q.seat, "discard")
                for card, slot in zip(q.line, b.line_slots(q.seat, len(q.line)), strict=True):
                    parts.append(Flight(FLY, image=("card_face", card), src=slot, dst=dz, arc=30))
            on_start, on_done = (lambda: self.apply(step.events)), None
        elif step.name == "sacred":
            e = next((e for e in step.events if isinstance(e, ev.SacredTreePassed)), None)
            if e is not None:
                src, dst = L.player(shown.first, "name"), L.player(e.player, "name")
                size = src.h
                parts.append(
                    Flight(
                        FLY * 1.6,
                        image=("sacred_tree",),
                        src=Rect(src.x + 30, src.y, size, size),
                        dst=Rect(dst.x + 30, dst.y, size, size),
                        arc=40,
                    )
                )
        if not parts and not step.events:
            return None
        if on_start is None:
            on_done = lambda: self.apply(step.events)  # noqa: E731 - a callback
        if not parts:
            return Pause(0.3, on_done=on_done or _none)
        stagger = min(STAGGER, SPREAD / max(1, len(parts)))
        return Group(
            FLY + stagger * (len(parts) - 1),
            on_start=on_start or _none,
            on_done=on_done or _none,
            parts=parts,
            stagger=stagger,
        )

    def hold(self) -> float:
        """How long the current step stays once its pieces have landed."""
        step = self.steps[self.index]
        quiet = not step.events or step.name in ROUTINE
        return QUIET_STEP_SECONDS if quiet else STEP_SECONDS

    def waiting(self) -> bool:
        """The current step has landed and waits for a click or a key: every step when the
        player takes the end of the round step by step; when it plays by itself, the attack
        that deals Fire Varans to a human (their own Varan is never missed)."""
        if not 0 <= self.index < len(self.steps) or self.anims.busy:
            return False
        if self.match.round_end_by_hand(self.ctx.settings.round_end):
            return True
        step = self.steps[self.index]
        seats = self.match.seats
        return step.name == "attack" and any(
            isinstance(e, ev.VaransDealt) and e.count > 0 and not seats[e.player].is_ai
            for e in step.events
        )

    def skip_all(self) -> None:
        while self.index < len(self.steps):
            self.next_step()

    def busy(self) -> bool:
        """Frames while pieces fly or a step holds; none while a step waits for input."""
        going = self.index < len(self.steps) and not self.waiting()
        return going or self.anims.busy or self.table.busy()

    def update(self, dt: float) -> None:
        """The current step's pieces fly, then it holds a moment; after the last step the
        walkthrough closes and the table shows the rest of the queue."""
        table = self.table
        table.tick(dt)
        table.run_seats(dt)
        speed = table.speed
        if self.index < len(self.steps):
            if speed <= 0:
                self.skip_all()
            elif self.anims.busy:
                self.anims.update(dt * speed)
            else:
                self.timer += dt * speed
                if self.timer >= self.hold() and not self.waiting():
                    self.next_step()
        table.autosave()
        if self.index >= len(self.steps) and self.stack is not None and self.stack.top is self:
            self.stack.pop()
            table.advance(0.0)  # the next round starts on the table in this same frame

    def handle_event(self, event: pygame.event.Event) -> None:
        """A key or a click: the next step (Esc: all of them; F1: the rules). The pointer's
        motion, the wheel and right-clicks go to the table below."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.skip_all()
            elif event.key != pygame.K_F1:
                self.next_step()
            else:
                self.table.open_rules()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.next_step()
            return
        self.table.handle_event(event)

    def banner_text(self) -> str:
        """The table's banner while the walkthrough is up."""
        return self.tr("banner.end_of_round", round=self.round)

    def draw(self, p: Painter) -> None:
        self.anims.draw(p)
        self.draw_panel(p)

    def draw_panel(self, p: Painter) -> None:
        if not 0 <= self.index < len(self.steps):
            return
        r = self.table.layout["onibi_panel"]
        panel(p, r, fill=(26, 20, 18))
        tr = self.tr
        p.text(
            tr("onibi.title", round=self.round),
            (r.x + 24, r.y + 14),
            theme.LARGE,
            theme.DANGER,
            bold=True,
            max_width=430,
        )
        # the steps in a row, the current one lit
        x0, w = r.x + 470, (r.right - 24 - (r.x + 470)) / len(STEPS)
        for i, name in enumerate(STEPS):
            now, done = i == self.index, i < self.index
            chip = Rect(round(x0 + i * w), r.y + 12, round(w) - 10, 44)
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
            )
        step = self.steps[self.index]
        body = Rect(r.x + 24, r.y + 68, r.w - 48, r.h - 104)
        self.draw_step(p, body, step)
        waiting = self.waiting()
        auto = not self.match.round_end_by_hand(self.ctx.settings.round_end)
        p.text(
            tr("onibi.continue" if waiting or not auto else "onibi.continue_auto"),
            (r.right - 24, r.bottom - 10),
            theme.SMALL,
            theme.ACCENT if waiting else theme.TEXT_DIM,
            anchor="bottomright",
            bold=waiting,
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
                p.text_box(self.tr("onibi.return"), r, theme.BODY)
            case "sacred":
                self._draw_sacred(p, r, step)
            case other:
                raise ValueError(f"no end-of-round step {other!r}")

    def _draw_attack(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        attack = next((e for e in step.events if isinstance(e, ev.OnibiAttack)), None)
        if attack is None:
            p.text_box(tr("onibi.no_attack"), r, theme.BODY)
            return
        dealt = {e.player: e for e in step.events if isinstance(e, ev.VaransDealt)}
        text = counted(tr, "onibi.attack", attack.fires, power=attack.firepower, fires=attack.fires)
        p.text_box(text, r, theme.BODY)
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
            p.text(
                tr("onibi.water_vs", water=water, power=attack.firepower),
                (badge.x + 20 + icon, badge.centery),
                theme.BODY,
                theme.TEXT,
                anchor="midleft",
                bold=True,
            )
            if hit:
                d = dealt[seat]
                verdict = counted(tr, "onibi.hit", d.count, count=d.count)
                if d.short:
                    verdict += " " + tr("onibi.short", count=d.short)
            else:
                verdict = tr("onibi.safe")
            p.text(
                verdict,
                (badge.right - 14, badge.centery),
                theme.BODY,
                self.table.palette.danger if hit else self.table.palette.safe,
                anchor="midright",
                bold=True,
                max_width=badge.w - icon - 150,
            )

    def _draw_fires(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        if not step.events:
            p.text_box(tr("onibi.no_fires"), r, theme.BODY)
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
            drawn = p.text(text, (r.x, y), theme.BODY, theme.TEXT, max_width=r.w - 400)
            for i, v in enumerate(e.values):
                p.image("fire_tile", v, rect=Rect(drawn.right + 12 + i * 40, y - 2, 36, 36))
            y += 40
        p.text_box(
            tr("onibi.fires_rule"), Rect(r.x, y, r.w, r.bottom - y), theme.SMALL, theme.TEXT_DIM
        )

    def _draw_reserve(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        if not step.events:
            p.text_box(tr("onibi.reserve_full"), r, theme.BODY)
            return
        drawn = p.text(tr("onibi.reserve"), (r.x, r.y), theme.BODY, theme.TEXT)
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
        )


def _none() -> None:
    return None
