"""Candidate macro-moves for one step of an action, each with a cheap score.

A macro is the list of engine moves that completes one step: a whole Attract set (picks
then Finish), a whole Extinguish set, one tree on one space, one distance, one steal. The
planner keeps the best few by cheap score and judges those with the full evaluation.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.heuristics.evaluate import expected_for
from game.engine import Action, Decision, Game, Move, TaskKind
from game.engine.moves import (
    FINISH,
    MOVE_BY,
    PICK_ANIMAL,
    PICK_FIRE,
    PLANT,
    SKIP_BONUS,
    PickAnimal,
    Plant,
    Steal,
)
from game.engine.state import (
    CARD_COST,
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_LEVEL,
    CARD_SOLITARY,
    COLUMNS,
    CORNERS,
    E_FLOWER,
    E_PLANT,
    E_WIND,
    GOAL,
    LINES,
    N_ROCKS,
    ROCKS,
    SPACES,
    START_TREE,
    TRACK_KINDS,
    TREE_COST,
    TREE_ELEMS,
    PlayerState,
)

Macro = tuple[float, tuple[Move, ...]]

# Cheap worth of one element on a card drawn about once every round or two.
CARD_ELEM_WEIGHT = (0.28, 0.32, 0.34, 0.22, 0.5)
TREE_ELEM_WEIGHT = (0.55, 0.65, 0.75, 0.45, 0.9)
ROCK_VALUE = {
    TaskKind.PLANT: 1.1,
    TaskKind.FRAGMENT: 0.45,
    TaskKind.ATTRACT: 0.8,
    TaskKind.EXTINGUISH: 0.9,
}
CORNER_VALUE = {TaskKind.ATTRACT: 0.8, TaskKind.FRAGMENT: 0.9, TaskKind.EXTINGUISH: 0.9}
MAX_SETS = 600
WINNING_TREE = 50.0
BLOCK = 50.0  # cheap score that puts a step stopping another seat's win among those tried
# Near the end (some seat within ``FINAL_REACH`` of 12) the sum of the tracks may decide
# (RULES §7). The cheap tree score ranks trees by their elements, so the planner tried only
# Tree 8 (Water for one more Fire) on its three best spaces where Tree 9 (a new kind and two
# Flowers) won the sum: then the tree that adds most to the sum is tried as well.
FINAL_REACH = 2


def _card_worth(card: int) -> float:
    """A card's own worth: its elements, its symbol, and the Fire it feeds."""
    e = CARD_ELEMS[card]
    v = sum(w * x for w, x in zip(CARD_ELEM_WEIGHT, e, strict=True))
    v -= 0.9 * CARD_SOLITARY[card]
    v += 0.7 * CARD_GREGARIOUS[card]
    v -= 0.12 * CARD_LEVEL[card]  # each animal adds a Fire to the centre
    return v


CARD_WORTH: tuple[float, ...] = tuple(_card_worth(c) for c in range(len(CARD_ELEMS)))


def card_value(card: int, p: PlayerState) -> float:
    """Worth of owning one more card: its own (``CARD_WORTH``, computed once), less a
    little in a thick pile."""
    v = CARD_WORTH[card]
    if len(p.deck) + len(p.discard) + len(p.line) > 22:
        v -= 0.15
    return v


def thinning_value(card: int, p: PlayerState) -> float:
    """Worth of a gregarious card to the pile it joins: its elements and its Fire, plus the
    longer Help Line its cancelling symbol buys (the cards a typical round draws from the
    pile with it, less those without it, at the pile's mean card worth). ``card_value``
    counts a fixed 0.7 instead, which its negative elements outweigh, so no set with one
    was ever tried, where a solitary-heavy pile of 20 draws nearly two cards more a round
    with it (the deck the ``greedy`` yardstick builds, issue 31)."""
    pile = tuple(p.deck + p.discard + p.line)
    before, mean = expected_for(pile)
    after, _ = expected_for((*pile, card))
    worth = max(0.0, sum(w * x for w, x in zip(CARD_ELEM_WEIGHT, mean, strict=True)))
    e = CARD_ELEMS[card]
    v = sum(w * x for w, x in zip(CARD_ELEM_WEIGHT, e, strict=True))
    v -= 0.9 * CARD_SOLITARY[card]
    v -= 0.12 * CARD_LEVEL[card]
    return v + (after - before) * worth


