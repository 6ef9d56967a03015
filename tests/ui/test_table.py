"""Headless table tests driven by synthetic mouse and keyboard events through the app."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Decision, Phase
from game.engine import events as ev
from game.engine.moves import DRAW, STOP, Plant
from game.engine.state import E_WIND, REPEAT_TREE
from game.ui.table.match import Match, Seat
from game.ui.table.targets import Target


class Driver:
    """Clicks and keys in canvas coordinates, sent the way the window sends them."""

    def __init__(self, app, dt: float = 1 / 60) -> None:
        self.app = app
        self.dt = dt  # a frame's time step

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(self.dt)

    def click(self, logical, button: int = 1) -> None:
        pos = self.app.viewport.point(logical)
        self.app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
        self.app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames()

    def move(self, logical) -> None:
        pos = self.app.viewport.point(logical)
        self.app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
        self.frames()

    def key(self, key: int) -> None:
        self.app.feed(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frames()

    @property
    def top(self):
        return self.app.stack.top

    def target(self, t: Target):
        rect = self.top.board.rect_of(t)
        assert rect is not None, f"{t} is not on the table"
        return rect.center

    def button(self, label: str):
        for b in self.top.menu.buttons:
            if b.label == label:
                return b.rect.center
        raise AssertionError(f"no button {label!r}")


def start(app, ctx, seats: list[Seat], seed: int = 7) -> tuple[Driver, Match]:
    from game.ui.scenes.table import scene_for_match

    match = Match.new(seats, seed, first_player=0)
    app.stack.push(scene_for_match(ctx, match))
    d = Driver(app)
    d.frames(2)
    return d, match


def to_action_phase(d: Driver, match: Match) -> None:
    while match.game.phase is Phase.DRAW:
        seat = match.active().player
        move = STOP if STOP in match.game.legal_moves(seat) else DRAW
        match.play(seat, move)
    d.frames(3)
    assert d.top.kind == "action"


def boost(match: Match, seat: int, actions: int = 5) -> None:
    """Test set-up: plenty of every element and several actions, any action repeatable."""
    p = match.game.players[seat]
    p.forest_elems = [30, 30, 30, 30, 0]
    p.actions_left = actions
    p.forest[0 * 5 + 2] = REPEAT_TREE  # Tree 11 above the start: actions may repeat
    match.sync()


HUMANS = [Seat("Ana", "human"), Seat("Bo", "human")]


def test_new_game_from_the_menu_then_draw_and_stop(app, ctx) -> None:
    from game.ui.scenes.menu import MenuScene

    app.stack.push(MenuScene(ctx))
    d = Driver(app)
    d.frames()
    d.click(d.button(ctx.tr("menu.new_game")))
    assert d.top.kind == "setup"
    d.click(d.button("−"))
    d.click(d.button("−"))
    assert d.top.count == 2
    d.click(d.button(ctx.tr("setup.seed_random")))  # type a seed
    for ch in "42":
        app.feed(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    d.key(pygame.K_RETURN)
    assert d.top.seed == "42"
    d.click(d.button(ctx.tr("setup.start")))
    assert d.top.kind == "draw"
    match = d.top.match
    assert match.game.n == 2 and match.game.seed == 42
    for _ in range(200):  # the AI seat may draw first
        a = match.active()
        if a is None or not match.seats[a.player].is_ai:
            break
        d.frames()
    seat = match.active().player
    assert not match.seats[seat].is_ai
    d.key(pygame.K_SPACE)
    assert len(match.game.players[seat].line) == 1
    d.key(pygame.K_RETURN)
    assert match.game.players[seat].stopped


def test_using_a_fragment_removes_the_card_just_revealed(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    p = match.game.players[0]
    p.fragments, match.game.fragments = 1, match.game.fragments - 1
    match.sync()
    d.frames()
    d.click(d.target(Target("draw_pile", 0)))  # draw by clicking the pile
    card = p.line[-1]
    d.key(pygame.K_f)
    assert p.fragments == 0 and card not in p.line
    assert any(isinstance(e.event, ev.FragmentUsed) for e in match.log)


def test_each_of_the_five_actions_by_mouse_and_keys(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    boost(match, 0)
    d.frames()
    p = match.game.players[0]
    # 1 Fragment
    d.key(pygame.K_1)
    assert p.fragments == 1
    # 2 Attract: click an animal of the Reserve, then Finish
    card = match.game.reserve[0][0]
    d.key(pygame.K_2)
    d.click(d.target(Target("reserve", card)))
    assert p.deck[-1] == card
    if match.active().decision is Decision.ATTRACT:
        d.key(pygame.K_RETURN)
    # 3 Extinguish: click the Fire in the centre; the last one ends the step, so Confirm
    d.key(pygame.K_3)
    d.click(d.target(Target("centre_fire", match.game.centre[0], 0)))
    assert p.fires == [] and d.top.tentative is not None
    d.click(d.top.layout["button_confirm"].center)
    assert p.fires == [2]
    if match.active().decision is Decision.EXTINGUISH:
        d.key(pygame.K_RETURN)
    # 4 Plant: pick a tree, then a space, then confirm
    d.key(pygame.K_4)
    d.click(d.target(Target("tree_kind", 0)))
    d.click(d.target(Target("space", 0, 1, 1)))
    assert p.forest[1 * 5 + 1] == -1  # not yet: waiting for Confirm
    d.key(pygame.K_RETURN)
    assert p.forest[1 * 5 + 1] == 0
    # 5 Move: click the rock one step ahead
    rock = p.rock
    d.key(pygame.K_5)
    d.top.refresh_choices()
    rocks = [c.target for c in d.top.targets.choices if c.target.kind == "rock"]
    assert rocks
    d.click(d.target(rocks[0]))
    assert p.rock != rock
    kinds = [type(e.event).__name__ for e in match.log]
    for name in ("FragmentsTaken", "AnimalAttracted", "FireExtinguished", "TreePlanted"):
        assert name in kinds
    assert "StandeeMoved" in kinds


def test_moving_over_a_spirit_steals_the_tile_clicked(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    g = match.game
    g.players[0].rock, g.players[1].rock = 4, 5
    g.players[0].forest_elems = [0, 0, 0, 1, 0]  # Wind 1
    match.sync()
    d.frames()
    d.key(pygame.K_5)
    d.click(d.target(Target("rock", 6)))  # one rock, jumping rock 5
    assert match.active().decision is Decision.STEAL
    d.frames()
    d.click(d.target(Target("victory", 1, 1, s="tree")))
    assert ("tree", 1) in g.players[0].tiles
    assert ("tree", 1) not in g.players[1].tiles


def test_undo_takes_back_picks_but_not_past_the_action(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    boost(match, 0)
    d.frames()
    card = match.game.reserve[0][0]
    d.key(pygame.K_2)
    d.click(d.target(Target("reserve", card)))
    assert card not in match.game.reserve[0]
    d.key(pygame.K_BACKSPACE)
    assert card in match.game.reserve[0]
    assert match.active().decision is Decision.ATTRACT
    d.key(pygame.K_BACKSPACE)
    assert match.active().decision is Decision.ACTION
    assert match.game.players[0].actions_left == 5
    d.key(pygame.K_BACKSPACE)  # nothing more to undo
    assert match.game.players[0].actions_left == 5


def test_undo_takes_back_a_step_the_engine_ended_by_itself(app, ctx) -> None:
    """The last affordable animal ends Attract at once; nothing was revealed, so it undoes."""
    from game.data import animals

    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    p = match.game.players[0]
    offered = [c for row in match.game.reserve for c in row]
    card = min(offered, key=lambda c: animals()[c].cost)
    p.forest_elems = [animals()[card].cost - p.line_elems[0], 0, 0, 0, 0]
    p.actions_left = 2
    match.sync()
    d.frames()
    d.key(pygame.K_2)
    d.click(d.target(Target("reserve", card)))
    assert match.active().decision is Decision.ATTRACT and d.top.tentative is not None
    d.key(pygame.K_RETURN)  # the pick that ends the step is confirmed
    assert match.active().decision is Decision.ACTION  # the engine finished the step
    assert p.deck[-1] == card
    assert d.top.targets.buttons["button_undo"].enabled
    d.key(pygame.K_BACKSPACE)
    assert match.active().decision is Decision.ATTRACT
    assert any(card in row for row in match.game.reserve)
    d.key(pygame.K_BACKSPACE)  # and the choice of the action itself
    assert match.active().decision is Decision.ACTION
    assert match.game.players[0].actions_left == 2  # (undo puts back a copy of the game)
    # never across the end of the turn
    d.key(pygame.K_2)
    d.click(d.target(Target("reserve", card)))
    d.key(pygame.K_RETURN)
    d.key(pygame.K_p)
    d.key(pygame.K_RETURN)
    assert match.game.turn == 1
    assert not match.can_undo()


def test_passing_with_actions_left_asks_first(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    d.key(pygame.K_p)
    assert d.top.kind == "confirm"
    d.key(pygame.K_ESCAPE)
    assert d.top.kind == "action" and match.game.turn == 0
    d.key(pygame.K_p)
    d.key(pygame.K_RETURN)
    assert match.game.turn == 1


def test_end_of_round_steps_then_next_round(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    ctx.settings.speed = "normal"
    for _ in range(2):
        d.key(pygame.K_p)
        d.key(pygame.K_RETURN)
        d.frames(5)
    assert d.top.kind == "end_of_round"
    seen = []
    for _ in range(10):
        if d.top.kind != "end_of_round":
            break
        seen.append(d.top.index)
        d.key(pygame.K_SPACE)
        d.frames(2)
    assert seen[:5] == [0, 1, 2, 3, 4]
    assert d.top.kind == "draw" and match.shown.round == 2


def test_reaching_twelve_ends_in_the_game_over_scene(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    match.game.players[1].fires = [2] * 12
    match.game.fire_supply[2] -= 12  # keep the engine's tile count whole
    match.sync()
    for _ in range(2):
        d.key(pygame.K_p)
        d.key(pygame.K_RETURN)
    d.frames(3)
    assert d.top.kind == "game_over"
    assert d.top.result.winners == (1,)
    assert ctx.storage.load_stats().played == 1
    d.click(d.button(ctx.tr("gameover.play_again")))
    assert d.top.kind == "setup"
    assert d.top.count == 2 and [s.name for s in d.top.seats] == ["Ana", "Bo"]


def test_the_new_game_screen_remembers_the_last_table(app, ctx) -> None:
    """Start a 3-player game with a renamed seat and a Hard AI; New game offers it again,
    and the remembered table goes through the settings' own JSON round trip."""
    from game.player_settings import PlayerSettings
    from game.ui.scenes.setup import SetupScene

    setup = SetupScene(ctx)
    app.stack.push(setup)
    d = Driver(app)
    d.click(d.button("−"))
    setup.all_seats[0].name = "Mina"
    setup.all_seats[2].kind = "hard"
    d.click(d.button(ctx.tr("setup.start")))
    remembered = [(s.name, s.kind) for s in ctx.settings.last_table]
    # the seats left unnamed are remembered as defaults (shown in the language of the day)
    assert remembered == [("Mina", "human"), ("@summer", "medium"), ("@autumn", "hard")]
    saved, bad = PlayerSettings.from_json(ctx.storage.load_settings().to_json())
    assert bad == [] and saved.last_table == ctx.settings.last_table
    again = SetupScene(ctx)
    shown = [("Mina", "human"), ("Summer", "medium"), ("Autumn", "hard")]
    assert again.count == 3 and [(s.name, s.kind) for s in again.seats] == shown


