"""Online, the table holds a pick that would end its step for Confirm, as at one screen: a
remote match tries the pick on its client's view (made playable for the trial), and the
answer is the real game's at every pick of random 2-4 seat games (it used to be False
online: a view cannot be played, so such picks went through unconfirmed)."""

from __future__ import annotations

import random

from game.engine import Game, new_game
from game.engine.moves import PickAnimal, PickFire
from game.net.redact import view_json
from game.seats import Seat
from game.ui.online.remote_match import RemoteMatch
from game.ui.table.match import Match

GAMES = 6
MOVES = 3000  # each game is bounded (a game takes a few hundred)


def test_a_remote_match_knows_which_pick_ends_its_step_as_the_real_game_does() -> None:
    rand = random.Random(6)
    compared = ended = 0
    for n in range(GAMES):
        players = 2 + n % 3
        seats = [Seat(f"P{i}", "human") for i in range(players)]
        game = new_game(players, 1000 + n)
        for _ in range(MOVES):
            if game.over:
                break
            seat = game.pending()[0].player
            legal = game.legal_moves(seat)
            picks = [m for m in legal if isinstance(m, PickAnimal | PickFire)]
            if picks:
                local = Match(game.clone(), seats)
                remote = RemoteMatch(Game.from_json(view_json(game, seat)), seats)
                for pick in picks:
                    truth = local.ends_step(seat, pick)
                    assert remote.ends_step(seat, pick) == truth, (n, seat, pick)
                    compared += 1
                    ended += truth
            game.play(seat, rand.choice(legal))
    assert compared > 100 and 0 < ended < compared  # both answers came up
