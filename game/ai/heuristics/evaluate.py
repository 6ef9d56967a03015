"""The Medium evaluation: how good a position is for one seat, in track-point units.

Shared by the Medium policy (its look-ahead leaves), the Hard search (rollout scores and
progressive bias) and the hint text. It reads only public state plus pile *contents*, so it
is safe on a player's view as well as on a determinized game.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.heuristics.fire_contest import fire_reach
from game.engine import Game, Phase
from game.engine.state import (
    E_FLOWER,
    E_WATER,
    GOAL,
    VARAN,
    PlayerState,
    card_sums,
)

WIN = 1000.0
LIKELY_WIN = 150.0
# Value of one element of per-round income, and the income beyond which it is worth half.
INCOME_WEIGHT = (0.22, 0.26, 0.30, 0.16)
INCOME_CAP = (12.0, 10.0, 9.0, 6.0)
VARAN_PENALTY = 0.35
THREAT_PER_FIRE = 0.55
# Once a seat stands at 12 in the action phase the game ends with that phase, and among the
# seats at 12 the sum of the three tracks decides (RULES §7): each point of a qualified
# seat's sum is worth this much more than the progress and engine ``player_value`` counts
# (convex in one track, so it preferred a thirteenth Fire to a new tree and two Flowers).
FINAL_SUM = 3.0


@dataclass(frozen=True, slots=True)
class Engine:
    """How much a seat's engine (its deck and Forest's income per round) counts: ``weight``
    times ``INCOME_WEIGHT`` for each round the game still has, at most ``rounds``, counted
    as (12.5 - the table's lead) / ``span``; and how much the Fires each seat can take
    after the turn count for it (``fire_contest``): ``now`` for the seats still to play
    this round, ``later`` for the next round's (0: Hard's evaluation, which leaves them out).
    """

    weight: float = 1.0
    rounds: float = 1.4
    span: float = 5.0
    now: float = 0.0
    later: float = 0.0


SHARED = Engine()  # Hard's search, its rollouts and the hints


def track_value(t: float) -> float:
    """Convex in progress: specialising toward one 12-track is worth more than spreading."""
    return t + 0.06 * t * t


_CARDS_CACHE: dict[tuple[int, ...], tuple[float, list[float]]] = {}


def expected_cards(p: PlayerState) -> tuple[float, list[float]]:
    """Cards revealed in a typical round and the mean elements per owned card.

    Cached by card list: the look-ahead asks about the same few piles thousands of times.
    """
    return expected_for(tuple(p.deck + p.discard + p.line))


def expected_for(key: tuple[int, ...]) -> tuple[float, list[float]]:
    """``expected_cards`` of a pile given as its card list (what a pile with one more card
    would draw: ``tactics.thinning_value``)."""
    hit = _CARDS_CACHE.get(key)
    if hit is not None:
        return hit
    if len(_CARDS_CACHE) > 20000:
        _CARDS_CACHE.clear()
    out = _expected_cards(key)
    _CARDS_CACHE[key] = out
    return out


def _expected_cards(cards: tuple[int, ...]) -> tuple[float, list[float]]:
    n = len(cards)
    if n == 0:
        return 0.0, [0.0] * 5
    s, sol, greg = card_sums(cards)
    density = max((sol - greg) / n, 0.08)
    drawn = min(float(n), 2.6 / density)
    return drawn, [x / n for x in s]


def lead(p: PlayerState) -> float:
    """The seat's best track, its Flowers as they stand after a typical draw."""
    return _lead(p, p.tracks(), expected_cards(p))


def _lead(p: PlayerState, tracks: tuple[int, int, int], cards: tuple[float, list[float]]) -> float:
    trees, fires, flowers = tracks
    drawn, mean = cards
    return max(trees, fires, flowers - p.line_elems[E_FLOWER] + max(drawn * mean[E_FLOWER], 0.0))


def player_value(
    g: Game, p: PlayerState, table_lead: float | None = None, engine_rate: Engine = SHARED
) -> float:
    """Progress on the three tracks plus the engine (deck, Forest, Fragments) behind them.

    The engine counts for the rounds left, which the table's leader sets (``table_lead``;
    the seat's own lead when not given): weighing it by the seat's own lead instead made
    taking a point from a seat at 11 look cheap, since the seat's engine then counted more.
    """
    return _player_value(g, p, table_lead, engine_rate, p.tracks(), expected_cards(p))


