"""What the hub refuses, and the checks a seat's move or undo passes first: the seat's own
count (``seq``) and a game still going. A ``Refused`` goes back to its sender as an
``error`` and changes nothing."""

from __future__ import annotations

from typing import Any

from game.net.hosted import HostedMatch


class Refused(Exception):
    """A message the hub will not act on; sent back as an ``error``."""

    def __init__(self, code: str, text: str, **extra: Any) -> None:
        super().__init__(text)
        self.code, self.text, self.extra = code, text, extra


def check_seq(match: HostedMatch, seat: int, seq: int, ref: dict[str, Any]) -> None:
    """``seq`` must be the seat's own move count now, in a game not over."""
    expected = match.own[seat]
    if seq < expected:
        raise Refused("replayed", f"move {seq} of this seat was already made", **ref)
    if seq > expected:
        raise Refused("out_of_sequence", f"this seat's next move is {expected}", **ref)
    if match.game.over:
        raise Refused("game_over", "the game is over", **ref)
