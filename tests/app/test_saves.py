from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from game.app.paths import AppPaths
from game.app.saves import SaveStore, check_save, check_save_main
from game.engine import Game, new_game
from game.engine.events import RoundStarted
from game.save_migrations import save_v1_to_v2
from game.savegame import (
    SAVE_VERSION,
    SavedMatch,
    SaveError,
    continued,
    load_bytes,
    parse_save,
)
from tests.app.helpers import choose, play_match


def _bytes(doc: dict) -> bytes:
    return json.dumps(doc).encode()


def test_round_trip_of_a_match_in_progress() -> None:
    m = play_match(3, seed=11, max_moves=150)
    back = load_bytes(_bytes(m.to_json()))
    assert back.game.to_json() == m.game.to_json()
    assert back.moves == m.moves and back.seats == m.seats and back.ai_seed == m.ai_seed
    assert isinstance(back.log[0][1], RoundStarted)
    assert len(back.log) > len(back.moves)


def test_continue_resumes_exactly(paths: AppPaths) -> None:
    """Same cards to come and same AI choices: the resumed match ends exactly as the original.

    The AI seed of each decision comes from saved data only (ai_seed and the move count).
    """
    m = play_match(4, seed=5, max_moves=120)
    store = SaveStore(paths)
    assert store.autosave(m) is None
    loaded = store.load_autosave().match
    assert loaded is not None

    def finish(match: SavedMatch) -> dict:
        g, n = match.game, len(match.moves or ())
        while not g.over:
            seat = g.pending()[0].player
            g.play(seat, choose(g, seat, random.Random(match.ai_seed * 1_000_003 + n)))
            n += 1
        return g.to_json()

    assert finish(loaded) == finish(m)


def test_previous_save_is_kept_and_used_when_the_latest_is_damaged(paths: AppPaths) -> None:
    store = SaveStore(paths)
    first, second = play_match(2, 3, max_moves=40), play_match(2, 3, max_moves=60)
    store.autosave(first)
    store.autosave(second)
    assert len(load_bytes(store.backup.read_bytes()).moves) == 40
    paths.autosave.write_bytes(paths.autosave.read_bytes()[:-200])  # truncated by a crash
    result = store.load_autosave()
    assert result.match is not None and len(result.match.moves) == 40
    assert [n.key for n in result.notices] == ["save.not_json", "notice.backup_used"]
    assert len(list(paths.quarantine.iterdir())) == 1


def _refusal(paths: AppPaths, data: bytes) -> str:
    paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_bytes(data)
    result = SaveStore(paths).load_autosave()
    assert result.match is None
    assert not paths.autosave.exists()  # moved aside…
    kept = sorted(paths.quarantine.iterdir())
    assert kept[-1].read_bytes() == data  # …unchanged, never deleted
    return result.notices[0].key


def _doc() -> dict:
    return play_match(3, seed=2, max_moves=80).to_json()


def _edit(path: str, value) -> bytes:
    doc = _doc()
    *parents, last = path.split(".")
    node = doc
    for p in parents:
        node = node[int(p)] if isinstance(node, list) else node[p]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return _bytes(doc)


@pytest.mark.parametrize(
    ("make", "key"),
    [
        (lambda: _bytes(_doc())[:-1], "save.not_json"),  # truncated
        (lambda: b"\x00\x01garbage", "save.not_json"),
        (lambda: b"[1, 2, 3]", "save.not_a_save"),
        (lambda: b'{"format": "living-forest-save", "version": NaN}', "save.not_json"),
        (lambda: _edit("version", 99), "save.newer_version"),
        (lambda: _edit("version", 0), "save.unknown_version"),
        (lambda: _edit("version", "2"), "save.unknown_version"),
        (lambda: _edit("game.schema_version", 7), "save.newer_version"),
        (lambda: _edit("setup.players", "3"), "save.bad_field"),
        (lambda: _edit("seats.0.kind", "wizard"), "save.bad_field"),
        (lambda: _edit("game.round", "3"), "save.rules"),
        (lambda: _edit("game.fragments", 19), "save.rules"),  # one Fragment too few
        (lambda: _edit("game.seats.0.deck.0", 65), "save.rules"),  # a card duplicated
        (lambda: _edit("setup.seed", 3), "save.rules"),
        (lambda: _edit("moves.5", [0, {"kind": "pass"}]), "save.moves"),
        (lambda: _edit("moves", []), "save.moves"),
        (lambda: b"[" * 100_000, "save.not_json"),
    ],
)
def test_damaged_saves_are_refused_and_moved_aside(paths: AppPaths, make, key: str) -> None:
    assert _refusal(paths, make()) == key


def test_oversized_save_is_refused_without_reading_it(paths: AppPaths) -> None:
    big = b" " * (5 * 1024 * 1024) + _bytes(_doc())
    assert _refusal(paths, big) == "save.too_large"


