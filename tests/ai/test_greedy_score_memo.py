"""greedy's score is written out and remembered for speed; neither may change a number: the
written-out ``seat_worth`` is its formula term by term (bit for bit), and ``seat_worths``
answers afresh whenever anything its key holds changes."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.ai.yardsticks import greedy_score as gs
from game.ai.yardsticks.greedy import LineJudge
from game.ai.yardsticks.greedy_score import fed_fires, remembered_worth, seat_worth, seat_worths
from game.engine import Game, Phase
from game.engine.state import (
    CARD_ELEMS,
    CARD_GREGARIOUS,
    CARD_SOLITARY,
    E_FLOWER,
    E_PLANT,
    E_WATER,
    GOAL,
    TREE_COST,
    VARAN,
    PlayerState,
)
from game.engine.vocab import Tile
from tests.ai.helpers import random_positions
from tests.ai.positions import action_position, draw_position

BEAR, GOLDFISH, WEASEL, HARE, FAWN = 1, 5, 8, 9, 10


def reference_cards_per_round(cards: list[int]) -> tuple[float, list[float], int]:
    """``_cards_per_round`` card by card (its first version)."""
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
    density = max((sol - greg) / n, 0.1)
    drawn = min(float(n), 2.5 / density)
    return drawn, [s / n for s in sums], varans


def test_the_packed_card_totals_give_the_card_by_card_figures() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        cards = [rng.randrange(1, len(CARD_ELEMS)) for _ in range(rng.randrange(0, 80))]
        assert gs._cards_per_round(tuple(cards)) == reference_cards_per_round(cards)


def reference_worth(
    g: Game, p: PlayerState, table_lead: int, tracks: tuple[int, int, int], fed: list[int]
) -> float:
    """``seat_worth`` as its formula reads, one helper per term (its first version)."""
    trees, fires, flowers = tracks
    drawn, mean, varans = reference_cards_per_round([*p.deck, *p.discard, *p.line])
    flow = flowers - p.line_elems[E_FLOWER] + max(0.0, drawn * mean[E_FLOWER])
    h = gs.horizon(max(trees, fires, flow, table_lead))
    v = gs.progress(trees) + gs.progress(fires) + gs.progress(flow)
    if g.phase is Phase.ACTION and max(trees, fires, flowers) >= GOAL:
        v += gs.REACHED
    income = 0.0
    for e in range(4):
        x = drawn * mean[e] + p.forest_elems[e]
        if x > gs.ENOUGH[e]:
            x = gs.ENOUGH[e] + 0.3 * (x - gs.ENOUGH[e])
        income += gs.INCOME[e] * x
    v += h * income
    water = drawn * mean[E_WATER] + p.forest_elems[E_WATER]
    plant = drawn * mean[E_PLANT] + p.forest_elems[E_PLANT]
    taken = spent = 0
    for f in fed:
        if spent + f > water:
            break
        spent += f
        taken += 1
    reach = gs.progress(fires + taken) - gs.progress(fires)
    kinds = set(p.forest)
    for kind, left in enumerate(g.tree_supply):
        if left > 0 and TREE_COST[kind] <= plant and kind not in kinds:
            reach = reach + gs.progress(trees + 1) - gs.progress(trees)
            break
    v += gs.REACH * reach
    v -= gs.VARAN_COST * (varans + gs.threat(g, p)) * min(h, 1.0)
    v += gs.FRAGMENT[min(p.fragments, 4)]
    return v


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 7)])
def test_the_written_out_worth_is_the_formula_bit_for_bit(players: int, seed: int) -> None:
    for g in random_positions(players, seed, 30):
        tracks = [p.tracks() for p in g.players]
        lead = max(max(t) for t in tracks)
        fed = fed_fires(g)
        for p, t in zip(g.players, tracks, strict=True):
            for table_lead in (0, lead, 11, 13):
                assert seat_worth(g, p, table_lead, t, fed) == reference_worth(
                    g, p, table_lead, t, fed
                )
            assert seat_worth(g, p) == reference_worth(g, p, 0, t, fed)


def _plant(p: PlayerState) -> None:
    p.forest[p.plantable_spaces()[0]] = 2
    p.recompute()


def _line(p: PlayerState) -> None:
    p.line.append(WEASEL)  # Sun only: the cards change, the line's Flowers and Water not
    p.recompute()


def _line_water(p: PlayerState) -> None:
    """Two Goldfish from the discard's end to the Help Line's front: the cards in the same
    order, but the line's Water now matches the centre's firepower."""
    assert p.discard[-2:] == [GOLDFISH, GOLDFISH]
    p.line = p.discard[-2:] + p.line
    del p.discard[-2:]
    p.recompute()


def _line_flower(p: PlayerState) -> None:
    """A Fawn from the discard's end to the Help Line's front for a Flower tile given up:
    the same cards in the same order, the same tracks, but the line's Flowers last a round."""
    assert p.discard[-1] == FAWN and p.tiles == [(Tile.FLOWER, 1)]
    p.line = [FAWN, *p.line]
    p.discard.pop()
    p.tiles.clear()
    p.recompute()


