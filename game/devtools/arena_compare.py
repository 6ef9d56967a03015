"""Two arena runs on the same deals, game by game: ``python -m game.devtools.arena_compare
BEFORE AFTER --level hard``. A change to a level is judged on the deals both runs played
(the arena's game ``K`` is the same deal, seats and seeds in every run, so a record of
game ``K`` in each folder is a pair): each side's loss table over those games
(``arena_losses``), then how many games kept every move, how many diverged but kept their
winners, and each game that changed hands with the move and round where the two runs
first parted. Changes that swing a few games are seen here long before two win rates over
separate deals can tell them apart (about 20 games in 100 change hands between two such
variants at two players). Prints JSON lines: the before and after summaries, the paired
summary (``only_before`` and ``only_after`` count the games one run has not played, and
``unpaired`` names the files left out: damaged, or of another deal), then one line per
game that changed hands.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from game.devtools.arena_losses import analyse, read_record
from game.engine import Game, new_game
from game.savegame import SavedMatch


@dataclass(frozen=True, slots=True)
class Swing:
    """A game whose ``level`` seats won a different share in the two runs."""

    file: str
    before: float  # the level's share of the win (1, 1/2 on a shared win, 0)
    after: float
    rounds: tuple[int, int]  # the game's length in each run
    move: int  # the first move the runs differ on
    round: int  # ... and the round it was played in


def share(match: SavedMatch, level: str) -> float:
    """The win share of the seats named ``level`` (every seat of the level counted)."""
    winners = match.game.result().winners
    mine = sum(1 for s in winners if match.seats[s].name == level)
    return mine / len(winners) if winners else 0.0


def parting(a: SavedMatch, b: SavedMatch) -> tuple[int, int]:
    """The first move index where the two games differ and the round it falls in."""
    g: Game = new_game(a.players, a.seed, a.first_player)
    for k, (x, y) in enumerate(zip(a.moves, b.moves, strict=False)):
        if x != y:
            return k, g.round
        g.play(*x)
    return min(len(a.moves), len(b.moves)), g.round


def compare(
    before: Path, after: Path, level: str, after_level: str
) -> tuple[dict, list[Swing], list[str]]:
    """The paired summary, the games that changed hands and the paired file names."""
    names_b = {p.name for p in before.glob("game-*.json")}
    names_a = {p.name for p in after.glob("game-*.json")}
    paired: list[str] = []
    unpaired: list[str] = []
    swings: list[Swing] = []
    same_moves = same_winners = 0
    to_after = to_before = 0.0
    for name in sorted(names_b & names_a):
        b, a = read_record(before / name), read_record(after / name)
        if b is None or a is None:
            unpaired.append(name)
            continue
        if (b.players, b.seed, b.first_player) != (a.players, a.seed, a.first_player):
            unpaired.append(name)
            continue
        paired.append(name)
        if b.moves == a.moves:
            same_moves += 1
            continue
        was, now = share(b, level), share(a, after_level)
        if was == now:
            same_winners += 1
            continue
        to_after += max(0.0, now - was)
        to_before += max(0.0, was - now)
        move, rnd = parting(b, a)
        swings.append(Swing(name, was, now, (b.game.round, a.game.round), move, rnd))
    summary = {
        "games": len(paired),
        "same_moves": same_moves,
        "diverged_same_winners": same_winners,
        "changed_hands": len(swings),
        "gained": round(to_after, 2),  # win shares the after run gained on the changed games
        "lost": round(to_before, 2),
        "only_before": len(names_b - names_a),  # games one run has not played (yet)
        "only_after": len(names_a - names_b),
        "unpaired": unpaired,
    }
    return summary, swings, paired


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.arena_compare", description=__doc__)
    ap.add_argument("before", type=Path, help="the --record folder of the first run")
    ap.add_argument("after", type=Path, help="the --record folder of the second run")
    ap.add_argument("--level", default="hard", help="the seat name to study in BEFORE")
    ap.add_argument("--after-level", help="its name in AFTER, if it differs (hard[z=3])")
    args = ap.parse_args(argv)
    for folder in (args.before, args.after):
        if not folder.is_dir():
            print(f"no such folder: {folder}", file=sys.stderr)
            return 2
    after_level = args.after_level or args.level
    summary, swings, paired = compare(args.before, args.after, args.level, after_level)
    if not paired:
        print("the two folders hold no game of the same deal", file=sys.stderr)
        return 1
    lines = [
        {"side": "before", **analyse(args.before, args.level, set(paired))[0]},
        {"side": "after", **analyse(args.after, after_level, set(paired))[0]},
        {"paired": summary},
        *({"swing": asdict(s)} for s in swings),
    ]
    try:
        for line in lines:
            print(json.dumps(line))
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
