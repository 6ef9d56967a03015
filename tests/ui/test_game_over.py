"""The game-over explanation says who reached 12 and on what, that the sums decided, that a
tie shares the victory and that those below 12 rank below, whatever their sums."""

from __future__ import annotations

from game.engine.setup import new_game
from game.i18n import Catalog
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


def test_two_tracks_reached_read_as_a_sentence() -> None:
    """ "reached 12 on Fires and Flowers.", not "on Fires, Flowers." (issue 32, item 10)."""
    res = game_with([12, 3], [12, 0]).result()
    en = explain(Catalog.load("en", strict=True).tr, res, ["Ana", "Bo"])
    assert en[0] == "Ana reached 12 on Fires and Flowers."
    ko = explain(Catalog.load("ko", strict=True).tr, res, ["Ana", "Bo"])
    assert "불꽃 및 꽃" in ko[0]


def _finished(players: int, seed: int):
    import random

    from game.ui.table.ai_seats.ai_seat import builtin_choice
    from game.ui.table.match import Match, Seat

    match = Match.new([Seat(f"S{i}", "easy") for i in range(players)], seed, first_player=1)
    rand = random.Random(seed)
    while not match.game.over:
        a = match.active()
        match.play(a.player, builtin_choice(match.game, a.player, rand))
    return match


def test_the_progress_chart_ends_on_the_results_and_has_a_row_per_round() -> None:
    """Replayed from the first player of round 1 (not today's Sacred Tree holder): one row
    per round, the last equal to the final scores."""
    from game.ui.results.progress import tracks_by_round
    from game.ui.scenes.game_over import progress_of

    match = _finished(3, 21)
    rows = progress_of(match)
    assert len(rows) == match.game.round
    final = {s.player: (s.trees, s.fires, s.flowers) for s in match.game.result().scores}
    assert rows[-1] == tuple(final[seat] for seat in range(3))
    assert rows == tracks_by_round(3, match.seed, match.first_player, match.history)


def test_a_game_that_does_not_replay_from_its_seed_gets_no_chart() -> None:
    from game.ui.scenes.game_over import progress_of

    match = _finished(2, 5)
    match.history = match.history[:-3]  # a prepared position: its moves are not all known
    assert progress_of(match) == []


def test_the_celebration_plays_then_any_key_shows_the_results(app, ctx) -> None:
    import pygame

    from game.ui.scenes.game_over import GameOverScene

    ctx.settings.speed = "normal"
    match = _finished(2, 8)
    scene = GameOverScene(ctx, match)
    app.stack.push(scene)
    app.step(1 / 60)
    assert scene.busy() and not scene.celebration.done
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert scene.celebration.done and app.stack.top is scene  # the key only ended it
    app.step(1 / 60)
    assert not scene.busy()