@pytest.mark.parametrize("size", [(1920, 1080), (1000, 900), (3840, 2160)])
def test_resizing_mid_game_keeps_clicks_on_target(app, ctx, size) -> None:
    d, match = start(app, ctx, HUMANS)
    app.resize(size)
    d.frames()
    vp = app.viewport
    assert vp.area.w <= size[0] and vp.area.h <= size[1]
    assert abs(vp.area.w / vp.area.h - 16 / 9) < 0.01
    d.click(d.target(Target("draw_pile", 0)))
    assert len(match.game.players[0].line) == 1


def test_two_ai_seats_play_a_whole_game(app, ctx) -> None:
    d, match = start(app, ctx, [Seat("A", "easy"), Seat("B", "easy")], seed=3)
    for _ in range(3000):
        if d.top.kind == "game_over":
            break
        d.frames()
    assert d.top.kind == "game_over" and match.game.over


def test_overlays_open_and_close(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    d.key(pygame.K_ESCAPE)
    assert d.top.kind == "pause"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_d)
    assert d.top.kind == "discard"
    d.key(pygame.K_RIGHT)
    assert d.top.seat == 1
    d.key(pygame.K_ESCAPE)
    d.click(d.target(Target("reserve", match.game.reserve[2][0])), button=3)
    assert d.top.kind == "rules"
    d.key(pygame.K_ESCAPE)
    assert d.top.kind == "draw"


