"""End of the round: each Onibi step shown in turn over the table, skippable.

Steps (RULES §4.3): the attack on the players (firepower against each Water, Varans dealt),
the Fires added, the Reserve refilled, the Help Lines returned, the Sacred Tree passed. Each
step moves the pieces where they go (Varans fly to the discard piles of the players hit,
Fires from the supply to the centre, new animals from the level decks into the Reserve), and
a band along the bottom names the step and says why; the table stays visible above it. A
step with nothing to do is still shown with a sentence saying so. The band is drawn by
``OnibiPanel`` (``ui/table/onibi_panel.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from game.engine import events as ev
from game.engine.state import VARAN
from game.ui.context import Context
from game.ui.kit.anim import Anim, Animator, Flight, Group, Pause
from game.ui.kit.painter import Painter
from game.ui.scene import Scene
from game.ui.table.event_kinds import STEPS, step_of
from game.ui.table.onibi_panel import OnibiPanel, Step
from game.ui.table.table_role import TableRole

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


def group_steps(events: list[ev.Event]) -> list[Step]:
    steps = {name: Step(name) for name in STEPS}
    for e in events:
        name = step_of(e)
        if name is not None:
            steps[name].events.append(e)
    return [steps[name] for name in STEPS]


class EndOfRoundOverlay(OnibiPanel, Scene):
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
        on_start: Callable[[], None] | None = None
        on_done: Callable[[], None] | None = None
        if step.name == "attack":
            varan = L["varan_supply"]
            src = Rect(varan.x + 6, varan.y + 6, round((varan.h - 12) * 0.72), varan.h - 12)
            for e in step.events:
                if isinstance(e, ev.VaransDealt):
                    dz = L.player(e.player, "discard")
                    for _ in range(e.count):
                        parts.append(Flight(FLY, image=("card_face", VARAN), src=src, dst=dz))
        elif step.name == "fires":  # each Fire is on the table (and counted) as it lands
            supply = L["fire_supply"]
            src = Rect(supply.x + 6, supply.y + 6, supply.h - 12, supply.h - 12)
            added = [ev.FiresAdded((v,), e.reason) for e in step.events
                     if isinstance(e, ev.FiresAdded) for v in e.values]  # fmt: skip
            slots = b.centre_fire_slots(len(shown.centre) + len(added))[len(shown.centre) :]
            for e, slot in zip(added, slots, strict=False):
                land = partial(self.land_fire, e)
                image = ("fire_tile", e.values[0])
                parts.append(Flight(FLY, on_done=land, image=image, src=src, dst=slot, arc=120))
            rest = [e for e in step.events if not isinstance(e, ev.FiresAdded)]
            rest += added[len(parts) :]
            on_start = partial(self.fires_coming, len(parts))
            on_done = partial(self.fires_landed, rest)
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
                for card, slot in zip(q.line, b.line_slots(q.seat, q.line), strict=True):
                    parts.append(Flight(FLY, image=("card_face", card), src=slot, dst=dz, arc=30))
            on_start, on_done = (lambda: self.apply(step.events)), None
        elif step.name == "sacred":
            passed = next((e for e in step.events if isinstance(e, ev.SacredTreePassed)), None)
            if passed is not None:
                src, dst = L.player(shown.first, "name"), L.player(passed.player, "name")
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

    def fires_coming(self, count: int) -> None:
        """The centre is laid out for the Fires on their way (those landed keep their
        places as the others land)."""
        self.table.board.fires_coming = count

    def land_fire(self, e: ev.FiresAdded) -> None:
        """One Fire has reached the centre: on the table, counted by the firepower, now."""
        board = self.table.board
        board.fires_coming = max(0, board.fires_coming - 1)
        self.apply([e])

    def fires_landed(self, rest: list[ev.Event]) -> None:
        self.table.board.fires_coming = 0
        self.apply(rest)

    def hold(self) -> float:
        """How long the current step stays once its pieces have landed."""
        step = self.steps[self.index]
        quiet = not step.events or step.name in ROUTINE
        return QUIET_STEP_SECONDS if quiet else STEP_SECONDS

    def waiting(self) -> bool:
        """The current step has landed and waits for a click or a key: every step when the
        player takes the end of the round step by step; when it plays by itself, the attack
        that deals Fire Varans to a seat this screen plays (its own Varan is never missed)."""
        if not 0 <= self.index < len(self.steps) or self.anims.busy:
            return False
        if self.match.round_end_by_hand(self.ctx.settings.round_end):
            return True
        step = self.steps[self.index]
        return step.name == "attack" and any(
            isinstance(e, ev.VaransDealt) and e.count > 0 and self.match.plays_here(e.player)
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


def _none() -> None:
    return None
