"""The fault audit's parts for issue 32, items 18 and 19 (``tools/fault_audit.py --parts
journal movetypes``):

* ``journal``: SIGKILLs of the app, headless, playing AI seats at fast speed through the
  real table (``python -m game.devtools.fast_game``) at random moments; after each, every
  move it showed must be continued by the next launch. Then mutated move journals (torn,
  truncated, garbage lines, flipped bytes, another match's, empty, header only) over a good
  autosave: the launch reads each without a crash, never loses a saved move or a whole line
  before the damage, and never invents a move.
* ``movetypes``: a list or a dict (or a nested one) in a move field, in a save, a journal
  line, played to the engine, and answered by an AI seat's worker: refused (``IllegalMove``,
  a refused save, a dropped line, the built-in move), never ``TypeError``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from game.app.paths import HOME_ENV, AppPaths
from game.app.storage import FileStorage
from game.engine import IllegalMove, Move, new_game
from game.ui.table.match import Match, Seat

KILL_WAIT_S = (0.3, 2.5)  # how long after its first shown move the game is killed
START_S = 30.0


def _moves_of(saved: Any) -> list:
    return [[s, m.to_json()] for s, m in saved.moves] if saved is not None else []


# -- kills of the real table ---------------------------------------------------------------


def _run_and_kill(home: Path, rand: random.Random) -> tuple[dict[int, list], bool, str]:
    """One launch, killed a random moment after its first shown move: the moves it showed,
    whether the game ended first, and its standard error."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.devtools.fast_game", "--seed", "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, HOME_ENV: str(home)},
    )
    lines: list[str] = []

    def read() -> None:
        assert proc.stdout is not None
        lines.extend(proc.stdout)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline and not any(x.startswith("shown") for x in lines):
        time.sleep(0.01)
    time.sleep(rand.uniform(*KILL_WAIT_S))
    proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate(timeout=30)
    reader.join(10)
    shown = {}
    for line in lines:
        if line.startswith("shown ") and line.endswith("\n"):
            _, index, move = line.split(" ", 2)
            shown[int(index)] = json.loads(move)
    return shown, any(x == "over\n" for x in lines), err


def audit_journal_kills(n: int, rand: random.Random, work: Path) -> dict:
    home = work / "journal-kills"
    outcomes: Counter[str] = Counter()
    shown: dict[int, list] = {}
    games = lost_moves = 0
    for _ in range(n):
        now, over, err = _run_and_kill(home, rand)
        if "Traceback" in err:
            outcomes["crash"] += 1
            print(err, file=sys.stderr)
            continue
        shown.update(now)
        storage = FileStorage(AppPaths.under(home))
        if over:  # the game ended before the kill: it was recorded; start another
            storage.clear_match()
            shown, games = {}, games + 1
            outcomes["ok"] += 1
            continue
        kept = _moves_of(storage.load_match())
        missing = [i for i in shown if i >= len(kept) or kept[i] != shown[i]]
        lost_moves += len(missing)
        outcomes["lost" if missing or storage.take_notices() else "ok"] += 1
        storage.close()
        shown = {i: m for i, m in enumerate(kept)}
    return {"part": "journal_kills", "cases": n, **outcomes, "games_finished": games,
            "shown_moves_lost": lost_moves}  # fmt: skip


# -- mutated journals ----------------------------------------------------------------------


def _base(work: Path) -> tuple[AppPaths, list, bytes, bytes]:
    """An autosave of 40 moves and a journal of the same match's first 65 (base 0)."""
    from tools.fault_audit import policy

    paths = AppPaths.under(work / "journal-base")
    storage = FileStorage(paths)
    match = Match.new([Seat("Ana", "easy"), Seat("Bo", "medium"), Seat("Cy", "easy")], 5, 0)
    storage.save_match(match.to_json())
    rand = random.Random(1)
    for i in range(65):
        a = match.active()
        assert a is not None
        match.play(a.player, policy(match.game, a.player, rand))
        seat, move = match.history[-1]
        storage.save_moves(match.head(), i, [[seat, move.to_json()]])
        if i == 39:
            storage.save_match(match.to_json())
    storage.close()
    history = [[s, m.to_json()] for s, m in match.history]
    return paths, history, paths.autosave.read_bytes(), paths.journal.read_bytes()


