"""The one function that changes a game: apply an event to a state.

The rules (``draw_phase``, ``actions``, ``end_of_round``) decide what happens and hand
every event here through ``emit``, one after another; the table steps its display copy and
replays step through a match with this same function, so a copy stepped event by event is
always the real game (tests/engine/test_stepping.py).
Nothing here decides anything: each branch carries out what its event already says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import game.engine.events as ev
from game.engine.state import (
    CARD_COST,
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    COLUMNS,
    CORNERS,
    LINES,
    ROCKS,
    TREE_ELEMS,
    VARAN,
    Phase,
    Task,
)
from game.engine.vocab import Source, TaskKind

if TYPE_CHECKING:
    from game.engine.game import Game

# The step an action starts (Take a Fragment is a step too, resolved at once).
ACTION_STEP: dict[int, TaskKind] = {
    1: TaskKind.FRAGMENT,
    2: TaskKind.ATTRACT,
    3: TaskKind.EXTINGUISH,
    4: TaskKind.PLANT,
    5: TaskKind.MOVE,
}
_ACTION, _ROCK, _STEAL = Source.ACTION, Source.ROCK, TaskKind.STEAL  # globals: fast lookups


def apply_event(g: Game, e: ev.Event) -> None:
    """Carry out ``e`` on ``g``: the only place a game's state changes during play."""
    _APPLY[e.__class__](g, e)


def emit(g: Game, e: ev.Event, out: list[ev.Event]) -> None:
    """Apply ``e`` to ``g`` and record it in ``out``: how the rules hand over each event
    they decide, so the next decision reads the state this one left."""
    _APPLY[e.__class__](g, e)
    out.append(e)


_APPLY: dict[type[ev.Event], Callable[[Game, Any], None]] = {}


def _handles(
    kind: type[ev.Event],
) -> Callable[[Callable[[Game, Any], None]], Callable[[Game, Any], None]]:
    """Register the function that applies events of type ``kind`` (one per type; a table
    rather than a ``match``: this runs for every event of every search, and a dictionary
    finds the branch in one step)."""

    def register(fn: Callable[[Game, Any], None]) -> Callable[[Game, Any], None]:
        _APPLY[kind] = fn
        return fn

    return register


@_handles(ev.CardRevealed)
def _card_revealed(g: Game, e: ev.CardRevealed) -> None:
    p = g.players[e.player]
    card = p.deck.pop()
    if p.known_top:
        p.known_top -= 1
    p.line.append(card)
    el = CARD_ELEMS[card]
    le = p.line_elems
    le[0] += el[0]
    le[1] += el[1]
    le[2] += el[2]
    le[3] += el[3]
    le[4] += el[4]
    p.solitary += CARD_SOLITARY[card]
    p.gregarious += CARD_GREGARIOUS[card]
    p.just_revealed = True


@_handles(ev.PlayerStopped)
def _player_stopped(g: Game, e: ev.PlayerStopped) -> None:
    p = g.players[e.player]
    p.stopped = True
    p.just_revealed = False
    p.actions_left = e.actions


@_handles(ev.TurnStarted)
def _turn_started(g: Game, e: ev.TurnStarted) -> None:
    g.turn = e.player


@_handles(ev.TurnEnded)
def _turn_ended(g: Game, e: ev.TurnEnded) -> None:
    g.turn = -1


@_handles(ev.ActionChosen)
def _action_chosen(g: Game, e: ev.ActionChosen) -> None:
    p = g.players[e.player]
    p.actions_left -= 1
    p.used |= 1 << e.action
    g.tasks.insert(0, Task(ACTION_STEP[e.action], _ACTION))


@_handles(ev.AnimalAttracted)
def _animal_attracted(g: Game, e: ev.AnimalAttracted) -> None:
    p = g.players[e.player]
    g.reserve[e.level - 1].remove(e.card)
    p.deck.append(e.card)
    p.known_top += 1
    g.attracted[e.level - 1] += 1
    t = g.tasks[0]
    # (built whole, not ``_replace``: a pick is applied in every simulated Attract)
    g.tasks[0] = Task(
        t.kind, t.source, t.extra, t.spent + CARD_COST[e.card], t.picks + 1, t.victim, t.announced
    )


@_handles(ev.FireExtinguished)
def _fire_extinguished(g: Game, e: ev.FireExtinguished) -> None:
    g.centre.remove(e.value)
    g.players[e.player].fires.append(e.value)
    t = g.tasks[0]
    g.tasks[0] = Task(
        t.kind, t.source, t.extra, t.spent + e.value, t.picks + 1, t.victim, t.announced
    )


@_handles(ev.StandeeMoved)
def _standee_moved(g: Game, e: ev.StandeeMoved) -> None:
    del g.tasks[0]
    g.players[e.player].rock = e.end
    new = [Task(_STEAL, _ROCK, victim=v) for v in e.jumped]
    new.append(Task(ROCKS[e.end], _ROCK))
    g.tasks[0:0] = new