def test_the_window_size_and_full_screen_go_back_into_the_settings(app, ctx) -> None:
    """A resize is saved once, a moment later; F11 is saved at once."""
    from game.player_settings import PlayerSettings

    ctx.settings = PlayerSettings(speed="instant")
    app.resize((1600, 900))
    assert (ctx.settings.window_width, ctx.settings.window_height) == (1600, 900)
    assert ctx.storage.settings is None  # not yet: the user may still be dragging
    app.unsaved_since -= 10
    app.step(1 / 60)
    assert ctx.storage.settings.window == (1600, 900)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    assert ctx.storage.settings.fullscreen is True
    assert ctx.storage.settings.window == (1600, 900)  # the windowed size is kept
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    assert ctx.storage.settings.fullscreen is False


class PlanterAi:
    """An AI seat that plants whenever it can (else stops drawing, or passes)."""

    def __init__(self) -> None:
        self.answer = None

    def submit(self, game, seat: int, seed: int | None = None) -> None:
        from game.engine.moves import PASS, ChooseAction

        legal = game.legal_moves(seat)
        plants = [m for m in legal if isinstance(m, Plant)]
        for want in (plants[:1], [ChooseAction(4)], [STOP], [PASS]):
            if want and want[0] in legal:
                self.answer = want[0]
                return
        self.answer = legal[0]

    def poll(self):
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    @property
    def lane(self) -> object:
        return self


