"""The event director: each event the table shows becomes its animation (one ``match`` case
per event type), and is applied to the display copy, with the engine's own ``apply_event``,
when its piece takes off or lands. It also keeps what is still on its way (the log waits for
it) and the cards an AI seat has just drawn (lit a moment)."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import assert_never, cast

from pygame import Rect

from game.engine import events as ev
from game.ui.kit import theme
from game.ui.kit.anim import Animator, Drop, Flight, Pause, Walk
from game.ui.kit.painter import Painter
from game.ui.table.board import SEASONS, BoardView
from game.ui.table.event_kinds import Part, event_sound, part_for
from game.ui.table.forest_closeup import FOCUS_HOLD_S, ForestCloseUp
from game.ui.table.match import Match
from game.ui.table.targets import Target

AI_PACE = 0.5  # an AI seat's pieces move in this share of the time a person's take
FLASH_S = 0.6  # how long a card an AI seat has just drawn stays lit
DURATION = {  # seconds at normal speed
    "reveal": 0.45,
    "fly": 0.5,
    "drop": 0.5,
    "step": 0.2,
    "slide": 0.5,
}


class Progress(Enum):
    """Where ``EventDirector.advance`` left the queue."""

    SHOWN = "shown"  # everything shown and landed
    MOVING = "moving"  # a piece is on its way; the next events wait for it
    PHASE = "phase"  # a new phase was just shown (it stays for a frame at least)
    END_OF_ROUND = "end_of_round"  # the round's end events wait for the walkthrough
    GAME_OVER = "game_over"  # the game's end waits for the game-over scene


class EventDirector:
    """Event -> animation -> ``apply_event`` on ``match.shown``, for one table."""

    def __init__(
        self,
        match: Match,
        board: BoardView,
        anims: Animator,
        closeup: ForestCloseUp,
        play_sound: Callable[[str], None],
    ) -> None:
        self.match = match
        self.board = board  # its layout follows the tray
        self.anims = anims
        self.closeup = closeup
        self.play_sound = play_sound
        self.in_flight: set[int] = set()  # events taken from the queue, not applied yet
        self.shown_steps = 0  # events applied to the display copy (the board is redrawn)
        self.flashes: list[tuple[Rect, float]] = []  # AI cards just drawn: (slot, when)
        self.clock = 0.0

    def advance(self, dt: float, speed: float) -> Progress:
        """Move the pieces on by ``dt`` (times ``speed``, the settings' factor; 0: land at
        once) and show the queue's events, each once the last one landed, until a piece
        flies, a new phase is shown, or another part must take over (its events are left in
        the queue for it)."""
        if speed <= 0:
            self.anims.finish()
        else:
            self.anims.update(dt * speed)
        if self.anims.busy:
            return Progress.MOVING
        q = self.match.queue
        while q:
            part = part_for(q[0])
            if part is Part.END_OF_ROUND:
                return Progress.END_OF_ROUND
            if part is Part.GAME_OVER:
                return Progress.GAME_OVER
            e = q.popleft()
            self.show(e, speed)
            if isinstance(e, ev.RoundStarted | ev.ActionPhaseStarted):
                self.flashes.clear()  # the draws they lit are over
                return Progress.PHASE
            if self.anims.busy:
                if speed <= 0:
                    self.anims.finish()
                    continue
                return Progress.MOVING
        return Progress.SHOWN

    def take_round_end(self) -> list[ev.Event]:
        """The round's end events (up to the next round or the game's end), taken from the
        queue for the walkthrough; they count as on their way until it applies them."""
        q, events = self.match.queue, []
        while q and not isinstance(q[0], ev.RoundStarted | ev.GameOver):
            events.append(q.popleft())
        self.in_flight.update(id(e) for e in events)
        return events

    def apply(self, event: ev.Event) -> None:
        """Step the display copy over ``event`` now."""
        self.match.step_shown(event)
        self.in_flight.discard(id(event))
        self.shown_steps += 1

    def show(self, event: ev.Event, speed: float) -> None:
        """Animate one event (``speed``: the settings' factor) and apply it at the right
        moment, so the copy is the real game once everything has landed."""
        shown, b, L = self.match.shown, self.board, self.board.layout
        self.in_flight.add(id(event))

        def apply() -> None:
            self.apply(event)

        d = self.durations()
        e = cast(ev.AnyEvent, event)
        match e:
            case ev.CardRevealed() | ev.FragmentUsed() if self.drawn_in_background(e.player):
                apply()  # an AI seat's line grows as it draws: at once, the card lit a moment
                q = shown.players[e.player]
                slots = b.line_slots(e.player, q.line)
                if slots:
                    self.flashes.append((slots[-1], self.clock))
            case ev.CardRevealed():
                q = shown.players[e.player]
                dst = b.line_slots(e.player, [*q.line, e.card])[-1]
                src = L.player(e.player, "draw_pile")
                image = ("card_face", e.card)
                self.anims.add(
                    Flight(
                        d["reveal"], on_done=apply, image=image, src=src, dst=dst, arc=30, flip=True
                    )
                )
            case ev.FragmentUsed():
                q = shown.players[e.player]
                slots = b.line_slots(e.player, q.line)
                src = slots[-1] if slots else L.player(e.player, "help_line")
                dst = L["varan_supply" if e.to_varan_supply else f"p{e.player}_discard"]
                dst = Rect(dst.x, dst.y, src.w, src.h)
                self.anims.add(
                    Flight(d["fly"], on_start=apply, image=("card_face", e.card), src=src, dst=dst)
                )
            case ev.AnimalAttracted():
                src = b.reserve_slot(shown, e.card)
                dst = L.player(e.player, "draw_pile")
                image = ("card_face", e.card)
                self.anims.add(
                    Flight(d["fly"], on_start=apply, image=image, src=src, dst=dst, arc=80)
                )
            case ev.FireExtinguished():
                slots = b.centre_fire_rects(shown)
                idx = shown.centre.index(e.value) if e.value in shown.centre else 0
                src = slots[idx] if slots else L["circle_centre"]
                dst = L.player(e.player, "fires")
                dst = Rect(dst.x, dst.y, dst.h, dst.h)
                image = ("fire_tile", e.value)
                self.anims.add(
                    Flight(d["fly"], on_start=apply, image=image, src=src, dst=dst, arc=90)
                )
            case ev.TreePlanted():
                self.show_planting(e, apply, speed)
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
            case ev.TileStolen():
                src = L.player(e.victim, "victory")
                dst = L.player(e.thief, "victory")
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
                src = L["fragment_supply"]
                dst = L.player(e.player, "fragments")
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
        if sound is not None and self.heard_here(e):
            self.play_sound(sound)

    def heard_here(self, e: ev.Event) -> bool:
        """Whether this screen plays ``e``'s sound: the cards drawn in the background (seats
        this screen does not play, drawing at the same time) and their forced stops are
        silent; the sounds follow this screen's seats and the turns shown at length."""
        match e:
            case ev.CardRevealed() | ev.FragmentUsed() | ev.PlayerStopped():
                return self.match.plays_here(e.player) or not self.match.draws_at_once()
            case _:
                return True

    def durations(self) -> dict[str, float]:
        """How long pieces move: an AI seat's a little faster than a person's own (four
        players: three AI turns between two of yours)."""
        a = self.match.shown_active()
        if a is None or not self.match.seats[a.player].is_ai:
            return DURATION
        return {k: v * AI_PACE for k, v in DURATION.items()}

    def drawn_in_background(self, seat: int) -> bool:
        """An AI seat's draw while the humans draw: shown at once, never queued behind."""
        return self.match.draws_at_once() and not self.match.plays_here(seat)

    def show_planting(self, e: ev.TreePlanted, apply: Callable[[], None], speed: float) -> None:
        """A tree drops onto its space; where Forests are small, an AI's planting opens its
        Forest up close first and holds a moment so the eye catches where it went."""
        dst = self.board.space(e.player, e.x, e.y)
        drop = self.durations()["drop"]
        closeup = self.closeup
        if not (closeup.small_forests and 0 < speed <= 1 and self.match.seats[e.player].is_ai):
            self.anims.add(Drop(drop, on_done=apply, image=("tree", e.tree), dst=dst))
            return
        seat = e.player
        dst = dict(closeup.geometry(self.board.layout, seat))[Target("space", seat, e.x, e.y)]

        def show() -> None:
            closeup.ai_seat = seat

        def hide() -> None:
            closeup.ai_seat = -1

        self.anims.add(Pause(0.2, on_start=show))
        self.anims.add(Drop(drop, on_done=apply, image=("tree", e.tree), dst=dst))
        self.anims.add(Pause(FOCUS_HOLD_S, on_done=hide))

    def draw_flashes(self, p: Painter) -> None:
        """A ring fading around each card an AI seat has just drawn."""
        self.flashes = [(r, t) for r, t in self.flashes if self.clock - t < FLASH_S]
        for r, t in self.flashes:
            k = 1 - (self.clock - t) / FLASH_S
            p.rect(r.inflate(4, 4), (*theme.TEXT[:3], round(200 * k)), radius=8, width=2)
