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


# Each card's five elements (offset by 8, so never negative), solitary and gregarious
# symbols and whether it is a Varan, 16 bits apiece in one integer: a pile's totals are one
# ``sum`` (exact: no field ever carries into the next, a pile holds far below 4096 cards).
_FIELD = 16
_OFFSET = 8
_PACKED: tuple[int, ...] = tuple(
    sum((x + _OFFSET) << (_FIELD * i) for i, x in enumerate(CARD_ELEMS[c]))
    + (CARD_SOLITARY[c] << (_FIELD * 5))
    + (CARD_GREGARIOUS[c] << (_FIELD * 6))
    + ((c == VARAN) << (_FIELD * 7))
    for c in range(len(CARD_ELEMS))
)
_MASK = (1 << _FIELD) - 1


def _cards_per_round(cards: tuple[int, ...]) -> tuple[float, list[float], int]:
    """Cards a seat reveals in a typical round, its mean elements per card, its Varans."""
    n = len(cards)
    if n == 0:
        return 0.0, [0.0] * 5, 0
    total = 0
    for c in cards:  # (a loop: faster than ``sum(map(...))`` over these wide integers)
        total += _PACKED[c]
    off = _OFFSET * n
    sums = [((total >> (_FIELD * i)) & _MASK) - off for i in range(5)]
    sol = (total >> (_FIELD * 5)) & _MASK
    greg = (total >> (_FIELD * 6)) & _MASK
    varans = total >> (_FIELD * 7)
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
    rate, varans = card_rates(p)
    fe = p.forest_elems
    # (``horizon``, ``progress``, ``reach`` and ``threat`` written out: the same operations
    # in the same order, for a search scores millions of seats)
    # Help Line flowers last one round: the track's lasting level is the permanent part
    # plus what a typical Help Line brings.
    x = rate[E_FLOWER]
    flow = flowers - p.line_elems[E_FLOWER] + (x if x > 0.0 else 0.0)
    x = (GOAL - max(trees, fires, flow, table_lead)) / 3.0
    h = LONGEST if x >= LONGEST else x
    if h <= 0.3:
        h = 0.3
    v = (
        (trees + trees * trees / CONVEX)
        + (fires + fires * fires / CONVEX)
        + (flow + flow * flow / CONVEX)
    )
    action = g.phase is Phase.ACTION
    if action and (trees >= GOAL or fires >= GOAL or flowers >= GOAL):
        v += REACHED
    income = 0.0
    for r, f, enough, worth in zip(rate, fe, ENOUGH, INCOME, strict=False):  # (not Flowers)
        x = r + f
        if x > enough:  # two actions a round can use only so much of an element
            x = enough + 0.3 * (x - enough)
        income += worth * x
    v += h * income
    # reach: the fed Fires next round's Water puts out, a new tree kind its Plant affords
    water = rate[E_WATER] + fe[E_WATER]
    plant = rate[E_PLANT] + fe[E_PLANT]
    taken = spent = 0
    for f in fed_fires(g) if fed is None else fed:
        if spent + f > water:
            break
        spent += f
        taken += 1
    t = fires + taken
    got = (t + t * t / CONVEX) - (fires + fires * fires / CONVEX)
    forest = p.forest
    for kind, left in enumerate(g.tree_supply):
        if left > 0 and TREE_COST[kind] <= plant and kind not in forest:
            t = trees + 1
            got = got + (t + t * t / CONVEX) - (trees + trees * trees / CONVEX)
            break
    v += REACH * got
    # threat: the Varans Onibi deals at the round's end if nothing changes
    centre = g.centre
    if action and centre and p.line_elems[E_WATER] + fe[E_WATER] < sum(centre):
        n = len(centre)
        varans += n if n < g.varans else g.varans
    v -= VARAN_COST * varans * (h if h < 1.0 else 1.0)
    v += FRAGMENT[min(p.fragments, 4)]
    return v


_RATES: dict[tuple[int, ...], tuple[tuple[float, ...], int]] = {}


