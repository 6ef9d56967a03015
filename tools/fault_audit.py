"""Fault-injection audit: ``python tools/fault_audit.py [--quick] [--seed N]``.

Injects, at scale, the faults of issue 17 and counts what the app does with them:

* ``saves``: mutated save files (truncated, flipped bytes, changed values, null / missing /
  partial / shuffled / foreign move lists, hostile names) loaded through the app's storage,
  then by the table (``Match.from_json``), saved again and loaded again;
* ``kills``: SIGKILLs of a headless game that autosaves after every move through the app's
  background writer; after each kill the game is continued from the autosave;
* ``workers``: SIGKILLs and SIGSTOPs of real AI worker processes behind supervised seats;
* ``settings``: hostile settings, statistics and lesson-progress files;
* ``folders``, ``records``, ``reviews`` (issue 32, items 13-17): a file in the place of each
  folder of the player's files at launch, ``--check-save`` on paths the system refuses, a
  save past the move limit, a kill at each write of the game-over pair (statistics, replay),
  and mutated review-cache files (deep nesting, moves and numbers that do not fit the game);
* ``journal``, ``movetypes`` (issue 32, items 19 and 18; ``tools/fault_audit_moves.py``):
  SIGKILLs of the real table playing AI seats at fast speed (every move shown must be
  continued), mutated move journals, and lists or dicts in move fields (a save, a journal
  line, the engine, an AI worker's answer).

Every case ends as ``ok`` or as one of ``crash``, ``hang``, ``lost`` (a game that was saved
cannot be continued) or ``accepted_bad`` (a loaded position the rules cannot reach). Prints one
JSON line per part and exits 1 if anything but ``ok`` was seen. POSIX only (signals, FIFOs).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.app.paths import AppPaths  # noqa: E402
from game.app.storage import FileStorage  # noqa: E402
from game.engine import Game, check_invariants, new_game  # noqa: E402
from game.engine.moves import DRAW, STOP, ChooseAction  # noqa: E402
from game.ui.table.match import Match, Seat  # noqa: E402
from tools.fault_audit_moves import (  # noqa: E402
    audit_journal_files,
    audit_journal_kills,
    audit_move_types,
)

HANG_S = 10.0


class Hang(Exception):
    """A case that took longer than ``HANG_S``."""


@contextlib.contextmanager
def watchdog(seconds: float = HANG_S) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"over {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def policy(game: Game, seat: int, rand: random.Random) -> Any:
    moves = game.legal_moves(seat)
    if DRAW in moves and game.players[seat].uncancelled < 2:
        return DRAW
    if STOP in moves:
        return STOP
    preferred = [m for m in moves if not (isinstance(m, ChooseAction) and m.action == 1)]
    return rand.choice(preferred or moves)


def played(players: int, seed: int, moves: int | None) -> Match:
    seats = [Seat(f"Seat {i + 1}", ("human", "easy", "medium", "hard")[i]) for i in range(players)]
    match = Match.new(seats, seed, first_player=seed % players)
    rand = random.Random(seed)
    while not match.game.over and (moves is None or len(match.history) < moves):
        a = match.active()
        assert a is not None
        match.play(a.player, policy(match.game, a.player, rand))
        match.queue.clear()
    return match


# -- saves ---------------------------------------------------------------------------------


def _paths_of(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths_of(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths_of(v, (*prefix, i))
    return out


VALUES: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 4, 99, 2**70, 1.0, 2.0, 0.5, "", "x",
                     "\x00", [], {}, [0], {"kind": "draw"}]  # fmt: skip


def mutate(doc: dict, rand: random.Random, foreign: list) -> tuple[str, bytes]:
    """One mutation of a save document; returns its kind and the bytes to write."""
    kind = rand.choice(
        ["truncate", "flip", "value", "value", "value", "moves_null", "moves_missing",
         "moves_prefix", "moves_suffix", "moves_gap", "moves_shuffle", "moves_foreign",
         "moves_seat", "name", "v1", "unchanged", "good_name", "ai_seed"]
    )  # fmt: skip
    d = json.loads(json.dumps(doc))
    moves = d["moves"]
    if kind == "truncate":
        raw = json.dumps(d).encode()
        return kind, raw[: rand.randrange(len(raw))]
    if kind == "flip":
        raw = bytearray(json.dumps(d).encode())
        for _ in range(rand.randint(1, 4)):
            raw[rand.randrange(len(raw))] ^= rand.randint(1, 255)
        return kind, bytes(raw)
    if kind == "value":
        for _ in range(rand.randint(1, 3)):
            path = rand.choice(_paths_of(d)[1:])
            parent = d
            try:
                for k in path[:-1]:
                    parent = parent[k]
                old = parent[path[-1]]
            except (KeyError, IndexError, TypeError):
                continue
            if not isinstance(parent, dict | list):
                continue
            if type(old) is int and rand.random() < 0.5:
                parent[path[-1]] = old + rand.choice([-1, 1, 2, -12, 100])
            elif rand.random() < 0.15:
                del parent[path[-1]]
            else:
                parent[path[-1]] = rand.choice(VALUES)
    elif kind == "moves_null":
        d["moves"] = None
    elif kind == "moves_missing":
        del d["moves"]
    elif kind == "moves_prefix" and moves:
        d["moves"] = moves[rand.randrange(len(moves)) :]
    elif kind == "moves_suffix" and moves:
        d["moves"] = moves[: rand.randrange(len(moves))]
    elif kind == "moves_gap" and len(moves) > 2:
        i = rand.randrange(len(moves) - 1)
        d["moves"] = moves[:i] + moves[i + rand.randint(1, 3) :]
    elif kind == "moves_shuffle" and len(moves) > 2:
        i, j = rand.randrange(len(moves)), rand.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == "moves_foreign":
        d["moves"] = rand.choice(foreign)
    elif kind == "moves_seat" and moves:
        moves[rand.randrange(len(moves))][0] = rand.choice([-1, True, 1.0, 5, None])
    elif kind == "name":
        d["seats"][0]["name"] = rand.choice(["\x00", "a\nb", "\u202e", "", "x" * 80, "\x1b[2J"])
    elif kind == "good_name":  # harmless changes: these must be accepted
        d["seats"][0]["name"] = rand.choice(["나무", "Émile", "A" * 40, "x y"])
    elif kind == "ai_seed":
        d["ai_seed"] = rand.randrange(2**40)
    elif kind == "v1":
        d = {"save_version": 1, "game": d["game"], "seats": d["seats"], "log": []}
    return kind, json.dumps(d).encode()


def replays_to(doc: dict) -> bool:
    """Independent check of an accepted document: its moves replay to its game."""
    s = doc["setup"]
    g = new_game(s["players"], s["seed"], s["first_player"])
    for seat, m in doc["moves"]:
        from game.engine import Move

        g.play(seat, Move.from_json(m))
    return g.to_json() == doc["game"]


def sound(game: Game) -> bool:
    check_invariants(game)
    if game.over:
        return bool(game.result().winners)
    pending = game.pending()
    return bool(pending) and all(game.legal_moves(p.player) for p in pending)


def save_case(home: Path, data: bytes) -> str:
    paths = AppPaths.under(home)
    paths.saves.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_bytes(data)
    storage = FileStorage(paths)
    doc = storage.load_match()
    if doc is None:
        return "refused" if storage.take_notices() else "lost"  # a refusal must be said
    if not replays_to(doc.to_json()):
        return "accepted_bad"
    match = Match.from_saved(doc)
    if not sound(match.game):
        return "accepted_bad"
    storage.save_match(match.to_json())  # the table's next autosave
    again = storage.load_match()
    if again is None or Match.from_saved(again).game.to_json() != match.game.to_json():
        return "lost"
    return "accepted"


def audit_saves(n: int, rand: random.Random, work: Path) -> dict:
    bases = [played(2, 1, 3), played(3, 8, 140), played(4, 3, 220), played(2, 5, None)]
    bases += [played(3, 21, 60)]
    docs = [m.to_json() for m in bases]
    foreign = [played(3, 99, 50).to_json()["moves"], played(2, 7, 30).to_json()["moves"]]
    outcomes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for i in range(n):
        kind, data = mutate(rand.choice(docs), rand, foreign)
        kinds[kind] += 1
        home = work / f"save-{i}"
        try:
            with watchdog():
                outcomes[save_case(home, data)] += 1
        except Hang:
            outcomes["hang"] += 1
        except Exception:  # noqa: BLE001 - counted and shown
            outcomes["crash"] += 1
            traceback.print_exc()
    return {"part": "saves", "cases": n, **outcomes, "by_kind": dict(kinds)}


# -- SIGKILLs of a headless game -------------------------------------------------------------

CHILD = """
import random, sys, time
sys.path.insert(0, {root!r})
from game.app.paths import AppPaths
from game.app.storage import FileStorage
from game.ui.table.match import Match, Seat
from tools.fault_audit import policy
storage = FileStorage(AppPaths.under(__import__("pathlib").Path({home!r})), background=True)
doc = storage.load_match()
if doc is None:
    match = Match.new([Seat("Ana", "human"), Seat("Bo", "easy"), Seat("Cy", "hard")], 17, 0)
