"""This screen's seats are the only "you" (issue 40): the tray, the banner, the prompt, the
keys kept while the table is busy and the end-of-round band follow the seats this screen
plays (``Match.plays_here``), never a person's at another screen; hot-seat seats at one
screen still hand the tray over between themselves. A notice lives only as long as its
cause ("Wait: it is not your decision yet." goes when the decision is this screen's).

The matches here are local ones that play some human seats elsewhere, as a ``RemoteMatch``
does (the seats the server gave this client): the rule is the same, only the wire is not."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine import Decision, Phase
from game.engine.moves import DRAW, STOP
from game.ui.table.board import BoardView
from game.ui.table.layout import load_layout
from game.ui.table.match import Match, Seat
from game.ui.table.seating import Seating
from tests.ui.test_table import Driver


@dataclass
class Elsewhere(Match):
    """A match whose seats not in ``here`` are played at another screen."""

    here: frozenset[int] = field(default_factory=frozenset)

    def plays_here(self, seat: int) -> bool:
        return seat in self.here


def elsewhere(seats: list[Seat], here: set[int], seed: int = 5) -> Elsewhere:
    plain = Match.new(seats, seed, first_player=0)
    return Elsewhere(plain.game, seats, first_player=0, seed=seed, here=frozenset(here))


def seating(ctx, match: Match) -> Seating:
    base = load_layout(match.game.n)
    return Seating(match, base, BoardView(base, match.game.n, ctx.tr))


def draw_until(match: Match, seat: int) -> None:
    """Play the draw phase (stop as soon as allowed) until ``seat`` decides."""
    for _ in range(200):
        a = match.active()
        if a is None or a.player == seat:
            break
        match.play(a.player, STOP if STOP in match.legal() else DRAW)
    assert match.active() is not None and match.active().player == seat
    match.queue.clear()
    match.sync()


def test_the_tray_never_goes_to_a_person_at_another_screen(ctx) -> None:
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0})
    s = seating(ctx, match)
    assert s.tray == 0
    draw_until(match, 1)  # Bo, at the other screen, draws now
    assert not s.follow(3.0, animating=False) and s.tray == 0
    assert not s.handing_over(3.0), "no hand-over to a seat this screen does not play"


def test_a_screen_that_plays_only_the_second_seat_shows_it_from_the_start(ctx) -> None:
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={1})
    assert seating(ctx, match).tray == 1 and seating(ctx, match).first_here() == 1


def test_a_mixed_table_hands_over_between_its_own_seats_only(ctx) -> None:
    match = elsewhere([Seat("Ana"), Seat("Bo"), Seat("Cy")], here={0, 1})
    s = seating(ctx, match)
    draw_until(match, 1)  # the second person at this screen
    assert s.follow(4.0, animating=False) and s.tray == 1 and s.handing_over(4.0)
    draw_until(match, 2)  # Cy draws at the other screen, within the hand-over's seconds
    assert not s.handing_over(5.0), 'no "Bo, your turn" over Cy\'s turn'
    assert not s.follow(5.0, animating=False) and s.tray == 1


def table_for(app, ctx, match: Match) -> Driver:
    from game.ui.scenes.table import scene_for_match

    app.stack.push(scene_for_match(ctx, match))
    d = Driver(app)
    d.frames(2)
    return d


def settle(d: Driver, frames: int = 120) -> None:
    for _ in range(frames):
        d.frames()
        if d.top.match.idle and not d.top.anims.busy:
            return


def test_another_persons_turn_reads_as_theirs_and_offers_nothing_here(app, ctx) -> None:
    ctx.settings.speed = "fast"
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0})
    d = table_for(app, ctx, match)
    t = d.top
    assert t.human_seat() == 0 and "Ana, your draw" in t.banner_text()
    draw_until(match, 1)
    settle(d)
    assert t.seating.tray == 0 and t.human_seat() == -1
    banner, prompt = t.banner_text(), t.prompt_text()
    assert "Bo is drawing" in banner and "your" not in banner, banner
    assert prompt.startswith("Bo is drawing") and "Draw a card" not in prompt, prompt
    t.refresh_choices()
    assert "button_draw" not in t.targets.buttons  # no lit Draw on a screen that cannot act
    while match.game.phase is Phase.DRAW:  # Bo stops; the action phase starts with Ana
        match.play(1, STOP if STOP in match.legal() else DRAW)
    settle(d)
    a = match.active()
    if a.player == 1:  # Bo chooses first: it reads as his, with no action offered here
        assert a.decision is Decision.ACTION
        assert "Bo is choosing an action" in t.banner_text()
        assert "Choose an action" not in t.prompt_text() and t.human_seat() == -1
        t.refresh_choices()
        assert "button_action_1" not in t.targets.buttons


def test_wait_goes_when_the_decision_becomes_this_screens(app, ctx) -> None:
    ctx.settings.speed = "fast"
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0}, seed=11)
    d = table_for(app, ctx, match)
    t = d.top
    draw_until(match, 1)
    settle(d)
    d.key(pygame.K_SPACE)  # Ana presses Space during Bo's draw
    wait = ctx.tr("prompt.key_refused_wait")
    assert t.message == wait and t.prompt_text() == wait
    assert not t.controls.queued, "a key is never kept for a seat played elsewhere"
    for _ in range(100):  # Bo draws and stops; then whoever acts first, until Ana decides
        a = match.active()
        if a is not None and a.player == 0 and match.game.phase is Phase.ACTION:
            break
        match.play(a.player, STOP if STOP in match.legal() else match.legal()[-1])
    settle(d)
    assert t.human_seat() == 0
    d.frames()
    assert t.message == "" and t.prompt_text() != wait, "the notice outlived its cause"


def test_a_refusal_said_at_ones_own_decision_stays_while_it_is_at_hand(app, ctx) -> None:
    ctx.settings.speed = "fast"
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0})
    d = table_for(app, ctx, match)
    t = d.top
    t.message = "that costs too much"
    d.frames(10)
    assert t.message == "that costs too much"  # Ana's draw is still at hand
    draw_until(match, 1)
    d.frames()
    assert t.message == ""


def test_the_round_end_waits_only_for_varans_dealt_to_this_screens_seats(app, ctx) -> None:
    from game.engine import events as ev
    from game.ui.scenes.end_round import EndOfRoundOverlay

    ctx.settings.round_end = "auto"
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0})
    d = table_for(app, ctx, match)
    attack = [ev.OnibiAttack(3, 1, (0, 0), (1,)), ev.VaransDealt(1, 1, 0)]
    walk = EndOfRoundOverlay(ctx, d.top, attack)
    walk.index = 0  # the attack, landed (nothing flies: it was never started)
    assert not walk.waiting(), "Bo's Varan is shown on his screen, not held here"
    walk.steps[0].events = [ev.OnibiAttack(3, 1, (0, 0), (0,)), ev.VaransDealt(0, 1, 0)]
    assert walk.waiting()
    assert not match.round_end_by_hand("auto") and match.round_end_by_hand("steps")
    assert not elsewhere([Seat("Ana"), Seat("Bo")], here=set()).round_end_by_hand("steps")


def test_each_fire_counts_on_the_table_as_it_lands(app, ctx) -> None:
    """The firepower line follows the Fires shown at once (issue 40): each Fire added at
    the end of the round is in the centre, and counted, the moment its piece lands, not
    once the last one has; the landed ones keep their places meanwhile."""
    from game.engine import events as ev
    from game.engine.vocab import FireReason
    from game.ui.scenes.end_round import FLY, STAGGER, EndOfRoundOverlay

    ctx.settings.speed = "normal"
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0, 1})
    d = table_for(app, ctx, match)
    t = d.top
    before = len(match.shown.centre)
    value = next(v for v, left in match.shown.fire_supply.items() if left >= 3)
    added = ev.FiresAdded((value,) * 3, FireReason.ATTRACTED)
    walk = EndOfRoundOverlay(ctx, t, [added])
    walk.index = 0  # the attack (none) shown: the Fires' step is next
    walk.next_step()
    assert walk.steps[walk.index].name == "fires" and walk.anims.busy
    walk.anims.update(FLY + STAGGER / 2)  # the first piece has landed, two still fly
    assert len(match.shown.centre) == before + 1
    first = t.board.centre_fire_rects(match.shown)[before]
    walk.anims.update(STAGGER)
    assert len(match.shown.centre) == before + 2
    assert t.board.centre_fire_rects(match.shown)[before] == first  # it stays where it landed
    walk.anims.update(1.0)
    assert len(match.shown.centre) == before + 3 and t.board.fires_coming == 0
    assert t.board.centre_fire_rects(match.shown)[before] == first


def test_the_draw_sounds_follow_this_screens_seats(app, ctx) -> None:
    """Cards drawn in the background by a seat this screen does not play (a person at
    another screen, an AI) are silent, and so is its forced stop; this screen's are heard."""
    from game.engine import events as ev

    heard: list[str] = []
    ctx.play_sound = heard.append
    ctx.settings.speed = "fast"
    match = elsewhere([Seat("Ana"), Seat("Bo")], here={0})
    d = table_for(app, ctx, match)
    director = d.top.director
    card = match.game.players[1].deck[-1]
    director.show(ev.CardRevealed(1, card, 0), 1.0)
    director.show(ev.PlayerStopped(1, 3, True, 1), 1.0)
    assert heard == []
    director.show(ev.CardRevealed(0, match.game.players[0].deck[-1], 0), 1.0)
    assert heard == ["draw"]


