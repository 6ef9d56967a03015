"""The draw phase at the table is simultaneous (RULES §4.1): the AI seats draw in the
background while the humans draw, one human after another in hot-seat; the action phase
starts only when everyone has stopped; and the outcome is the one of seats drawing in turn."""

from __future__ import annotations

import random

import pygame

from game.engine import Game, Move, Phase, new_game
from game.engine import events as ev
from game.engine.moves import DRAW, STOP
from game.ui.table.ai_seats.ai_draws import AiDraws
from game.ui.table.match import Match, Seat
from tests.ui.test_table import start


class SeededAi:
    """Draws or stops by its decision's seed (so a seed that depended on the interleaving
    would show), never past two uncancelled solitary symbols."""

    def __init__(self, log: list | None = None) -> None:
        self.answer: Move | None = None
        self.log = log

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        moves = game.legal_moves(seat)
        draw = random.Random(seed).random() < 0.75 and game.players[seat].uncancelled < 2
        self.answer = DRAW if DRAW in moves and (draw or STOP not in moves) else STOP
        if self.log is not None:
            self.log.append((seat, len(game.players[(seat + 1) % game.n].line)))

    def poll(self) -> Move | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    @property
    def lane(self) -> object:
        return self


def four(human: int = 0) -> list[Seat]:
    return [Seat(n, "human" if i == human else "easy") for i, n in enumerate("ABCD")]


def until_human(d, seat: int, limit: int = 300) -> None:
    for _ in range(limit):
        if d.top.human_seat() == seat:
            return
        d.frames()
    raise AssertionError(f"seat {seat} never got to decide")


def ai_lines(match: Match) -> list[int]:
    return [len(p.line) for p, s in zip(match.shown.players, match.seats, strict=True) if s.is_ai]


def test_the_ai_lines_form_while_the_human_draws(app, ctx) -> None:
    ctx.settings.speed = "normal"
    d, match = start(app, ctx, four(human=3))  # the human sits last in turn order
    assert d.top.human_seat() == 3, "the human may draw at once, not after the AI seats"
    d.frames(20)  # a third of a second: the AI lines are growing, card by card
    growing = ai_lines(match)
    assert any(growing) and match.shown.players[3].line == []
    d.key(pygame.K_SPACE)  # the human draws meanwhile
    d.frames(40)
    assert len(match.shown.players[3].line) == 1
    for _ in range(400):  # until the AI seats have stopped and the table shows it all
        if all(match.game.players[s].stopped for s in range(3)) and not d.top.busy():
            break
        d.frames()
    d.frames(30)  # (and they stay stopped)
    assert sum(ai_lines(match)) > sum(growing) and all(ai_lines(match))
    assert all(match.game.players[s].stopped for s in range(3)), "the AI seats have stopped"
    assert d.top.kind == "draw" and match.game.phase is Phase.DRAW, "waiting for the human"
    assert not any(isinstance(e.event, ev.ActionPhaseStarted) for e in match.log)
    d.key(pygame.K_RETURN)  # the human stops last: now the action phase
    d.frames(30)
    assert d.top.kind == "action"


def test_the_action_phase_waits_for_the_last_ai_seat(app, ctx) -> None:
    ctx.settings.speed = "slow"  # the AI seats draw a card per 0.45 s
    ctx.ai_factory = lambda level, seat, seed=0: SeededAi()
    d, match = start(app, ctx, four(human=0))
    d.key(pygame.K_SPACE)
    until_human(d, 0)
    d.key(pygame.K_RETURN)  # the human stops first
    d.frames(2)
    assert match.game.players[0].stopped
    drawing = [s for s in range(1, 4) if not match.game.players[s].stopped]
    assert drawing and d.top.kind == "draw" and match.game.phase is Phase.DRAW
    assert d.top.human_seat() == -1  # nothing to decide: the banner names an AI seat drawing
    assert match.shown_active() is not None and match.shown_active().player in drawing
    for _ in range(1200):
        if d.top.kind == "action":
            break
        d.frames()
    assert d.top.kind == "action" and all(p.stopped for p in match.shown.players)


def test_hot_seat_humans_draw_one_after_another_while_the_ai_seats_have_drawn(app, ctx) -> None:
    ctx.settings.speed = "fast"
    seats = [Seat("Bo", "easy"), Seat("Ana", "human"), Seat("Cy", "easy"), Seat("Di", "human")]
    d, match = start(app, ctx, seats)
    assert d.top.human_seat() == 1 and d.top.seating.tray == 1  # the first human in turn order
    d.frames(120)
    assert match.game.players[0].stopped and match.game.players[2].stopped
    assert d.top.human_seat() == 1, "Di waits for Ana, the AI seats do not"
    d.key(pygame.K_SPACE)
    until_human(d, 1)
    d.key(pygame.K_RETURN)
    until_human(d, 3)
    assert d.top.human_seat() == 3 and match.game.players[1].stopped
    d.frames()
    seating = d.top.seating
    assert seating.tray == 3 and d.top.clock - seating.handed_at < 1, "handed over, the banner"
    d.key(pygame.K_SPACE)
    until_human(d, 3)
    d.key(pygame.K_RETURN)
    d.frames(30)
    assert d.top.kind == "action"


