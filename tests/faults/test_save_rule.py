"""Issue 17 items 1, 3, 6, 7, 11, 12: one rule for what a save may contain.

The move list is required and replays from the seed; a version-1 save is migrated only at
its start and otherwise refused up front; names are printable and capped; whatever the app
writes, the app loads (property test, including a 300-round pass-everything game).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.paths import AppPaths
from game.app.saves import SaveStore, check_save, check_save_main
from game.app.storage import FileStorage
from game.engine.moves import DRAW, FINISH, PASS, SKIP_BONUS, STOP
from game.savegame import MAX_MOVES, MAX_SAVE_BYTES, SaveError, load_bytes
from game.ui.table.match import Match, Seat
from tests.app.helpers import play_match

SEATS = [Seat("Ana", "human"), Seat("Bo", "easy"), Seat("Cy", "medium"), Seat("Di", "hard")]


def _v1(moves: int) -> dict:
    m = play_match(3, seed=9, max_moves=moves)
    seats = [s.to_json() for s in m.seats]
    return {"save_version": 1, "game": m.game.to_json(), "seats": seats, "log": []}


def _write(paths: AppPaths, doc: dict) -> None:
    paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_text(json.dumps(doc), encoding="utf-8")


# -- item 1: a version-1 save resumes once, then is lost ---------------------------------


def test_a_started_v1_save_is_refused_up_front_and_set_aside(paths: AppPaths) -> None:
    _write(paths, _v1(40))
    storage = FileStorage(paths)
    assert storage.load_match() is None
    notices = storage.take_notices()
    assert [n.key for n in notices] == ["save.too_old"]
    assert len(list(paths.quarantine.iterdir())) == 1  # kept, never deleted


def test_a_v1_save_the_previous_build_migrated_is_called_too_old() -> None:
    doc = play_match(3, seed=4, max_moves=60).to_json()
    doc["moves"], doc["setup"]["first_player"] = None, None  # the old v1 -> v2 step
    with pytest.raises(SaveError) as refused:
        load_bytes(json.dumps(doc).encode())
    assert refused.value.key == "save.too_old"


def test_a_v1_save_at_its_start_resumes_and_survives_two_autosaves(paths: AppPaths) -> None:
    _write(paths, _v1(0))
    storage = FileStorage(paths)
    for _ in range(3):  # resume, play, autosave: again and again
        doc = storage.load_match()
        assert doc is not None and storage.take_notices() == []
        match = Match.from_saved(doc)
        a = match.active()
        assert a is not None
        match.play(a.player, match.legal()[0])
        storage.save_match(match.to_json())
    assert len(Match.from_saved(storage.load_match()).history) == 3


# -- item 3 and 7: "moves": null, or a partial list ---------------------------------------


@pytest.mark.parametrize("moves", [None, "missing", "partial", "shifted"])
def test_a_save_without_its_whole_move_list_is_refused(moves: object) -> None:
    doc = play_match(3, seed=4, max_moves=60).to_json()
    if moves == "missing":
        del doc["moves"]
    elif moves == "partial":
        doc["moves"] = doc["moves"][20:]
    elif moves == "shifted":
        doc["moves"] = doc["moves"][:-1]
    else:
        doc["moves"] = moves
    with pytest.raises(SaveError) as refused:
        load_bytes(json.dumps(doc).encode())
    assert refused.value.key in ("save.bad_field", "save.moves")
    with pytest.raises(ValueError):
        Match.from_json(doc)  # the table refuses it too (memory storage, no app check)


def test_check_save_exits_2_on_a_null_move_list_and_names_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = play_match(2, seed=4, max_moves=30).to_json()
    doc["moves"] = None
    path = tmp_path / "null.json"
    path.write_text(json.dumps(doc))
    assert check_save_main(str(path)) == 2
    assert "not loadable (save.bad_field)" in capsys.readouterr().out
    ok, message = check_save(tmp_path)
    assert not ok and "folder" in message and "no such file" not in message


# -- item 6: a control character in a seat name ------------------------------------------


@pytest.mark.parametrize("name", ["A\x00b", "line\nbreak", "tab\there", "\u202eevil", "", "x" * 41])
def test_unprintable_or_long_names_are_refused(name: str) -> None:
    doc = play_match(2, seed=4, max_moves=10).to_json()
    doc["seats"][0]["name"] = name
    with pytest.raises(SaveError) as refused:
        load_bytes(json.dumps(doc).encode())
    assert refused.value.key == "save.bad_field"
    with pytest.raises(ValueError):
        Match.from_json(doc)


def test_setup_typing_drops_control_characters() -> None:
    from game.i18n import Catalog
    from game.ui.context import Context
    from game.ui.media.art import Art
    from game.ui.scenes.setup import SetupScene

    scene = SetupScene(Context(tr=Catalog.load("en").tr, art=Art()))
    scene.editing = 0
    scene.all_seats[0].name = ""
    scene.type_text("A\x00\x1bb\n")
    assert scene.all_seats[0].name == "Ab"


# -- item 11: what the app writes, the app loads --------------------------------------------


def test_the_app_no_longer_writes_the_log_and_the_limit_fits_the_longest_save() -> None:
    match = Match.new(SEATS[:2], seed=3)
    assert "log" not in match.to_json()
    longest = json.dumps(
        [3, {"kind": "plant", "tree": 99, "x": 99, "y": 99}], separators=(",", ":")
    )
    assert MAX_MOVES * (len(longest) + 1) + 100_000 < MAX_SAVE_BYTES


def test_an_autosave_over_the_load_limit_is_refused_loudly_and_keeps_the_old_file(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(paths)
    assert store.autosave(play_match(2, 1, max_moves=5)) is None
    old = paths.autosave.read_bytes()
    monkeypatch.setattr("game.app.saves.MAX_SAVE_BYTES", 100)
    notice = store.autosave(play_match(2, 1, max_moves=6))
    assert notice is not None and notice.key == "notice.save_failed_too_large"
    assert paths.autosave.read_bytes() == old


def _pass_everything(rounds: int, players: int = 4) -> Match:
    match = Match.new(SEATS[:players], seed=5, first_player=0)
    while match.game.round <= rounds and not match.game.over:
        a = match.active()
        assert a is not None
        legal = match.legal()
        move = next((m for m in (STOP, PASS, SKIP_BONUS, FINISH, DRAW) if m in legal), legal[0])
        match.replay(a.player, move)  # as play, without the undo snapshots (quicker)
    return match


def _round_trip(paths: AppPaths, match: Match) -> Match:
    storage = FileStorage(paths)
    storage.save_match(match.to_json())
    doc = storage.load_match()
    assert doc is not None, storage.take_notices()
    back = Match.from_saved(doc)
    assert back.game.to_json() == match.game.to_json()
    assert back.history == match.history and len(back.log) == len(match.log)
    return back


def test_a_300_round_pass_everything_game_saves_and_loads(paths: AppPaths) -> None:
    match = _pass_everything(300)
    assert match.game.round == 301 and len(match.history) >= 3000
    _round_trip(paths, match)
    assert paths.autosave.stat().st_size < MAX_SAVE_BYTES // 10


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**40),
    moves=st.integers(0, 400),
    style=st.integers(0, 2**16),
)
def test_any_reachable_game_saved_by_the_app_is_accepted(
    tmp_path_factory: pytest.TempPathFactory, players: int, seed: int, moves: int, style: int
) -> None:
    """Uniformly random legal moves reach odd positions a sensible player never would."""
    match = Match.new(SEATS[:players], seed=seed)
    rand = random.Random(style)
    for _ in range(moves):
        a = match.active()
        if a is None:
            break
        match.play(a.player, rand.choice(match.legal()))
        match.queue.clear()
        if match.can_undo() and rand.random() < 0.1:
            match.undo()
    _round_trip(AppPaths.under(tmp_path_factory.mktemp("home")), match)


def test_a_finished_game_is_accepted_too(paths: AppPaths) -> None:
    saved = play_match(2, seed=5)
    assert saved.game.over
    assert load_bytes(json.dumps(saved.to_json()).encode()).game.over
    match = Match.from_json(saved.to_json())
    assert match.game.over and match.active() is None


def test_the_engine_refuses_wrong_seat_types_in_a_move_list() -> None:
    doc = play_match(2, seed=4, max_moves=10).to_json()
    doc["moves"][0][0] = True  # seat 1 as a bool
    with pytest.raises(SaveError):
        load_bytes(json.dumps(doc).encode())
