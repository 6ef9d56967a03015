"""One match as the table sees it: the real game, the seats, the display copy being
animated, the queue of events still to show, the log, the move history and the undo
snapshots.

Undo follows the engine's one rule (``game/engine/undo.py``, which the match server follows
too): snapshots are taken while a human plays their own turn of the action phase, and
dropped as soon as anything new is revealed or the decision passes to someone else (a draw,
a reshuffle, the end of the turn, another seat to decide). A step the engine ends by itself
(the last affordable animal attracted ends the Attract step) stays undoable: nothing was
revealed and the turn goes on.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine import Game, IllegalMove, Move, Pending, Phase, apply_event, new_game
from game.engine import events as ev
from game.engine.undo import closes
from game.savegame import SavedMatch, parse_save
from game.seats import Seat, shown_name
from game.ui.table.ai_seats.ai_draws import AiDraws
from game.ui.table.ai_seats.ai_seat import AiJob


@dataclass
class LogEntry:
    round: int
    event: ev.Event


@dataclass
class Match:
    game: Game
    seats: list[Seat]
    shown: Game = field(init=False)
    queue: deque[ev.Event] = field(default_factory=deque)
    log: list[LogEntry] = field(default_factory=list)
    undo_stack: list[tuple[Game, tuple[int, int]]] = field(default_factory=list)
    version: int = 0
    ais: dict[int, Any] = field(default_factory=dict)
    history: list[tuple[int, Move]] = field(default_factory=list)  # every move, for replays
    first_player: int = -1  # who started round 1 (the setup, for replays)
    seed: int = 0
    ai_seed: int = 0
    draws: AiDraws = field(default_factory=AiDraws)  # the AI seats drawing in the background
    ai_job: AiJob = field(default_factory=AiJob)  # the AI decision asked in the action phase
    last_shown: Pending | None = None  # who decided at the last event shown
    # the catalogue the names are shown in (the table sets its own: ``names``)
    tr: Callable[..., str] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.shown = self.game.clone()
        if self.first_player < 0 and not self.history:
            self.first_player = self.game.first
        if not self.seed:
            self.seed = self.game.seed
        if not self.log:
            first = ev.RoundStarted(self.game.round, self.game.first)
            self.log.append(LogEntry(self.game.round, first))

    @classmethod
    def new(cls, seats: list[Seat], seed: int, first_player: int | None = None) -> Match:
        game = new_game(len(seats), seed, first_player)
        return cls(game, seats, first_player=game.first, seed=seed, ai_seed=seed)

    # -- queries ---------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """The seats' names as this screen shows them (``game.seats.shown_name``: a default
        name as its season in the current language, a typed name as typed)."""
        tr = self.tr
        if tr is None:
            return [s.name for s in self.seats]
        return [shown_name(tr, s.name, i) for i, s in enumerate(self.seats)]

    def active(self) -> Pending | None:
        """Who decides now in the real game (see ``pending_of``)."""
        return self.pending_of(self.game)

    def shown_active(self) -> Pending | None:
        """Who decides as far as the table has shown: the banner and the prompt follow it.
        Between two events of one move the copy may stand where the engine goes on by
        itself (a Fragment step being taken): the last decision shown stands meanwhile."""
        with contextlib.suppress(KeyError, IndexError):
            self.last_shown = self.pending_of(self.shown)
        return self.last_shown

    def pending_of(self, game: Game) -> Pending | None:
        """Who decides in ``game``. In the draw phase everyone draws at once (RULES §4.1):
        the AI seats in the background, the humans one after another in turn order (hot-seat
        hands the tray over), so the first human still drawing; once every human has
        stopped, the first AI seat still drawing. A match that draws one seat at a time
        (``draws_at_once`` false: a lesson) takes the first seat in turn order."""
        pending = game.pending()
        if not pending:
            return None
        if game.phase is Phase.DRAW:
            by_seat = {p.player: p for p in pending}
            order = [s for s in game.turn_order() if s in by_seat]
            if self.draws_at_once():
                humans = [s for s in order if self.plays_here(s)]
                order = humans + [s for s in order if s not in humans]
            return by_seat[order[0]]
        return pending[0]

    def draws_at_once(self) -> bool:
        """Whether the AI seats draw in the background while the humans draw (a lesson's
        scripted opponent draws in its turn instead)."""
        return True

    def legal(self) -> list[Move]:
        a = self.active()
        return self.game.legal_moves(a.player) if a else []

    @property
    def idle(self) -> bool:
        return not self.queue

    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.idle

    def round_end_by_hand(self, mode: str) -> bool:
        """Whether the end of the round waits for a click at each step: the player's
        setting, when this screen plays a seat (a game of AI seats only is watched; a
        lesson holds the band itself while its notes talk about it)."""
        return mode == "steps" and any(self.plays_here(s) for s in range(len(self.seats)))

    def offers(self, move: Move) -> bool:
        """Whether the table's buttons offer ``move`` (a lesson offers only its step's move)."""
        return True

    def lead(self) -> str | None:
        """Words the prompt shows instead of the table's own while a lesson's note leads."""
        return None

    # -- where the match is played (a remote match, ``game/ui/online/remote_match.py``,
    # answers these differently; the table asks them and nothing else about it) ------------

    def plays_here(self, seat: int) -> bool:
        """Whether a person at this screen plays ``seat`` (the others: AI seats here, or
        people and AI seats elsewhere)."""
        return not self.seats[seat].is_ai

    def on_hold(self) -> bool:
        """Whether the table waits for something out of its hands (a remote match: its
        connection): nothing is anyone's to decide here meanwhile."""
        return False

    def runs_seats(self) -> bool:
        """Whether this process decides the seats nobody here plays (the AI seats); a
        remote match's are decided by its server."""
        return True

    def pump(self) -> bool:
        """Take in what was played elsewhere (a remote match: the server's messages); True
        when the match changed."""
        return False

    def step_shown(self, event: ev.Event) -> None:
        """Step the display copy over ``event`` (the engine's own ``apply_event``)."""
        apply_event(self.shown, event)

    @property
    def saveable(self) -> bool:
        """Whether the autosave slot keeps this match (a remote match lives on its server)."""
        return True

    @property
    def whole(self) -> bool:
        """Whether the match holds its seed and every move (the results, replay and
        statistics need them; a remote match learns them only after its last events)."""
        return True

    def status(self) -> str:
        """A line about where the match is played (a remote match's connection), or ''."""
        return ""

    # -- changes ---------------------------------------------------------------------------

    def play(self, seat: int, move: Move) -> list[ev.Event]:
        before = self.game.clone()
        marks = (len(self.log), len(self.history))
        pending = self.active()
        events = self.game.play(seat, move)
        self.history.append((seat, move))
        here = self.plays_here(seat)  # undo is for the seats this screen plays
        if here and closes(pending, seat, move, events, self.active()) is None:
            self.undo_stack.append((before, marks))
        else:
            self.undo_stack.clear()  # the engine's rule (game/engine/undo.py)
        rnd = before.round
        for e in events:
            if isinstance(e, ev.RoundStarted):
                rnd = e.round
            self.log.append(LogEntry(rnd, e))
        self.queue.extend(events)
        self.version += 1
        return events

    def ends_step(self, seat: int, move: Move) -> bool:
        """Whether ``move`` (a pick) would end its Attract or Extinguish by itself: nothing
        else fits the Sun or Water left, so the engine ends the step, and maybe the turn or
        the round. The table holds such a pick for Confirm, as it does a planting."""
        before = self.active()
        trial = self.trial_game()
        try:
            trial.play(seat, move)
        except IllegalMove:
            return False  # playing it says why
        after = self.pending_of(trial)
        return (
            before is None
            or after is None
            or after.player != seat
            or after.decision is not before.decision
            or after.source != before.source
        )

    def trial_game(self) -> Game:
        """A copy of the game to try a move on (thrown away after)."""
        return self.game.clone()

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        snap, (log_len, moves_len) = self.undo_stack.pop()
        self.ai_job = AiJob()
        self.game = snap
        self.shown = snap.clone()
        del self.log[log_len:]
        del self.history[moves_len:]
        self.version += 1
        return True

    def sync(self) -> None:
        """The queue is shown. The display copy, stepped with the engine's ``apply_event``,
        already is the real game (tests/ui/test_display_copy.py); a fresh copy also takes in
        changes made outside play (a test's set-up, an undo)."""
        self.shown = self.game.clone()
        self.version += 1

    def cancel_ai(self) -> None:
        for ai in self.ais.values():
            ai.cancel()
        self.draws.cancel()
        self.ai_job = AiJob()

    # -- saving ----------------------------------------------------------------------------

    def saved(self) -> SavedMatch:
        """The match as the save codec (``game/savegame.py``) writes it: setup, seats, moves
        and the game. No log: it is rebuilt from the moves when read."""
        return SavedMatch(
            self.game.n,
            self.seed,
            self.first_player,
            [Seat(s.name, s.kind) for s in self.seats],
            self.game,
            self.ai_seed,
            list(self.history),
        )

    def to_json(self) -> dict[str, Any]:
        return self.saved().to_json()

    def head(self) -> dict[str, Any]:
        """The save document's head (setup, seats, AI seed): which match the journal's moves
        are of (``Storage.save_moves``)."""
        seats = [Seat(s.name, s.kind) for s in self.seats]
        return SavedMatch(self.game.n, self.seed, self.first_player, seats, self.game,
                          self.ai_seed).head()  # fmt: skip

    @classmethod
    def from_saved(cls, saved: SavedMatch) -> Match:
        """The match of a save the codec has read: its moves already replayed from the
        setup to the saved game (``parse_save``), so nothing is checked twice."""
        match = cls(
            saved.game.clone(),
            [Seat(s.name, s.kind) for s in saved.seats],
            first_player=saved.first_player,
            seed=saved.seed,
            ai_seed=saved.ai_seed,
        )
        match.history = list(saved.moves)
        match.log = [LogEntry(rnd, e) for rnd, e in saved.log]
        match.sync()
        return match

    @classmethod
    def from_json(cls, raw: Any) -> Match:
        """A match from a save document (``SaveError``, a ``ValueError``, when it is not one
        the game can continue)."""
        return cls.from_saved(parse_save(raw))

    def replay(self, seat: int, move: Move) -> None:
        """Play a move already made (loading): the log and history grow, nothing is shown."""
        rnd = self.game.round
        for e in self.game.play(seat, move):  # IllegalMove is a ValueError
            if isinstance(e, ev.RoundStarted):
                rnd = e.round
            self.log.append(LogEntry(rnd, e))
        self.history.append((seat, move))