def test_an_ai_planting_opens_its_forest_up_close_in_four_players(app, ctx) -> None:
    """4 players, normal speed: the planter's Forest opens in the close-up, the tree drops
    there, and the view holds a moment (FOCUS_HOLD_S) after it lands before closing."""
    from game.ui.scenes.table import scene_for_match
    from game.ui.table.forest_closeup import FOCUS_HOLD_S

    ctx.ai_factory = lambda level, seat, seed=0: PlanterAi()
    ctx.settings.speed = "normal"
    seats = [Seat("Ana", "human"), Seat("Bo", "easy"), Seat("Cy", "easy"), Seat("Di", "easy")]
    match = Match.new(seats, 7, first_player=1)
    while match.game.phase is Phase.DRAW:  # the draw, straight through the match
        seat = match.active().player
        match.play(seat, STOP if STOP in match.game.legal_moves(seat) else DRAW)
    boost(match, 1)  # Bo acts first and can afford any tree
    app.stack.push(scene_for_match(ctx, match))
    d = Driver(app)
    planted_before = sum(t >= 0 for t in match.game.players[1].forest)
    opened = landed = closed = None
    for i in range(900):
        d.frames()
        scene, t = d.top, i / 60
        if scene.kind != "action":
            continue
        assert scene.closeup.small_forests
        shown = sum(v >= 0 for v in match.shown.players[1].forest)
        if opened is None and scene.focus_seat() == 1:
            opened = t
            assert scene.closeup.cells and all(c.a == 1 for c, _ in scene.closeup.cells)
        if opened is not None and landed is None and shown > planted_before:
            landed = t
            assert scene.focus_seat() == 1, "the tree lands in the close-up"
        if landed is not None and scene.focus_seat() != 1:
            closed = t
            break
    assert opened is not None, "the close-up never opened"
    assert landed is not None and closed is not None
    assert FOCUS_HOLD_S - 0.1 <= closed - landed <= FOCUS_HOLD_S + 0.2, closed - landed
    assert any(isinstance(m, Plant) for s, m in match.history if s == 1)