def card_rates(p: PlayerState) -> tuple[tuple[float, ...], int]:
    """Each element a seat's typical round reveals (cards drawn times the mean per card)
    and its Varans (remembered by the cards: a search asks about the same few piles again
    and again)."""
    key = (*p.deck, *p.discard, *p.line)
    hit = _RATES.get(key)
    if hit is None:
        if len(_RATES) > 20000:
            _RATES.clear()
        drawn, mean, varans = _cards_per_round(key)
        hit = _RATES[key] = (tuple([drawn * m for m in mean]), varans)
    return hit


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


def score(g: Game, seat: int) -> float:
    """Seat's worth minus part of its strongest opponent's (a finished game is exact)."""
    if g.phase is Phase.OVER:
        winners = g.result().winners
        return WIN / len(winners) if seat in winners else -WIN
    tracks = [p.tracks() for p in g.players]
    lead = max(map(max, tracks))
    worths = seat_worths(g, lead, tracks)
    mine = worths[seat]
    rest = worths[:seat] + worths[seat + 1 :]
    return mine - OPPONENT * max(rest)


WORTH_MEMO = 20_000  # seats' worths remembered, then forgotten all at once (hits are recent)


class _WorthMemory:
    """The table's part of the key -> (its ``fed_fires``, each seat's part -> worth), and
    how many worths it holds. A pure cache: the answers are those ``seat_worth`` gives."""

    __slots__ = ("tables", "size")

    def __init__(self) -> None:
        self.tables: dict[tuple[object, ...], tuple[list[int], dict[tuple[int, ...], float]]]
        self.tables = {}
        self.size = 0


_MEMORY = _WorthMemory()


def seat_worths(
    g: Game,
    lead: int,
    tracks: list[tuple[int, int, int]],
    players: list[PlayerState] | None = None,
) -> list[float]:
    """``seat_worth`` of every seat (``tracks``: theirs; ``players``: other seats than the
    game's), remembered by everything it reads: a search scores every candidate move of a
    step, which seldom changes the other seats.

    The key holds the table's part (whether it is the action phase, ``lead``, the animals
    attracted and the centre that ``fed_fires`` reads, the tree supply, the Varans left)
    and each seat's (its cards, its Help Line's Flowers and Water, its Forest's elements
    and trees, its Fragments, its tracks): all that ``seat_worth`` reads. (A seat's part is
    one flat tuple: the cards vary in number, what follows the ``-1`` does not.)"""
    fed, known = _table(g, lead)
    out = []
    for p, t in zip(g.players if players is None else players, tracks, strict=True):
        line = p.line_elems
        key = (
            *p.deck,
            *p.discard,
            *p.line,
            -1,
            line[E_FLOWER],
            line[E_WATER],
            *p.forest_elems,
            *p.forest,
            p.fragments,
            *t,
        )
        v = known.get(key)
        if v is None:
            v = known[key] = seat_worth(g, p, lead, t, fed)
            _MEMORY.size += 1
        out.append(v)
    return out


def remembered_worth(g: Game, p: PlayerState, lead: int) -> float:
    """``seat_worth(g, p, lead)`` from the same memory as ``seat_worths`` (``p`` need not
    be one of ``g``'s seats: greedy's draw tables score copies with a card or tree more)."""
    return seat_worths(g, lead, [p.tracks()], [p])[0]


def _table(g: Game, lead: int) -> tuple[list[int], dict[tuple[int, ...], float]]:
    """The fed Fires and the seats' worths remembered for the table's part of the key."""
    table = (
        g.phase is Phase.ACTION,
        lead,
        tuple(g.attracted),
        tuple(g.centre),
        tuple(g.tree_supply),
        g.varans,
    )
    hit = _MEMORY.tables.get(table)
    if hit is None:
        if _MEMORY.size > WORTH_MEMO:
            _MEMORY.tables.clear()
            _MEMORY.size = 0
        hit = _MEMORY.tables[table] = (fed_fires(g), {})
    return hit
