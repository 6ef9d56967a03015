"""End of the round: each Onibi step shown in turn over the table, skippable.

Steps (RULES §4.3): the attack on the players (firepower against each Water, Varans dealt),
the Fires added, the Reserve refilled, the Help Lines returned, the Sacred Tree passed. A
step with nothing to do is still shown with a sentence saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
from pygame import Rect

from game.engine import events as ev
from game.engine.state import E_WATER
from game.ui import theme, visual_state
from game.ui.painter import Painter
from game.ui.scenes.table import TableScene
from game.ui.widgets import panel
from game.ui.words import counted

STEPS = ("attack", "fires", "reserve", "return", "sacred")
STEP_SECONDS = 2.4  # at normal speed


@dataclass
class Step:
    name: str
    events: list[ev.Event] = field(default_factory=list)


def group_steps(events: list[ev.Event]) -> list[Step]:
    steps = {name: Step(name) for name in STEPS}
    for e in events:
        if isinstance(e, ev.OnibiAttack | ev.VaransDealt):
            steps["attack"].events.append(e)
        elif isinstance(e, ev.FiresAdded):
            steps["fires"].events.append(e)
        elif isinstance(e, ev.ReserveRefilled):
            steps["reserve"].events.append(e)
        elif isinstance(e, ev.HelpLinesReturned):
            steps["return"].events.append(e)
        elif isinstance(e, ev.SacredTreePassed):
            steps["sacred"].events.append(e)
    return [steps[name] for name in STEPS]


class EndOfRoundScene(TableScene):
    kind = "end_of_round"

    def __init__(self, ctx, match) -> None:  # noqa: ANN001 - same as TableScene
        super().__init__(ctx, match)
        self.steps: list[Step] = []
        self.index = -1
        self.timer = 0.0
        self.water = [p.total(E_WATER) for p in match.shown.players]
        self.round = match.shown.round

    def enter(self) -> None:
        events: list[ev.Event] = []
        q = self.match.queue
        while q and not isinstance(q[0], ev.RoundStarted | ev.GameOver):
            events.append(q.popleft())
        self.steps = group_steps(events)
        self.next_step()
        self.ctx.play_sound("onibi")

    def next_step(self) -> None:
        if self.index >= len(self.steps):
            return
        self.index += 1
        self.timer = 0.0
        if self.index < len(self.steps):
            for e in self.steps[self.index].events:
                visual_state.apply(self.match.shown, e)
            self.dirty = True

    def skip_all(self) -> None:
        while self.index < len(self.steps):
            self.next_step()

    def advance(self, dt: float) -> bool:
        if self.index < len(self.steps):
            if self.speed <= 0:
                self.skip_all()
            else:
                self.timer += dt * self.speed
                if self.timer >= STEP_SECONDS:
                    self.next_step()
                return False
        return super().advance(dt)

    def human_seat(self) -> int:
        return -1

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.skip_all()
            elif event.key != pygame.K_F1:
                self.next_step()
            else:
                self.open_rules()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.next_step()
            return
        super().handle_event(event)

    def banner_text(self) -> str:
        return self.tr("banner.end_of_round", round=self.round)

    def keys_text(self) -> str:
        return self.tr("keys.end_of_round")

    def prompt_text(self) -> str:
        return self.tr("prompt.end_of_round")

    def draw_extra(self, p: Painter) -> None:
        if not 0 <= self.index < len(self.steps):
            return
        r = self.layout["onibi_panel"]
        p.rect(Rect(0, 0, *self.layout.size), (0, 0, 0, 90))
        panel(p, r, fill=(26, 20, 18))
        tr = self.tr
        p.text(
            tr("onibi.title", round=self.round),
            (r.centerx, r.y + 18),
            theme.TITLE,
            theme.DANGER,
            anchor="midtop",
            bold=True,
        )
        # the list of steps, the current one lit
        y = r.y + 84
        col = Rect(r.x + 24, y, 300, r.h - 110)
        for i, name in enumerate(STEPS):
            colour = (
                theme.ACCENT
                if i == self.index
                else (theme.TEXT if i < self.index else theme.TEXT_DIM)
            )
            mark = "▶ " if i == self.index else ("✓ " if i < self.index else "· ")
            p.text(
                mark + tr(f"onibi.step.{name}"),
                (col.x, col.y + i * 44),
                theme.BODY,
                colour,
                bold=i == self.index,
                max_width=col.w,
            )
        body = Rect(r.x + 340, y, r.w - 364, r.h - 110)
        p.rect(body, (0, 0, 0, 110), radius=10)
        inner = body.inflate(-28, -28)
        step = self.steps[self.index]
        getattr(self, f"_draw_{step.name}")(p, inner, step)
        p.text(
            tr("onibi.continue"),
            (r.centerx, r.bottom - 14),
            theme.SMALL,
            theme.TEXT_DIM,
            anchor="midbottom",
        )

    def _draw_attack(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        attack = next((e for e in step.events if isinstance(e, ev.OnibiAttack)), None)
        if attack is None:
            p.text_box(tr("onibi.no_attack"), r, theme.BODY)
            return
        dealt = {e.player: e for e in step.events if isinstance(e, ev.VaransDealt)}
        p.text_box(
            counted(tr, "onibi.attack", attack.fires, power=attack.firepower, fires=attack.fires),
            r,
            theme.BODY,
            bold=True,
        )
        y = r.y + 80
        for seat, water in enumerate(attack.water):
            name = self.match.names[seat]
            colour = theme.SEASON_COLOURS[seat]
            p.circle((r.x + 10, y + 16), 9, colour)
            p.text(name, (r.x + 28, y), theme.BODY, theme.TEXT, bold=True, max_width=180)
            p.image("element_icon", "water", rect=Rect(r.x + 220, y, 32, 32))
            p.text(
                tr("onibi.water_vs", water=water, power=attack.firepower),
                (r.x + 258, y),
                theme.BODY,
                theme.TEXT,
            )
            if seat in dealt:
                d = dealt[seat]
                text = counted(tr, "onibi.hit", d.count, count=d.count)
                if d.short:
                    text += " " + tr("onibi.short", count=d.short)
                p.text(
                    text,
                    (r.x + 400, y),
                    theme.BODY,
                    theme.DANGER,
                    bold=True,
                    max_width=r.right - r.x - 400,
                )
            else:
                p.text(tr("onibi.safe"), (r.x + 400, y), theme.BODY, theme.LEGAL, bold=True)
            y += 48

    def _draw_fires(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        if not step.events:
            p.text_box(tr("onibi.no_fires"), r, theme.BODY)
            return
        y = r.y
        for e in step.events:
            assert isinstance(e, ev.FiresAdded)
            key = "onibi.fires_empty" if e.reason == "empty_centre" else "onibi.fires"
            n = len(e.values)
            text = tr(key, count=n) if key == "onibi.fires_empty" else counted(tr, key, n, count=n)
            h = p.text_box(text, Rect(r.x, y, r.w, 200), theme.BODY)
            y += h + 12
            for i, v in enumerate(e.values):
                p.image("fire_tile", v, rect=Rect(r.x + i * 76, y, 68, 68))
            y += 84
        p.text_box(
            tr("onibi.fires_rule"), Rect(r.x, y, r.w, r.bottom - y), theme.SMALL, theme.TEXT_DIM
        )

    def _draw_reserve(self, p: Painter, r: Rect, step: Step) -> None:
        tr = self.tr
        if not step.events:
            p.text_box(tr("onibi.reserve_full"), r, theme.BODY)
            return
        p.text_box(tr("onibi.reserve"), r, theme.BODY)
        x, y = r.x, r.y + 50
        for e in step.events:
            assert isinstance(e, ev.ReserveRefilled)
            for card in e.cards:
                if x + 100 > r.right:
                    x, y = r.x, y + 150
                p.image("card_face", card, rect=Rect(x, y, 100, 139))
                x += 108

    def _draw_return(self, p: Painter, r: Rect, step: Step) -> None:
        p.text_box(self.tr("onibi.return"), r, theme.BODY)

    def _draw_sacred(self, p: Painter, r: Rect, step: Step) -> None:
        e = next((e for e in step.events if isinstance(e, ev.SacredTreePassed)), None)
        if e is None:
            return
        p.image("sacred_tree", rect=Rect(r.centerx - 60, r.y + 70, 120, 120))
        p.text_box(
            self.tr("onibi.sacred", name=self.match.names[e.player]), r, theme.BODY, align="center"
        )
