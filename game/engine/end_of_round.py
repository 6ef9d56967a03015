"""The end of a turn, of the round (RULES.md §4.3) and of the game (§7).

After the last seat's turn: the game ends if a track reached 12, otherwise the Onibi
attacks, Fires are added, the Reserve refilled, Help Lines returned, the Sacred Tree
passed and the next round begins: each a decided event, applied in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game.engine.events as ev
from game.engine.apply import emit
from game.engine.state import CENTRE_MAX, E_WATER, FIRE_BY_LEVEL, GOAL, RESERVE_SIZE
from game.engine.vocab import FireReason

if TYPE_CHECKING:
    from game.engine.game import Game


def end_turn(g: Game, out: list[ev.Event]) -> None:
    """End the current turn: the next seat plays, or the game or the round ends."""
    turn = g.turn
    emit(g, ev.TurnEnded(turn), out)
    nxt = (turn + 1) % g.n
    if nxt != g.first:
        emit(g, ev.TurnStarted(nxt, g.players[nxt].actions_left), out)
        return
    if any(max(p.tracks()) >= GOAL for p in g.players):
        r = g.result()
        emit(g, ev.GameOver(r.winners, r.tiebreak), out)
        return
    end_round(g, out)


def end_round(g: Game, out: list[ev.Event]) -> None:
    _onibi_attack(g, out)
    _add_fires(g, out)
    for level in (1, 2, 3):
        row, deck = g.reserve[level - 1], g.market[level - 1]
        take = min(RESERVE_SIZE - len(row), len(deck))
        if take > 0:
            emit(g, ev.ReserveRefilled(level, tuple(reversed(deck[len(deck) - take :]))), out)
    emit(g, ev.HelpLinesReturned(tuple(len(p.line) for p in g.players)), out)
    emit(g, ev.SacredTreePassed((g.first + 1) % g.n), out)
    emit(g, ev.RoundStarted(g.round + 1, g.first), out)


def _onibi_attack(g: Game, out: list[ev.Event]) -> None:
    """Every seat whose Water is below the firepower takes one Varan per Fire, dealt
    player after player while the supply lasts."""
    if not g.centre:
        return
    firepower = sum(g.centre)
    count = len(g.centre)
    water = tuple(p.total(E_WATER) for p in g.players)
    hit = [s for s in g.turn_order() if water[s] < firepower]
    emit(g, ev.OnibiAttack(firepower, count, water, tuple(hit)), out)
    given, supply = dict.fromkeys(hit, 0), g.varans
    for _ in range(count):
        for s in hit:
            if supply > 0:
                supply -= 1
                given[s] += 1
    for s in hit:
        emit(g, ev.VaransDealt(s, given[s], count - given[s]), out)


def _add_fires(g: Game, out: list[ev.Event]) -> None:
    """One Fire per animal attracted this round, by its level, while the centre has room
    and the supply lasts; an empty centre then gets one Fire of the lowest value."""
    added: list[int] = []
    supply_left = dict(g.fire_supply)
    room = CENTRE_MAX - len(g.centre)
    for level in (1, 2, 3):
        value = FIRE_BY_LEVEL[level]
        for _ in range(g.attracted[level - 1]):
            if len(added) < room and supply_left[value] > 0:
                supply_left[value] -= 1
                added.append(value)
    if added:
        emit(g, ev.FiresAdded(tuple(added), FireReason.ATTRACTED), out)
    if not g.centre:
        value = FIRE_BY_LEVEL[1]
        if g.fire_supply[value] > 0:
            emit(g, ev.FiresAdded((value,), FireReason.EMPTY_CENTRE), out)
