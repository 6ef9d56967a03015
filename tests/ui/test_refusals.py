"""Every reason the engine gives for refusing a move is worded in English and Korean."""

import random
from functools import cache

import pytest

from game.engine import IllegalMove, new_game
from game.engine.moves import _CANONICAL
from game.i18n import Catalog
from game.ui.words.sentences import refusal_text

ALL_MOVES = list(_CANONICAL)


@cache
def refusals(players: int, seed: int) -> dict[str, IllegalMove]:
    """Play a random game; at many positions try every illegal move, keep one per code
    (the same for each language: played once per process)."""
    found: dict[str, IllegalMove] = {}
    g = new_game(players, seed)
    r = random.Random(seed)
    for step in range(2000):
        if g.over:
            break
        seat = r.choice(g.pending()).player
        if step % 5 == 0:
            for other in range(players):
                legal = set(g.legal_moves(other))
                for move in r.sample(ALL_MOVES, 40):
                    if move not in legal:
                        try:  # (not ``pytest.raises``: 60,000 of them were a third of this)
                            g.play(other, move)
                        except IllegalMove as refused:
                            found.setdefault(refused.code, refused)
                        else:
                            pytest.fail(f"{move} was played though not legal")
        g.play(seat, r.choice(g.legal_moves(seat)))
    return found


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_refusal_has_its_sentence(lang):
    tr = Catalog.load(lang, strict=True).tr
    found: dict[str, IllegalMove] = {}
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        found.update(refusals(players, seed))
    assert len(found) >= 25, sorted(found)
    assert "illegal" not in found  # every refusal carries its own code
    for code, error in found.items():
        text = refusal_text(tr, error)
        assert text and "{" not in text, code
    en = Catalog.load("en", strict=True).tr
    if lang == "ko":
        assert refusal_text(tr, found["not_your_turn"]) != refusal_text(en, found["not_your_turn"])