def _player_value(
    g: Game,
    p: PlayerState,
    table_lead: float | None,
    engine_rate: Engine,
    tracks: tuple[int, int, int],
    cards: tuple[float, list[float]],
) -> float:
    """``player_value`` given the seat's ``tracks`` and ``expected_cards`` (``evaluate``
    has them for every seat already)."""
    trees, fires, flowers = tracks
    line_flowers = p.line_elems[E_FLOWER]
    drawn, mean = cards
    perm_flowers = flowers - line_flowers
    flower_rate = max(drawn * mean[E_FLOWER], 0.0)
    if table_lead is None:
        table_lead = _lead(p, tracks, cards)
    v = track_value(trees) + track_value(fires) + track_value(perm_flowers + flower_rate)
    horizon = max(0.25, min(engine_rate.rounds, (12.5 - table_lead) / engine_rate.span))
    engine = 0.0
    fe = p.forest_elems
    for e in range(4):
        income = drawn * mean[e] + fe[e]
        cap = INCOME_CAP[e]
        if income > cap:
            income = cap + 0.5 * (income - cap)
        engine += INCOME_WEIGHT[e] * income
    varans = p.deck.count(VARAN) + p.discard.count(VARAN)
    engine -= VARAN_PENALTY * varans
    v += horizon * engine * engine_rate.weight
    frag = p.fragments
    v += 0.45 * min(frag, 2) + 0.2 * max(min(frag, 5) - 2, 0)
    if g.phase is Phase.ACTION and g.centre and g.varans > 0 and p.total(E_WATER) < sum(g.centre):
        v -= THREAT_PER_FIRE * horizon * min(len(g.centre), g.varans)
    return v


def _qualified_best(g: Game, tracks: list[tuple[int, int, int]]) -> tuple[list[int], int]:
    """Seats that reach the goal, best sum first (the winners if the phase ended now);
    ``tracks``: every seat's."""
    best: list[int] = []
    best_sum = -1
    for p, t in zip(g.players, tracks, strict=True):
        if max(t) >= GOAL:
            s = t[0] + t[1] + t[2]
            if s > best_sum:
                best, best_sum = [p.seat], s
            elif s == best_sum:
                best.append(p.seat)
    return best, best_sum


def evaluate(g: Game, seat: int, engine: Engine = SHARED) -> float:
    """Seat's value minus its opponents' (the leader weighs most): higher is better
    (``engine``: how much the seats' income counts)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        if seat in winners:
            return WIN / len(winners)
        return -WIN
    # Each seat's tracks and typical draw, once: every term below reads them.
    players = g.players
    tracks = [p.tracks() for p in players]
    if g.phase is Phase.ACTION:
        best, _ = _qualified_best(g, tracks)
        if best:
            if seat in best:
                p = players[seat]
                tie_break = FINAL_SUM * sum(tracks[seat])
                value = _player_value(g, p, None, engine, tracks[seat], expected_cards(p))
                return LIKELY_WIN / len(best) + tie_break + value
            return -LIKELY_WIN
    cards = [expected_cards(p) for p in players]
    table = max(_lead(p, t, c) for p, t, c in zip(players, tracks, cards, strict=True))
    values = [
        _player_value(g, p, table, engine, t, c)
        for p, t, c in zip(players, tracks, cards, strict=True)
    ]
    if engine.now or engine.later:
        contest(g, seat, values, engine, tracks, cards)
    mine = values[seat]
    others = values[:seat] + values[seat + 1 :]
    top = max(others)
    mean = sum(others) / len(others)
    return mine - (0.6 * top + 0.4 * mean)


def contest(
    g: Game,
    seat: int,
    values: list[float],
    engine: Engine,
    tracks: list[tuple[int, int, int]],
    cards: list[tuple[float, list[float]]],
) -> None:
    """Add to each seat's value the Fire track steps it can take once ``seat``'s turn is
    over (``fire_contest.fire_reach``): a rival still to play this round that can put out
    its twelfth Fire ends the game as surely as one already at 12. ``tracks`` and
    ``cards``: every seat's tracks and ``expected_cards``."""
    water = []
    for p, (drawn, mean) in zip(g.players, cards, strict=True):
        water.append(drawn * mean[E_WATER] + p.forest_elems[E_WATER])
    reach = fire_reach(g, seat, water)
    for s in range(len(g.players)):
        fires = tracks[s][1]
        now, later = reach.now[s], reach.next[s]
        if fires + now >= GOAL and s != seat:
            values[s] += LIKELY_WIN * engine.now
        gained = track_value(fires + now) - track_value(fires)
        values[s] += engine.now * gained
        values[s] += engine.later * (track_value(fires + now + later) - track_value(fires + now))
