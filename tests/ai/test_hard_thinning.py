"""Hard can try the gregarious animals that lengthen its Help Line (issue 31,
``HardSettings.thin``): the cheap card scores leave every one of them out of the Attract
sets the planner tries, so Hard never holds one, while the ``greedy`` yardstick builds its
deck on them and outdraws Hard. On at two and three players, with the leaf's pile term
(``test_hard_engine``); off at bigger tables, where Hard plays as before."""

from __future__ import annotations

from dataclasses import replace

from game.ai.heuristics.evaluate import expected_for
from game.ai.heuristics.tactics import attract_sets, card_value, thinning_value
from game.ai.levels.hard import HardPolicy, HardSettings
from game.ai.levels.medium import rank_with_lines
from game.engine import Action, Decision, Game
from game.engine.moves import CHOOSE, PICK_ANIMAL, PickAnimal
from game.engine.state import CARD_GREGARIOUS
from tests.ai.positions import action_position

BEAR, BEETLE, LYNX, FOX, OWL, SPIDER, HORNED_OWL, HIPPO = 1, 2, 3, 4, 14, 35, 37, 36
GOLDFISH, BOAR, FAWN, COATI, RACOON = 5, 7, 10, 23, 24
WEASEL, TANUKI, BABOON, HEDGEHOG, BEE, HARE, HUMMINGBIRD = 8, 6, 13, 15, 12, 9, 11
BUTTERFLY, CATERPILLAR, FLAMINGO, BEAVER = 34, 16, 17, 25
THIN = HardSettings()  # on as shipped (two and three players)
OFF = replace(THIN, thin=False)  # as at four players (``for_table``)


def solitary_pile_turn() -> Game:
    """Seat 0 acts with Sun 9 and no solitary symbol in its line; its pile of 20 holds 8
    solitary symbols (a Help Line stops after about 6 cards); a Butterfly (gregarious,
    -3 Sun) and three plain animals are for sale."""
    line = [WEASEL, TANUKI, BABOON, HEDGEHOG, BEE, HARE, HUMMINGBIRD]
    g = action_position(line, centre=[3])
    p = g.players[0]
    p.deck = [BEAR, BEETLE, LYNX, FOX, OWL, SPIDER, HORNED_OWL, HIPPO]
    p.deck += [GOLDFISH, BOAR, FAWN, COATI, RACOON]
    p.discard, p.known_top = [], 0
    g.reserve[0] = [BUTTERFLY, CATERPILLAR, FLAMINGO, BEAVER]
    assert p.totals()[0] == 9 and p.actions_left == 2
    return g


def _picks(lines) -> set[int]:
    return {m.card for line in lines for m in line if isinstance(m, PickAnimal)}


def test_a_gregarious_card_is_worth_the_cards_it_lets_the_pile_draw() -> None:
    p = solitary_pile_turn().players[0]
    # 6.5 cards a round from this pile, 7.8 with the Butterfly: its -3 Sun is paid back.
    assert card_value(BUTTERFLY, p) < 0 < thinning_value(BUTTERFLY, p)
    pile = tuple(p.deck + p.line)
    assert expected_for(pile)[0] == 6.5
    assert round(expected_for((*pile, BUTTERFLY))[0], 1) == 7.8


def test_hard_races_a_turn_that_takes_the_gregarious_card() -> None:
    g = solitary_pile_turn()
    legal = g.legal_moves(0)
    cands, lines = HardPolicy(settings=THIN).candidate_lines(g.view(0), Decision.ACTION, legal)
    raced = [lines[m] for m, _ in cands if m in lines]
    assert BUTTERFLY in _picks(raced)
    # Off (bigger tables) Hard races the cheap scores' sets, as before.
    cands, lines = HardPolicy(settings=OFF).candidate_lines(g.view(0), Decision.ACTION, legal)
    assert BUTTERFLY not in _picks(lines[m] for m, _ in cands if m in lines)
    # Medium keeps its own cheap scores: none of its lines takes it.
    _, medium_lines = rank_with_lines(g, 0, Decision.ACTION, legal)
    assert BUTTERFLY not in _picks(medium_lines.values())


def test_hard_s_attract_step_offers_the_gregarious_set() -> None:
    g = solitary_pile_turn()
    g.play(0, CHOOSE[Action.ATTRACT])
    legal = g.legal_moves(0)
    hard = [m for m, _ in HardPolicy(settings=THIN).candidates(g.view(0), Decision.ATTRACT, legal)]
    assert PICK_ANIMAL[BUTTERFLY] in hard
    off = HardPolicy(settings=OFF)
    assert PICK_ANIMAL[BUTTERFLY] not in [
        m for m, _ in off.candidates(g.view(0), Decision.ATTRACT, legal)
    ]


def test_the_gregarious_set_is_added_only_when_the_best_sets_lack_one() -> None:
    g = solitary_pile_turn()
    p = g.players[0]
    plain = attract_sets(g, p, 9, 2)
    thin = attract_sets(g, p, 9, 2, thin=True)
    assert not any(
        CARD_GREGARIOUS[m.card] for _, s in plain for m in s if isinstance(m, PickAnimal)
    )
    assert any(CARD_GREGARIOUS[m.card] for _, s in thin for m in s if isinstance(m, PickAnimal))
    assert all(sum(1 for m in s if isinstance(m, PickAnimal)) >= 1 for _, s in thin)
    # Nothing gregarious for sale: the sets are the cheap scores' own.
    g.reserve[0] = [CATERPILLAR, FLAMINGO, BEAVER]
    assert attract_sets(g, p, 9, 2, thin=True) == attract_sets(g, p, 9, 2)
