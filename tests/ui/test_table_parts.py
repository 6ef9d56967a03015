"""The table is one scene for the whole match, built from parts: the end of the round is an
overlay pushed over it (the table stays below, drawing the board), the table alone takes
events from the queue, the key help follows the phase, and the target map answers the
tutorial's questions (where a move is made, what a click there means)."""

from __future__ import annotations

import pygame

from game.engine import Phase
from game.engine import events as ev
from game.engine.moves import PASS, ChooseAction
from game.ui.scenes.end_round import STEP_SECONDS, EndOfRoundOverlay
from game.ui.scenes.table import TableScene
from game.ui.table.event_director import Progress
from game.ui.table.targets import Target
from tests.ui.test_table import HUMANS, Driver, start, to_action_phase


def pass_both(d: Driver) -> None:
    for _ in range(2):
        d.key(pygame.K_p)
        d.key(pygame.K_RETURN)
        d.frames(5)


def test_one_table_from_the_draw_phase_through_the_round_end_to_the_next_round(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    table = d.top
    assert isinstance(table, TableScene) and table.kind == "draw"
    assert table.keys_text() == ctx.tr("keys.draw")
    to_action_phase(d, match)
    assert d.top is table and table.kind == "action"
    assert table.keys_text() == ctx.tr("keys.action")  # the key help follows the phase
    ctx.settings.speed = "normal"
    pass_both(d)
    walk = d.top
    assert isinstance(walk, EndOfRoundOverlay) and walk.transparent
    assert app.stack.scenes[-2:] == [table, walk]  # pushed over the table, not in its place
    assert walk.table is table and table.human_seat() == -1
    assert table.banner_text() == ctx.tr("banner.end_of_round", round=1)
    d.dt = 0.1  # frames as long as the app lets one be (its cap): the same steps, fewer frames
    for step in range(5):  # step by step (the default): each step waits for a key
        for _ in range(10 * 3):  # its pieces land...
            if walk.waiting():
                break
            d.frames()
        d.frames(round(2 * STEP_SECONDS * 10))  # ...and stays past twice a step's hold
        assert d.top is walk and walk.index == step and walk.waiting()
        d.key(pygame.K_SPACE)
    for _ in range(10 * 10):
        if d.top is not walk:
            break
        d.frames()
    assert d.top is table and table.round_end is None
    assert table.kind == "draw" and match.shown.round == 2


def test_the_walkthrough_gets_the_round_end_events_and_applies_them_on_the_table(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    table = d.top
    to_action_phase(d, match)
    ctx.settings.speed = "normal"
    pass_both(d)
    walk = d.top
    assert isinstance(walk, EndOfRoundOverlay)
    handed = [e for step in walk.steps for e in step.events]
    assert handed and all(not isinstance(e, ev.RoundStarted) for e in handed)
    assert not any(e in match.queue for e in handed)  # taken from the queue, once
    assert isinstance(match.queue[0], ev.RoundStarted)  # the rest waits for the table
    logged = len(table.log_entries())
    steps = table.director.shown_steps
    walk.skip_all()
    assert table.director.shown_steps == steps + len(handed)  # applied through the director
    assert len(table.log_entries()) > logged  # their log lines appear as they land
    d.frames()
    assert d.top is table and match.shown.round == 2


def test_the_table_keeps_drawing_the_board_under_the_walkthrough(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    table = d.top
    to_action_phase(d, match)
    ctx.settings.speed = "normal"
    pass_both(d)
    assert isinstance(d.top, EndOfRoundOverlay)
    drawn = []
    real = table.draw
    table.draw = lambda p: (drawn.append(1), real(p))  # type: ignore[method-assign]
    d.frames(3)
    assert len(drawn) == 3


def test_the_target_map_says_where_a_move_is_made_and_what_a_click_means(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    table = d.top
    to_action_phase(d, match)
    table.refresh_choices()
    targets = table.targets
    attract = ChooseAction(2).canonical()
    rect = targets.rect_of(attract)
    assert rect == table.layout["button_action_2"]
    rock = match.game.players[0].rock
    assert targets.intent_at(rect.center, table.hit(rect.center), 0, rock) == attract
    assert targets.rect_of(PASS) == table.layout["button_pass"]
    d.key(pygame.K_2)  # Attract: a Reserve card is the target now
    table.refresh_choices()
    choice = table.targets.choices[0]
    assert choice.target.kind == "reserve" and choice.move is not None
    spot = table.targets.rect_of(choice.move)
    assert spot == table.board.rect_of(choice.target)
    assert table.targets.intent_at(spot.center, choice.target, 0, rock) == choice.move


def test_the_director_shows_one_event_at_a_time_and_stops_at_a_new_phase(ctx) -> None:
    from game.engine.moves import DRAW, STOP
    from game.ui.table.match import Match, Seat
    from tests.engine.test_stepping import differences

    match = Match.new([Seat("A"), Seat("B")], seed=3, first_player=0)
    table = TableScene(ctx, match)
    director = table.director
    match.play(0, DRAW)
    assert director.advance(0.0, 1.0) is Progress.MOVING  # the card flies: the rest waits
    assert table.anims.busy and director.in_flight
    assert len(table.log_entries()) < len(match.log)
    table.anims.finish()
    assert director.advance(0.0, 1.0) is Progress.SHOWN
    assert not match.queue and not director.in_flight
    assert differences(match.shown, match.game) == []
    while match.game.phase is Phase.DRAW:
        seat = match.active().player
        match.play(seat, STOP if STOP in match.game.legal_moves(seat) else DRAW)
    outcomes = set()
    while match.queue:
        outcomes.add(director.advance(0.0, 0.0))
    assert Progress.PHASE in outcomes  # the action phase began: that frame ends there


def test_a_card_under_the_closeup_is_not_hit_through_it(app, ctx) -> None:
    d, _match = start(app, ctx, HUMANS)
    table = d.top
    layout = table.layout
    table.closeup.cells = [(Target("space", 1, 0, 0), layout["forest_focus"].inflate(-200, -200))]
    inside = layout["forest_focus"].topleft
    assert table.hit((inside[0] + 2, inside[1] + 2)) is None  # the frame hides the table
    assert table.hit(table.closeup.cells[0][1].center) == Target("space", 1, 0, 0)


def test_leaving_during_the_walkthrough_saves_what_was_played(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    table = d.top
    to_action_phase(d, match)
    ctx.settings.speed = "normal"
    pass_both(d)
    assert isinstance(d.top, EndOfRoundOverlay)
    table.saver.unsaved = True  # say an AI seat has drawn meanwhile
    saved = []
    table.saver.storage.save_match = saved.append  # type: ignore[method-assign]
    app.stack.pop()
    assert saved and saved[-1]["moves"] == match.to_json()["moves"]


def test_the_rules_tooltip_still_shows_under_the_walkthrough(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    table = d.top
    to_action_phase(d, match)
    ctx.settings.speed = "normal"
    pass_both(d)
    walk = d.top
    assert isinstance(walk, EndOfRoundOverlay)
    shown = []
    table.hud.draw_tooltip = lambda p, text, *rest: shown.append(text)  # type: ignore[method-assign]
    card = match.shown.reserve[0][0]
    d.move(table.board.rect_of(Target("reserve", card)).center)
    walk.timer = -99.0  # hold the step while the pointer rests
    d.frames(40)
    assert d.top is walk and shown and shown[-1].title
