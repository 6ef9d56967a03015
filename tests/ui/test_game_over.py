"""The game-over explanation says who reached 12 and on what, that the sums decided, that a
tie shares the victory and that those below 12 rank below, whatever their sums."""

from __future__ import annotations

from game.app.i18n import Catalog
from game.engine.setup import new_game
from game.ui.scenes.game_over import explain


def game_with(fires: list[int], flowers: list[int]):
    g = new_game(len(fires), seed=3, first_player=0)
    for q, f, fl in zip(g.players, fires, flowers, strict=True):
        q.fires = [2] * f
        q.tiles = [("flower", q.seat)] * fl
    return g


def test_a_tie_on_the_sum_shares_the_victory_and_a_higher_sum_below_12_ranks_below() -> None:
    tr = Catalog.load("en", strict=True).tr
    res = game_with([12, 12, 11], [2, 2, 6]).result()
    assert res.winners == (0, 1)
    lines = explain(tr, res, ["Ana", "Bo", "Cy"])
    assert lines[0] == tr("gameover.why_reached", name="Ana", tracks=tr("table.track_fires"))
    assert tr("gameover.why_sums") in lines
    assert tr("gameover.why_tie", names="Ana, Bo", sum=15) in lines
    assert lines[-1] == tr("gameover.why_below.one", name="Cy")


def test_a_single_player_at_12_wins_whatever_the_sums() -> None:
    tr = Catalog.load("ko", strict=True).tr
    res = game_with([6, 12], [9, 0]).result()
    lines = explain(tr, res, ["Ana", "Bo"])
    assert lines[1] == tr("gameover.why_only", name="Bo")
    assert tr("gameover.why_sums") not in lines
