"""The guided first game: a lesson menu, and a scene that drives the real table scenes.

``TutorialScene`` owns a private ``SceneStack`` holding the ordinary draw/action/end-of-round
scenes of a ``TutorialMatch``, so the table behaves exactly as in a real game while the
lesson decides which move is accepted: clicks are read before the table sees them, and the
match itself refuses any other move (keyboard included) with the step's explanation. Saves,
statistics and hints are switched off for the lesson's match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, assert_never, cast

import pygame
from pygame import Rect

from game.ai.review import MemoryReviews, ReviewStore
from game.engine import Game, IllegalMove, Move
from game.engine.moves import (
    AnyMove,
    ChooseAction,
    Draw,
    Finish,
    MoveSpirit,
    Pass,
    PickAnimal,
    PickFire,
    Plant,
    SkipBonus,
    Steal,
    Stop,
    UseFragment,
)
from game.lessons import (
    LEARNER,
    OPPONENT,
    Lesson,
    LessonProgress,
    LessonRunner,
    Refusal,
    load_lessons,
    load_ui_text,
)
from game.notice import Notice
from game.savegame import SavedMatch
from game.settings import Settings
from game.stats import Stats
from game.ui import theme
from game.ui.context import Context, Storage
from game.ui.layout import Layout
from game.ui.match import Match, Seat
from game.ui.painter import Painter
from game.ui.scene import Scene, SceneStack
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.table import BUTTON_MOVES, TableScene, scene_for_match
from game.ui.targets import Target, intended_move
from game.ui.viewport import LOGICAL
from game.ui.widgets import Button, ButtonList, panel
from game.ui.words import refusal_text

SCREEN = Rect(0, 0, *LOGICAL)
# The places a step's note may take, in the order tried when its own place would cover
# something the step talks about (see ``note_places``).
PLACE_ORDER: tuple[str, ...] = ("left", "right", "low", "bottom")
# What the end of the round animates or explains: the note keeps off these while it runs.
ROUND_END_ZONES: tuple[str, ...] = (
    "onibi_panel",
    "circle_centre",
    "market_1",
    "market_2",
    "market_3",
    "reserve_1",
    "reserve_2",
    "reserve_3",
    "varan_supply",
    "fire_supply",
)
ROUND_END_SEAT_ZONES: tuple[str, ...] = ("help_line", "discard", "draw_pile")
TABLE_KINDS = ("draw", "action")


def note_places(layout: Layout) -> dict[str, Rect]:
    """Where a lesson's note may sit, taken from the table's own zones so that a new layout
    moves the notes with it: over the Reserve (``left``), over the opponent's row
    (``right``), over the log and the tree supply beside it, clear of the supplies the end
    of the round takes from (``low``), and over the prompt and buttons (``bottom``)."""
    reserve = layout["market_3"].unionall(
        [layout[f"{kind}_{level}"] for kind in ("market", "reserve") for level in (1, 2, 3)]
    )
    supply, log = layout["tree_supply"], layout["log"]
    top = max(supply.top, log.top, reserve.bottom + 4)
    return {
        "left": reserve,
        "right": layout.player(OPPONENT, "panel"),
        "low": Rect(log.x, top, supply.right - log.x, layout["fire_supply"].top - 4 - top),
        "bottom": layout["onibi_panel"],
    }


def language(ctx: Context) -> str:
    """The catalogue's language (the lessons carry their own texts per language)."""
    return str(getattr(getattr(ctx.tr, "__self__", None), "language", "en"))


class UiText:
    """The tutorial screens' strings in the current language (from ``lessons/ui.json``)."""

    def __init__(self, ctx: Context, strings: dict[str, dict[str, str]] | None = None) -> None:
        self.ctx = ctx
        self.strings = strings if strings is not None else load_ui_text()

    @property
    def lang(self) -> str:
        return language(self.ctx)

    def __call__(self, key: str, **fmt: Any) -> str:
        by_lang = self.strings[key]
        text = by_lang.get(self.lang) or by_lang["en"]
        return text.format(**fmt) if fmt else text

    def pick(self, text: dict[str, str] | Any) -> str:
        return text.get(self.lang) or text.get("en", "")


