"""The Game: state of one match, its legal moves, and the rules that decide a move's events.

One method lists the legal moves and ``play`` refuses anything not in that list, so the
rules are written once. ``play`` never half-applies a move: it validates first. Then it
decides the move's events and applies each (``game.engine.apply``): nothing else changes
a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from game.engine import events as ev
from game.engine import rng
from game.engine.apply import apply_event
from game.engine.moves import (
    CHOOSE,
    DRAW,
    FINISH,
    MOVE_BY,
    PASS,
    PICK_ANIMAL,
    PICK_FIRE,
    PLANT,
    SKIP_BONUS,
    STEAL,
    STOP,
    USE_FRAGMENT,
    Action,
    ChooseAction,
    Move,
    MoveSpirit,
    PickAnimal,
    PickFire,
    Plant,
    Steal,
    check_move_types,
)
from game.engine.result import Result, ranking
from game.engine.state import (
    CARD_COST,
    CARD_GREGARIOUS,
    CARD_LEVEL,
    CARD_SOLITARY,
    CENTRE_MAX,
    COLUMNS,
    CORNERS,
    E_PLANT,
    E_SUN,
    E_WATER,
    E_WIND,
    FIRE_BY_LEVEL,
    GOAL,
    LINES,
    N_ROCKS,
    RESERVE_SIZE,
    SOLITARY_LIMIT,
    TREE_COST,
    VARAN,
    Phase,
    PlayerState,
    Task,
)

if TYPE_CHECKING:
    from game.engine.view import View


class IllegalMove(ValueError):
    """A move the rules do not allow now; the message is meant for the player.

    ``code`` and ``numbers`` say the same for a table that words it in another language
    (catalogue key ``illegal.<code>``, formatted with the numbers).
    """

    def __init__(self, message: str, code: str = "illegal", numbers: dict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.numbers: dict[str, int] = numbers or {}


class Decision(StrEnum):
    """What a pending player must decide; the table shows one prompt per kind."""

    DRAW = "draw"  # draw, stop or use a Fragment on the card just revealed
    ACTION = "action"  # choose one of the five actions, or pass
    ATTRACT = "attract"  # pick animals one by one, then finish
    EXTINGUISH = "extinguish"  # pick fires one by one, then finish
    PLANT = "plant"  # choose a tree and a space
    MOVE = "move"  # choose how far to move
    STEAL = "steal"  # choose which Victory tile to take


@dataclass(frozen=True, slots=True)
class Pending:
    player: int
    decision: Decision
    bonus: bool = False  # a bonus action (corner or rock), which may be declined
    source: str = ""  # "action", "corner" or "rock" for steps of an action
    budget: int = 0  # Sun or Water still available for picks
    actions_left: int = 0
    victim: int = -1  # whose tile may be stolen


_ACTIONS: tuple[Action, ...] = tuple(Action)  # iterating the Enum class itself is slow
_TASK_DECISION = {
    "attract": Decision.ATTRACT,
    "extinguish": Decision.EXTINGUISH,
    "plant": Decision.PLANT,
    "move": Decision.MOVE,
    "steal": Decision.STEAL,
}


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
        g.players = [p.clone() for p in self.players]
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
        from game.engine.serialize import game_to_json

        return game_to_json(self)

    @staticmethod
    def from_json(raw: Any) -> Game:
        """Read a document back, refusing anything malformed with ``InvalidState``."""
        from game.engine.serialize import game_from_json

        return game_from_json(raw)

    def view(self, player: int) -> View:
        """All that ``player`` may know: public zones, pile contents, never hidden orders."""
        from game.engine.view import make_view

        return make_view(self, player)

    # --- queries --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def turn_order(self) -> list[int]:
        return [(self.first + i) % self.n for i in range(self.n)]

    def pending(self) -> list[Pending]:
        """Who must decide now, and what; several players at once in the draw phase."""
        if self.phase is Phase.DRAW:
            return [Pending(p.seat, Decision.DRAW) for p in self.players if not p.stopped]
        if self.phase is Phase.OVER:
            return []
        p = self.players[self.turn]
        if not self.tasks:
            return [Pending(p.seat, Decision.ACTION, actions_left=p.actions_left)]
        t = self.tasks[0]
        budget = 0
        if t.kind == "attract":
            budget = p.total(E_SUN) + t.extra - t.spent
        elif t.kind == "extinguish":
            budget = p.total(E_WATER) + t.extra - t.spent
        elif t.kind == "plant":
            budget = p.total(E_PLANT)
        elif t.kind == "move":
            budget = p.total(E_WIND)
        return [
            Pending(
                p.seat,
                _TASK_DECISION[t.kind],
                bonus=t.bonus,
                source=t.source,
                budget=budget,
                actions_left=p.actions_left,
                victim=t.victim,
            )
        ]

    def legal_moves(self, player: int) -> list[Move]:
        """Every move ``player`` may make now (empty when they have nothing to decide)."""
        if self.phase is Phase.DRAW:
            p = self.players[player]
            return [] if p.stopped else self._draw_moves(p)
        if self.phase is Phase.OVER or player != self.turn:
            return []
        p = self.players[player]
        if not self.tasks:
            return self._action_moves(p)
        return self._task_moves(p, self.tasks[0])

    def _draw_moves(self, p: PlayerState) -> list[Move]:
        moves: list[Move] = []
        if p.solitary - p.gregarious < SOLITARY_LIMIT and (p.deck or p.discard):
            moves.append(DRAW)
        if p.line:
            moves.append(STOP)
            if p.just_revealed and p.fragments > 0:
                moves.append(USE_FRAGMENT)
        return moves

    def _action_moves(self, p: PlayerState) -> list[Move]:
        moves: list[Move] = []
        repeat = p.can_repeat
        used = p.used
        for action in _ACTIONS:
            if (used >> action) & 1 and not repeat:
                continue
            if self._action_possible(p, action):
                moves.append(CHOOSE[action])
        moves.append(PASS)
        return moves

    def _action_possible(self, p: PlayerState, action: Action) -> bool:
        if action is Action.FRAGMENT:
            return self.fragments > 0
        if action is Action.ATTRACT:
            return self._can_attract(p.total(E_SUN))
        if action is Action.EXTINGUISH:
            return self._can_extinguish(p.total(E_WATER))
        if action is Action.PLANT:
            return self._can_plant(p)
        return p.total(E_WIND) >= 1

    def _can_attract(self, budget: int) -> bool:
        return any(CARD_COST[c] <= budget for row in self.reserve for c in row)

    def _can_extinguish(self, budget: int) -> bool:
        return any(v <= budget for v in self.centre)

    def _can_plant(self, p: PlayerState) -> bool:
        budget = p.total(E_PLANT)
        if not any(n > 0 and TREE_COST[k] <= budget for k, n in enumerate(self.tree_supply)):
            return False
        return bool(p.plantable_spaces())

    def _task_moves(self, p: PlayerState, t: Task) -> list[Move]:
        kind = t.kind
        moves: list[Move] = []
        if kind == "attract":
            budget = p.total(E_SUN) + t.extra - t.spent
            for row in self.reserve:
                for c in row:
                    if CARD_COST[c] <= budget:
                        moves.append(PICK_ANIMAL[c])
            if t.picks or t.bonus:
                moves.append(FINISH)
        elif kind == "extinguish":
            budget = p.total(E_WATER) + t.extra - t.spent
            for v in sorted(set(self.centre)):
                if v <= budget:
                    moves.append(PICK_FIRE[v])
            if t.picks or t.bonus:
                moves.append(FINISH)
        elif kind == "plant":
            budget = p.total(E_PLANT)
            spaces = p.plantable_spaces()
            for k, n in enumerate(self.tree_supply):
                if n > 0 and TREE_COST[k] <= budget:
                    for s in spaces:
                        moves.append(PLANT[(k, s % COLUMNS, s // COLUMNS)])
            if t.bonus:
                moves.append(SKIP_BONUS)
        elif kind == "move":
            wind = min(p.total(E_WIND), len(MOVE_BY))
            moves.extend(MOVE_BY[d] for d in range(1, wind + 1))
        else:  # steal
            victim = self.players[t.victim]
            kinds = {k for k, _ in victim.tiles}
            moves.extend(STEAL[(t.victim, k)] for k in sorted(kinds))
        return moves

    def result(self) -> Result:
        """Ranking by RULES.md §7; meaningful once ``over`` (provisional before)."""
        return ranking(self.players, self.over)

    # --- playing --------------------------------------------------------------------
    #
    # ``play`` is "decide, then apply each event": the ``_decide_*`` methods read the state
    # and hand each event they decide to ``_emit``, which applies it (``apply_event``, the
    # only code that changes a game) and records it; the next decision sees the state the
    # events before it made. Decision code never assigns to the state itself.

    def play(self, player: int, move: Move) -> list[ev.Event]:
        """Apply one move; an illegal one raises ``IllegalMove`` and changes nothing."""
        self._check(player, move)
        return self.play_unchecked(player, move)

    def play_unchecked(self, player: int, move: Move) -> list[ev.Event]:
        """``play`` without the legality check, for search that takes its moves from
        ``legal_moves`` itself; anything else must go through ``play``."""
        out: list[ev.Event] = []
        self._decide(player, move, out)
        return out

    def play_watched(
        self, player: int, move: Move, watch: Callable[[ev.Event], None]
    ) -> list[ev.Event]:
        """``play``, calling ``watch(e)`` just after each event is applied: between two
        events the game is exactly what that event left (the stepped-copy test)."""
        self._check(player, move)
        out = _Watched(watch)
        self._decide(player, move, out)
        return list(out)

    def _check(self, player: int, move: Move) -> None:
        if (bad := check_move_types(move, player)) is not None:
            raise IllegalMove(bad[1], bad[0])
        if self.is_view:
            text = "this is a player's view of the game; it cannot be played"
            raise IllegalMove(text, "view_not_playable")
        if not isinstance(player, int) or not 0 <= player < self.n:
            raise IllegalMove(f"there is no player {player!r} in this game", "no_such_player")
        if move not in self.legal_moves(player):
            from game.engine.refusals import why

            code, numbers, text = why(self, player, move)
            raise IllegalMove(text, code, numbers)

    def _emit(self, e: ev.Event, out: list[ev.Event]) -> None:
        apply_event(self, e)
        out.append(e)

    def _decide(self, player: int, move: Move, out: list[ev.Event]) -> None:
        p = self.players[player]
        if self.phase is Phase.DRAW:
            self._decide_draw(p, move, out)
        elif self.tasks:
            self._decide_task(p, move, out)
        else:
            self._decide_action(p, move, out)

    # draw phase

    def _decide_draw(self, p: PlayerState, move: Move, out: list[ev.Event]) -> None:
        if move is DRAW or move == DRAW:
            if not p.deck:
                deck = p.discard[:]
                rng.shuffle(deck, self.seed, p.seat, p.shuffles)
                self._emit(ev.Reshuffled(p.seat, len(deck), tuple(deck)), out)
            card = p.deck[-1]
            n = p.solitary + CARD_SOLITARY[card] - p.gregarious - CARD_GREGARIOUS[card]
            self._emit(ev.CardRevealed(p.seat, card, n if n > 0 else 0), out)
        elif move == USE_FRAGMENT:
            card = p.line[-1]
            n = p.solitary - CARD_SOLITARY[card] - p.gregarious + CARD_GREGARIOUS[card]
            self._emit(ev.FragmentUsed(p.seat, card, card == VARAN, n if n > 0 else 0), out)
        else:  # STOP
            self._stop(p, False, out)
            return
        moves = self._draw_moves(p)
        if len(moves) == 1 and moves[0] is STOP:
            self._stop(p, True, out)

    def _stop(self, p: PlayerState, forced: bool, out: list[ev.Event]) -> None:
        n = p.uncancelled
        self._emit(ev.PlayerStopped(p.seat, n, forced, 1 if n >= SOLITARY_LIMIT else 2), out)
        if all(q.stopped for q in self.players):
            self._emit(ev.ActionPhaseStarted(tuple(self.turn_order())), out)
            self._emit(ev.TurnStarted(self.first, self.players[self.first].actions_left), out)

    # action phase

    def _decide_action(self, p: PlayerState, move: Move, out: list[ev.Event]) -> None:
        if move == PASS:
            self._emit(ev.Passed(p.seat, p.actions_left), out)
            self._next_turn(out)
            return
        assert isinstance(move, ChooseAction)
        self._emit(ev.ActionChosen(p.seat, _ACTIONS[move.action - 1]), out)
        self._advance(out)

    def _decide_task(self, p: PlayerState, move: Move, out: list[ev.Event]) -> None:
        if isinstance(move, PickAnimal):
            self._emit(ev.AnimalAttracted(p.seat, move.card, CARD_LEVEL[move.card]), out)
        elif isinstance(move, PickFire):
            self._emit(ev.FireExtinguished(p.seat, move.value), out)
        elif isinstance(move, Plant):
            self._emit(self._planted(p, move.tree, move.x, move.y), out)
        elif isinstance(move, MoveSpirit):
            self._emit(self._moved(p, move.distance), out)
        elif isinstance(move, Steal):
            self._emit(self._stolen(p, move.victim, move.tile), out)
        else:  # FINISH or SKIP_BONUS
            t = self.tasks[0]
            if move == SKIP_BONUS or not t.picks:
                self._emit(ev.BonusSkipped(p.seat, t.kind, "declined"), out)
            else:
                self._emit(ev.StepEnded(p.seat, t.kind), out)
        self._advance(out)

    def _advance(self, out: list[ev.Event]) -> None:
        """Resolve automatic steps until a real decision is due or the turn ends.

        Automatic: Fragment steps, a steal with one possible tile, a jumped Spirit with
        no tile, a bonus with nothing possible, and a pick step whose budget is used up.
        """
        p = self.players[self.turn]
        while self.tasks:
            t = self.tasks[0]
            if t.kind == "fragment":
                n = min(t.extra or 1, self.fragments)
                if n <= 0:
                    self._emit(
                        ev.BonusSkipped(p.seat, "fragment", "the Fragment supply is empty"), out
                    )
                else:
                    self._emit(ev.FragmentsTaken(p.seat, n, t.source), out)
                continue
            moves = self._task_moves(p, t)
            if all(m is FINISH or m is SKIP_BONUS for m in moves):
                if t.kind == "steal":
                    self._emit(ev.NothingToSteal(p.seat, t.victim), out)
                elif not t.picks:
                    self._emit(ev.BonusSkipped(p.seat, t.kind, "nothing possible"), out)
                else:
                    self._emit(ev.StepEnded(p.seat, t.kind), out)
                continue
            if t.kind == "steal" and len(moves) == 1:
                steal = moves[0]
                assert isinstance(steal, Steal)
                self._emit(self._stolen(p, steal.victim, steal.tile), out)
                continue
            if t.bonus and not t.announced:
                self._emit(ev.BonusStarted(p.seat, t.kind, t.source, t.extra), out)
            return
        if p.actions_left <= 0:
            self._next_turn(out)

    def _planted(self, p: PlayerState, tree: int, x: int, y: int) -> ev.TreePlanted:
        space = y * COLUMNS + x
        lines = []
        for i, (spaces, _element, _amount, label) in enumerate(LINES):
            done = (p.lines_done >> i) & 1
            if (
                not done
                and space in spaces
                and all(p.forest[s] != -1 or s == space for s in spaces)
            ):
                lines.append(label)
        corner = CORNERS.get(space)
        return ev.TreePlanted(p.seat, tree, x, y, tuple(lines), corner.bonus if corner else "")

    def _moved(self, p: PlayerState, distance: int) -> ev.StandeeMoved:
        occupied = {q.rock: q.seat for q in self.players if q is not p}
        rock, steps, path, jumped = p.rock, 0, [], []
        while steps < distance:
            rock = (rock + 1) % N_ROCKS
            path.append(rock)
            if rock in occupied:
                jumped.append(occupied[rock])
            else:
                steps += 1
        return ev.StandeeMoved(p.seat, p.rock, rock, tuple(path), tuple(jumped))

    def _stolen(self, p: PlayerState, victim: int, tile: str) -> ev.TileStolen:
        v = self.players[victim]
        season = next(s for k, s in reversed(v.tiles) if k == tile)
        return ev.TileStolen(p.seat, victim, tile, season)

    def _next_turn(self, out: list[ev.Event]) -> None:
        turn = self.turn
        self._emit(ev.TurnEnded(turn), out)
        nxt = (turn + 1) % self.n
        if nxt != self.first:
            self._emit(ev.TurnStarted(nxt, self.players[nxt].actions_left), out)
            return
        if any(max(p.tracks()) >= GOAL for p in self.players):
            r = self.result()
            self._emit(ev.GameOver(r.winners, r.tiebreak), out)
            return
        self._end_round(out)

    # end of the round (RULES.md §4.3)

    def _end_round(self, out: list[ev.Event]) -> None:
        if self.centre:
            firepower = sum(self.centre)
            count = len(self.centre)
            water = tuple(p.total(E_WATER) for p in self.players)
            hit = [s for s in self.turn_order() if water[s] < firepower]
            self._emit(ev.OnibiAttack(firepower, count, water, tuple(hit)), out)
            given, supply = dict.fromkeys(hit, 0), self.varans
            for _ in range(count):  # one Varan per Fire, player after player
                for s in hit:
                    if supply > 0:
                        supply -= 1
                        given[s] += 1
            for s in hit:
                self._emit(ev.VaransDealt(s, given[s], count - given[s]), out)
        added: list[int] = []
        supply_left = dict(self.fire_supply)
        room = CENTRE_MAX - len(self.centre)
        for level in (1, 2, 3):
            value = FIRE_BY_LEVEL[level]
            for _ in range(self.attracted[level - 1]):
                if len(added) < room and supply_left[value] > 0:
                    supply_left[value] -= 1
                    added.append(value)
        if added:
            self._emit(ev.FiresAdded(tuple(added), "attracted"), out)
        if not self.centre:
            value = FIRE_BY_LEVEL[1]
            if self.fire_supply[value] > 0:
                self._emit(ev.FiresAdded((value,), "empty_centre"), out)
        for level in (1, 2, 3):
            row, deck = self.reserve[level - 1], self.market[level - 1]
            take = min(RESERVE_SIZE - len(row), len(deck))
            if take > 0:
                self._emit(
                    ev.ReserveRefilled(level, tuple(reversed(deck[len(deck) - take :]))), out
                )
        self._emit(ev.HelpLinesReturned(tuple(len(p.line) for p in self.players)), out)
        self._emit(ev.SacredTreePassed((self.first + 1) % self.n), out)
        self._emit(ev.RoundStarted(self.round + 1, self.first), out)


class _Watched(list):
    """The events of a move, calling ``watch`` as each is recorded (after it is applied)."""

    def __init__(self, watch: Callable[[ev.Event], None]) -> None:
        super().__init__()
        self.watch = watch

    def append(self, e: ev.Event) -> None:
        super().append(e)
        self.watch(e)
