"""The engine's hot queries (written with bit tests for search speed) agree with their
plain definitions on every kind of Forest."""

import random
from dataclasses import fields

from game.engine import Phase, Source, TaskKind, Tile, new_game
from game.engine import moves as mv
from game.engine.legal import task_has_choice, task_moves
from game.engine.moves import DRAW, FINISH, PICK_ANIMAL, SKIP_BONUS, STOP, listed
from game.engine.state import E_FLOWER, EMPTY, NEIGHBOURS, SPACES, START_TREE, TREES, Task

ATTRACT, EXTINGUISH, PLANT, MOVE, STEAL = (
    TaskKind.ATTRACT,
    TaskKind.EXTINGUISH,
    TaskKind.PLANT,
    TaskKind.MOVE,
    TaskKind.STEAL,
)


def random_forests(count: int, seed: int = 3) -> list[list[int]]:
    rng = random.Random(seed)
    values = [EMPTY, START_TREE, *range(len(TREES))]
    out = [[EMPTY] * SPACES, [START_TREE] * SPACES]
    for _ in range(count):
        fill = rng.random()
        out.append([rng.choice(values) if rng.random() < fill else EMPTY for _ in range(SPACES)])
    return out


def test_plantable_spaces_are_the_empty_spaces_beside_a_tree():
    p = new_game(2, seed=1).players[0]
    for forest in random_forests(500):
        p.forest = forest
        plain = [
            s
            for s in range(SPACES)
            if forest[s] == EMPTY and any(forest[n] != EMPTY for n in NEIGHBOURS[s])
        ]
        assert p.plantable_spaces() == plain


def test_plantable_spaces_follow_a_forest_changed_in_place_and_are_the_callers_own():
    """The answers are remembered by the Forest's contents: a tree planted in the same
    list is seen at once, and a caller changing its answer changes nothing else."""
    p = new_game(2, seed=1).players[0]
    before = p.plantable_spaces()
    before.clear()
    assert p.plantable_spaces() and p.plantable_spaces() != before
    space = p.plantable_spaces()[0]
    p.forest[space] = 0
    after = p.plantable_spaces()
    assert space not in after
    assert all(n in after for n in NEIGHBOURS[space] if p.forest[n] == EMPTY)
    p.forest[space] = EMPTY
    assert space in p.plantable_spaces()


def test_tracks_count_distinct_trees_the_start_tree_and_tiles():
    p = new_game(2, seed=1).players[0]
    p.tiles = [(Tile.TREE, 0), (Tile.FIRE, 1), (Tile.FLOWER, 0), (Tile.TREE, 1)]
    p.fires = [2, 3]
    for forest in random_forests(500):
        p.forest = forest
        p.recompute()
        trees = len({t for t in forest if t != EMPTY}) + 2
        assert p.tracks() == (trees, 2 + 1, p.total(E_FLOWER) + 1)


def test_tree_kinds_counts_distinct_planted_kinds_only():
    p = new_game(2, seed=1).players[0]
    for forest in random_forests(500):
        p.forest = forest
        assert p.tree_kinds() == len({t for t in forest if 0 <= t < START_TREE})


def test_deciding_names_the_pending_seats_and_their_decision():
    rng = random.Random(5)
    kinds = set()
    for players in (2, 3, 4):
        g = new_game(players, seed=players)
        while not g.over:
            pend = g.pending()
            seats, decision = g.deciding()
            assert seats == [p.player for p in pend]
            assert {decision} == {p.decision for p in pend}
            kinds.add(decision)
            seat = rng.choice(seats)
            g.play(seat, rng.choice(g.legal_moves(seat)))
        assert g.deciding() == ([], None)
    assert len(kinds) >= 6