def attract_sets(
    g: Game, p: PlayerState, budget: int, width: int, thin: bool = False
) -> list[Macro]:
    """The best affordable sets of Reserve animals (positive cards only), best first. With
    ``thin`` a gregarious card is valued on the pile it joins (``thinning_value``) and the
    best set holding one is tried even when the cheap scores rank it below ``width``."""
    cards = [c for row in g.reserve for c in row if CARD_COST[c] <= budget]
    vals = {c: card_value(c, p) for c in cards}
    if thin:
        for c in vals:
            if CARD_GREGARIOUS[c]:
                vals[c] = thinning_value(c, p)
    cards = sorted((c for c in cards if vals[c] > 0), key=lambda c: -vals[c])
    found: list[tuple[float, tuple[int, ...]]] = []

    def walk(i: int, left: int, chosen: tuple[int, ...], value: float) -> None:
        if len(found) >= MAX_SETS:
            return
        extended = False
        for j in range(i, len(cards)):
            c = cards[j]
            if CARD_COST[c] <= left:
                extended = True
                walk(j + 1, left - CARD_COST[c], chosen + (c,), value + vals[c])
        if not extended and chosen:
            found.append((value, chosen))

    walk(0, budget, (), 0.0)
    found.sort(key=lambda t: -t[0])
    kept = found[:width]
    if thin and not any(CARD_GREGARIOUS[c] for _, s in kept for c in s):
        kept += _gregarious_set(cards, vals, budget)
    return [(v, tuple(PICK_ANIMAL[c] for c in s) + (FINISH,)) for v, s in kept]


def _gregarious_set(
    cards: list[int], vals: dict[int, float], budget: int
) -> list[tuple[float, tuple[int, ...]]]:
    """The best gregarious card of ``cards`` (best first) with the best others that still
    fit the budget, taken by worth; none when no gregarious card is worth taking."""
    first = next((c for c in cards if CARD_GREGARIOUS[c]), None)
    if first is None:
        return []
    left, chosen, value = budget - CARD_COST[first], [first], vals[first]
    rest = list(cards)
    rest.remove(first)
    for c in rest:
        if CARD_COST[c] <= left:
            left -= CARD_COST[c]
            chosen.append(c)
            value += vals[c]
    return [(value, tuple(chosen))]


def extinguish_sets(g: Game, budget: int, width: int) -> list[Macro]:
    """Fire sets that fit the Water: most tiles first, then the most firepower removed."""
    have = {v: g.centre.count(v) for v in (2, 3, 4)}
    options: list[tuple[float, tuple[Move, ...]]] = []
    for a in range(have[2] + 1):
        for b in range(have[3] + 1):
            for c in range(have[4] + 1):
                cost = 2 * a + 3 * b + 4 * c
                if cost > budget or a + b + c == 0:
                    continue
                score = (a + b + c) * 1.5 + 0.1 * cost
                moves = (PICK_FIRE[4],) * c + (PICK_FIRE[3],) * b + (PICK_FIRE[2],) * a
                options.append((score, moves + (FINISH,)))
    options.sort(key=lambda t: -t[0])
    return options[:width]


def blocking_tile(q: PlayerState) -> str | None:
    """The Victory tile whose loss takes ``q`` back below the goal, if one does: its only
    track at the goal stands at exactly 12 and it holds that track's tile."""
    tracks = dict(zip(TRACK_KINDS, q.tracks(), strict=True))
    at_goal = [kind for kind, t in tracks.items() if t >= GOAL]
    if len(at_goal) != 1 or tracks[at_goal[0]] != GOAL:
        return None
    kind = at_goal[0]
    return kind if any(held == kind for held, _ in q.tiles) else None