class LessonStorage:
    """The app's storage seen by the lesson's table: settings pass through, but the lesson's
    match is never autosaved, recorded in the statistics, or allowed to clear a real save."""

    def __init__(self, real: Storage) -> None:
        self.real = real

    def load_settings(self) -> Settings:
        return self.real.load_settings()

    def save_settings(self, settings: Settings) -> None:
        self.real.save_settings(settings)

    def save_match(self, doc: dict[str, Any]) -> None:
        return None

    def load_match(self) -> SavedMatch | None:
        return None

    def clear_match(self) -> None:
        return None

    def load_stats(self) -> Stats:
        return self.real.load_stats()

    def save_stats(self, stats: Stats) -> None:
        return None

    def reset_stats(self) -> Stats:
        return self.real.load_stats()  # a lesson never resets the player's statistics

    def record_game(self, doc: dict[str, Any]) -> Stats | None:
        return None

    def recent_replays(self, limit: int = 20) -> list[Any]:
        return []

    def take_notices(self) -> list[Notice]:
        return []  # the menu shows them when the lesson is over

    def take_write_failures(self) -> list[Notice]:
        return self.real.take_write_failures()  # a settings write may fail during a lesson

    def save_problem(self) -> Notice | None:
        return None  # nothing of a lesson is saved

    def reviews(self) -> ReviewStore:
        return MemoryReviews()  # a lesson's game is never reviewed


class TutorialMatch(Match):
    """A match whose every move is first checked against the lesson (no undo: the lesson's
    step counter only moves forward)."""

    runner: LessonRunner
    refused: Refusal | None
    lang: str

    @classmethod
    def for_lesson(cls, runner: LessonRunner, names: tuple[str, str], lang: str) -> TutorialMatch:
        m = cls(runner.game, [Seat(names[0], "human"), Seat(names[1], "easy")])
        m.runner = runner
        m.refused = None
        m.lang = lang
        m.ais[OPPONENT] = ScriptedAi(runner)
        return m

    def play(self, seat: int, move: Move) -> list:
        refused = self.runner.refusal(seat, move)
        if refused is not None:
            self.refused = refused
            raise IllegalMove(refused.message(self.lang))
        events = super().play(seat, move)
        self.runner.played(seat, move)
        self.refused = None
        return events

    def can_undo(self) -> bool:
        return False

    def draws_at_once(self) -> bool:
        return False  # the scripted opponent draws in its turn, as the lesson tells it

    def offers(self, move: Move) -> bool:
        step = self.runner.step
        return step is not None and step.move == move

    def lead(self) -> str | None:
        """The prompt while the note leads: Continue (or the lesson's end) is what comes
        next, not the decision the game is at, nor an opponent whose script is used up."""
        runner = self.runner
        if runner.done:
            key = "lesson_over"
        elif runner.step is not None and runner.step.move is None and runner.can_continue():
            last = runner.index + 1 == len(runner.lesson.steps)
            key = "prompt_last" if last else "read_first"
        else:
            return None
        text = runner.ui.get(key, {})
        return text.get(self.lang) or text.get("en", "")


