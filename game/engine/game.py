"""The Game: the state of one match and its public API (``pending``, ``legal_moves``,
``play``, ``clone``, saving, views, ``result``).

The rules live beside it, one module per part of a round: who decides what and the legal
moves (``legal``), the draw phase (``draw_phase``), the five actions and their steps
(``actions``), the end of a turn and of the round (``end_of_round``); ``decide`` sends a
move to the rule that answers it. ``play`` never half-applies a move: it validates first,
then decides the move's events and applies each (``game.engine.apply``): nothing else
changes a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import game.engine.events as ev
from game.engine.decide import decide
from game.engine.legal import (
    Decision,
    Pending,
    action_moves,
    deciding,
    draw_moves,
    pending,
    task_moves,
)
from game.engine.moves import Move, check_move_types, listed
from game.engine.refusals import why
from game.engine.result import Result, ranking
from game.engine.serialize import game_from_json, game_to_json
from game.engine.state import Phase, PlayerState, Task
from game.engine.view import View, make_view
from game.engine.vocab import RefusalCode

__all__ = ["Decision", "Game", "IllegalMove", "Pending", "Phase"]

_clone_player = PlayerState.clone


class IllegalMove(ValueError):
    """A move the rules do not allow now; the message is meant for the player.

    ``code`` and ``numbers`` say the same for a table that words it in another language
    (catalogue key ``illegal.<code>``, formatted with the numbers).
    """

    def __init__(
        self,
        message: str,
        code: RefusalCode = RefusalCode.ILLEGAL,
        numbers: dict[str, int] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.numbers: dict[str, int] = numbers or {}


class Game:
    """One match. Create with ``new_game``; mutate only through ``play``."""

    __slots__ = (
        "n",
        "seed",
        "round",
        "phase",
        "first",
        "turn",
        "players",
        "reserve",
        "market",
        "centre",
        "fire_supply",
        "varans",
        "fragments",
        "tree_supply",
        "attracted",
        "tasks",
        "is_view",
    )

    n: int
    seed: int
    round: int
    phase: Phase
    first: int  # Sacred Tree holder
    turn: int  # seat acting in the action phase (-1 outside it)
    players: list[PlayerState]
    reserve: list[list[int]]  # index 0..2 for levels 1..3
    market: list[list[int]]  # face-down market decks, top card last
    centre: list[int]  # Fire values in the Circle's centre
    fire_supply: dict[int, int]
    varans: int
    fragments: int
    tree_supply: list[int]
    attracted: list[int]  # animals attracted this round, per level 1..3
    tasks: list[Task]
    is_view: bool  # hidden orders scrubbed: may be read, never played

    # --- copying --------------------------------------------------------------------

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.n = self.n
        g.seed = self.seed
        g.round = self.round
        g.phase = self.phase
        g.first = self.first
        g.turn = self.turn
        g.players = list(map(_clone_player, self.players))  # (no list comprehension's frame)
        g.reserve = [r[:] for r in self.reserve]
        g.market = [m[:] for m in self.market]
        g.centre = self.centre[:]
        g.fire_supply = self.fire_supply.copy()
        g.varans = self.varans
        g.fragments = self.fragments
        g.tree_supply = self.tree_supply[:]
        g.attracted = self.attracted[:]
        g.tasks = self.tasks[:]
        g.is_view = self.is_view
        return g

    # --- saving and views ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready document; ``Game.from_json`` restores it exactly."""
        return game_to_json(self)

    @staticmethod
    def from_json(raw: Any) -> Game:
        """Read a document back, refusing anything malformed with ``InvalidState``."""
        return game_from_json(raw, Game.__new__(Game))

    def view(self, player: int) -> View:
        """All that ``player`` may know: public zones, pile contents, never hidden orders."""
        return make_view(self, player)

    # --- queries --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def turn_order(self) -> list[int]:
        return [(self.first + i) % self.n for i in range(self.n)]

    def pending(self) -> list[Pending]:
        """Who must decide now, and what; several players at once in the draw phase."""
        return pending(self)

    def deciding(self) -> tuple[list[int], Decision | None]:
        """The seats of ``pending`` and their decision (one kind at a time), built faster:
        for search loops."""
        return deciding(self)

    def legal_moves(self, player: int) -> list[Move]:
        """Every move ``player`` may make now (empty when they have nothing to decide)."""
        if self.phase is Phase.DRAW:
            p = self.players[player]
            return [] if p.stopped else draw_moves(p)
        if self.phase is Phase.OVER or player != self.turn:
            return []
        p = self.players[player]
        if not self.tasks:
            return action_moves(self, p)
        return task_moves(self, p, self.tasks[0])

    def result(self) -> Result:
        """Ranking by RULES.md §7; meaningful once ``over`` (provisional before)."""
        return ranking(self.players, self.over)

    # --- playing --------------------------------------------------------------------
    #
    # ``play`` is "decide, then apply each event": ``decide`` sends the move to the rule
    # that answers it, and every event that rule decides is applied (``apply_event``, the
    # only code that changes a game) and recorded before the next decision reads the state.

    def play(self, player: int, move: Move) -> list[ev.Event]:
        """Apply one move; an illegal one raises ``IllegalMove`` and changes nothing."""
        self._check(player, move)
        out: list[ev.Event] = []
        decide(self, player, move, out)
        return out

    def play_unchecked(self, player: int, move: Move) -> list[ev.Event]:
        """``play`` without the legality check, for search that takes its moves from
        ``legal_moves`` itself; anything else must go through ``play``."""
        out: list[ev.Event] = []
        decide(self, player, move, out)
        return out

    def play_watched(
        self, player: int, move: Move, watch: Callable[[ev.Event], None]
    ) -> list[ev.Event]:
        """``play``, calling ``watch(e)`` just after each event is applied: between two
        events the game is exactly what that event left (the stepped-copy test)."""
        self._check(player, move)
        out = _Watched(watch)
        decide(self, player, move, out)
        return list(out)

    def _check(self, player: int, move: Move) -> None:
        if (bad := check_move_types(move, player)) is not None:
            raise IllegalMove(bad[1], bad[0])
        if self.is_view:
            text = "this is a player's view of the game; it cannot be played"
            raise IllegalMove(text, RefusalCode.VIEW_NOT_PLAYABLE)
        if not isinstance(player, int) or not 0 <= player < self.n:
            text = f"there is no player {player!r} in this game"
            raise IllegalMove(text, RefusalCode.NO_SUCH_PLAYER)
        if not listed(move, self.legal_moves(player)):
            code, numbers, text = why(self, player, move)
            raise IllegalMove(text, code, numbers)


class _Watched(list[ev.Event]):
    """The events of a move, calling ``watch`` as each is recorded (after it is applied)."""

    def __init__(self, watch: Callable[[ev.Event], None]) -> None:
        super().__init__()
        self.watch = watch

    def append(self, e: ev.Event) -> None:
        super().append(e)
        self.watch(e)