@_handles(ev.TileStolen)
def _tile_stolen(g: Game, e: ev.TileStolen) -> None:
    del g.tasks[0]
    v = g.players[e.victim]
    for i in range(len(v.tiles) - 1, -1, -1):
        if v.tiles[i][0] == e.tile:
            g.players[e.thief].tiles.append(v.tiles.pop(i))
            break


@_handles(ev.FragmentsTaken)
def _fragments_taken(g: Game, e: ev.FragmentsTaken) -> None:
    del g.tasks[0]
    g.fragments -= e.count
    g.players[e.player].fragments += e.count


@_handles(ev.BonusStarted)
def _bonus_started(g: Game, e: ev.BonusStarted) -> None:
    g.tasks[0] = g.tasks[0]._replace(announced=True)


@_handles(ev.BonusSkipped)
@_handles(ev.StepEnded)
@_handles(ev.NothingToSteal)
def _step_ended(g: Game, e: ev.BonusSkipped | ev.StepEnded | ev.NothingToSteal) -> None:
    del g.tasks[0]


@_handles(ev.Passed)
def _passed(g: Game, e: ev.Passed) -> None:
    g.players[e.player].actions_left = 0


@_handles(ev.Reshuffled)
def _reshuffled(g: Game, e: ev.Reshuffled) -> None:
    p = g.players[e.player]
    p.deck = list(e.deck)
    p.discard = []
    p.shuffles += 1


@_handles(ev.FragmentUsed)
def _fragment_used(g: Game, e: ev.FragmentUsed) -> None:
    p = g.players[e.player]
    card = p.line.pop()
    el = CARD_ELEMS[card]
    for i in range(5):
        p.line_elems[i] -= el[i]
    p.solitary -= CARD_SOLITARY[card]
    p.gregarious -= CARD_GREGARIOUS[card]
    p.fragments -= 1
    g.fragments += 1
    p.just_revealed = False
    if card == VARAN:
        g.varans += 1
    else:
        p.discard.append(card)


@_handles(ev.ActionPhaseStarted)
def _action_phase_started(g: Game, e: ev.ActionPhaseStarted) -> None:
    g.phase = Phase.ACTION


@_handles(ev.OnibiAttack)
def _onibi_attack(g: Game, e: ev.OnibiAttack) -> None:
    pass  # the verdict only: the Varans follow as VaransDealt


@_handles(ev.VaransDealt)
def _varans_dealt(g: Game, e: ev.VaransDealt) -> None:
    g.varans -= e.count
    g.players[e.player].discard.extend([VARAN] * e.count)


@_handles(ev.FiresAdded)
def _fires_added(g: Game, e: ev.FiresAdded) -> None:
    for value in e.values:
        g.fire_supply[value] -= 1
        g.centre.append(value)


@_handles(ev.ReserveRefilled)
def _reserve_refilled(g: Game, e: ev.ReserveRefilled) -> None:
    deck = g.market[e.level - 1]
    del deck[len(deck) - len(e.cards) :]
    g.reserve[e.level - 1].extend(e.cards)


@_handles(ev.HelpLinesReturned)
def _help_lines_returned(g: Game, e: ev.HelpLinesReturned) -> None:
    for p in g.players:
        p.discard.extend(p.line)
        p.line = []
        p.line_elems = [0, 0, 0, 0, 0]
        p.solitary = p.gregarious = 0
        p.just_revealed = p.stopped = False
        p.actions_left = 0
        p.used = 0


@_handles(ev.SacredTreePassed)
def _sacred_tree_passed(g: Game, e: ev.SacredTreePassed) -> None:
    g.first = e.player


@_handles(ev.RoundStarted)
def _round_started(g: Game, e: ev.RoundStarted) -> None:
    g.round = e.round
    g.phase = Phase.DRAW
    g.attracted = [0, 0, 0]


@_handles(ev.GameOver)
def _game_over(g: Game, e: ev.GameOver) -> None:
    g.phase = Phase.OVER


@_handles(ev.TreePlanted)
def _tree_planted(g: Game, e: ev.TreePlanted) -> None:
    """The plant step ends, the tree takes its space, and line and corner bonuses follow."""
    del g.tasks[0]
    p = g.players[e.player]
    space = e.y * COLUMNS + e.x
    g.tree_supply[e.tree] -= 1
    p.forest[space] = e.tree
    fe = p.forest_elems
    el = TREE_ELEMS[e.tree]
    for i in range(5):
        fe[i] += el[i]
    forest = p.forest
    for i, (spaces, element, amount) in enumerate(LINES):
        if not (p.lines_done >> i) & 1 and space in spaces and all(forest[s] != -1 for s in spaces):
            p.lines_done |= 1 << i
            fe[element] += amount
    corner = CORNERS.get(space)
    if corner is not None:  # its bonus; ``extra``: the element bonus, or Fragments to take
        g.tasks.insert(0, Task(corner.bonus, Source.CORNER, corner.amount))


_MISSING = set(ev.Event._registry.values()) - set(_APPLY)
if _MISSING:  # a new event type must say what it changes before anything can run
    raise TypeError(f"no apply function for {sorted(c.__name__ for c in _MISSING)}")
