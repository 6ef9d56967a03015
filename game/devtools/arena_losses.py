"""How a level lost its arena games: ``python -m game.devtools.arena_losses DIR --level hard``.

A win rate says how often, not why. This reads the games an arena run wrote with
``--record DIR`` and sorts each game the level did not win alone by how it was lost:
``outraced`` (another seat reached 12 and it did not), ``lost_on_sum`` (it reached 12 but
another qualifier had the higher sum of the three tracks, RULES.md §7) or ``shared`` (a
tie on the sum), and by the arena's cause (``arena.loss_cause``: a ``flower_burst`` when a
winner went to 12 Flowers in the last round from 8 or fewer kept). For every such game it
gives the level's fitted win chance (``game.ai.heuristics.winchance``) at each round
start, and counts the games lost from ahead: a chance of at least ``AHEAD`` when the last
round began, where the loss came late and the final rounds are the ones to read in the
Replays screen. Prints JSON lines: one summary (win rate with its 95% interval, wins by
track, losses by kind and by cause, games and wins by the number of rounds the game
lasted, the games lost by the track the winner won on and its place in the last round's
turn order, naming any file that is not a readable record, which is skipped), then one
line per game lost, with who beat the level, from which place, on which track and with how
much of it taken in the last round. By length because a level can be strong at a quick race
and lose the long games where the other decks have grown: Hard against ``greedy`` (seed
2) won 21 of the 22 games that ended by round 7 and 19 of the 27 that went to round 10 or
later. It also reads a run stopped early: every finished game is on disk.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from game.ai.heuristics.winchance import win_chance
from game.devtools.arena import CAUSES, TRACKS, loss_cause, wilson, winning_track
from game.engine import Game
from game.engine.state import E_FLOWER, GOAL
from game.replay import Replay
from game.savegame import SavedMatch, SaveError, decode, parse_save

AHEAD = 0.8  # win chance at the last round's start that counts a loss as "from ahead"
KINDS = ("outraced", "lost_on_sum", "shared")
OUTRACED, LOST_ON_SUM, SHARED = KINDS


@dataclass(frozen=True, slots=True)
class Loss:
    file: str
    seat: int
    kind: str
    rounds: int
    tracks: tuple[tuple[int, int, int], ...]  # every seat's, at the end
    seats: tuple[str, ...]
    chances: tuple[float, ...]  # the seat's win chance at each round start
    cause: str = ""  # the arena's ``loss_cause``: flower_burst, tie_break, outraced, shared
    beaten_by: int = -1  # the (first) other winner
    place: int = 0  # its place in the last round's turn order (1: it played first)
    track: str = ""  # the track it won on
    gain: int = 0  # how much of that track it took in the last round


def loss_kind(seat: int, tracks: Sequence[tuple[int, int, int]], winners: Sequence[int]) -> str:
    """How ``seat`` failed to win alone (``""`` when it did)."""
    if seat in winners:
        return "" if len(winners) == 1 else SHARED
    return LOST_ON_SUM if max(tracks[seat]) >= GOAL else OUTRACED


def chance_trail(replay: Replay, seat: int) -> tuple[float, ...]:
    """The fitted win chance of ``seat`` at the start of each round."""
    out = []
    for rnd in replay.rounds:
        replay.seek(replay.round_start(rnd))
        out.append(round(win_chance(replay.game, seat), 3))
    return tuple(out)


def last_round_start(replay: Replay) -> Game:
    """The game as its last round began (the burst and the winner's gain are from it)."""
    replay.seek(replay.round_start(replay.rounds[-1]))
    return replay.game


def last_round_flowers(start: Game) -> list[int]:
    """Every seat's kept Flowers when the last round began (a burst is measured from it)."""
    return [p.tracks()[2] - p.line_elems[E_FLOWER] for p in start.players]


def beaten_in_last_round(
    start: Game, seat: int, winners: Sequence[int], tracks: Sequence[tuple[int, int, int]]
) -> tuple[int, int, str, int]:
    """Who beat ``seat`` (the first winner other than it), their place in the last round's
    turn order, the track they won on and what they took of it in that round: a four-player
    Fire race is won from the first place, a Flower burst from anywhere."""
    w = next(x for x in winners if x != seat)
    track = winning_track(tracks[w])
    i = TRACKS.index(track)
    return w, start.turn_order().index(w) + 1, track, tracks[w][i] - start.players[w].tracks()[i]


def read_record(path: Path) -> SavedMatch | None:
    """An arena record, or None for a damaged file (the callers name those, and go on)."""
    try:
        return parse_save(decode(path.read_bytes()))
    except SaveError:
        return None


def analyse(
    folder: Path, level: str, only: Collection[str] | None = None
) -> tuple[dict, list[Loss]]:
    """The summary line and the games lost by every seat named ``level`` (``only``: just
    the records of these file names, e.g. the deals two runs have in common)."""
    games = 0
    wins = 0.0
    won_on = dict.fromkeys(TRACKS, 0.0)
    by_rounds: dict[int, list[float]] = {}  # rounds the game lasted: [games, wins]
    losses: list[Loss] = []
    skipped: list[str] = []
    for path in sorted(folder.glob("game-*.json")):
        if only is not None and path.name not in only:
            continue
        match = read_record(path)
        if match is None:
            skipped.append(path.name)  # damaged or not a record: said, not fatal
            continue
        names = tuple(s.name for s in match.seats)
        mine = [i for i, name in enumerate(names) if name == level]
        if not mine:
            continue
        final = match.game
        winners = final.result().winners
        tracks = tuple(p.tracks() for p in final.players)
        replay: Replay | None = None
        for seat in mine:
            games += 1
            kind = loss_kind(seat, tracks, winners)
            length = by_rounds.setdefault(final.round, [0, 0.0])
            length[0] += 1
            if seat in winners:
                share = 1 / len(winners)
                wins += share
                length[1] += share
                won_on[winning_track(tracks[seat])] += share
            if not kind:
                continue
            replay = replay or Replay.from_match(match)
            trail = chance_trail(replay, seat)
            start = last_round_start(replay)
            cause = loss_cause(final, seat, winners, last_round_flowers(start))
            beaten = beaten_in_last_round(start, seat, winners, tracks)
            loss = Loss(path.name, seat, kind, final.round, tracks, names, trail, cause, *beaten)
            losses.append(loss)
    lo, hi = wilson(wins, games)
    summary = {
        "level": level,
        "games": games,
        "wins": round(wins, 2),
        "win_rate": round(wins / max(games, 1), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "causes": {c: sum(1 for x in losses if x.cause == c) for c in CAUSES},
        "won_on": {t: round(v, 2) for t, v in won_on.items()},
        "losses": {k: sum(1 for x in losses if x.kind == k) for k in KINDS},
        "lost_from_ahead": sum(1 for x in losses if x.chances and x.chances[-1] >= AHEAD),
        "beaten": beaten_table(losses),
        "by_rounds": {
            str(r): {"games": n, "wins": round(w, 2)} for r, (n, w) in sorted(by_rounds.items())
        },
        "skipped": skipped,
    }
    return summary, losses


def beaten_table(losses: Sequence[Loss]) -> dict[str, dict[str, int]]:
    """Games not won alone by the track the winner won on, then by its place in the last
    round's turn order: ``{"fires": {"1": 9, "3": 1}}``."""
    table: dict[str, dict[str, int]] = {}
    for x in losses:
        row = table.setdefault(x.track, {})
        row[str(x.place)] = row.get(str(x.place), 0) + 1
    return {t: dict(sorted(row.items())) for t, row in sorted(table.items())}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.arena_losses", description=__doc__)
    ap.add_argument("folder", type=Path, help="the --record folder of an arena run")
    ap.add_argument("--level", default="hard", help="the seat name to study, e.g. hard@1.0")
    args = ap.parse_args(argv)
    if not args.folder.is_dir():
        print(f"no such folder: {args.folder}", file=sys.stderr)
        return 2
    summary, losses = analyse(args.folder, args.level)
    if not summary["games"]:
        print(f"no recorded game has a seat named {args.level!r}", file=sys.stderr)
        return 1
    try:
        _print_lines(summary, losses)
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error at exit
    return 0


def _print_lines(summary: dict, losses: list[Loss]) -> None:
    print(json.dumps(summary))
    for x in losses:
        print(json.dumps(asdict(x)))


if __name__ == "__main__":
    raise SystemExit(main())