def test_deck_order_tampering_is_caught_by_the_move_replay() -> None:
    doc = _doc()
    deck = doc["game"]["seats"][1]["deck"]
    i = next(i for i in range(len(deck) - 1) if deck[i] != deck[i + 1])
    deck[i], deck[i + 1] = deck[i + 1], deck[i]
    with pytest.raises(SaveError) as e:
        parse_save(doc)
    assert e.value.key == "save.moves"


def test_version_1_table_save_is_refused_up_front_when_it_has_started() -> None:
    m = play_match(3, seed=9, max_moves=50)
    v1 = {
        "save_version": 1,
        "game": m.game.to_json(),
        "seats": [
            {"name": "A", "kind": "human"},
            {"name": "B", "kind": "easy"},
            {"name": "C", "kind": "hard"},
        ],
        "log": [{"round": 1, "event": {"kind": "round_started", "round": 1, "first": 0}}],
    }
    with pytest.raises(SaveError) as refused:
        parse_save(copy.deepcopy(v1))
    assert refused.value.key == "save.too_old"


def test_version_1_save_at_its_start_migrates_with_an_empty_move_list() -> None:
    game = new_game(3, 9, 2)
    v1 = {"save_version": 1, "game": game.to_json(), "seats": [{"name": "A", "kind": "human"}]}
    v1["seats"] += [{"name": "B", "kind": "easy"}, {"name": "C", "kind": "hard"}]
    back = parse_save(v1)
    assert back.moves == [] and back.first_player == 2
    assert [s.kind for s in back.seats] == ["human", "easy", "hard"]
    again = parse_save(back.to_json())  # and it saves in the current format
    assert again.game.to_json() == game.to_json()


def test_step_v1_to_v2() -> None:
    game = new_game(2, 4, 1).to_json()
    out = save_v1_to_v2(
        {"format": "living-forest-save", "version": 1, "game": game, "seats": [], "log": ["x"]}
    )
    assert out["version"] == SAVE_VERSION == 2
    assert out["setup"] == {"players": 2, "seed": 4, "first_player": 1}
    assert out["moves"] == [] and "log" not in out and out["ai_seed"] == 4


def test_check_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_bytes(_bytes(_doc()))
    bad.write_bytes(_bytes(_doc())[:100])
    assert check_save(good)[0] and not check_save(bad)[0]
    assert check_save_main(str(good)) == 0
    assert "loadable" in capsys.readouterr().out
    assert check_save_main(str(bad)) == 2
    assert "save.not_json" in capsys.readouterr().out
    assert check_save_main(str(tmp_path / "none.json")) == 2
    assert bad.exists()  # checking never moves a file


def test_clear_and_has_autosave(paths: AppPaths) -> None:
    store = SaveStore(paths)
    assert not store.has_autosave()
    store.autosave(play_match(2, 1, max_moves=5))
    store.autosave(play_match(2, 1, max_moves=6))
    assert store.has_autosave()
    store.clear_autosave()
    assert not store.has_autosave() and store.load_autosave().match is None


def test_full_disk_is_a_notice(paths: AppPaths) -> None:
    paths.data.parent.mkdir(parents=True)
    paths.data.write_text("not a folder")
    notice = SaveStore(paths).autosave(play_match(2, 1, max_moves=3))
    assert notice is not None and notice.key == "notice.save_failed"


def test_check_save_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_bytes(_bytes(_doc()))
    bad.write_bytes(b'{"format": "living-forest-save", "version": 2, "game": {}}')
    run = [sys.executable, "-m", "game", "--check-save"]
    ok = subprocess.run([*run, str(good)], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "loadable" in ok.stdout
    no = subprocess.run([*run, str(bad)], capture_output=True, text=True, timeout=60)
    assert no.returncode == 2 and "not loadable (save.unknown_version)" in no.stdout
    assert bad.exists()


def test_a_move_the_engine_crashes_on_ends_the_continued_match_before_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The journal's moves are replayed as far as the engine plays them: a crash (not a
    refusal) at move 31 keeps the 30 before it, logs why, and says so; before the type
    checker found it, the log line itself raised (a list named ``log`` hid the logger)."""
    whole = play_match(3, seed=9, max_moves=40)
    start = SavedMatch(whole.players, whole.seed, whole.first_player, whole.seats,
                       new_game(3, whole.seed, whole.first_player), whole.ai_seed, [], [],
                       "")  # fmt: skip
    real_play = Game.play
    calls = {"n": 0}

    def crashing(self: Game, seat: int, move):  # noqa: ANN001, ANN202
        calls["n"] += 1
        if calls["n"] == 31:
            raise RuntimeError("engine bug")
        return real_play(self, seat, move)

    monkeypatch.setattr(Game, "play", crashing)
    with caplog.at_level("WARNING", logger="game.savegame"):
        out, why = continued(start, whole.moves)
    assert why == "move 31 cannot be played: RuntimeError('engine bug')"
    assert out.moves == whole.moves[:30]
    assert "move 31 of a continued match cannot be played" in caplog.text
