"""What the screen player (``game.devtools.screen_player``) checks on its screen each frame,
and its screenshots.

Issue 40's rule, read off what the screen shows: the tray holds one of this screen's seats
(``Match.plays_here``); the banner's "your turn"/"your draw", the prompts "Choose an action"
and "Draw a card", and a lit Draw button appear only while one of this screen's seats
decides. The words are taken from the catalogue (the literal parts of the keys' templates)
so the check holds in every language. The first few violations are recorded with what the
screen said, and the first one is photographed.

Screenshots: ``shots/{name}_{lang}_{w}x{h}.png`` at ``SIZES``, in the current language and
any others asked; the moment "others_turn" is taken once by itself, the first time the table
rests on a person at another screen deciding (a restarted process keeps the first files),
"host_left" the first time the host-left notice shows, and any moment the test arms
(``arm``) the next time the screen is at its ``MOMENTS`` kind. An online table's connection
is recorded as it changes (``link``), and ``seated`` the first frame this process is at its
table with the connection up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))
YOURS = ("banner.draw_turn", "banner.action_turn", "banner.action_turn.one", "prompt.draw",
         "prompt.action", "prompt.action.one", "banner.handover")  # fmt: skip
KEPT = 20  # violations recorded at length (the count goes on)
MOMENTS = ("others_turn", "host_gone", "table")  # when an armed screenshot is taken


def marks(template: str) -> list[str]:
    """The words of a catalogue template that say "you": what follows the name (", your
    draw", "의 차례 ("), or for a prompt without a name its words before the first field
    ("Choose an action (1-5 or the buttons), or pass (P).")."""
    if "{name}" in template:
        after = template.split("{name}", 1)[1].split("{", 1)[0].strip()
        return [after] if len(after) >= 3 else []
    first = template.split("{", 1)[0].strip()
    return [first] if len(first) >= 3 else []


class ScreenChecks:
    def __init__(self, ctx: Any, rec: Any, shots: Path, app: Any) -> None:
        self.ctx, self.rec, self.shots, self.app = ctx, rec, shots, app
        self.frames = 0
        self.table_frames = 0
        self.decides_here = 0  # frames on which this screen's seat decided
        self.others_decide = 0  # frames on which a person elsewhere decided
        self.violations: dict[str, int] = {}
        self.shooting = True  # False: the moments are recorded, nothing rendered
        self.shot_moments: set[str] = set()
        self.armed: dict[str, str] = {}  # a moment's name -> when (``MOMENTS``) to take it
        self.unseen: set[str] = set()  # armed moments only recorded, not photographed
        self.link = ""  # the online table's connection as last recorded
        self.seated = False  # this process has been at its table with the connection up

    def arm(self, name: str, when: str, photo: bool = True) -> None:
        """Photograph the screen the next time it is at ``when`` (``photo`` False: only
        record that it was, a "shot" line with no files: a test waiting for the moment)."""
        if when not in MOMENTS:
            self.rec.write("unknown_moment", name=name, when=when)
            return
        self.armed[name] = when
        if not photo:
            self.unseen.add(name)

    def moment(self, when: str) -> None:
        for name in [n for n, w in self.armed.items() if w == when]:
            del self.armed[name]
            if name in self.unseen:
                self.unseen.discard(name)
                self.rec.write("shot", name=name, files=[])
            else:
                self.shoot(name, ["en", "ko"])

    def online(self, match: Any, at_table: bool) -> None:
        """Record the connection's changes and the first frame back at the table with it up
        (``seated``: what the restart figures measure)."""
        link = getattr(match, "link", None)
        if link is None:
            return
        if str(link) != self.link:
            self.link = str(link)
            self.rec.write("link", status=self.link, host_gone=bool(match.host_gone))
        if at_table and not self.seated and self.link == "connected":
            self.seated = True
            self.rec.write("seated", frame=self.frames)

    def yours(self) -> list[str]:
        tr = self.ctx.tr
        out: list[str] = []
        for key in YOURS:
            out += marks(tr(key, round="{round}", name="{name}", n="{n}", budget="{budget}"))
        return out

    def frame(self) -> None:
        from game.ui.scenes.table import TableScene
        from game.ui.table.table_role import table_of

        self.frames += 1
        top = self.app.stack.top
        covered = top is not None and top.kind == "host_gone"
        if covered:
            self.online(top.match, False)
            if "host_left" not in self.shot_moments:
                self.shot_moments.add("host_left")
                self.shoot("host_left", ["en", "ko"])
            self.moment("host_gone")
            top = self.app.stack.scenes[-2]  # the table under the notice: its banner shows
        role = table_of(top)
        table = role if isinstance(role, TableScene) else None  # checked as the scene it is
        if table is None:
            return
        self.table_frames += 1
        match = table.match
        self.online(match, top is table)
        here = [s for s in range(len(match.seats)) if match.plays_here(s)]
        if not here:
            return
        tray = table.seating.tray
        if not match.plays_here(tray):
            self.violate("tray", tray=tray, seat_name=match.names[tray])
        a = match.shown_active()
        deciding_here = a is not None and match.plays_here(a.player) and not match.on_hold()
        person_elsewhere = (
            a is not None and not match.plays_here(a.player) and not match.seats[a.player].is_ai
        )
        self.decides_here += deciding_here
        self.others_decide += person_elsewhere
        banner = table.banner_text()
        said = [banner]
        if table.seating.handing_over(table.clock):  # the hand-over's banner is drawn over it
            said.append(self.ctx.tr("banner.handover", name=match.names[tray]))
        if top is table:  # the prompt and buttons show on the table itself
            said.append(table.prompt_text())
            lit = table.targets.buttons.get("button_draw")
            if lit is not None and lit.enabled and table.human_seat() < 0:
                self.violate("draw_lit", banner=banner)
        if not deciding_here:
            for text in said:
                if any(m in text for m in self.yours()):
                    self.violate("yours", text=text, active=a.player if a else -1)
        idle = match.idle and not table.anims.busy and top is table and not covered
        if idle:
            self.moment("table")
        if person_elsewhere and idle:
            self.moment("others_turn")
            if "others_turn" not in self.shot_moments:
                self.shot_moments.add("others_turn")
                if not any(self.shots.glob("others_turn_*.png")):  # a restart keeps the first
                    self.shoot("others_turn", ["en", "ko"])

    def violate(self, what: str, **detail: Any) -> None:
        n = self.violations.get(what, 0) + 1
        self.violations[what] = n
        if n <= KEPT:
            self.rec.write("violation", what=what, frame=self.frames, **detail)
        if sum(self.violations.values()) == 1:
            self.shoot(f"violation_{what}")

    def shoot(self, name: str, languages: list[str] | None = None) -> list[str]:
        """The screen now at every size, in the current language and ``languages``; the
        language is put back as it was."""
        from game.devtools.quick_png import save_png

        if not self.shooting:  # a benchmark: no frame held up by renders, the moment noted
            self.rec.write("shot", name=name, files=[])
            return []
        self.shots.mkdir(parents=True, exist_ok=True)
        ctx, stack = self.ctx, self.app.stack
        was = ctx.language()
        written = []
        for lang in [was] + [x for x in (languages or []) if x != was]:
            if lang != ctx.language():
                ctx.set_language(lang)
                stack.resized()
            for w, h in SIZES:
                path = self.shots / f"{name}_{lang}_{w}x{h}.png"
                save_png(self.app.render((w, h)), path)
                written.append(path.name)
        if ctx.language() != was:
            ctx.set_language(was)
            stack.resized()
        self.rec.write("shot", name=name, files=written)
        return written

    def summary(self) -> dict[str, Any]:
        return {
            "frames": self.frames,
            "table_frames": self.table_frames,
            "decides_here": self.decides_here,
            "others_decide": self.others_decide,
            "violations": dict(self.violations),
        }