def test_task_has_choice_is_whether_task_moves_lists_a_real_answer():
    """Every step kind, main or bonus, with spent and extra budget, on positions of whole
    random games: the quick test agrees with the full list."""
    rng = random.Random(9)
    both = set()
    for players in (2, 3, 4):
        g = new_game(players, seed=10 + players)
        while not g.over:
            if g.phase is Phase.ACTION:
                p = g.players[g.turn]
                for kind in (ATTRACT, EXTINGUISH, PLANT, MOVE, STEAL):
                    for extra, spent in ((0, 0), (2, 0), (0, 3), (1, 1)):
                        victim = rng.randrange(players)
                        source = rng.choice((Source.ACTION, Source.CORNER))
                        t = Task(kind, source, extra, spent, 1, victim)
                        moves = task_moves(g, p, t)
                        real = any(m is not FINISH and m is not SKIP_BONUS for m in moves)
                        assert task_has_choice(g, p, t) == real, (kind, extra, spent)
                        both.add(real)
            seats, _ = g.deciding()
            seat = rng.choice(seats)
            g.play(seat, rng.choice(g.legal_moves(seat)))
    assert both == {True, False}


def test_a_move_equal_to_a_shared_one_but_built_from_other_types_is_still_refused():
    """``check_move_types`` lets the shared instances through at once; a look-alike built
    with a bool or a float (equal to them by ``==``) still gets the full check."""
    from game.engine.moves import PICK_FIRE, PickFire, check_move_types

    assert check_move_types(PICK_FIRE[2]) is None
    assert check_move_types(PickFire(2)) is None
    assert check_move_types(PickFire(True)) is not None  # type: ignore[arg-type]
    assert check_move_types(PickFire(2.0)) is not None  # type: ignore[arg-type]
    assert PickFire(2.0) == PICK_FIRE[2]  # why the fast path must be by identity


def test_action_moves_are_the_unused_actions_that_can_do_something_then_pass():
    from game.engine.legal import action_moves, can_attract, can_extinguish, can_plant
    from game.engine.moves import CHOOSE, PASS, Action
    from game.engine.state import E_SUN, E_WATER, E_WIND

    def possible(g, p, a):
        return {
            Action.FRAGMENT: g.fragments > 0,
            Action.ATTRACT: can_attract(g, p.total(E_SUN)),
            Action.EXTINGUISH: can_extinguish(g, p.total(E_WATER)),
            Action.PLANT: can_plant(g, p),
            Action.MOVE: p.total(E_WIND) >= 1,
        }[a]

    rng = random.Random(4)
    seen = 0
    for players in (2, 3, 4):
        g = new_game(players, seed=20 + players)
        while not g.over:
            if g.phase is Phase.ACTION and not g.tasks:
                p = g.players[g.turn]
                free = [a for a in Action if p.can_repeat or not (p.used >> a) & 1]
                plain = [CHOOSE[a] for a in free if possible(g, p, a)] + [PASS]
                assert action_moves(g, p) == plain
                seen += len(plain) > 2
            seats, _ = g.deciding()
            seat = rng.choice(seats)
            g.play(seat, rng.choice(g.legal_moves(seat)))
    assert seen >= 10


def test_listed_is_in_for_shared_instances_equal_copies_and_absent_moves():
    """``listed`` looks for the very instance first; a copy equal to a listed move is found
    too, and a move not listed is not (checked on the legal lists of played games: their
    first 300 moves, some ten rounds; random games went on for 50-130 rounds, issue 43)."""
    rng = random.Random(9)
    every = [m for group in (mv.PLANT.values(), PICK_ANIMAL.values()) for m in group]
    every += [DRAW, STOP, FINISH, SKIP_BONUS]
    checked = 0
    for players in (2, 3, 4):
        g = new_game(players, seed=40 + players)
        for _ in range(300):
            if g.over:
                break
            seat = rng.choice(g.pending()).player
            legal = g.legal_moves(seat)
            for m in [*legal, *rng.sample(every, 8)]:
                copy = type(m)(*(getattr(m, f.name) for f in fields(m)))
                assert listed(m, legal) == listed(copy, legal) == (m in legal)
                checked += 1
            g.play(seat, rng.choice(legal))
    assert checked > 1000
