"""No "1 cards left" (issue 40): every English text that counts something has its ``.one``
form in the catalogue (in both languages; Korean's reads the same) and the screen picks it
for exactly one (``counted``), unless the number can never be 1 (said below, with why)."""

from __future__ import annotations

import json
import re
from importlib import resources

from game.engine import IllegalMove
from game.engine.vocab import RefusalCode
from game.i18n import read_strings
from game.ui.headless import headless_context
from game.ui.words.sentences import counted, refusal_text

NOUNS = (
    "cards|lines|rounds|actions|Fires|Fragments|animals|rocks|players|tiles|symbols|spaces"
    "|trees|Varans|steps|moves|games|seconds|points"
)
NEVER_ONE = {  # key -> why its number is never exactly 1
    "hint.reason.longer_line": "a Help Line's length a round, with one decimal",
    "rules.corner.fragment": "a Forest corner's Fragments (the board's, 2)",
    "help.round.body": "the Reserve's animals (the board's)",
    "help.forest.body": "a Forest corner's Fragments (the board's)",
    "help.onibi.body": "the centre's most Fires (the board's)",
    "help.animal.copies": "the copies of an animal card (the supply's, above 1)",
    "statistics.rounds": "an average, with one decimal",
}


def english() -> dict[str, str]:
    out: dict[str, str] = {}
    for name in ("en.json", "app_en.json"):
        raw = resources.files("game").joinpath("locale", name).read_text(encoding="utf-8")
        out.update(json.loads(raw))
    return out


def test_every_counted_text_has_its_singular_in_both_languages() -> None:
    en, ko = english(), read_strings("ko")
    missing = []
    for key, text in en.items():
        if key.endswith(".one") or key in NEVER_ONE:
            continue
        if re.search(rf"\{{\w+\}} ({NOUNS})\b", text) and f"{key}.one" not in en:
            missing.append(key)
    assert missing == []
    assert all(f"{k}.one" in ko for k in en if f"{k}.one" in en)
    assert all(k in en for k in NEVER_ONE)


def test_one_card_left_reads_as_one_card() -> None:
    tr = headless_context("en").tr
    assert counted(tr, "table.pile_note", 1, n=1, k=0) == "1 card left · 0 solitary"
    assert counted(tr, "table.pile_note", 2, n=2, k=1) == "2 cards left · 1 solitary"
    assert counted(tr, "log.scrolled", 1, n=1).startswith("↑ 1 line up")


def test_a_refusal_counting_one_takes_its_singular() -> None:
    ctx = headless_context("en")
    one = IllegalMove("too far", code=RefusalCode.TOO_FAR, numbers={"wind": 1})
    two = IllegalMove("too far", code=RefusalCode.TOO_FAR, numbers={"wind": 2})
    assert refusal_text(ctx.tr, one, ctx.has_key) == "you can move only 1 rock"
    assert refusal_text(ctx.tr, two, ctx.has_key) == "you can move 1 to 2 rocks"


def test_the_tray_pile_note_with_one_card_left(app, monkeypatch) -> None:
    from game.ui.kit.painter import Painter
    from game.ui.scenes.table import scene_for_match
    from game.ui.table.match import Match, Seat

    ctx = headless_context("en")
    match = Match.new([Seat("Ana"), Seat("Bo", "easy")], 3, first_player=0)
    me = match.game.players[0]
    me.discard.extend(me.deck[1:])
    del me.deck[1:]
    match.sync()
    app.stack.push(scene_for_match(ctx, match))
    said: list[str] = []
    text_box, text = Painter.text_box, Painter.text
    monkeypatch.setattr(
        Painter, "text_box", lambda p, s, *a, **k: said.append(s) or text_box(p, s, *a, **k)
    )
    monkeypatch.setattr(
        Painter, "text", lambda p, s, *a, **k: said.append(s) or text(p, s, *a, **k)
    )
    app.step(1 / 60)
    notes = [s for s in said if "left" in s]
    assert any(re.search(r"(?<!\d)1 card left", s) for s in notes), notes
    # (not "11 cards left", an opponent's pile after as many draws as a frame's time allowed)
    assert not any(re.search(r"(?<!\d)1 cards", s) for s in notes), notes
