"""The hint sentence is worded from the catalogue, in every language, for every reason."""

import pytest

from game.ai.coach.hint import Advice
from game.engine.moves import DRAW, PLANT
from game.i18n import Catalog
from game.ui.words.sentences import describe_move, hint_sentence

REASONS = [
    ("track", {"track": "trees", "before": 2, "after": 3}),
    ("for_good", {"n": 1, "element": "water"}),
    ("fragments", {"n": 1}),
    ("fragments", {"n": 2}),
    ("attracted", {"n": 1}),
    ("attracted", {"n": 3}),
    ("steals", {"n": 1}),
    ("steals", {"n": 2}),
    ("best_rated", {}),
    ("varan_back", {}),
    ("would_cost_action", {}),
    ("must_reveal", {}),
    ("draw_odds", {"percent": 12}),
    ("draw_safe", {}),
    ("stop_odds", {"percent": 40}),
    ("line_enough", {}),
    ("longer_line", {"before": "6.5", "after": "7.8"}),
]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_reason_is_worded(lang):
    tr = Catalog.load(lang, strict=True).tr
    for i in range(0, len(REASONS), 3):
        advice = Advice(PLANT[(3, 1, 1)], tuple(REASONS[i : i + 3]))
        text = hint_sentence(tr, advice, lambda m: describe_move(tr, m))
        assert "{" not in text and text.startswith(tr("hint.says", move="", why="")[:2])
        assert describe_move(tr, PLANT[(3, 1, 1)]) in text


def test_english_and_korean_differ_and_nothing_to_decide():
    en, ko = Catalog.load("en", strict=True).tr, Catalog.load("ko", strict=True).tr
    advice = Advice(DRAW, (("draw_odds", {"percent": 12}),))
    assert "12%" in hint_sentence(en, advice, lambda m: describe_move(en, m))
    assert hint_sentence(en, advice, str) != hint_sentence(ko, advice, str)
    assert hint_sentence(en, None, str) == en("hint.nothing")
    both = hint_sentence(en, Advice(DRAW, (("fragments", {"n": 1}), ("steals", {"n": 2}))), str)
    assert "1 Fragment, " in both and "; takes 2 Victory tiles" in both


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_hint_says_why_not_only_what(lang):
    """Issue 32, item 9: "Take a Fragment — 1 Fragment" named the move, not the reason;
    the sentence labels its reasons as the why, and each gain says what it is good for."""
    from game.engine.moves import ChooseAction

    tr = Catalog.load(lang, strict=True).tr
    take = ChooseAction(1).canonical()
    text = hint_sentence(tr, Advice(take, (("fragments", {"n": 1}),)), lambda m: "M")
    why = {"en": ("Why:", "remove a card"), "ko": ("이유:", "치울 수 있음")}[lang]
    assert all(w in text for w in why), text
    for key, params in REASONS:
        if key in ("attracted", "for_good", "fragments", "steals", "track"):
            said = hint_sentence(tr, Advice(take, ((key, params),)), lambda m: "M")
            assert len(said) > len(tr("hint.says", move="M", why="")) + 12, said