def run_draw_phase(app, ctx, human_delay_frames: int, seed: int = 5):
    """One draw phase with seeded AI seats; the human draws twice and stops after waiting
    ``human_delay_frames``. Returns the game after the phase, each seat's moves and the
    order in which the table played them."""
    ctx.settings.speed = "normal"
    ctx.ai_factory = lambda level, seat, seed=0: SeededAi()
    d, match = start(app, ctx, four(human=1), seed=seed)
    d.frames(human_delay_frames)
    for key in (pygame.K_SPACE, pygame.K_SPACE, pygame.K_RETURN):
        until_human(d, 1)
        d.key(key)
    for _ in range(1500):
        if match.game.phase is not Phase.DRAW:
            break
        d.frames()
    per_seat = {s: [m for t, m in match.history if t == s] for s in range(4)}
    app.stack.clear_to(app.stack.top)  # leave the table
    return match.game.to_json(), per_seat, [s for s, _ in match.history]


def test_the_outcome_is_the_sequential_one_whatever_the_human_timing(app, ctx) -> None:
    quick, quick_moves, quick_order = run_draw_phase(app, ctx, 0)
    slow, slow_moves, slow_order = run_draw_phase(app, ctx, 200)
    assert quick_order != slow_order, "the seats' moves interleaved differently"
    assert quick_moves == slow_moves, "no AI decision depended on the human's timing"
    assert quick == slow
    sequential = new_game(4, 5, first_player=0)
    for seat in sequential.turn_order():  # seat after seat, as a table without it would
        for move in quick_moves[seat]:
            sequential.play(seat, move)
    assert sequential.to_json() == quick


def test_an_ai_decides_on_the_round_as_it_started_not_on_the_humans_draws(app, ctx) -> None:
    seen: list[tuple[int, int]] = []
    ctx.settings.speed = "slow"
    ctx.ai_factory = lambda level, seat, seed=0: SeededAi(seen)
    d, match = start(app, ctx, [Seat("Ana", "human"), Seat("Bo", "easy")])
    d.key(pygame.K_SPACE)
    until_human(d, 0)
    d.key(pygame.K_SPACE)
    until_human(d, 0)
    assert len(match.game.players[0].line) == 2
    assert seen and all(line == 0 for seat, line in seen if seat == 1)


class SharedWorkerAi(SeededAi):
    """Two seats over one worker process: a second request would cancel the first."""

    def __init__(self, worker: object, asked: list[int]) -> None:
        super().__init__()
        self.worker = worker
        self.asked = asked
        self.waiting = 0

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.asked.append(seat)
        super().submit(game, seat, seed)
        self.waiting = 2  # answers on the second poll

    def poll(self) -> Move | None:
        self.waiting -= 1
        return super().poll() if self.waiting <= 0 else None

    @property
    def lane(self) -> object:
        return self.worker


def test_seats_sharing_a_worker_take_turns_on_it() -> None:
    match = Match.new([Seat("A", "medium"), Seat("B", "medium"), Seat("C", "hard")], 3, 0)
    worker, asked = object(), []
    ais = {0: SharedWorkerAi(worker, asked), 1: SharedWorkerAi(worker, asked)}
    ais[2] = SharedWorkerAi(object(), asked)
    draws = AiDraws()
    outstanding: list[set[int]] = []
    for _ in range(200):
        draws.step(match, ais.__getitem__, match.play, 0.0, 1 / 60)
        outstanding.append(set(draws.asked))
        if match.game.phase is not Phase.DRAW:
            break
    assert match.game.phase is Phase.ACTION
    assert all(not {0, 1} <= now for now in outstanding), "one request at a time per worker"
    assert any({0, 2} <= now or {1, 2} <= now for now in outstanding), "other levels in parallel"


def test_continue_mid_draw_rebuilds_each_ai_copy_without_the_others_draws() -> None:
    """Continue in the middle of a draw phase: each AI seat's own copy is the round's first
    position plus only its own draws, exactly as it was before the save (the others' lines,
    drawn meanwhile, do not leak in; a leak changed Hard's choices after Continue)."""
    seats = [Seat("H", "human"), Seat("A", "easy"), Seat("B", "easy")]
    for rounds in (1, 3):
        match = Match.new(seats, seed=40 + rounds)
        rng = random.Random(rounds)
        while match.game.round < rounds or match.game.phase is not Phase.DRAW:
            p = match.game.pending()[0]
            match.play(p.player, rng.choice(match.game.legal_moves(p.player)))
        start_json = match.game.to_json()
        draws = AiDraws()
        ai = {1: SeededAi(), 2: SeededAi()}
        draws.step(match, ai.__getitem__, match.play, 0.0, 0.0)
        # The human draws once as well, then the match is saved and continued.
        if DRAW in match.game.legal_moves(0):
            match.play(0, DRAW)
        draws.step(match, ai.__getitem__, match.play, 0.0, 0.0)
        before = {s: g.to_json() for s, g in draws.private.items()}
        assert before and any(match.game.players[s].line for s in before)

        resumed = Match.from_json(match.to_json())
        again = AiDraws()
        again.step(resumed, {1: SeededAi(), 2: SeededAi()}.__getitem__, lambda s, m: None, 1, 0)
        assert again.private and set(again.private) <= set(before)  # the seats still drawing
        for s, g in again.private.items():
            assert g.to_json() == before[s]
            others = [q for q in range(3) if q != s]
            assert all(g.players[q].line == [] for q in others)
        assert start_json != resumed.game.to_json()  # the draws really happened
