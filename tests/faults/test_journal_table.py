"""Issue 32 item 19, at the table: after every frame, whatever the table has applied (and
so may show) is on disk: the autosave and the journal read together give the match's moves,
the AI seats' at fast speed, a human's, and a human's undo."""

from __future__ import annotations

import random

import pygame

from game.app.journal import journal_moves, match_id, read_journal
from game.app.paths import AppPaths
from game.app.saves import read_save
from game.app.storage import FileStorage
from game.savegame import SaveError, continued
from game.ui.app import TableApp
from game.ui.headless import headless_context
from game.ui.table.match import Match, Seat
from tests.app.helpers import choose

FRAMES = 2500
FRAME_S = 1 / 20  # a slow machine's frames: the same moves as at 60 a second, in a third
MOVES = 100  # of the frames (each drawn: most of this test's time)


def on_disk(paths: AppPaths) -> list:
    """What a launch now would continue, read as ``load_match`` reads it (without taking
    the journal over: the live storage keeps writing it, and its worker thread may write
    the autosave and compact the journal meanwhile)."""
    journal = read_journal(paths.journal)  # first: the writer may compact it meanwhile
    try:
        saved = read_save(paths.autosave)
    except SaveError:  # caught between the autosave's two renames: its backup is read
        saved = read_save(paths.autosave.with_name("autosave.bak.json"))
    assert journal is not None and journal.match == match_id(saved.head())
    whole, why = continued(saved, journal_moves(journal, saved.moves))
    assert why == ""
    return [[s, m.to_json()] for s, m in whole.moves]


def test_every_move_the_table_applies_is_on_disk_before_the_frame_ends(tmp_path) -> None:
    paths = AppPaths.under(tmp_path)
    storage = FileStorage(paths, background=True)
    ctx = headless_context(storage=storage, speed="fast")
    ctx.settings.round_end = "auto"  # the end of a round plays itself
    app = TableApp(ctx, (1280, 720))
    match = Match.new([Seat("Ana"), Seat("Bo", "easy"), Seat("Cy", "medium")], 21, 0)
    storage.save_match(match.to_json())  # as the setup does
    app.stack.push(ctx.scenes.make("table", ctx, match))
    table = app.stack.top
    rand = random.Random(4)
    undos = human = 0
    checked: list = []
    try:
        for _ in range(FRAMES):
            app.step(FRAME_S)
            top = app.stack.top
            if top.kind == "game_over" or len(match.history) >= MOVES:
                break
            if top.kind == "end_of_round" and top.waiting():
                top.next_step()  # the player clicks on (their Varan dealt)
            seat = table.human_seat()
            if seat >= 0 and match.can_undo() and rand.random() < 0.3:
                table.undo()
                undos += 1
            elif seat >= 0:
                table.play(seat, choose(match.game, seat, rand))
                human += 1
            if match.history != checked:  # (reading it back replays the game: only then)
                checked = list(match.history)
                assert on_disk(paths) == [[s, m.to_json()] for s, m in checked]
    finally:
        storage.close()
        pygame.display.quit()
    assert len(match.history) >= MOVES and human > 10 and undos > 0
    assert match.game.round > 1  # a round's end was played through too
