"""The greedy baseline's own position score, written from RULES.md alone.

Independent of Medium's evaluation on purpose: the greedy seat is a yardstick, so it must
not share Medium's weights or blind spots. A seat's worth is its progress on the three
victory tracks (convex, so one track near 12 beats three half-way), plus the income its
cards and Forest will bring in the rounds the game still has (counted from the leading
track at the table, not only the seat's own: a rival near 12 ends everyone's game), plus
what next round's typical Help Line can reach (the Fires this round's animals feed the
centre, a new tree kind), minus Varans (junk solitary cards) and the Varans Onibi is about
to deal.
"""

from __future__ import annotations

from game.engine import Game, Phase
from game.engine.state import (
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    CENTRE_MAX,
    E_FLOWER,
    E_PLANT,
    E_WATER,
    FIRE_BY_LEVEL,
    FIRE_VALUES,
    GOAL,
    TREE_COST,
    VARAN,
    PlayerState,
)

WIN = 1000.0
REACHED = 60.0  # a track at 12 during the action phase: the win is due when it ends
# Worth of one element of income per round (Sun, Water, Plant, Wind; Flowers are a track).
INCOME = (0.44, 0.48, 0.60, 0.28)
ENOUGH = (10.0, 9.0, 8.0, 5.0)  # income per round beyond which an element helps little
VARAN_COST = 0.7
FRAGMENT = (0.0, 0.9, 1.6, 2.1, 2.4)  # a Fragment can save an action
CONVEX = 3.0  # how much more a step near 12 is worth than a step near 0
OPPONENT = 0.5  # weight of the strongest opponent's worth
LONGEST = 3.0  # rounds of income counted at most (the game lasts about ten)
REACH = 0.5  # weight of next round's reach: one of its two actions


def progress(t: float) -> float:
    """Worth of a track at ``t``: convex, so closing in on 12 pays more and more."""
    return t + t * t / CONVEX


_PER_ROUND: dict[tuple[int, ...], tuple[float, list[float], int]] = {}


def cards_per_round(p: PlayerState) -> tuple[float, list[float], int]:
    """Cards a seat reveals in a typical round, its mean elements per card, its Varans
    (cached by card list: a search asks about the same few piles again and again)."""
    key = tuple(p.deck + p.discard + p.line)
    hit = _PER_ROUND.get(key)
    if hit is None:
        if len(_PER_ROUND) > 20000:
            _PER_ROUND.clear()
        hit = _PER_ROUND[key] = _cards_per_round(key)
    return hit


def _cards_per_round(cards: tuple[int, ...]) -> tuple[float, list[float], int]:
    n = len(cards)
    if n == 0:
        return 0.0, [0.0] * 5, 0
    sums = [0, 0, 0, 0, 0]
    sol = greg = varans = 0
    for c in cards:
        e = CARD_ELEMS[c]
        for i in range(5):
            sums[i] += e[i]
        sol += CARD_SOLITARY[c]
        greg += CARD_GREGARIOUS[c]
        varans += c == VARAN
    # A seat stops near two uncancelled solitary symbols (a third costs an action).
    density = max((sol - greg) / n, 0.1)
    drawn = min(float(n), 2.5 / density)
    return drawn, [s / n for s in sums], varans


def horizon(lead: float) -> float:
    """Rounds of income still likely to matter, from the leading track."""
    return max(0.3, min(LONGEST, (GOAL - lead) / 3.0))


def threat(g: Game, p: PlayerState) -> int:
    """Varans Onibi deals this seat at the end of this round if nothing changes."""
    if g.phase is not Phase.ACTION or not g.centre:
        return 0
    if p.total(E_WATER) >= sum(g.centre):
        return 0
    return min(len(g.centre), g.varans)


def seat_worth(
    g: Game,
    p: PlayerState,
    table_lead: int = 0,
    tracks: tuple[int, int, int] | None = None,
    fed: list[int] | None = None,
) -> float:
    """One seat's worth, in track points (``table_lead``: the highest track at the table,
    which bounds how long income can still pay). ``tracks`` and ``fed`` (``fed_fires``) may
    be handed in by a caller that scores every seat of one position: the same numbers,
    computed once."""
    trees, fires, flowers = p.tracks() if tracks is None else tracks
    drawn, mean, varans = cards_per_round(p)
    # Help Line flowers last one round: the track's lasting level is the permanent part
    # plus what a typical Help Line brings.
    flow = flowers - p.line_elems[E_FLOWER] + max(0.0, drawn * mean[E_FLOWER])
    h = horizon(max(trees, fires, flow, table_lead))
    v = progress(trees) + progress(fires) + progress(flow)
    if g.phase is Phase.ACTION and max(trees, fires, flowers) >= GOAL:
        v += REACHED
    income = 0.0
    for e in range(4):
        x = drawn * mean[e] + p.forest_elems[e]
        if x > ENOUGH[e]:  # two actions a round can use only so much of an element
            x = ENOUGH[e] + 0.3 * (x - ENOUGH[e])
        income += INCOME[e] * x
    v += h * income
    v += REACH * reach(g, p, drawn * mean[E_WATER], drawn * mean[E_PLANT], trees, fires, fed)
    v -= VARAN_COST * (varans + threat(g, p)) * min(h, 1.0)
    v += FRAGMENT[min(p.fragments, 4)]
    return v


def fed_fires(g: Game) -> list[int]:
    """The Fires this round's animals will add to the centre, smallest first (those there
    now are anyone's to take this round; an empty centre gets one of the lowest value)."""
    if g.phase is not Phase.ACTION:
        return sorted(g.centre)
    new: list[int] = []
    for level, n in enumerate(g.attracted):
        new += [FIRE_BY_LEVEL[level + 1]] * n
    new = new[: CENTRE_MAX - len(g.centre)]
    if not new and not g.centre:
        new = [FIRE_VALUES[0]]
    return sorted(new)


def reach(
    g: Game,
    p: PlayerState,
    water: float,
    plant: float,
    trees: int,
    fires: int,
    fed: list[int] | None = None,
) -> float:
    """Track steps next round's typical Help Line (``water``, ``plant`` from its cards)
    can take: the fed Fires its Water puts out, one new tree kind its Plant affords."""
    water += p.forest_elems[E_WATER]
    plant += p.forest_elems[E_PLANT]
    taken = spent = 0
    for f in fed_fires(g) if fed is None else fed:
        if spent + f > water:
            break
        spent += f
        taken += 1
    v = progress(fires + taken) - progress(fires)
    kinds = set(p.forest)
    for kind, left in enumerate(g.tree_supply):
        if left > 0 and TREE_COST[kind] <= plant and kind not in kinds:
            return v + progress(trees + 1) - progress(trees)
    return v


def score(g: Game, seat: int) -> float:
    """Seat's worth minus part of its strongest opponent's (a finished game is exact)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        return WIN / len(winners) if seat in winners else -WIN
    tracks = [p.tracks() for p in g.players]
    lead = max(max(t) for t in tracks)
    fed = fed_fires(g)
    worths = [seat_worth(g, p, lead, t, fed) for p, t in zip(g.players, tracks, strict=True)]
    mine = worths[seat]
    rest = worths[:seat] + worths[seat + 1 :]
    return mine - OPPONENT * max(rest)