def block_wind(g: Game, p: PlayerState) -> int:
    """The Wind a Move needs to jump (and so steal back below the goal) a seat that stands
    at exactly 12; 0 when no seat does. Occupied rocks are jumped, not counted."""
    targets = {q.rock for q in g.players if q is not p and blocking_tile(q)}
    if not targets:
        return 0
    occupied = {q.rock for q in g.players if q is not p}
    rock, steps = p.rock, 0
    for _ in range(N_ROCKS):
        rock = (rock + 1) % N_ROCKS
        if rock in targets:
            return steps + 1
        if rock not in occupied:
            steps += 1
    return 0


# The line bonuses through each space, in ``LINES`` order: (index, spaces, element, amount).
_LINES_AT: tuple[tuple[tuple[int, tuple[int, ...], int, int], ...], ...] = tuple(
    tuple((i, spaces, el, n) for i, (spaces, el, n) in enumerate(LINES) if s in spaces)
    for s in range(SPACES)
)
# Each tree kind's cheap worth from its elements alone.
_TREE_WORTH: tuple[float, ...] = tuple(
    sum(w * x for w, x in zip(TREE_ELEM_WEIGHT, elems, strict=True)) for elems in TREE_ELEMS
)


def _line_gain(p: PlayerState, space: int) -> float:
    gain = 0.0
    forest, done = p.forest, p.lines_done
    for i, spaces, element, amount in _LINES_AT[space]:
        if (done >> i) & 1:
            continue
        missing = sum(1 for s in spaces if forest[s] == -1)
        w = TREE_ELEM_WEIGHT[element] * amount
        gain += w if missing == 1 else w * 0.25 / missing
    return gain


def tree_scores(g: Game, p: PlayerState) -> list[tuple[float, int]]:
    """Every tree kind left in the supply with its cheap score, whatever its cost, best
    first: a new kind, good elements, one that wins or stops a win, Tree 11."""
    kinds = {t for t in p.forest if 0 <= t < START_TREE}
    trees, _fires, flowers = p.tracks()
    # A Move after this Plant could jump a seat at exactly 12 with this much more Wind.
    short = block_wind(g, p) - p.total(E_WIND) if not p.used & (1 << Action.MOVE) else 0
    out = []
    for k, n in enumerate(g.tree_supply):
        if n <= 0:
            continue
        v = _TREE_WORTH[k]
        if k not in kinds:
            v += 1.6
        # A tree that reaches 12 (a new kind on Trees, or its Flowers) must be looked at:
        # the cheap score alone would leave it out of the few the planner tries.
        new_kind = k not in kinds and trees + 1 >= GOAL > trees
        if new_kind or (trees < GOAL and flowers + TREE_ELEMS[k][E_FLOWER] >= GOAL > flowers):
            v += WINNING_TREE
        elif 0 < short <= TREE_ELEMS[k][E_WIND]:
            v += BLOCK  # its Wind lets this turn's Move stop that seat's win
        if TREE_COST[k] == 11 and k not in kinds:
            v += 0.8  # Tree 11 lets an action repeat
        out.append((v, k))
    out.sort(reverse=True)
    return out


def space_scores(p: PlayerState) -> list[tuple[float, int]]:
    """Every space a tree may go on with its cheap score (a line nearly done, a corner),
    best first."""
    out = []
    for s in p.plantable_spaces():
        v = _line_gain(p, s)
        corner = CORNERS.get(s)
        if corner is not None:
            v += CORNER_VALUE[corner.bonus]
        out.append((v, s))
    out.sort(reverse=True)
    return out


