"""The Game: state of one match, its legal moves, and the rules that apply a move.

One method lists the legal moves and ``play`` refuses anything not in that list, so the
rules are written once. ``play`` never half-applies a move: it validates first.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from game.engine import events as ev
from game.engine import rng
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
from game.engine.state import (
    CARD_COST,
    CARD_ELEMS,
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
    ROCKS,
    SOLITARY_LIMIT,
    TREE_COST,
    TREE_ELEMS,
    VARAN,
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


class Phase(StrEnum):
    DRAW = "draw"
    ACTION = "action"
    OVER = "over"


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


@dataclass(frozen=True, slots=True)
class Score:
    player: int
    trees: int
    fires: int
    flowers: int
    qualified: bool  # reached the goal on at least one track

    @property
    def total(self) -> int:
        return self.trees + self.fires + self.flowers


@dataclass(frozen=True, slots=True)
class Result:
    over: bool
    scores: tuple[Score, ...]  # by seat
    ranking: tuple[tuple[int, ...], ...]  # groups of tied seats, best first
    winners: tuple[int, ...]
    tiebreak: bool  # several players reached the goal, so the sums decided


_ACTION_TASK = {
    Action.ATTRACT: "attract",
    Action.EXTINGUISH: "extinguish",
    Action.PLANT: "plant",
    Action.MOVE: "move",
}
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
        for action in Action:
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
        scores = []
        for p in self.players:
            trees, fires, flowers = p.tracks()
            qualified = trees >= GOAL or fires >= GOAL or flowers >= GOAL
            scores.append(Score(p.seat, trees, fires, flowers, qualified))
        groups: dict[tuple[bool, int], list[int]] = {}
        for s in scores:
            groups.setdefault((s.qualified, s.total), []).append(s.player)
        ranking = tuple(tuple(groups[k]) for k in sorted(groups, reverse=True))
        qualified = [s for s in scores if s.qualified]
        winners: tuple[int, ...] = ()
        if qualified:
            winners = ranking[0]
        return Result(
            over=self.over,
            scores=tuple(scores),
            ranking=ranking,
            winners=winners,
            tiebreak=len(qualified) > 1,
        )

    # --- playing --------------------------------------------------------------------

    def play(self, player: int, move: Move) -> list[ev.Event]:
        """Apply one move; an illegal one raises ``IllegalMove`` and changes nothing."""
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
        return self.play_unchecked(player, move)

    def play_unchecked(self, player: int, move: Move) -> list[ev.Event]:
        """``play`` without the legality check, for search that takes its moves from
        ``legal_moves`` itself; anything else must go through ``play``."""
        out: list[ev.Event] = []
        if self.phase is Phase.DRAW:
            self._play_draw(self.players[player], move, out)
        elif self.tasks:
            self._play_task(self.players[player], move, out)
        else:
            self._play_action(self.players[player], move, out)
        return out

    # draw phase

    def _play_draw(self, p: PlayerState, move: Move, out: list[ev.Event]) -> None:
        if move is DRAW or move == DRAW:
            if not p.deck:
                p.deck, p.discard = p.discard, []
                rng.shuffle(p.deck, self.seed, p.seat, p.shuffles)
                p.shuffles += 1
                out.append(ev.Reshuffled(p.seat, len(p.deck)))
            card = p.deck.pop()
            if p.known_top:
                p.known_top -= 1
            p.line.append(card)
            e = CARD_ELEMS[card]
            le = p.line_elems
            le[0] += e[0]
            le[1] += e[1]
            le[2] += e[2]
            le[3] += e[3]
            le[4] += e[4]
            p.solitary += CARD_SOLITARY[card]
            p.gregarious += CARD_GREGARIOUS[card]
            p.just_revealed = True
            out.append(ev.CardRevealed(p.seat, card, p.uncancelled))
        elif move == USE_FRAGMENT:
            card = p.line.pop()
            e = CARD_ELEMS[card]
            for i in range(5):
                p.line_elems[i] -= e[i]
            p.solitary -= CARD_SOLITARY[card]
            p.gregarious -= CARD_GREGARIOUS[card]
            p.fragments -= 1
            self.fragments += 1
            p.just_revealed = False
            if card == VARAN:
                self.varans += 1
            else:
                p.discard.append(card)
            out.append(ev.FragmentUsed(p.seat, card, card == VARAN, p.uncancelled))
        else:  # STOP
            self._stop(p, False, out)
            return
        moves = self._draw_moves(p)
        if len(moves) == 1 and moves[0] is STOP:
            self._stop(p, True, out)

    def _stop(self, p: PlayerState, forced: bool, out: list[ev.Event]) -> None:
        p.stopped = True
        p.just_revealed = False
        p.actions_left = 1 if p.uncancelled >= SOLITARY_LIMIT else 2
        out.append(ev.PlayerStopped(p.seat, p.uncancelled, forced, p.actions_left))
        if all(q.stopped for q in self.players):
            self.phase = Phase.ACTION
            self.turn = self.first
            out.append(ev.ActionPhaseStarted(tuple(self.turn_order())))
            out.append(ev.TurnStarted(self.turn, self.players[self.turn].actions_left))

    # action phase

    def _play_action(self, p: PlayerState, move: Move, out: list[ev.Event]) -> None:
        if move == PASS:
            out.append(ev.Passed(p.seat, p.actions_left))
            p.actions_left = 0
            self._next_turn(out)
            return
        assert isinstance(move, ChooseAction)
        action = Action(move.action)
        p.actions_left -= 1
        p.used |= 1 << action
        out.append(ev.ActionChosen(p.seat, action))
        if action is Action.FRAGMENT:
            self._take_fragments(p, 1, "action", out)
        else:
            self.tasks.insert(0, Task(_ACTION_TASK[action], "action"))
        self._advance(out)

    def _play_task(self, p: PlayerState, move: Move, out: list[ev.Event]) -> None:
        t = self.tasks[0]
        if isinstance(move, PickAnimal):
            self._attract(p, move.card, out)
            self.tasks[0] = t._replace(spent=t.spent + CARD_COST[move.card], picks=t.picks + 1)
        elif isinstance(move, PickFire):
            self.centre.remove(move.value)
            p.fires.append(move.value)
            out.append(ev.FireExtinguished(p.seat, move.value))
            self.tasks[0] = t._replace(spent=t.spent + move.value, picks=t.picks + 1)
        elif isinstance(move, Plant):
            self.tasks.pop(0)
            self._plant(p, move.tree, move.y * COLUMNS + move.x, out)
        elif isinstance(move, MoveSpirit):
            self.tasks.pop(0)
            self._move(p, move.distance, out)
        elif isinstance(move, Steal):
            self.tasks.pop(0)
            self._steal(p, move.victim, move.tile, out)
        else:  # FINISH or SKIP_BONUS
            self.tasks.pop(0)
            if move == SKIP_BONUS or not t.picks:
                out.append(ev.BonusSkipped(p.seat, t.kind, "declined"))
        self._advance(out)

    def _advance(self, out: list[ev.Event]) -> None:
        """Resolve automatic steps until a real decision is due or the turn ends.

        Automatic: Fragment bonuses, a steal with one possible tile, a jumped Spirit with
        no tile, a bonus with nothing possible, and a pick step whose budget is used up.
        """
        p = self.players[self.turn]
        while self.tasks:
            t = self.tasks[0]
            if t.kind == "fragment":
                self.tasks.pop(0)
                self._take_fragments(p, 1, t.source, out)
                continue
            moves = self._task_moves(p, t)
            if all(m is FINISH or m is SKIP_BONUS for m in moves):
                self.tasks.pop(0)
                if t.kind == "steal":
                    out.append(ev.NothingToSteal(p.seat, t.victim))
                elif not t.picks:
                    out.append(ev.BonusSkipped(p.seat, t.kind, "nothing possible"))
                continue
            if t.kind == "steal" and len(moves) == 1:
                self.tasks.pop(0)
                steal = moves[0]
                assert isinstance(steal, Steal)
                self._steal(p, steal.victim, steal.tile, out)
                continue
            if t.bonus and not t.announced:
                self.tasks[0] = t._replace(announced=True)
                out.append(ev.BonusStarted(p.seat, t.kind, t.source, t.extra))
            return
        if p.actions_left <= 0:
            self._next_turn(out)

    def _take_fragments(self, p: PlayerState, count: int, source: str, out: list) -> None:
        n = min(count, self.fragments)
        if n <= 0:
            out.append(ev.BonusSkipped(p.seat, "fragment", "the Fragment supply is empty"))
            return
        self.fragments -= n
        p.fragments += n
        out.append(ev.FragmentsTaken(p.seat, n, source))

    def _attract(self, p: PlayerState, card: int, out: list[ev.Event]) -> None:
        level = CARD_LEVEL[card]
        self.reserve[level - 1].remove(card)
        p.deck.append(card)
        p.known_top += 1
        self.attracted[level - 1] += 1
        out.append(ev.AnimalAttracted(p.seat, card, level))

    def _plant(self, p: PlayerState, tree: int, space: int, out: list[ev.Event]) -> None:
        self.tree_supply[tree] -= 1
        p.forest[space] = tree
        e = TREE_ELEMS[tree]
        fe = p.forest_elems
        for i in range(5):
            fe[i] += e[i]
        lines = []
        for i, (spaces, element, amount, label) in enumerate(LINES):
            done = (p.lines_done >> i) & 1
            if not done and space in spaces and all(p.forest[s] != -1 for s in spaces):
                p.lines_done |= 1 << i
                fe[element] += amount
                lines.append(label)
        corner = CORNERS.get(space)
        x, y = space % COLUMNS, space // COLUMNS
        out.append(ev.TreePlanted(p.seat, tree, x, y, tuple(lines), corner.bonus if corner else ""))
        if corner is None:
            return
        if corner.bonus == "fragments":
            self._take_fragments(p, corner.amount, "corner", out)
        else:
            self.tasks.insert(0, Task(corner.bonus, "corner", corner.amount))

    def _move(self, p: PlayerState, distance: int, out: list[ev.Event]) -> None:
        occupied = {q.rock: q.seat for q in self.players if q is not p}
        rock, steps, path, jumped = p.rock, 0, [], []
        while steps < distance:
            rock = (rock + 1) % N_ROCKS
            path.append(rock)
            if rock in occupied:
                jumped.append(occupied[rock])
            else:
                steps += 1
        start, p.rock = p.rock, rock
        out.append(ev.StandeeMoved(p.seat, start, rock, tuple(path), tuple(jumped)))
        new = [Task("steal", "rock", victim=v) for v in jumped]
        new.append(Task(ROCKS[rock], "rock"))
        self.tasks[0:0] = new

    def _steal(self, p: PlayerState, victim: int, tile: str, out: list[ev.Event]) -> None:
        v = self.players[victim]
        for i in range(len(v.tiles) - 1, -1, -1):
            if v.tiles[i][0] == tile:
                taken = v.tiles.pop(i)
                break
        p.tiles.append(taken)
        out.append(ev.TileStolen(p.seat, victim, tile, taken[1]))

    def _next_turn(self, out: list[ev.Event]) -> None:
        out.append(ev.TurnEnded(self.turn))
        nxt = (self.turn + 1) % self.n
        if nxt != self.first:
            self.turn = nxt
            out.append(ev.TurnStarted(nxt, self.players[nxt].actions_left))
            return
        self.turn = -1
        self.tasks = []
        if any(max(p.tracks()) >= GOAL for p in self.players):
            self.phase = Phase.OVER
            r = self.result()
            out.append(ev.GameOver(r.winners, r.tiebreak))
            return
        self._end_round(out)

    # end of the round (RULES.md §4.3)

    def _end_round(self, out: list[ev.Event]) -> None:
        order = self.turn_order()
        if self.centre:
            firepower = sum(self.centre)
            count = len(self.centre)
            water = tuple(p.total(E_WATER) for p in self.players)
            hit = [s for s in order if water[s] < firepower]
            out.append(ev.OnibiAttack(firepower, count, water, tuple(hit)))
            given = dict.fromkeys(hit, 0)
            for _ in range(count):
                for s in hit:
                    if self.varans > 0:
                        self.varans -= 1
                        given[s] += 1
            for s in hit:
                self.players[s].discard.extend([VARAN] * given[s])
                out.append(ev.VaransDealt(s, given[s], count - given[s]))
        added = []
        for level in (1, 2, 3):
            value = FIRE_BY_LEVEL[level]
            for _ in range(self.attracted[level - 1]):
                if len(self.centre) < CENTRE_MAX and self.fire_supply[value] > 0:
                    self.fire_supply[value] -= 1
                    self.centre.append(value)
                    added.append(value)
        if added:
            out.append(ev.FiresAdded(tuple(added), "attracted"))
        if not self.centre:
            value = FIRE_BY_LEVEL[1]
            if self.fire_supply[value] > 0:
                self.fire_supply[value] -= 1
                self.centre.append(value)
                out.append(ev.FiresAdded((value,), "empty_centre"))
        for level in (1, 2, 3):
            row, deck = self.reserve[level - 1], self.market[level - 1]
            new = []
            while len(row) < RESERVE_SIZE and deck:
                card = deck.pop()
                row.append(card)
                new.append(card)
            if new:
                out.append(ev.ReserveRefilled(level, tuple(new)))
        out.append(ev.HelpLinesReturned(tuple(len(p.line) for p in self.players)))
        for p in self.players:
            p.discard.extend(p.line)
            p.line = []
            p.line_elems = [0, 0, 0, 0, 0]
            p.solitary = p.gregarious = 0
            p.just_revealed = p.stopped = False
            p.actions_left = 0
            p.used = 0
        self.attracted = [0, 0, 0]
        self.first = (self.first + 1) % self.n
        out.append(ev.SacredTreePassed(self.first))
        self.round += 1
        self.phase = Phase.DRAW
        out.append(ev.RoundStarted(self.round, self.first))
