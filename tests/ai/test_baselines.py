"""The arena's independent yardsticks, ``greedy``, ``pimc`` and ``ismcts``: legal, blind to
hidden orders, and sound on positions whose right answer the rules make plain."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.policy import make_policy
from game.ai.yardsticks.greedy import GreedyPolicy, LineJudge, Pile
from game.ai.yardsticks.ismcts import IsmctsPolicy, rewards
from game.ai.yardsticks.pimc import PimcPolicy, finish_round
from game.engine import Action, Decision, Game, Phase
from game.engine.moves import CHOOSE, DRAW, STOP, USE_FRAGMENT
from game.engine.state import VARAN
from tests.ai.helpers import random_positions, with_other_hidden_order
from tests.ai.positions import action_position, draw_position

POSITIONS = [g for players in (2, 4) for g in random_positions(players, 30 + players, 8)]
FAST = {
    "greedy": GreedyPolicy(),
    "ismcts": IsmctsPolicy(iterations=30),
    "pimc": PimcPolicy(worlds=1, shortlist=2),  # one sampled deal: legal and blind all the same
}


@pytest.mark.parametrize("level", ["greedy", "pimc", "ismcts"])
def test_baselines_are_arena_seats_that_answer_legally_and_never_peek(level: str) -> None:
    assert make_policy(level).level == level
    policy = FAST[level]
    seen: set[Decision] = set()
    for g in POSITIONS:
        h = with_other_hidden_order(g, 7)
        for pend in g.pending()[:2]:
            legal = g.legal_moves(pend.player)
            a = policy.choose(g.view(pend.player), pend.decision, legal, random.Random(3), 5.0)
            b = policy.choose(h.view(pend.player), pend.decision, legal, random.Random(3), 5.0)
            assert a in legal and a == b
            seen.add(pend.decision)
    assert {Decision.DRAW, Decision.ACTION} <= seen


def test_greedy_draw_odds_come_from_the_known_pile() -> None:
    """At two uncancelled symbols a third stops the seat at one action: a pile of Varans
    says stop, a pile with no solitary card says draw; the known top is certain."""
    line = [1, 2, 8]  # Bear, Beetle (solitary), Weasel
    risky = draw_position(line, deck=[VARAN] * 4 + [3, 4])
    assert GreedyPolicy().choose(risky.view(0), Decision.DRAW, [DRAW, STOP], random.Random(1), 1)
    assert LineJudge(risky, 0).choose([DRAW, STOP]) == STOP
    safe = draw_position(line, deck=[17, 11, 13, 12, 9])
    assert LineJudge(safe, 0).choose([DRAW, STOP]) == DRAW
    p = safe.players[0]
    p.deck.append(VARAN)
    p.known_top = 1
    (card, chance, _rest), *others = Pile.of(p).next_cards()
    assert (card, chance, others) == (VARAN, 1.0, [])


def test_greedy_takes_the_Fire_that_wins() -> None:
    """Eleven Fires and Water for one more: Extinguish ends the game in its favour."""
    g = action_position([17, 11, 13], centre=[2, 4, 4])  # Water 3
    g.players[0].fires = [2] * 10  # and the Fire Victory tile: 11
    legal = g.legal_moves(0)
    move = GreedyPolicy().choose(g.view(0), Decision.ACTION, legal, random.Random(1), 1.0)
    assert move == CHOOSE[Action.EXTINGUISH]


def test_ismcts_finds_the_winning_Fire_and_is_reproducible() -> None:
    """One action left (three solitary cards, Water 2): only Extinguish wins now."""
    g = action_position([1, 2, 3], centre=[2, 4, 4])
    assert g.players[0].actions_left == 1
    g.players[0].fires = [2] * 10  # and the Fire Victory tile: 11
    legal = g.legal_moves(0)
    policy = IsmctsPolicy(iterations=150)
    a = policy.choose(g.view(0), Decision.ACTION, legal, random.Random(4), 10.0)
    b = policy.choose(g.view(0), Decision.ACTION, legal, random.Random(4), 10.0)
    assert a == b == CHOOSE[Action.EXTINGUISH]


def test_ismcts_with_greedy_playouts_plays_the_round_out_and_never_peeks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Below its tree every seat plays greedy's round to the horizon: it sees the eleventh
    Fire's win, each playout stops where the next round begins, and its choice is the
    same whatever the hidden orders."""
    from game.ai.yardsticks import ismcts

    g = action_position([1, 2, 3], centre=[2, 4, 4])
    g.players[0].fires = [2] * 10  # and the Fire Victory tile: 11
    policy = IsmctsPolicy(iterations=24, playout="greedy")
    legal = g.legal_moves(0)
    ends: list[tuple[int, Phase]] = []

    def watched(w: Game, rng: random.Random, rounds: int) -> None:
        finish_round(w, rng, rounds)
        ends.append((w.round, w.phase))

    monkeypatch.setattr(ismcts, "finish_round", watched)
    move = policy.choose(g.view(0), Decision.ACTION, legal, random.Random(4), 0.0)
    assert move == CHOOSE[Action.EXTINGUISH]
    assert len(ends) == 24
    assert all(e == (g.round + 1, Phase.DRAW) or e[1] is Phase.OVER for e in ends)
    for g in POSITIONS[:6]:
        h = with_other_hidden_order(g, 7)
        pend = g.pending()[0]
        legal = g.legal_moves(pend.player)
        a = policy.choose(g.view(pend.player), pend.decision, legal, random.Random(3), 0.0)
        b = policy.choose(h.view(pend.player), pend.decision, legal, random.Random(3), 0.0)
        assert a in legal and a == b