def _foreign(work: Path) -> bytes:
    other = FileStorage(AppPaths.under(work / "journal-foreign"))
    match = Match.new([Seat("Ana", "easy"), Seat("Bo", "medium"), Seat("Cy", "easy")], 6, 0)
    other.save_match(match.to_json())
    rand = random.Random(2)
    for i in range(70):
        a = match.active()
        assert a is not None
        match.play(a.player, rand.choice(match.game.legal_moves(a.player)))
        seat, move = match.history[-1]
        other.save_moves(match.head(), i, [[seat, move.to_json()]])
    return other.paths.journal.read_bytes()


GARBAGE = [b"\x00\xff", b"[9999, 0, {\"kind\": \"draw\"}]", b"[50, 0, {\"kind\": \"nope\"}]",
           b"[3, 0, {\"kind\": \"pick_fire\", \"value\": [2]}]", b"[" * 5000, b"{\"a\": 1}",
           b"[50, true, {\"kind\": \"draw\"}]", b"[-1]", b"x" * 9000, b"null", b"[]"]  # fmt: skip


def _mutate(journal: bytes, rand: random.Random, foreign: bytes) -> tuple[str, bytes, int]:
    """A mutation, the bytes, and how many of the journal's moves must still be read."""
    rows = journal.splitlines(keepends=True)
    kind = rand.choice(["torn", "truncate", "garbage", "flip", "foreign", "empty", "header",
                        "duplicate", "unchanged"])  # fmt: skip
    if kind == "torn":
        last = rows[-1]
        return kind, b"".join(rows[:-1]) + last[: rand.randrange(1, len(last) - 1)], len(rows) - 2
    if kind == "truncate":
        cut = rand.randrange(len(journal))
        return kind, journal[:cut], max(journal[:cut].count(b"\n") - 1, 0)
    if kind == "garbage":
        at = rand.randrange(1, len(rows) + 1)
        data = b"".join(rows[:at]) + rand.choice(GARBAGE) + b"\n" + b"".join(rows[at:])
        return kind, data, at - 1
    if kind == "flip":
        raw = bytearray(journal)
        for _ in range(rand.randint(1, 4)):
            raw[rand.randrange(len(raw))] ^= rand.randint(1, 255)
        return kind, bytes(raw), 0
    if kind == "foreign":
        return kind, foreign, 0
    if kind == "empty":
        return kind, b"", 0
    if kind == "header":
        return kind, rows[0], 0
    if kind == "duplicate":  # a line written twice: the same move again, harmless
        at = rand.randrange(1, len(rows))
        return kind, b"".join(rows[: at + 1]) + rows[at] + b"".join(rows[at + 1 :]), len(rows) - 1
    return kind, journal, len(rows) - 1


def audit_journal_files(n: int, rand: random.Random, work: Path) -> dict:
    paths, history, autosave, journal = _base(work)
    foreign = _foreign(work)
    saved = 40
    outcomes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for i in range(n):
        kind, data, whole = _mutate(journal, rand, foreign)
        kinds[kind] += 1
        case = AppPaths.under(work / f"journal-{i}")
        case.saves.mkdir(parents=True)
        case.autosave.write_bytes(autosave)
        case.journal.write_bytes(data)
        try:
            storage = FileStorage(case)
            got = _moves_of(storage.load_match())
            storage.close()
        except Exception:  # noqa: BLE001 - counted and shown
            outcomes["crash"] += 1
            traceback.print_exc()
            continue
        if kind == "flip":  # a flipped digit may make another legal move: it still replays
            ok = got[:saved] == history[:saved]
        else:
            ok = got == history[: max(saved, whole, len(got))] and len(got) >= max(saved, whole)
        outcomes["ok" if ok else "lost"] += 1
        if not ok:
            print(f"journal {kind}: {len(got)} moves read, {whole} expected", file=sys.stderr)
    return {"part": "journal_files", "cases": n, **outcomes, "by_kind": dict(kinds)}


# -- item 18: lists and dicts in move fields ------------------------------------------------

ODD: list[Any] = [[], {}, [3], {"v": 3}, [[3]], {"a": [3]}, [None], {"kind": "draw"}]


