"""The action phase (RULES.md §4.2, §6): the five actions, their steps and bonus actions.

An action pushes its step on the game's task stack (``ActionChosen``); each answer
(a pick, a tree, a distance, a tile, Finish or Skip) decides one event, and ``advance``
then resolves every step the player has no choice in, until a real decision is due or the
turn ends (``end_of_round.end_turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game.engine.events as ev
from game.engine.apply import emit
from game.engine.end_of_round import end_turn
from game.engine.legal import ACTIONS, task_has_choice, task_moves
from game.engine.moves import Steal
from game.engine.state import CARD_LEVEL, COLUMNS, CORNERS, LINES, N_ROCKS, PlayerState
from game.engine.vocab import SkipReason, TaskKind, Tile

if TYPE_CHECKING:
    from game.engine.game import Game

# (compared by identity with globals, as in ``legal``: ``advance`` runs after every pick of
# every simulated game)
_FRAGMENT, _STEAL = TaskKind.FRAGMENT, TaskKind.STEAL


def choose(g: Game, p: PlayerState, action: int, out: list[ev.Event]) -> None:
    emit(g, ev.ActionChosen(p.seat, ACTIONS[action - 1]), out)
    advance(g, out)


def pass_turn(g: Game, p: PlayerState, out: list[ev.Event]) -> None:
    """Give up the actions left this round."""
    emit(g, ev.Passed(p.seat, p.actions_left), out)
    end_turn(g, out)


def pick_animal(g: Game, p: PlayerState, card: int, out: list[ev.Event]) -> None:
    emit(g, ev.AnimalAttracted(p.seat, card, CARD_LEVEL[card]), out)
    advance(g, out)


def pick_fire(g: Game, p: PlayerState, value: int, out: list[ev.Event]) -> None:
    emit(g, ev.FireExtinguished(p.seat, value), out)
    advance(g, out)


def plant(g: Game, p: PlayerState, tree: int, x: int, y: int, out: list[ev.Event]) -> None:
    emit(g, _planted(p, tree, x, y), out)
    advance(g, out)


def move_spirit(g: Game, p: PlayerState, distance: int, out: list[ev.Event]) -> None:
    emit(g, _moved(g, p, distance), out)
    advance(g, out)


def steal(g: Game, p: PlayerState, victim: int, tile: Tile, out: list[ev.Event]) -> None:
    emit(g, _stolen(g, p, victim, tile), out)
    advance(g, out)


def finish(g: Game, p: PlayerState, out: list[ev.Event]) -> None:
    """End a pick step; with no pick made (a bonus) it is declined."""
    t = g.tasks[0]
    if t.picks:
        emit(g, ev.StepEnded(p.seat, t.kind), out)
    else:
        emit(g, ev.BonusSkipped(p.seat, t.kind, SkipReason.DECLINED), out)
    advance(g, out)


def skip_bonus(g: Game, p: PlayerState, out: list[ev.Event]) -> None:
    emit(g, ev.BonusSkipped(p.seat, g.tasks[0].kind, SkipReason.DECLINED), out)
    advance(g, out)


def advance(g: Game, out: list[ev.Event]) -> None:
    """Resolve automatic steps until a real decision is due or the turn ends.

    Automatic: Fragment steps, a steal with one possible tile, a jumped Spirit with
    no tile, a bonus with nothing possible, and a pick step whose budget is used up.
    """
    p = g.players[g.turn]
    while g.tasks:
        t = g.tasks[0]
        if t.kind is _FRAGMENT:
            n = min(t.extra or 1, g.fragments)
            if n <= 0:
                emit(g, ev.BonusSkipped(p.seat, _FRAGMENT, SkipReason.SUPPLY_EMPTY), out)
            else:
                emit(g, ev.FragmentsTaken(p.seat, n, t.source), out)
            continue
        if not task_has_choice(g, p, t):
            if t.kind is _STEAL:
                emit(g, ev.NothingToSteal(p.seat, t.victim), out)
            elif not t.picks:
                emit(g, ev.BonusSkipped(p.seat, t.kind, SkipReason.NOTHING_POSSIBLE), out)
            else:
                emit(g, ev.StepEnded(p.seat, t.kind), out)
            continue
        if t.kind is _STEAL and len(moves := task_moves(g, p, t)) == 1:
            only = moves[0]
            assert isinstance(only, Steal)
            emit(g, _stolen(g, p, only.victim, only.tile), out)
            continue
        if t.bonus and not t.announced:
            emit(g, ev.BonusStarted(p.seat, t.kind, t.source, t.extra), out)
        return
    if p.actions_left <= 0:
        end_turn(g, out)


def _planted(p: PlayerState, tree: int, x: int, y: int) -> ev.TreePlanted:
    """The tree, the lines it completes and the bonus of the corner it covers."""
    space = y * COLUMNS + x
    lines = []
    for i, (spaces, _element, _amount) in enumerate(LINES):
        done = (p.lines_done >> i) & 1
        if not done and space in spaces and all(p.forest[s] != -1 or s == space for s in spaces):
            lines.append(i)
    corner = CORNERS.get(space)
    return ev.TreePlanted(p.seat, tree, x, y, tuple(lines), corner.bonus if corner else None)


def _moved(g: Game, p: PlayerState, distance: int) -> ev.StandeeMoved:
    """Move clockwise; rocks holding another Spirit are jumped and do not count."""
    occupied = {q.rock: q.seat for q in g.players if q is not p}
    rock, steps, path, jumped = p.rock, 0, [], []
    while steps < distance:
        rock = (rock + 1) % N_ROCKS
        path.append(rock)
        if rock in occupied:
            jumped.append(occupied[rock])
        else:
            steps += 1
    return ev.StandeeMoved(p.seat, p.rock, rock, tuple(path), tuple(jumped))


def _stolen(g: Game, p: PlayerState, victim: int, tile: Tile) -> ev.TileStolen:
    v = g.players[victim]
    season = next(s for k, s in reversed(v.tiles) if k == tile)
    return ev.TileStolen(p.seat, victim, tile, season)