def test_ismcts_rewards_are_a_distribution_and_exact_at_the_end() -> None:
    for g in POSITIONS:
        for leaf in ("tracks", "worth"):
            r = rewards(g, leaf)
            assert abs(sum(r) - 1.0) < 1e-9 and all(0 < x < 1 for x in r)


def test_arena_seats_the_baselines_with_their_own_knobs() -> None:
    import io

    from game.devtools.arena import run

    out, err = io.StringIO(), io.StringIO()
    # (against Easy: each seat wins a game here, and greedy cost three times the run)
    lines = run(2, ["ismcts[iterations=4]", "easy"], 2, 1, 5, 0.01, out=out, progress=err)
    entries = [x for x in lines if "entry" in x]
    assert [x["level"] for x in entries] == ["ismcts[iterations=4]", "easy"]
    assert sum(x["wins"] for x in entries) == 2
    for x in entries:  # every win is put down to the track that reached 12
        assert set(x["won_on"]) == {"trees", "fires", "flowers"}
        assert abs(sum(x["won_on"].values()) - x["wins"]) < 1e-9


def test_winning_track_is_the_one_at_the_goal() -> None:
    from game.devtools.arena import winning_track

    assert winning_track((12, 3, 5)) == "trees"
    assert winning_track((4, 9, 13)) == "flowers"


def test_pimc_takes_the_Fire_that_wins_and_spends_the_Fragment_that_saves_an_action() -> None:
    """Its rollouts see the game end: Extinguish at eleven Fires wins. A Varan as the third
    solitary symbol costs an action and brings nothing: a Fragment removes it."""
    g = action_position([17, 11, 13], centre=[2, 4, 4])  # Water 3
    g.players[0].fires = [2] * 10  # and the Fire Victory tile: 11
    pimc = PimcPolicy(worlds=3)
    move = pimc.choose(g.view(0), Decision.ACTION, g.legal_moves(0), random.Random(1), 0.0)
    assert move == CHOOSE[Action.EXTINGUISH]
    d = draw_position([1, 2, VARAN], deck=[17, 22, 43, 12, 9, 13], fragments=1)
    assert pimc.choose(d.view(0), Decision.DRAW, d.legal_moves(0), random.Random(2), 0.0) == (
        USE_FRAGMENT
    )


def test_pimc_rollouts_play_as_many_rounds_as_asked_and_one_by_default() -> None:
    """``rounds`` is the rollouts' horizon: the greedy players finish this round, or this
    one and the next (its draw phase judged afresh), and stop where the next begins."""
    g = action_position([17, 11, 13], players=3)
    start = g.round
    ends = []
    for rounds in (1, 2, 3):
        w = g.clone()
        finish_round(w, random.Random(5), rounds)
        ends.append((w.round, w.phase))
    assert ends == [(start + r, Phase.DRAW) for r in (1, 2, 3)]
    default = g.clone()
    finish_round(default, random.Random(5))
    assert (default.round, default.phase) == ends[0]
    assert PimcPolicy().rounds == 1


def test_pimc2_is_pimc_with_twice_the_deals_and_a_two_round_horizon() -> None:
    """The arena's ``pimc2`` seat is the issue-42 yardstick, and its options still apply."""
    stronger = make_policy("pimc2")
    assert isinstance(stronger, PimcPolicy) and stronger.level == "pimc2"
    assert replace(stronger, level="pimc") == PimcPolicy(worlds=12, rounds=2)
    assert make_policy("pimc2", worlds=3) == replace(stronger, worlds=3)
    assert make_policy("pimc") == PimcPolicy()