def _odd_twins(move: Move, rand: random.Random) -> list[Move]:
    """``move`` with one field turned into a list or a dict."""
    out = []
    for f in dataclasses.fields(move):
        out.append(dataclasses.replace(move, **{f.name: rand.choice(ODD)}))
    return out


class _Worker:
    """An AI worker answering what it is given (a real worker's answer is unpickled as is)."""

    def __init__(self, answer: Any) -> None:
        self.answer: Any = answer
        self.current: Any = None

    def submit(self, *args: Any, **kwargs: Any) -> int:
        self.current = self.answer
        return 1

    def poll(self) -> Any:
        answer, self.current = self.current, None
        return answer

    def cancel(self) -> None:
        self.current = None

    def restart(self) -> None:
        return None

    def deadline_s(self, budget_s: float | None = None) -> float:
        return 10.0


def audit_move_types(rand: random.Random, work: Path) -> dict:
    from game.ui.table.ai_seats.ai_seat import WorkerAi

    outcomes: Counter[str] = Counter()
    where: Counter[str] = Counter()
    game = new_game(3, 11, 0)
    doc_game = Match.new([Seat("Ana"), Seat("Bo", "easy"), Seat("Cy", "easy")], 11, 0)
    positions = 0
    while not game.over and positions < 400:
        positions += 1
        seat = game.pending()[0].player
        legal = game.legal_moves(seat)
        with_fields = [m for m in legal if dataclasses.fields(m)]
        for move in rand.sample(with_fields, min(2, len(with_fields))):
            for odd in _odd_twins(move, rand):
                before = game.to_json()
                # the engine
                where["engine"] += 1
                try:
                    game.play(seat, odd)
                    outcomes["accepted_bad"] += 1
                except IllegalMove:
                    outcomes["ok" if game.to_json() == before else "accepted_bad"] += 1
                except Exception:  # noqa: BLE001 - counted and shown
                    outcomes["crash"] += 1
                    traceback.print_exc()
                # an AI seat's worker answering it
                where["worker"] += 1
                try:
                    ai = WorkerAi(_Worker(odd), deadline_s=10)  # type: ignore[arg-type]
                    ai.submit(game.clone(), seat)
                    answer = next(a for a in (ai.poll() for _ in range(5)) if a is not None)
                    outcomes["ok" if answer in legal else "accepted_bad"] += 1
                except Exception:  # noqa: BLE001 - counted and shown
                    outcomes["crash"] += 1
                    traceback.print_exc()
        chosen = rand.choice(legal)
        game.play(seat, chosen)
        doc_game.play(seat, chosen)
    # a save and a journal line holding one
    doc = doc_game.to_json()
    for i in range(60):
        where["save"] += 1
        where["journal"] += 1
        k = rand.randrange(len(doc["moves"]))
        raw = json.loads(json.dumps(doc))
        fields = [f for f in raw["moves"][k][1] if f != "kind"] or ["kind"]
        raw["moves"][k][1][rand.choice(fields)] = rand.choice(ODD)
        case = AppPaths.under(work / f"movetypes-{i}")
        case.saves.mkdir(parents=True)
        case.autosave.write_text(json.dumps(raw))
        try:
            storage = FileStorage(case)
            refused = storage.load_match() is None and bool(storage.take_notices())
            outcomes["ok" if refused else "accepted_bad"] += 1
            storage.save_match({**doc, "moves": doc["moves"][:k]} | _game_at(doc, k))
            head = {key: doc[key] for key in ("setup", "seats", "ai_seed")}
            storage.save_moves(head, k, [raw["moves"][k]])  # refused (or dropped when read)
            got = _moves_of(storage.load_match())
            outcomes["ok" if got == doc["moves"][:k] else "accepted_bad"] += 1
        except Exception:  # noqa: BLE001 - counted and shown
            outcomes["crash"] += 1
            traceback.print_exc()
    return {"part": "movetypes", "cases": sum(outcomes.values()), **outcomes,
            "by_place": dict(where)}  # fmt: skip


def _game_at(doc: dict, k: int) -> dict:
    """The ``game`` of ``doc`` after its first ``k`` moves."""
    s = doc["setup"]
    game = new_game(s["players"], s["seed"], s["first_player"])
    for seat, move in doc["moves"][:k]:
        game.play(seat, Move.from_json(move))
    return {"game": game.to_json()}
