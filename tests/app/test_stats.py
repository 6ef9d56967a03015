from __future__ import annotations

import json

from game.app.paths import AppPaths
from game.app.stats_file import StatsStore
from game.app.storage import FileStorage
from game.match_stats import GameSummary, MatchStats, summarize
from tests.app.helpers import play_match


def _g(kinds, winners, victories=("trees",), rounds=10, total=20, key=""):
    return GameSummary(tuple(kinds), tuple(winners), tuple(victories), rounds, total, key)


def test_counts_per_kind_victory_rounds_and_streaks() -> None:
    s = MatchStats()
    s.record(_g(["human", "easy"], [0], ["fires"], rounds=10, total=30))
    s.record(_g(["human", "hard"], [0], ["trees"], rounds=14))
    s.record(_g(["human", "hard"], [1], ["flowers"], rounds=12))
    s.record(_g(["human", "medium", "easy"], [0], ["trees"], rounds=8))
    s.record(_g(["easy", "hard"], [0, 1], ["fires", "trees"], rounds=20))  # AI only, shared
    assert s.played == 5 and s.human_wins == 3 and s.ai_wins == 2
    assert (s.by_kind["human"].played, s.by_kind["human"].won) == (4, 3)
    assert (s.by_kind["hard"].played, s.by_kind["hard"].won) == (3, 2)
    assert (s.by_kind["easy"].played, s.by_kind["easy"].won) == (3, 1)
    assert s.by_victory == {"trees": 3, "fires": 2, "flowers": 1}
    assert s.shared == 1 and s.average_rounds == 64 / 5
    assert s.best_streak == 2 and s.streak == 1  # AI-only match leaves the streak alone
    assert s.recent == [True, True, False, True] and s.best_total == 30


def test_a_friend_at_another_screen_winning_is_not_this_players_win() -> None:
    """Online, the friend's seat is a person's but not this player's: their win breaks this
    player's streak and is not an AI's; at one screen (hot-seat) any person's win is ours."""
    online, hot_seat = MatchStats(), MatchStats()
    online.record(_g(["human", "easy"], [0], key="a"))
    online.record(GameSummary(("human", "human", "easy"), (1,), ("trees",), 9, 20, "b", (1,)))
    assert online.human_wins == 1 and online.ai_wins == 0 and online.streak == 0
    assert online.recent == [True, False] and online.by_kind["human"].won == 2
    hot_seat.record(GameSummary(("human", "human", "easy"), (1,), ("trees",), 9, 20, "b"))
    assert hot_seat.human_wins == 1 and hot_seat.streak == 1
    game = play_match(3, seed=7).game
    winner = game.result().winners[0]
    others = tuple(i for i in range(3) if i != winner)
    mine = summarize(game, ["human"] * 3, elsewhere=(winner,))
    best_of_others = max(game.result().scores[i].total for i in others)
    assert not mine.human_won and mine.has_human and mine.best_human_total == best_of_others
    assert summarize(game, ["human"] * 3, elsewhere=(0, 1, 2)).has_human is False


def test_the_same_match_counts_once() -> None:
    s = MatchStats()
    assert s.record(_g(["human", "easy"], [0], key="a"))
    assert not s.record(_g(["human", "easy"], [0], key="a"))
    assert s.played == 1


def test_summary_of_a_real_match() -> None:
    m = play_match(3, seed=7)
    summary = summarize(m.game, [s.kind for s in m.seats])
    result = m.game.result()
    assert summary.winners == result.winners and summary.rounds == m.game.round
    for w, v in zip(summary.winners, summary.victories, strict=True):
        assert getattr(result.scores[w], v) >= 12


def test_store_round_trip_reset_and_damage(paths: AppPaths) -> None:
    store = StatsStore(paths)
    stats, counted = store.record(_g(["human", "easy"], [0], key="x"))
    assert counted and store.load() == (stats, None)
    assert store.reset() == MatchStats() and store.load()[0] == MatchStats()
    assert json.loads(store.backup.read_text())["played"] == 1  # old numbers kept
    paths.stats.write_text('{"version": 1, "played": -3}')
    stats, notice = store.load()  # the backup (the numbers before the reset) is used
    assert stats.played == 1 and notice is not None and notice.key == "notice.stats_backup_used"
    assert len(list(paths.quarantine.iterdir())) == 1
    paths.stats.write_text("[")
    store.backup.write_text("[")
    stats, notice = store.load()
    assert stats == MatchStats() and notice is not None and notice.key == "notice.stats_damaged"


def test_file_storage_records_a_finished_match_once_and_keeps_its_replay(paths: AppPaths) -> None:
    storage = FileStorage(paths)
    doc = play_match(2, seed=4).to_json()
    assert storage.record_game(doc) is not None
    storage.record_game(doc)
    assert storage.load_stats().played == 1
    assert len(storage.list_replays()) == 1
    replay = storage.load_replay(storage.list_replays()[0])
    assert replay is not None and replay.game.over
    unfinished = play_match(2, seed=4, max_moves=10).to_json()
    assert storage.record_game(unfinished) is None and storage.load_stats().played == 1
