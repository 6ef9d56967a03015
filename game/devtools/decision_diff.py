"""How many of a level's recorded decisions a change would alter: ``python -m
game.devtools.decision_diff DIR --level hard --as 'hard[steps=64000]'``. Each decision of
the seats named LEVEL in an as-shipped arena run's records (``arena --as-shipped --record
DIR``) is asked again of the level as the arena built it, in the very context the arena
gave it (its seed from the move count; in the Guardian Animals phase its own copy of the
round, seeing its own draws only), and of the entry given with ``--as``. The first must
give the recorded move every time (the check that the context is the arena's); the second
says how often the change would play otherwise. A change that alters few decisions cannot
move a win rate much, whatever a few hundred games would seem to say: four times Hard's
work altered 15 of 372 decisions in the last three rounds of 26 lost three-player games.
Prints one JSON line per game, then a summary; ``--last-rounds N`` looks at the last N
rounds of each game only, ``--files 3,17`` at those games only.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.devtools.arena import Sitter, build
from game.devtools.arena_losses import read_record
from game.engine import Decision, Game, Move, Phase, new_game
from game.savegame import SavedMatch
from game.ui.table.ai_seats.ai_draws import draw_seed
from game.ui.table.ai_seats.ai_seat import decision_seed


@dataclass(slots=True)
class GameDiff:
    """One game's decisions asked again: how many the arena's level reproduced, how many
    the changed entry would play otherwise, and where."""

    file: str
    decisions: int = 0
    reproduced: int = 0
    changed: int = 0
    cpu_level_s: float = 0.0
    cpu_as_s: float = 0.0
    where: list[str] = field(default_factory=list)  # "move K round R DECISION: a -> b"


def asked(sitter: Sitter, g: Game, seat: int, decision: Decision, seed: int) -> tuple[Move, float]:
    """The entry's choice in this context and the CPU seconds it took."""
    t0 = time.process_time()
    move = sitter.policy.choose(
        g.view(seat), decision, g.legal_moves(seat), random.Random(seed), sitter.budget
    )
    return move, time.process_time() - t0


def diff_game(
    name: str, match: SavedMatch, level: str, base: Sitter, other: Sitter, last_rounds: int
) -> GameDiff:
    """Every decision of the seats named ``level`` in the last ``last_rounds`` rounds (0:
    all), asked again of ``base`` (as recorded) and ``other``."""
    out = GameDiff(name)
    mine = {i for i, s in enumerate(match.seats) if s.name == level}
    first_round = match.game.round - last_rounds + 1 if last_rounds else 1
    ai_seed = match.seed
    g = new_game(match.players, match.seed, match.first_player)
    own: dict[int, Game] = {}  # each seat's copy of this round's Guardian Animals phase
    start: Game | None = None
    counts = [0] * match.players
    for k, (seat, move) in enumerate(match.moves):
        drawing = g.phase is Phase.DRAW
        where = g
        if not drawing:
            start = None
        else:
            if start is None:  # the round's Guardian Animals phase begins
                start, own = g.clone(), {}
            if seat not in own:
                own[seat] = start.clone()
            where = own[seat]
        if seat in mine and g.round >= first_round and len(where.legal_moves(seat)) > 1:
            decision = Decision.DRAW if drawing else where.pending()[0].decision
            seed = (
                draw_seed(ai_seed, counts[seat], seat)
                if drawing
                else decision_seed(ai_seed, k, seat)
            )
            a, ta = asked(base, where, seat, decision, seed)
            b, tb = asked(other, where, seat, decision, seed)
            out.decisions += 1
            out.reproduced += a == move
            out.cpu_level_s += ta
            out.cpu_as_s += tb
            if b != move:
                out.changed += 1
                out.where.append(f"move {k} round {g.round} {decision.name}: {move} -> {b}")
        if where is not g:
            where.play(seat, move)
        g.play(seat, move)
        counts[seat] += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.devtools.decision_diff", description=__doc__)
    ap.add_argument("folder", type=Path, help="the --record folder of an as-shipped arena run")
    ap.add_argument("--level", default="hard", help="the seat name whose decisions to ask again")
    ap.add_argument("--as", dest="other", required=True, help="the changed entry: hard[z=3]")
    ap.add_argument("--last-rounds", type=int, default=0, help="only each game's last N rounds")
    ap.add_argument("--files", help="game numbers, e.g. 3,17 (default: every record)")
    args = ap.parse_args(argv)
    if not args.folder.is_dir():
        print(f"no such folder: {args.folder}", file=sys.stderr)
        return 2
    paths = sorted(args.folder.glob("game-*.json"))
    if args.files:
        wanted = {f"game-{int(x):04d}.json" for x in args.files.split(",") if x.strip()}
        paths = [p for p in paths if p.name in wanted]
    base = build(args.level, 1.0, 1, True)
    other = build(args.other, 1.0, 1, True)
    total = GameDiff("all")
    skipped: list[str] = []
    try:
        for path in paths:
            match = read_record(path)
            if match is None:
                skipped.append(path.name)  # damaged or not a record: said, not fatal
                continue
            if not any(s.name == args.level for s in match.seats):
                continue
            d = diff_game(path.name, match, args.level, base, other, args.last_rounds)
            d.cpu_level_s, d.cpu_as_s = round(d.cpu_level_s, 3), round(d.cpu_as_s, 3)
            print(json.dumps(asdict(d)), flush=True)
            for f in ("decisions", "reproduced", "changed", "cpu_level_s", "cpu_as_s"):
                setattr(total, f, getattr(total, f) + getattr(d, f))
    finally:
        base.policy.close()
        other.policy.close()
    summary = asdict(total)
    del summary["where"]
    summary.update(
        cpu_level_s=round(total.cpu_level_s, 2), cpu_as_s=round(total.cpu_as_s, 2), skipped=skipped
    )
    print(json.dumps(summary))
    return 0 if total.reproduced == total.decisions else 1


if __name__ == "__main__":
    raise SystemExit(main())