def plant_options(g: Game, p: PlayerState, width: int) -> list[Macro]:
    """Tree and space pairs: the best few trees that fit the Plant on the best few spaces
    (``tree_scores``, ``space_scores``), and near the end the tree adding most to the sum."""
    budget = p.total(E_PLANT)
    trees = [(v, k) for v, k in tree_scores(g, p) if TREE_COST[k] <= budget]
    if not trees:
        return []
    spaces = space_scores(p)
    if not spaces:
        return []
    out: list[Macro] = []
    for tv, k in trees[:width]:
        for sv, s in spaces[:width]:
            out.append((tv + sv, (PLANT[(k, s % COLUMNS, s // COLUMNS)],)))
    out.sort(key=lambda t: -t[0])
    out = out[:width]
    if max(max(q.tracks()) for q in g.players) >= GOAL - FINAL_REACH:
        # the tree that adds most to the sum, on the best space, if not tried yet
        kinds = {t for t in p.forest if 0 <= t < START_TREE}
        _gain, tv, k = max(((k not in kinds) + TREE_ELEMS[k][E_FLOWER], v, k) for v, k in trees)
        sv, s = spaces[0]
        plant = PLANT[(k, s % COLUMNS, s // COLUMNS)]
        if all(not isinstance(seq[0], Plant) or seq[0].tree != k for _, seq in out):
            out.append((tv + sv, (plant,)))
    return out


def move_options(g: Game, p: PlayerState, width: int) -> list[Macro]:
    """Every distance, scored by the landing bonus and the tiles it steals (first the
    distances that jump a seat standing at exactly 12)."""
    wind = min(p.total(E_WIND), len(MOVE_BY))
    occupied = {q.rock: q.seat for q in g.players if q is not p}
    block = block_wind(g, p)
    out: list[Macro] = []
    rock, steps, jumped = p.rock, 0, 0
    for _ in range(N_ROCKS * 2):
        if steps >= wind:
            break
        rock = (rock + 1) % N_ROCKS
        if rock in occupied:
            jumped += 1 if g.players[occupied[rock]].tiles else 0
            continue
        steps += 1
        v = ROCK_VALUE[ROCKS[rock]] + 1.8 * jumped
        out.append((v + (BLOCK if 0 < block <= steps else 0.0), (MOVE_BY[steps],)))
    out.sort(key=lambda t: -t[0])
    return out[:width]


def steal_options(g: Game, p: PlayerState, legal: Sequence[Move]) -> list[Macro]:
    """Prefer the tile that takes the victim back below the goal, then the tile on my
    strongest track that also costs the victim most."""
    mine = dict(zip(TRACK_KINDS, p.tracks(), strict=True))
    out: list[Macro] = []
    for m in legal:
        if isinstance(m, Steal):
            victim = g.players[m.victim]
            theirs = dict(zip(TRACK_KINDS, victim.tracks(), strict=True))
            v = 0.1 * mine[m.tile] + 0.1 * theirs[m.tile]
            out.append((v + (BLOCK if m.tile == blocking_tile(victim) else 0.0), (m,)))
    out.sort(key=lambda t: -t[0])
    return out


def macros(
    g: Game, seat: int, decision: Decision, legal: Sequence[Move], width: int, thin: bool = False
) -> list[Macro]:
    """Candidate macros for the current step, best cheap score first (never empty);
    ``thin``: Attract sets with a gregarious card as well (``attract_sets``)."""
    p = g.players[seat]
    out: list[Macro] = []
    if decision is Decision.ATTRACT:
        out = attract_sets(g, p, g.pending()[0].budget, width, thin)
        if not out and FINISH not in legal:
            picks = [m for m in legal if isinstance(m, PickAnimal)]
            best = max(picks, key=lambda m: card_value(m.card, p))
            out = [(0.0, (best, FINISH))]
    elif decision is Decision.EXTINGUISH:
        out = extinguish_sets(g, g.pending()[0].budget, width)
    elif decision is Decision.PLANT:
        out = plant_options(g, p, width)
    elif decision is Decision.MOVE:
        out = move_options(g, p, width)
    elif decision is Decision.STEAL:
        out = steal_options(g, p, legal)[:width]
    if FINISH in legal:
        out.append((0.0, (FINISH,)))
    if SKIP_BONUS in legal:
        out.append((0.0, (SKIP_BONUS,)))
    if not out:
        out = [(0.0, (legal[0],))]
    return out