@dataclass
class OnHold(Elsewhere):
    """A match whose table waits (a remote match with its connection down: the host left)."""

    held: bool = False

    def on_hold(self) -> bool:
        return self.held

    def active(self):  # noqa: ANN201 - as RemoteMatch: nobody decides while the table waits
        return None if self.held else super().active()


def test_a_table_on_hold_says_no_your_turn_even_at_ones_own_decision(app, ctx) -> None:
    """The host left: nothing can be played, so the banner says the round, not "your draw"
    (nor "Bo is drawing": nobody's turn goes on)."""
    seats = [Seat("Ana"), Seat("Bo")]
    game = elsewhere(seats, here={0}).game
    match = OnHold(game, seats, first_player=0, seed=5, here=frozenset({0}))
    d = table_for(app, ctx, match)
    t = d.top
    assert "Ana, your draw" in t.banner_text()
    match.held = True
    d.frames(2)
    banner = t.banner_text()
    assert "your" not in banner and "Round 1" in banner, banner
    match.held = False
    d.frames(2)
    assert "Ana, your draw" in t.banner_text()
    draw_until(match, 1)  # Bo's turn at the other screen, and the table waits again
    settle(d)
    match.held = True
    d.frames(2)
    assert "Bo" not in t.banner_text() and "Round 1" in t.banner_text()