class ScriptedAi:
    """The opponent's seat: answers with the lesson's next scripted move."""

    def __init__(self, runner: LessonRunner) -> None:
        self.runner = runner
        self.answer: Move | None = None

    def submit(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.answer = self.runner.next_opponent_move() if self.runner.opponent_due() else None

    def poll(self) -> Move | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None


# -- the lesson menu ----------------------------------------------------------------------


class TutorialMenuScene(Scene):
    """Pick a lesson (finished ones are ticked), or go straight to a real game."""

    kind = "tutorial_menu"

    def __init__(self, ctx: Context, lessons: list[Lesson] | None = None) -> None:
        super().__init__(ctx)
        self.lessons = lessons if lessons is not None else load_lessons()
        self.text = UiText(ctx)
        self.progress = ctx.lesson_progress
        self.menu = ButtonList()

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        t = self.text
        focus = self.menu.focus
        buttons = []
        for i, lesson in enumerate(self.lessons):
            done = self.progress.completed(lesson.id)
            label = f"{i + 1}. {t.pick(lesson.title)}" + (f"  {t('done_mark')}" if done else "")
            buttons.append(
                Button(Rect(560, 330 + i * 78, 800, 64), label, lambda i=i: self.start(i))
            )
        y = 330 + len(self.lessons) * 78 + 30
        buttons.append(Button(Rect(560, y, 390, 64), t("play_real"), self.play_real))
        buttons.append(Button(Rect(970, y, 390, 64), t("main_menu"), self.back))
        self.menu.buttons = buttons
        if focus < 0:
            focus = next(
                (i for i, s in enumerate(self.lessons) if not self.progress.completed(s.id)),
                len(self.lessons),
            )
        self.menu.focus = focus
        for i, b in enumerate(buttons):
            b.focused = i == focus

    def start(self, index: int) -> None:
        self.stack.push(TutorialScene(self.ctx, self.lessons, index, self.progress))

    def play_real(self) -> None:
        play_real_game(self)

    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    def draw(self, p: Painter) -> None:
        t = self.text
        p.image("background", rect=SCREEN)
        p.rect(SCREEN, (0, 0, 0, 140))
        p.text(t("title"), (960, 60), theme.HUGE, theme.ACCENT, anchor="midtop", bold=True)
        p.text_box(t("intro"), Rect(460, 170, 1000, 140), theme.BODY, theme.TEXT, align="center")
        self.menu.draw(p)
        focus = self.menu.focus
        if 0 <= focus < len(self.lessons):
            summary = t.pick(self.lessons[focus].summary)
            y = self.menu.buttons[-1].rect.bottom + 24
            p.text_box(summary, Rect(460, y, 1000, 110), theme.BODY, theme.TEXT_DIM, align="center")
        p.text(t("menu_keys"), (960, 1050), theme.SMALL, theme.TEXT_DIM, anchor="center")


def play_real_game(scene: Scene) -> None:
    """Leave the tutorial for the ordinary new-game setup (the menu stays below it)."""
    if scene.stack is None:
        return
    scene.clear_to("menu").push("setup")


# -- a lesson -----------------------------------------------------------------------------


class TutorialScene(Scene):
    """One lesson over the real table: note panel, lit zones, refusals, and the end."""

    kind = "tutorial"

    def __init__(
        self,
        ctx: Context,
        lessons: list[Lesson],
        index: int,
        progress: LessonProgress | None = None,
    ) -> None:
        super().__init__(ctx)
        self.lessons = lessons
        self.index = index
        self.progress = progress if progress is not None else ctx.lesson_progress
        self.text = UiText(ctx)
        self.inner_ctx = dataclasses.replace(ctx, storage=LessonStorage(ctx.storage), hint=None)
        self.inner = SceneStack()
        self.buttons = ButtonList(keyboard=False)
        self.end_menu = ButtonList()
        self.complete = False
        self.clock = 0.0
        self.shown_step = -1
        self.panel_area = Rect(0, 0, 0, 0)
        self.runner: LessonRunner
        self.match: TutorialMatch

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    # -- lifecycle -------------------------------------------------------------------------

    def enter(self) -> None:
        self.start()

    def exit(self) -> None:
        while len(self.inner):
            self.inner.pop()

    def resized(self) -> None:
        self.inner.resized()

    def start(self) -> None:
        """(Re)start the current lesson from its prepared position."""
        while len(self.inner):
            self.inner.pop()
        t = self.text
        self.runner = LessonRunner(self.lesson, ui=t.strings)
        self.match = TutorialMatch.for_lesson(self.runner, (t("you"), t("opponent")), t.lang)
        self.inner.push(scene_for_match(self.inner_ctx, self.match))
        self.complete = False
        self.shown_step = -1
        self.build_buttons()

    def goto(self, index: int) -> None:
        self.index = index
        self.start()

    # -- state -----------------------------------------------------------------------------

    @property
    def table(self) -> TableScene | None:
        top = self.inner.top
        return top if isinstance(top, TableScene) else None

    @property
    def inner_kind(self) -> str:
        top = self.inner.top
        return top.kind if top is not None else ""

    def can_continue(self) -> bool:
        step = self.runner.step
        if step is None or not self.runner.can_continue():
            return False
        kind = self.inner_kind
        if step.until == "end_of_round":  # (at instant speed it may already be over)
            return kind == "end_of_round" or (kind in TABLE_KINDS and self.match.idle)
        if step.until == "next_round":
            return kind in TABLE_KINDS and self.match.idle
        if step.until == "game_over":
            return kind == "game_over"
        return self.match.idle or kind == "end_of_round"

    def next_step(self) -> None:
        if not self.can_continue():
            return
        self.runner.cont()
        self.match.refused = None
        if self.runner.done:
            self.finish()

    def finish(self) -> None:
        self.complete = True
        self.progress.mark_done(self.lesson.id)
        self.build_end_menu()

    def skip(self) -> None:
        if self.index + 1 < len(self.lessons):
            self.goto(self.index + 1)
        else:
            self.to_lessons()

    def to_lessons(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    # -- the note panel --------------------------------------------------------------------

    def build_buttons(self) -> None:
        t = self.text
        cont = Button(Rect(0, 0, 10, 10), t("continue"), self.next_step, key_hint="Enter")
        cont.highlight = True
        self.buttons.buttons = [
            cont,
            Button(Rect(0, 0, 10, 10), t("skip"), self.skip, size=theme.SMALL),
            Button(Rect(0, 0, 10, 10), t("lessons"), self.to_lessons, size=theme.SMALL),
        ]
        self.panel_area = Rect(0, 0, 0, 0)

    def kept_clear(self, table: TableScene | None) -> list[Rect]:
        """What the note must not cover now: the step's lit zones and its target, the
        pieces the end of the round moves, the game-over box."""
        step = self.runner.step
        if table is None or step is None:
            return []
        layout = table.layout
        names = list(step.zones)
        kind = self.inner_kind
        if kind == "end_of_round":
            names += ROUND_END_ZONES
            names += [f"p{s}_{z}" for s in range(2) for z in ROUND_END_SEAT_ZONES]
        out = [layout.zones[n] for n in names if n in layout.zones]
        over = self.inner.top
        if isinstance(over, GameOverScene):
            out.append(over.box())
        if step.move is not None and table.human_seat() == LEARNER:
            target = self.target_rect(table, step.move)
            if target is not None:
                out.append(target.inflate(24, 24))
        return out

    def place_note(self, p: Painter) -> tuple[Rect, Rect, int]:
        """The step's own place unless the note would cover something to keep clear there,
        else the first place (``PLACE_ORDER``) where it covers nothing."""
        step = self.runner.step
        assert step is not None
        table = self.table_below()
        assert table is not None, "a lesson always has its table"
        places = note_places(table.layout)
        keep = self.kept_clear(table)
        first = step.panel if step.panel in places else PLACE_ORDER[0]
        for name in (first, *(n for n in PLACE_ORDER if n != first)):
            laid = self.layout_panel(p, places[name])
            if not any(laid[0].colliderect(k) for k in keep):
                return laid
        return self.layout_panel(p, places[first])

    def layout_panel(self, p: Painter, place: Rect) -> tuple[Rect, Rect, int]:
        """Size the note to its text (at most ``place``) and put the buttons in it. A wide
        place keeps the buttons in a column at its right. Returns the panel, the text box
        and the text size."""
        t = self.text
        step = self.runner.step
        assert step is not None
        text = t.pick(step.text)
        refused = self.match.refused
        msg = ""
        if refused is not None:
            has = self.ctx.has_key
            engine = refusal_text(self.ctx.tr, refused.error, has) if refused.error else None
            msg = f"{t('not_now')} {refused.message(t.lang, engine)}"
        cont, skip, lessons = self.buttons.buttons
        if place.w >= 2.5 * place.h:  # a wide strip: buttons in a column at its right end
            bw = min(600, round(place.w * 0.3))
            x = place.right - bw - 20
            text_h = place.h - 52 - (36 if msg else 0)
            text_box = Rect(place.x + 18, place.y + 44, x - place.x - 36, text_h)
            cont.rect = Rect(x, place.y + 14, bw, 64)
            if bw >= 400:
                half = (bw - 20) // 2
                skip.rect = Rect(x, place.y + 92, half, 60)
                lessons.rect = Rect(x + half + 20, place.y + 92, half, 60)
            else:
                skip.rect = Rect(x, place.y + 88, bw, 56)
                lessons.rect = Rect(x, place.y + 152, bw, 56)
            size = theme.BODY
            while size > theme.SMALL - 4 and p.text_height(text, text_box.w, size) > text_box.h:
                size -= 1
            return place, text_box, size
        w = place.w - 36
        extra = (p.text_height(msg, w, theme.SMALL, True) + 12) if msg else 0
        buttons_h = 80 + (76 if step.move is None else 0)
        size = theme.BODY
        while True:
            text_h = p.text_height(text, w, size)
            h = 46 + text_h + 14 + extra + buttons_h
            if h <= place.h or size <= theme.SMALL - 2:
                break
            size -= 1
        r = Rect(place.x, place.y, place.w, min(place.h, h))
        text_box = Rect(r.x + 18, r.y + 46, w, text_h + 4)
        y = r.bottom - 76
        half = (r.w - 48) // 2
        cont.rect = Rect(r.x + 16, y - 76, r.w - 32, 64)
        skip.rect = Rect(r.x + 16, y, half, 60)
        lessons.rect = Rect(r.x + 32 + half, y, half, 60)
        return r, text_box, size

    def build_end_menu(self) -> None:
        t = self.text
        items: list[tuple[str, Callable[[], None]]] = []
        if self.index + 1 < len(self.lessons):
            items.append((t("next"), lambda: self.goto(self.index + 1)))
        items += [
            (t("play_real"), lambda: play_real_game(self)),
            (t("replay"), self.start),
            (t("lessons"), self.to_lessons),
        ]
        box = self.end_box()
        self.end_menu.buttons = [
            Button(Rect(box.centerx - 240, box.y + 250 + i * 76, 480, 62), label, fn)
            for i, (label, fn) in enumerate(items)
        ]
        self.end_menu.focus = 0
        self.end_menu.buttons[0].focused = True

    def end_box(self) -> Rect:
        return Rect(560, 190, 800, 640)

    # -- input -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.complete:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.to_lessons()
            else:
                self.end_menu.handle_event(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.buttons.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.panel_area.collidepoint(event.pos):
            if event.button == 1:
                self.buttons.handle_event(event)
            return  # the note covers the table there
        if event.type == pygame.KEYDOWN and self.on_key(event):
            return
        if self.inner_kind == "game_over":
            return  # its Play again / Menu belong to real games; the lesson's panel leads on
        table = self.table
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and table is not None
            and table.kind in TABLE_KINDS
            and self.intercept_click(table, event.pos)
        ):
            return
        self.inner.handle_event(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        """Keys the lesson answers itself; True when the table must not see the key."""
        table = self.table
        if event.key == pygame.K_ESCAPE:
            if table is None:
                return False  # an overlay of the table closes itself
            if table.tentative is not None or table.selected_tree >= 0:
                return False
            self.to_lessons()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            step = self.runner.step
            kind_ok = table is not None and (
                table.kind in TABLE_KINDS or self.inner_kind == "game_over"
            )
            if step is not None and step.move is None and kind_ok:
                self.next_step()
                return True
        return False

    def intercept_click(self, table: TableScene, pos: tuple[int, int]) -> bool:
        """Explain a click that is not the lesson's move; True when the click is refused."""
        for name, b in table.buttons.items():
            if b.hit(pos) and name == "button_menu":
                self.to_lessons()
                return True
        if table.human_seat() != LEARNER:
            return False
        intent = self.intent_at(table, pos)
        if intent is None:
            return False
        if isinstance(intent, int):  # a tree kind picked before its space
            step = self.runner.step
            want = step.move if step is not None else None
            if isinstance(want, Plant) and want.tree == intent:
                return False
            text = (
                step.wrong if step is not None and step.wrong else self.text.strings["read_first"]
            )
            self.match.refused = Refusal(text)
            return True
        refused = self.runner.refusal(LEARNER, intent)
        if refused is None:
            return False
        self.match.refused = refused
        return True

    def intent_at(self, table: TableScene, pos: tuple[int, int]) -> Move | int | None:
        """The move (or tree kind) a click on the table means, legal or not."""
        for name, b in table.buttons.items():
            if not b.hit(pos):
                continue
            if name in BUTTON_MOVES:
                return BUTTON_MOVES[name]
            if name.startswith("button_action_"):
                return ChooseAction(int(name.rsplit("_", 1)[1])).canonical()
            if name == "button_confirm":
                return table.tentative
            return None  # rules, settings, discard piles, undo: always allowed
        target = table.board.hit(pos)
        if target is None:
            return None
        choice = table.move_for(target)
        if choice is not None:
            return choice.move if choice.move is not None else choice.tree
        rock = table.match.game.players[LEARNER].rock
        return intended_move(target, LEARNER, table.selected_tree, rock)

    # -- loop ------------------------------------------------------------------------------

    def busy(self) -> bool:
        return True  # the pulsing pointer at the step's target never rests

    def update(self, dt: float) -> None:
        self.clock += dt
        step = self.runner.step
        # While the notes lead into and explain Onibi, its band moves on only when the learner
        # clicks (else it could be over before the note about it is read).
        hold = (
            step is not None
            and step.until in ("end_of_round", "next_round")
            and self.inner_kind == "end_of_round"
        )
        speed = self.ctx.settings.speed
        self.inner.update(0.0 if hold and speed != "instant" else dt)
        if self.shown_step != self.runner.index:
            self.shown_step = self.runner.index
            self.build_buttons()
            self.forget_pointer()
        if not self.complete and self.runner.done:
            self.finish()
        if self.buttons.buttons:
            self.buttons.buttons[0].enabled = step is not None and self.can_continue()
        over = self.inner.top
        if isinstance(over, GameOverScene) and over.offer_buttons:
            over.offer_buttons = False  # Play again / Menu belong to real games
            over.build()

    def forget_pointer(self) -> None:
        """A new step: no tooltip left over from the click that ended the last one (it comes
        back when the pointer moves), and the move buttons offered again for the new step."""
        for scene in self.inner.scenes:
            if isinstance(scene, TableScene):
                scene.hover = None
                scene.hover_time = 0.0
                scene.choice_key = ()

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, p: Painter) -> None:
        self.inner.draw(p)
        if self.complete:
            self.draw_end(p)
            return
        step = self.runner.step
        if step is None:
            return
        if self.inner_kind != "game_over":  # (its box covers the table: nothing to point at)
            self.draw_zones(p, step.zones)
        table = self.table
        if step.move is not None and table is not None and table.human_seat() == LEARNER:
            self.draw_target(p, table, step.move)
        self.draw_panel(p)

    def table_below(self) -> TableScene | None:
        """The topmost table scene, under any overlay (rules, settings) opened over it."""
        return next((s for s in reversed(self.inner.scenes) if isinstance(s, TableScene)), None)

    def zone_rect(self, name: str) -> Rect | None:
        table = self.table_below()
        return table.layout.zones.get(name) if table is not None else None

    def draw_zones(self, p: Painter, zones: tuple[str, ...]) -> None:
        pulse = 3 + round(abs(((self.clock * 1.6) % 2) - 1) * 4)
        for name in zones:
            r = self.zone_rect(name)
            if r is not None:
                p.rect(r.inflate(18, 18), (250, 214, 92, 60), radius=14, width=0)
                p.rect(r.inflate(18, 18), theme.ACCENT, radius=14, width=pulse)

    @staticmethod
    def target_rect(table: TableScene, move: Move) -> Rect | None:
        """Where the lesson's move is made now (a Plant takes three clicks)."""
        m = cast(AnyMove, move)
        match m:
            case Plant():
                if table.tentative == m:
                    return table.layout["button_confirm"]
                if table.selected_tree == m.tree:
                    return table.board.rect_of(Target("space", LEARNER, m.x, m.y))
                return table.board.rect_of(Target("tree_kind", m.tree))
            case ChooseAction():
                return table.layout[f"button_action_{m.action}"]
            case Draw() | UseFragment() | PickAnimal() | PickFire() | MoveSpirit() | Steal():
                for c in table.choices:  # a piece on the board (a button if none is shown)
                    if c.move == m:
                        return table.board.rect_of(c.target)
                return TutorialScene.button_rect(table, m)
            case Stop() | Pass() | Finish() | SkipBonus():
                return TutorialScene.button_rect(table, m)
            case _:
                assert_never(m)

    @staticmethod
    def button_rect(table: TableScene, move: Move) -> Rect | None:
        for name, m in BUTTON_MOVES.items():
            if m == move:
                return table.layout[name]
        return None

    def draw_target(self, p: Painter, table: TableScene, move: Move) -> None:
        r = self.target_rect(table, move)
        if r is None:
            return
        grow = 14 + round(abs(((self.clock * 2) % 2) - 1) * 10)
        p.rect(r.inflate(grow, grow), theme.HOVER, radius=12, width=5)
        p.rect(r.inflate(grow + 10, grow + 10), theme.SELECTED, radius=14, width=4)

    def draw_panel(self, p: Painter) -> None:
        t = self.text
        runner = self.runner
        step = runner.step
        assert step is not None
        r, text_box, size = self.place_note(p)
        self.panel_area = r
        panel(p, r, fill=(22, 30, 24))
        p.rect(r, theme.ACCENT, radius=16, width=3)
        head = t("step", n=self.index + 1, i=runner.index + 1, total=len(self.lesson.steps))
        p.text(
            f"{head} · {t.pick(self.lesson.title)}",
            (r.x + 18, r.y + 12),
            theme.SMALL,
            theme.ACCENT,
            bold=True,
            max_width=text_box.w,
        )
        p.text_box(t.pick(step.text), text_box, size, theme.TEXT)
        refused = self.match.refused
        if refused is not None:
            msg = f"{t('not_now')} {refused.message(t.lang)}"
            if r.w >= 2.5 * r.h:
                box = Rect(text_box.x, r.bottom - 34, text_box.w, 30)
                p.text(msg, box.topleft, theme.SMALL, theme.DANGER, bold=True, max_width=box.w)
            else:
                box = Rect(text_box.x, text_box.bottom + 8, text_box.w, 200)
                p.text_box(msg, box, theme.SMALL, theme.DANGER, bold=True)
        cont, skip, lessons = self.buttons.buttons
        if step.move is None:
            if cont.enabled:
                cont.draw(p)
            else:
                p.rect(cont.rect, (0, 0, 0, 90), radius=10)
                held = step.until == "next_round" and self.inner_kind == "end_of_round"
                p.text(
                    t("click_table" if held else "waiting"),
                    cont.rect.center,
                    theme.BODY,
                    theme.TEXT_DIM,
                    anchor="center",
                    max_width=cont.rect.w - 12,
                )
        skip.draw(p)
        lessons.draw(p)

    def draw_end(self, p: Painter) -> None:
        t = self.text
        p.rect(SCREEN, (0, 0, 0, 150))
        box = self.end_box()
        panel(p, box, fill=(30, 40, 32))
        p.rect(box, theme.ACCENT, radius=16, width=3)
        p.text(t("complete"), (box.centerx, box.y + 28), theme.TITLE, theme.ACCENT, anchor="midtop")
        last = self.index + 1 >= len(self.lessons)
        note = t("all_done") if last else t.pick(self.lesson.summary)
        p.text_box(
            f"{t('lesson', n=self.index + 1)} · {t.pick(self.lesson.title)}\n{note}",
            Rect(box.x + 40, box.y + 100, box.w - 80, 140),
            theme.BODY,
            theme.TEXT,
            align="center",
        )
        self.end_menu.draw(p)