else:
    match = Match.from_saved(doc)
rand = random.Random(len(match.history))
print("start", len(match.history), flush=True)
while not match.game.over:
    a = match.active()
    match.play(a.player, policy(match.game, a.player, rand))
    match.queue.clear()
    storage.save_match(match.to_json())
    time.sleep(0.002)
storage.close()
print("over", flush=True)
"""


def audit_kills(n: int, rand: random.Random, work: Path) -> dict:
    home = work / "kills"
    outcomes: Counter[str] = Counter()
    progress = -1
    games = 0
    for _ in range(n):
        code = CHILD.format(root=str(ROOT), home=str(home))
        proc = subprocess.Popen(
            [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        time.sleep(rand.uniform(0.25, 0.9))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
        if "Traceback" in err:
            outcomes["crash"] += 1
            print(err, file=sys.stderr)
            continue
        paths = AppPaths.under(home)
        try:
            with watchdog():
                storage = FileStorage(paths)
                doc = storage.load_match()
                notices = storage.take_notices()
        except Hang:
            outcomes["hang"] += 1
            continue
        if "over" in out:  # the game finished before the kill: start another
            storage.clear_match()
            progress, games = -1, games + 1
            outcomes["ok"] += 1
            continue
        if doc is None:
            outcomes["lost" if progress >= 0 or notices else "ok"] += 1
            continue
        moves = len(doc.moves)
        if moves < progress or notices:
            outcomes["lost"] += 1
        else:
            outcomes["ok"] += 1
        progress = moves
    paths = AppPaths.under(home)
    left = list(paths.saves.glob(".*.tmp")) if paths.saves.exists() else []
    for tmp in left:  # as if the next start came three minutes later
        os.utime(tmp, (time.time() - 180, time.time() - 180))
    FileStorage(paths)
    swept = len(left) - len(list(paths.saves.glob(".*.tmp")))
    outcomes["lost"] += len(left) - swept  # a temp file that would never go away
    return {
        "part": "kills",
        "cases": n,
        **outcomes,
        "games_finished": games,
        "moves_kept_at_the_end": max(progress, 0),
        "tmp_files_at_the_end": len(left),
        "tmp_files_swept_at_next_start": swept,
    }


# -- AI workers --------------------------------------------------------------------------------


def audit_workers(n: int, rand: random.Random) -> dict:
    from game.ai.runtime.worker import AIWorker
    from game.ui.table.ai_seats.ai_seat import WorkerAi

    outcomes: Counter[str] = Counter()
    detail: Counter[str] = Counter()
    match = played(3, 5, None)
    with AIWorker("hard", budget_s=0.5) as worker:
        ai = WorkerAi(worker, deadline_s=1.5)
        for i in range(n):
            game = _position(match, i * 7 + 3)
            seat = game.pending()[0].player
            legal = game.legal_moves(seat)
            how = ("kill", "stop", "kill_twice")[i % 3]
            detail[how] += 1
            ai.submit(game, seat)
            time.sleep(rand.uniform(0.0, 0.2))
            victims = []
            try:
                with watchdog(20):
                    early = None
                    for round_ in range(2 if how == "kill_twice" else 1):
                        pid = worker.pid
                        if pid is None or early is not None:
                            break
                        victims.append(pid)
                        os.kill(pid, signal.SIGSTOP if how == "stop" else signal.SIGKILL)
                        while round_ == 0 and how == "kill_twice" and worker.pid in (pid, None):
                            early = ai.poll()  # wait for the restart, then kill it too
                            if early is not None:
                                break
                            time.sleep(0.01)
                    move = early if early is not None else _answer(ai)
                    ai.submit(game, seat)  # a fault that came after the answer: the next
                    second = _answer(ai)  # decision meets it (a stopped idle worker)
                    move = move if second in legal else None
            except Hang:
                outcomes["hang"] += 1
                continue
            except Exception:  # noqa: BLE001 - counted and shown
                outcomes["crash"] += 1
                traceback.print_exc()
                continue
            leaked = [p for p in victims if _alive(p)]
            if move not in legal or leaked:
                print(f"worker case {how}: move {move!r}, leaked {leaked}", file=sys.stderr)
            outcomes["ok" if move in legal and not leaked else "crash"] += 1
    return {
        "part": "workers",
        "cases": n,
        **outcomes,
        **{f"{k}s": v for k, v in detail.items()},
        "restarts": ai.failures,
        "fallbacks": ai.fallbacks,
    }


def _position(match: Match, moves: int) -> Game:
    """The game after the first ``moves`` moves of ``match`` (fewer if it ended sooner)."""
    s = match.history[: min(moves, len(match.history) - 1)]
    game = new_game(match.game.n, match.seed, match.first_player)
    for seat, move in s:
        game.play(seat, move)
    return game


def _answer(ai: Any) -> Any:
    while True:
        move = ai.poll()
        if move is not None:
            return move
        time.sleep(0.01)


def _alive(pid: int) -> bool:
    for _ in range(40):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)
    return True


# -- hostile settings ----------------------------------------------------------------------------

HOSTILE: list[tuple[str, Callable[[Path], None]]] = [
    ("nested lists", lambda p: p.write_bytes(b"[" * 30_000 + b"]" * 30_000)),
    ("nested objects", lambda p: p.write_bytes(b'{"a":' * 20_000 + b"1" + b"}" * 20_000)),
    ("fifo", lambda p: os.mkfifo(p)),
    ("folder", lambda p: p.mkdir()),
    ("symlink to /dev/zero", lambda p: p.symlink_to("/dev/zero")),
    ("binary", lambda p: p.write_bytes(os.urandom(4096))),
    ("utf-16", lambda p: p.write_bytes('{"language": "ko"}'.encode("utf-16"))),
    ("empty", lambda p: p.write_bytes(b"")),
    ("null", lambda p: p.write_text("null")),
    ("list", lambda p: p.write_text("[1, 2, 3]")),
    ("window 16384", lambda p: p.write_text('{"window_width": 16384, "window_height": 16384}')),
    ("window negative", lambda p: p.write_text('{"window_width": -5, "window_height": 0}')),
    ("window float", lambda p: p.write_text('{"window_width": 1280.0, "window_height": 7.2e2}')),
    ("window bool", lambda p: p.write_text('{"window_width": true}')),
    ("NaN volume", lambda p: p.write_text('{"volume": NaN}')),
    ("huge volume", lambda p: p.write_text('{"volume": 1e308}')),
    ("wrong types", lambda p: p.write_text('{"language": ["en"], "speed": {}, "muted": "yes"}')),
    ("huge int", lambda p: p.write_text('{"window_width": ' + "9" * 4000 + "}")),
    ("over 64 KB", lambda p: p.write_text('{"language": "' + "x" * 70_000 + '"}')),
    ("duplicate keys", lambda p: p.write_text('{"language": "ko", "language": "zz"}')),
    ("control chars", lambda p: p.write_text('{"language": "en\\u0000", "speed": "\\n"}')),
    ("truncated", lambda p: p.write_text('{"language": "en", "spe')),
]


def audit_settings(work: Path) -> dict:
    from game.app.lesson_progress import ProgressStore
    from game.app.settings_file import SettingsStore
    from game.app.stats_file import StatsStore
    from game.player_settings import WINDOW_LIMITS

    outcomes: Counter[str] = Counter()
    for i, (name, make) in enumerate(HOSTILE):
        paths = AppPaths.under(work / f"settings-{i}")
        paths.config.mkdir(parents=True)
        paths.saves.mkdir(parents=True)
        for target in (paths.settings, paths.stats, paths.data / "tutorial.json"):
            try:
                make(target)
            except OSError as e:  # e.g. no FIFOs here: the case cannot be built
                print(f"skip {name}: {e}", file=sys.stderr)
        try:
            with watchdog():
                settings, _ = SettingsStore(paths).load()
                StatsStore(paths).load()
                ProgressStore(paths.data / "tutorial.json")
                storage = FileStorage(paths)
                storage.load_settings()
                storage.save_settings(settings)  # and the app can write them back
                back, notice = SettingsStore(paths).load()
        except Hang:
            outcomes["hang"] += 1
            continue
        except Exception:  # noqa: BLE001 - counted and shown
            outcomes["crash"] += 1
            traceback.print_exc()
            continue
        lo_w, hi_w = WINDOW_LIMITS["window_width"]
        lo_h, hi_h = WINDOW_LIMITS["window_height"]
        ok = lo_w <= settings.window_width <= hi_w and lo_h <= settings.window_height <= hi_h
        ok = ok and type(settings.volume) is float and 0.0 <= settings.volume <= 1.0
        outcomes["ok" if ok and back == settings and notice is None else "accepted_bad"] += 1
    return {"part": "settings", "cases": len(HOSTILE), **outcomes}


@contextlib.contextmanager
def home(folder: Path) -> Iterator[None]:
    """``LIVING_FOREST_HOME`` set to ``folder`` for the launch code, which reads it."""
    old = os.environ.get("LIVING_FOREST_HOME")
    os.environ["LIVING_FOREST_HOME"] = str(folder)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("LIVING_FOREST_HOME", None)
        else:
            os.environ["LIVING_FOREST_HOME"] = old


def _case(outcomes: Counter[str], check: Callable[[], bool]) -> None:
    try:
        with watchdog():
            outcomes["ok" if check() else "lost"] += 1
    except Hang:
        outcomes["hang"] += 1
    except Exception:  # noqa: BLE001 - counted and shown
        outcomes["crash"] += 1
        traceback.print_exc()


def audit_folders(work: Path) -> dict:
    """13: a file where a folder should be: the launch names the folder, never dies. 14:
    ``--check-save`` on paths the system refuses: one line, exit status 3."""
    from game.app.launch import FolderProblem, file_services
    from game.app.saves import CHECK_REFUSED, CHECK_UNREADABLE, check_save_status

    outcomes: Counter[str] = Counter()
    for which in ("config", "data", "saves", "replays"):
        paths = AppPaths.under(work / f"folder-{which}")
        target = getattr(paths, which)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("a file in the folder's place")

        def launch(paths: AppPaths = paths, which: str = which) -> bool:
            with home(paths.config.parent):
                files = file_services()
            if isinstance(files, FolderProblem):
                return True
            files[0].close()
            return which == "replays"  # created on demand: the launch itself goes on

        _case(outcomes, launch)
    for n in (300, 5000, 20_000):
        path = work / ("x" * n)
        _case(outcomes, lambda p=path: check_save_status(p)[0] == CHECK_UNREADABLE)
    blocked = work / "folder-data" / "data" / "saves" / "autosave.json"
    _case(outcomes, lambda: check_save_status(blocked)[0] in (CHECK_REFUSED, CHECK_UNREADABLE))
    return {"part": "folders", "cases": sum(outcomes.values()), **outcomes}


class Killed(BaseException):
    """The process was killed at this point (nothing after it runs)."""


def audit_records(work: Path) -> dict:
    """15: a save past the move limit is not written (the old one stays, the notice says
    so). 16: a kill at each write of the game-over pair loses neither the count nor the
    replay once the game over is shown again."""
    import game.app.saves as saves
    import game.app.stats_file as stats_file
    from game.savegame import MAX_MOVES

    outcomes: Counter[str] = Counter()
    finished = played(2, 5, None)
    doc = finished.to_json()

    def too_long() -> bool:
        storage = FileStorage(AppPaths.under(work / "records-long"))
        storage.save_match(played(2, 1, 5).to_json())
        old = storage.paths.autosave.read_bytes()
        long = played(2, 1, 5).to_json()
        long["moves"] = long["moves"] * (MAX_MOVES // 5 + 1)
        storage.save_match(long)
        problem = storage.save_problem()
        kept = storage.paths.autosave.read_bytes() == old
        return problem is not None and problem.key == "notice.save_failed_too_large" and kept

    _case(outcomes, too_long)
    # killed at the first write, between the two, or after both; then Continue or New game
    for at, cont in ((1, True), (2, True), (3, True), (1, False), (2, False), (3, False)):
        paths = AppPaths.under(work / f"records-kill-{at}-{cont}")

        def kill_then_continue(paths: AppPaths = paths, at: int = at, cont: bool = cont) -> bool:
            storage = FileStorage(paths)
            storage.save_match(doc)
            writes: list[int] = []
            real = {m: m.write_json_atomic for m in (saves, stats_file)}

            def killing(module: Any) -> Callable[..., None]:
                def write(*args: Any, **kwargs: Any) -> None:
                    writes.append(1)
                    if len(writes) == at:
                        raise Killed
                    real[module](*args, **kwargs)

                return write

            for module in real:
                module.write_json_atomic = killing(module)  # type: ignore[attr-defined]
            try:
                storage.record_game(doc)
                storage.clear_match()
            except Killed:
                pass
            finally:
                for module, fn in real.items():
                    module.write_json_atomic = fn  # type: ignore[attr-defined]
            again = FileStorage(paths)
            if cont:  # the player presses Continue: the game over shows and records again
                saved = again.load_match()
                if saved is not None and again.record_game(saved.to_json()) is not None:
                    again.clear_match()
            else:  # the player starts a New game: the launch recorded it first
                again.record_left_over()
            stats = again.load_stats()
            return stats.played == 1 and len(again.list_replays()) == 1 and not again.has_match()

        _case(outcomes, kill_then_continue)
    return {"part": "records", "cases": sum(outcomes.values()), **outcomes}


def audit_reviews(n: int, rand: random.Random, work: Path) -> dict:
    """17: mutated review-cache files are dropped (and would be analysed again), never a
    crash; a review that survives the cache and the check fits its game."""
    from game.ai.coach.review import Depth, analyse
    from game.ai.runtime.review_job import GameRecord
    from game.app.review_cache import ReviewCache
    from game.ui.results.review_check import review_problem

    match = played(2, 5, 90)
    record = GameRecord(2, match.seed, match.first_player, tuple(match.history),
                        ("Ana", "Bo"), ("human", "medium"))  # fmt: skip
    review = analyse(2, record.seed, record.first_player, record.moves, [0], Depth(0.05, 2, 60))
    good = review.to_json()
    outcomes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    folder = work / "reviews"
    for _ in range(n):
        doc = json.loads(json.dumps(good))
        kind = rand.choice(["deep", "move", "index", "number", "word", "round", "truncate"])
        kinds[kind] += 1
        moment = rand.choice(doc["moments"]) if doc["moments"] else {}
        text = None
        if kind == "deep":
            depth = rand.randint(5_000, 200_000)
            text = "[" * depth + "]" * rand.choice([1, depth])
        elif kind == "move" and moment:
            part = moment[rand.choice(["played", "best"])]
            part[rand.choice(["tree", "card", "x", "y", "action", "kind"])] = rand.choice(
                [999, -1, 3, "plant", None, 2.5]
            )
        elif kind == "index" and moment:
            moment["index"] = rand.choice([10**6, len(record.moves), -1])
        elif kind == "number" and moment:
            moment["why"]["params"]["n"] = rand.choice(["many", 1.5, [], 10**12])
        elif kind == "word" and moment:
            moment["why"]["reasons"] = [["track", {"track": "gold", "before": 1, "after": 2}]]
        elif kind == "round" and moment:
            moment["round"] = rand.choice([0, 999])
        elif kind == "truncate":
            text = json.dumps(doc)[: rand.randrange(1, 200)]
        cache = ReviewCache(folder)
        cache.save(record.key, review)
        (folder / f"{record.key}.json").write_text(text or json.dumps(doc), encoding="utf-8")

        def check(cache: ReviewCache = cache) -> bool:
            """Dropped by the cache or by the check, or unchanged by the mutation."""
            back = cache.load(record.key)
            return back is None or review_problem(back, record) is not None or back == review

        _case(outcomes, check)
    return {"part": "reviews", "cases": n, **outcomes, "by_kind": dict(kinds)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run (small counts)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--saves", type=int, default=None)
    parser.add_argument("--kills", type=int, default=None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--parts", nargs="+",
        default=["saves", "kills", "workers", "settings", "folders", "records", "reviews",
                 "journal", "movetypes"],
        help="which parts to run",
    )  # fmt: skip
    parser.add_argument("--journal-kills", type=int, default=None)
    args = parser.parse_args(argv)
    rand = random.Random(args.seed)
    n_saves = args.saves or (100 if args.quick else 2100)
    n_kills = args.kills or (5 if args.quick else 50)
    n_workers = args.workers or (3 if args.quick else 21)
    n_reviews = 30 if args.quick else 300
    n_journal_kills = args.journal_kills or (3 if args.quick else 20)
    n_journals = 40 if args.quick else 300
    import logging

    logging.getLogger("game").addHandler(logging.NullHandler())  # the counts say it all
    bad = 0
    with tempfile.TemporaryDirectory(prefix="lf-audit-") as tmp:
        work = Path(tmp)
        parts = {
            "saves": lambda: audit_saves(n_saves, rand, work),
            "kills": lambda: audit_kills(n_kills, rand, work),
            "workers": lambda: audit_workers(n_workers, rand),
            "settings": lambda: audit_settings(work),
            "folders": lambda: audit_folders(work),
            "records": lambda: audit_records(work),
            "reviews": lambda: audit_reviews(n_reviews, rand, work),
            "journal": [
                lambda: audit_journal_kills(n_journal_kills, rand, work),
                lambda: audit_journal_files(n_journals, rand, work),
            ],
            "movetypes": lambda: audit_move_types(rand, work),
        }
        for name in args.parts:
            steps = parts[name]
            for part in steps if isinstance(steps, list) else [steps]:
                start = time.monotonic()
                report = part()
                report["seconds"] = round(time.monotonic() - start, 1)
                bad += sum(report.get(k, 0) for k in ("crash", "hang", "lost", "accepted_bad"))
                print(json.dumps(report), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