def _forest_kind(p: PlayerState) -> None:
    """Another kind where kind 0 stands, the Forest's elements kept: only the kinds tell."""
    p.forest[p.forest.index(0)] = 1


# Everything the key must hold: the table's part, then a seat's.
CHANGES: dict[str, Callable[[Game], None]] = {
    "phase": lambda g: setattr(g, "phase", Phase.DRAW),
    "centre": lambda g: g.centre.append(4),
    "Varans left": lambda g: setattr(g, "varans", 1),
    "animals attracted": lambda g: setattr(g, "attracted", [0, 0, 1]),
    "tree supply": lambda g: setattr(g, "tree_supply", [0] * len(g.tree_supply)),
    "cards in the pile": lambda g: g.players[1].deck.append(BEAR),
    "cards in the discard": lambda g: g.players[1].discard.extend([HARE] * 4),
    "Help Line's cards": lambda g: _line(g.players[1]),
    "Help Line's Water": lambda g: _line_water(g.players[1]),
    "Help Line's Flowers": lambda g: _line_flower(g.players[2]),
    "Forest": lambda g: _plant(g.players[1]),
    "Forest's elements": lambda g: g.players[1].forest_elems.__setitem__(0, 3),
    "Forest's kinds": lambda g: _forest_kind(g.players[1]),
    "Fragments": lambda g: setattr(g.players[1], "fragments", 2),
    "Victory tiles": lambda g: g.players[1].tiles.append((Tile.FLOWER, 1)),
    "Fires taken": lambda g: g.players[1].fires.append(3),
}


def _fresh(g: Game, lead: int | None = None) -> list[float]:
    tracks = [p.tracks() for p in g.players]
    lead = max(max(t) for t in tracks) if lead is None else lead
    return [seat_worth(g, p, lead, t, fed_fires(g)) for p, t in zip(g.players, tracks, strict=True)]


def _remembered(g: Game, lead: int | None = None) -> list[float]:
    tracks = [p.tracks() for p in g.players]
    lead = max(max(t) for t in tracks) if lead is None else lead
    return seat_worths(g, lead, tracks)


def _position() -> Game:
    g = action_position([WEASEL, HARE], players=3, centre=[2, 2])  # Onibi's threat is on
    g.varans = 5
    g.tree_supply = [0, 3] + [0] * (len(g.tree_supply) - 2)  # one kind to plant: kind 1
    p = g.players[1]
    p.discard = [BEAR, GOLDFISH, GOLDFISH]
    p.forest[p.plantable_spaces()[0]] = 0
    p.recompute()
    g.players[2].discard = [BEAR, FAWN]
    g.players[2].tiles = [(Tile.FLOWER, 1)]
    return g


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_remembered_worths_are_fresh_after_any_change_they_read(change: str) -> None:
    g = _position()
    before = _remembered(g)
    assert before == _fresh(g)
    CHANGES[change](g)
    after = _fresh(g)
    assert after != before  # (the change matters: a key without it would answer stale)
    assert _remembered(g) == after


def test_remembered_worths_follow_the_leading_track_handed_in() -> None:
    g = _position()
    lead = max(max(p.tracks()) for p in g.players)
    assert _remembered(g, lead) == _fresh(g, lead)
    assert _fresh(g, lead + 6) != _fresh(g, lead)
    assert _remembered(g, lead + 6) == _fresh(g, lead + 6)


def test_a_copy_of_a_seat_is_scored_from_memory_as_afresh() -> None:
    """greedy's draw tables score copies of a seat with one card or tree more."""
    g = _position()
    p = g.players[0]
    lead = max(max(q.tracks()) for q in g.players)
    assert remembered_worth(g, p, lead) == seat_worth(g, p, lead)
    q = p.clone()
    q.deck.append(BEAR)
    assert remembered_worth(g, q, lead) == seat_worth(g, q, lead) != seat_worth(g, p, lead)


def test_the_judge_remembers_a_line_by_its_sums_and_the_Varans_left() -> None:
    g = draw_position([WEASEL], deck=[VARAN, HARE, BEAR, GOLDFISH])
    g.centre = [3, 3]  # Onibi's threat: the Varans left count
    judge = LineJudge(g, 0)
    lines = [[0, 0, 0, 0, 0], [2, 0, 0, 1, 0], [45, 7, 3, 0, 12], [-3, 2, 41, 0, 0]]
    seen = {}
    for varans in (5, 0):
        g.varans = varans
        for i, elems in enumerate(lines):
            for balance in (0, 3):
                fresh = LineJudge(g, 0)._clipped_value(elems, balance)
                assert judge.line_value(elems, balance) == fresh
                seen[varans, i, balance] = fresh
    # (each part of the key tells: the Varans Onibi would deal, two actions or one)
    assert seen[5, 1, 0] != seen[0, 1, 0] and seen[5, 1, 0] != seen[5, 1, 3]