def test_the_discard_browser_reaches_every_card(ctx) -> None:
    from game.ui.scenes.overlays import DiscardBrowser

    match = Match.new([Seat("Ana", "human"), Seat("Bo", "easy")], 11, first_player=0)
    player = match.game.players[0]
    player.discard[:] = (list(player.deck) * 5)[:25]
    match.sync()
    browser = DiscardBrowser(ctx, match, 0)
    assert browser.last_row() == 1  # rows of 10: 1-20, then 11-25
    for _ in range(5):
        browser.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert browser.scroll == 1  # no scrolling into blank pages
    browser.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    assert browser.scroll == 0


def test_a_wrong_click_says_why_in_the_players_language(app, ctx) -> None:
    """Clicking a space no tree may go on is answered with the engine's reason as a
    sentence, and nothing changes."""
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    boost(match, 0)
    d.frames()
    d.key(pygame.K_4)
    d.click(d.target(Target("tree_kind", 0)))
    before = match.game.to_json()
    d.click(d.target(Target("space", 0, 4, 2)))  # a corner far from the start tree
    assert d.top.message == "Trees go on an empty space next to a tree already planted."
    assert match.game.to_json() == before


def test_a_rock_out_of_reach_says_how_far_the_wind_goes(app, ctx) -> None:
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    boost(match, 0)
    p = match.game.players[0]
    p.forest_elems[E_WIND] += 2 - p.total(E_WIND)  # Wind 2 in all
    match.sync()
    assert p.total(E_WIND) == 2
    d.frames()
    d.key(pygame.K_5)
    before = match.game.to_json()
    d.click(d.target(Target("rock", (p.rock + 5) % 12)))
    assert d.top.message == "You can move 1 to 2 rocks."
    assert match.game.to_json() == before


def test_enter_acts_on_the_first_target_of_a_choose_step(app, ctx) -> None:
    """In a step that asks for a target, focus starts on the first one: Enter takes it."""
    d, match = start(app, ctx, HUMANS)
    to_action_phase(d, match)
    boost(match, 0)
    d.frames()
    p = match.game.players[0]
    d.key(pygame.K_3)
    assert d.top.targets.focus == 0 and d.top.targets.choices[0].target.kind == "centre_fire"
    first = d.top.targets.choices[0].target.a
    d.key(pygame.K_RETURN)  # the only Fire: it ends the step, so it waits for Confirm
    d.key(pygame.K_RETURN)
    assert p.fires == [first]


def test_f1_opens_the_one_rules_help_at_what_is_hovered(app, ctx) -> None:
    """F1 (and the pause menu's Rules) open the illustrated help, at the part about the
    thing under the pointer: an animal's page of the catalogue, the Circle for a rock."""
    from game.data import animals
    from game.ui.scenes.rules_help import PER_PAGE, animals_for

    d, match = start(app, ctx, HUMANS)
    card = match.game.reserve[-1][-1]
    d.move(d.target(Target("reserve", card)))
    d.key(pygame.K_F1)
    help_ = d.top
    assert help_.kind == "rules_help" and help_.tab == "animals"
    assert help_.filter == str(animals()[card].level)
    shown = animals_for(help_.filter)[help_.page * PER_PAGE : (help_.page + 1) * PER_PAGE]
    assert card in [c.id for c in shown]
    d.key(pygame.K_ESCAPE)
    d.move(d.target(Target("rock", 5)))
    d.key(pygame.K_F1)
    assert d.top.kind == "rules_help" and d.top.tab == "circle"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)  # pause
    d.click(d.button(ctx.tr("pause.rules")))
    assert d.top.kind == "rules_help" and d.top.tab == "round"
