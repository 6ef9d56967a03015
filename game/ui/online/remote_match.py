"""A match hosted by a server, as the table plays it: the same ``Match`` the local table
runs on, answering its questions differently (``plays_here``, ``runs_seats``, ``pump``,
``step_shown``, ``saveable``, ``status``), so the one table scene shows either.

``game`` is the view of this client's seats (``game.net.mirror``), kept in step by the
server's events; ``shown`` follows it event by event as the table animates them. A move
played here is sent to the server and shown when its events come back. Undo asks the
server, which takes the step back only inside the seat's own action and only if nothing was
revealed since (the engine's rule); the table offers it exactly when the server's last word
(``mirror.back``) says that seat may, and every client's table shows the step taken back.
When the game is over the server sends the seed and every move, and the match becomes a
whole one: the results, the replay and the statistics work as after a local game.
"""

from __future__ import annotations

import logging
import math
import queue
import time
from dataclasses import dataclass, field
from typing import Any

from game.engine import Game, IllegalMove, Move, Pending, new_game
from game.engine import events as ev
from game.net.client import Session, Status
from game.net.mirror import Mirror, MirrorError
from game.net.redact import step_view
from game.seats import Seat
from game.ui.table.match import LogEntry, Match

log = logging.getLogger(__name__)
# The reasons the server gives for an undo it refuses (``hub.NO_WAY_BACK``), each with
# its words in the catalogue (``online.undo_refused.<reason>``).
UNDO_REFUSALS = frozenset({"draw", "finished", "revealed", "not_your_action", "nothing"})
DOWN = frozenset({Status.LOST, Status.FAILED, Status.CLOSED})  # nothing can be sent
BACK_S = 4.0  # "Bo is back" shows this long after a friend's seat is connected again
MAX_NOTES = 500  # server messages taken in per frame (the rest wait for the next frame)
# A move or undo sent and not answered this long (the server answers in milliseconds) was
# lost on the way or dropped unheard: the table asks for itself afresh rather than wait on.
ANSWER_S = 10.0


@dataclass
class RemoteMatch(Match):
    session: Any = None  # game.net.client.Session (or a test's stand-in)
    mirror: Mirror = field(default_factory=Mirror)
    link: Status = Status.CONNECTING
    waiting: tuple[int, int] | None = None  # (seat, seq) sent, its events not back yet
    sent_at: float = 0.0  # clock() when ``waiting`` was sent (``ANSWER_S``)
    notice: str = ""  # a catalogue key the status line shows until the next move arrives
    notice_name: str = ""  # the seat's name the notice speaks of (a step taken back)
    tr: Any = None  # the catalogue's tr, for the status line
    presence_at: float = 0.0  # time.monotonic() when the away times were last told
    clock: Any = time.monotonic  # the countdowns' clock (tests may move it)
    online: Any = None  # game.ui.online.service.Online: forgets the seats left
    host_told: bool = False  # the table has said the host left (once per departure)
    bye: str = ""  # the reason of the last ``bye`` taken in, until a welcome is
    back: tuple[int, float] = (-1, 0.0)  # a friend's seat connected again, and until when

    @classmethod
    def joined(cls, session: Session, mirror: Mirror, tr: Any) -> RemoteMatch:
        """The match of a session whose welcome the mirror has taken in."""
        assert mirror.game is not None
        match = cls(
            mirror.game,
            [Seat(s.name, s.kind) for s in mirror.seats],
            session=session,
            mirror=mirror,
            link=Status.CONNECTED,
            tr=tr,
        )
        match.rebuild()
        if isinstance(session, Session):  # a resume asks only for the log it lacks
            session.since = mirror.since
        return match

    # -- the interface the table asks ------------------------------------------------------

    def plays_here(self, seat: int) -> bool:
        return seat in self.mirror.yours

    def runs_seats(self) -> bool:
        return False

    @property
    def saveable(self) -> bool:
        return False

    @property
    def whole(self) -> bool:
        return self.mirror.final is not None

    def step_shown(self, event: ev.Event) -> None:
        step_view(self.shown, event)

    def active(self) -> Pending | None:
        """Nobody here decides while a move is on its way to the server, nor while the
        connection is down (nothing could be sent: the table offers no action)."""
        if self.waiting is not None or self.link in DOWN:
            return None
        return super().active()

    def on_hold(self) -> bool:
        return self.link in DOWN and not self.game.over

    def lead(self) -> str | None:
        """While the connection is down the prompt says the table waits (nothing lit)."""
        if self.link not in DOWN or self.tr is None or self.game.over:
            return None
        return str(self.tr("online.prompt.waiting"))

    @property
    def host_gone(self) -> bool:
        """The host's app quit (its server said ``bye``: ``host_left``) and the connection
        is down: the table waits for the host to come back, or the player leaves."""
        return self.link is not Status.CONNECTED and self.farewell() == "host_left"

    def farewell(self) -> str:
        """The reason the server gave for stopping (none for this app's own server): the
        session's at once, or the one taken in until the table takes the next welcome in
        (the session forgets it as the welcome arrives, a moment before the table has it:
        meanwhile the table still waits for the host, never "Connection lost")."""
        if getattr(self.session, "own_server", False):
            return ""
        return str(getattr(self.session, "farewell", "")) or self.bye

    def leave(self) -> None:
        """Give the seats up for good (the server is told; the app forgets them). With the
        connection down the session stays, to tell the server once it is seated again."""
        if self.session is None:
            return
        told = self.online.leave(self.session) if self.online is not None else self.session.leave()
        if told:
            self.session.close()

    def trial_game(self) -> Game:
        """This client's view, made playable for a trial: which pick ends its step is the
        same on the view as on the real game (a pick uses no hidden pile; whatever the trial
        plays after it, on sorted piles, is thrown away unseen), so the table holds such a
        pick for Confirm online as it does at one screen."""
        trial = self.game.clone()
        trial.is_view = False
        return trial

    def can_undo(self) -> bool:
        """What the server allows now: a step of a seat played here, nothing on its way."""
        back = self.mirror.back
        return (
            back is not None
            and self.plays_here(back[0])
            and self.idle
            and self.waiting is None
            and self.link is Status.CONNECTED
            and not self.game.over
        )

    def cancel_ai(self) -> None:
        """Leaving the table: the connection ends (the seat waits on the server)."""
        if self.session is not None:
            self.session.close()

    def status(self) -> str:
        """The line at the right of the banner. A connection that dropped shows at once,
        from the session itself, even while a scene over the table (its menu, the round's
        walkthrough) keeps the table from taking its news in."""
        tr = self.tr
        if tr is None:
            return ""
        live = getattr(self.session, "status", None)
        link = live if live in DOWN and self.link is Status.CONNECTED else self.link
        if link is Status.LOST or link is Status.CONNECTING:
            return self.lost_status()
        if link is Status.FAILED or link is Status.CLOSED:
            return tr("online.status.closed")
        if self.notice:
            return tr(self.notice, name=self.notice_name)
        names = self.names  # as this screen shows them (a default name in its language)
        standing = [names[s] for s in self.mirror.stand_ins]
        if standing:
            return tr("online.status.stand_in", names=", ".join(standing))
        away = [names[s] for s, c in enumerate(self.mirror.connected) if not c]
        seat, until = self.back
        if 0 <= seat < len(self.seats) and self.clock() < until and not away:
            return tr("online.status.back", name=names[seat])
        soon = self.stand_in_in()
        if soon is not None:
            seat, seconds = soon
            return tr("online.status.away_ai", name=names[seat], seconds=seconds)
        if away:
            return tr("online.status.away", names=", ".join(away))
        a = super().active()
        if a is not None and not self.plays_here(a.player) and not self.game.over:
            return tr("online.status.thinking", name=names[a.player])
        return tr("online.status.connected")

    def lost_status(self) -> str:
        """Why the connection is down, in words: the host left, the server restarts, or
        the network, with the seconds to the next attempt."""
        farewell = self.farewell()
        if farewell == "host_left":
            return self.tr("online.status.host_left")
        if farewell == "restart":
            return self.tr("online.status.restart")
        next_try = float(getattr(self.session, "next_try", 0.0) or 0.0)
        wait = math.ceil(next_try - time.monotonic()) if next_try else 0
        if wait >= 1:
            return self.tr("online.status.retry_in", seconds=wait)
        return self.tr("online.status.lost")

    def stand_in_in(self) -> tuple[int, int] | None:
        """The away seat an AI will stand in for first, and in how many seconds (None: no
        seat is away, or the table waits for its players)."""
        wait = self.mirror.away_ai_s
        if wait <= 0 or self.game.over:
            return None
        since = self.clock() - self.presence_at
        left = [
            (max(0, math.ceil(wait - away - since)), seat)
            for seat, away in self.mirror.away.items()
            if seat not in self.mirror.stand_ins and seat < len(self.seats)
        ]
        if not left:
            return None
        seconds, seat = min(left)
        return seat, seconds

    # -- playing ---------------------------------------------------------------------------

    def play(self, seat: int, move: Move) -> list[ev.Event]:
        """Send the move; it is shown when the server's events come back. The table offers
        moves only for seats played here and only while nothing is on its way; a move made
        while the connection is down is not sent (the status line says why)."""
        if not self.plays_here(seat) or self.waiting is not None:
            raise IllegalMove("that seat is not to move at this screen now")
        self.send({"type": "play", "move": move.to_json()}, seat)
        return []

    def undo(self) -> bool:
        """Ask the server to take back the last step; the table shows it when the server's
        ``undone`` comes back (a refusal says why on the status line)."""
        if not self.can_undo():
            return False
        assert self.mirror.back is not None
        self.send({"type": "undo"}, self.mirror.back[0])
        return True

    def send(self, message: dict[str, Any], seat: int) -> None:
        """Send ``seat``'s next step (numbered by its ``seq``) and wait for its answer; with
        the connection down nothing is sent and the status line says so while it lasts."""
        seq = self.mirror.seq.get(seat, 0)
        if self.session.send({**message, "seat": seat, "seq": seq}):
            self.waiting, self.sent_at = (seat, seq), self.clock()
            self.notice = ""
        else:
            self.link = Status.LOST
        self.version += 1

    def pump(self) -> bool:
        """Take in the session's news; True when the table has something new to show."""
        changed = False
        for _ in range(MAX_NOTES):
            try:
                note = self.session.notes.get_nowait()
            except queue.Empty:  # nothing more this frame
                break
            if note.status is not None:
                self.link = note.status
                changed = True
            if note.message is not None:
                changed = self.take(note.message) or changed
        self.unanswered()
        if changed:
            self.version += 1
        return changed

    def unanswered(self) -> None:
        """A move sent and not answered in ``ANSWER_S``: ask for the table afresh (the
        welcome that follows says whether it was taken; until then nothing is offered)."""
        if self.waiting is None or self.link is not Status.CONNECTED:
            return
        if self.clock() - self.sent_at < ANSWER_S:
            return
        log.warning(
            "move %s not answered in %.0f s: asking for the table afresh", self.waiting, ANSWER_S
        )
        self.sent_at = self.clock()  # asked once per ``ANSWER_S`` at most
        self.session.resync()

    def take(self, msg: dict[str, Any]) -> bool:
        kind = msg.get("type")
        before = list(self.mirror.connected)
        try:
            events = self.mirror.handle(msg)
        except MirrorError:
            log.exception("a server message did not fit the table; asking for it afresh")
            self.session.resync()
            return False
        if kind == "bye":
            self.bye = str(msg.get("reason", ""))
        if kind == "welcome":
            self.bye = ""
            self.link = Status.CONNECTED  # seated again (the session's word follows it)
            self.rebuild()
        elif kind == "events":
            self.seats = [Seat(s.name, s.kind) for s in self.mirror.seats]
            rnd = self.log[-1].round if self.log else self.game.round
            for e in events:
                if isinstance(e, ev.RoundStarted):
                    rnd = e.round
                self.log.append(LogEntry(rnd, e))
            self.queue.extend(events)
            if self.waiting is not None and msg.get("seat") == self.waiting[0]:
                self.waiting = None
            self.notice = ""
        elif kind == "presence":
            self.seats = [Seat(s.name, s.kind) for s in self.mirror.seats]
            self.presence_at = self.clock()
            now = self.mirror.connected
            returned = [
                s
                for s, was in enumerate(before)
                if not was and s < len(now) and now[s] and not self.seats[s].is_ai
            ]
            if returned:
                self.back = (returned[0], self.clock() + BACK_S)
        elif kind == "final":
            self.become_whole()
        elif kind == "undone":
            self.undone(msg)
        elif kind == "error" and msg.get("undo"):  # our undo refused: nothing changed
            log.info("the server refused an undo: %s", msg.get("text"))
            self.waiting = None
            reason = msg.get("reason")
            known = reason in UNDO_REFUSALS and msg.get("code") == "cannot_undo"
            self.notice = f"online.undo_refused.{reason if known else 'other'}"
            self.notice_name = ""
        elif kind == "error" and msg.get("code") == "rate_limited" and self.waiting:
            # messages over the server's rate are dropped unheard, and only the first each
            # second is answered: ours may be among them, so the table afresh decides
            log.warning("the server dropped messages for rate: asking for the table afresh")
            self.session.resync()
        elif kind == "error" and msg.get("seat") is not None:  # a move of ours refused
            log.warning("the server refused a move: %s", msg.get("text"))
            self.waiting = None
            self.notice = "online.status.move_refused"
            self.session.resync()  # the table afresh, as the server has it
        return True

    def undone(self, msg: dict[str, Any]) -> None:
        """A step was taken back (here or at another client): the table as it stands, the
        log cut to the server's, nothing left to show of the step."""
        assert self.mirror.game is not None
        self.game = self.mirror.game
        self.shown = self.game.clone()
        self.queue.clear()
        del self.log[len(self.mirror.log) :]
        seat = int(msg["seat"])  # the mirror has checked the message
        if self.waiting is not None and self.waiting[0] == seat:
            self.waiting = None
        if self.plays_here(seat):
            self.notice, self.notice_name = "", ""
        else:
            self.notice, self.notice_name = "online.status.undone", self.names[seat]

    def rebuild(self) -> None:
        """The table as the server has it (a welcome: the first, or after a reconnection)."""
        assert self.mirror.game is not None
        self.game = self.mirror.game
        self.shown = self.game.clone()
        self.seats = [Seat(s.name, s.kind) for s in self.mirror.seats]
        self.queue.clear()
        self.log = [LogEntry(r, e) for r, e in self.mirror.log]
        self.waiting = None
        self.notice, self.notice_name = "", ""  # what it spoke of was before the welcome
        if self.mirror.final is not None:
            self.become_whole()

    def become_whole(self) -> None:
        """The game is over: its seed and moves make the whole match (results, replay,
        statistics), the same position as the view."""
        final = self.mirror.final
        assert final is not None
        game = new_game(len(self.seats), final.seed, final.first)
        for seat, move in final.moves:
            game.play(seat, move)
        self.game = game
        self.seed, self.first_player, self.ai_seed = final.seed, final.first, 0
        self.history = list(final.moves)


def watch_host(table: Any) -> None:
    """Over an online table, once per departure: the host has left (Wait or Leave)."""
    match = table.match
    if not isinstance(match, RemoteMatch):
        return
    if not match.host_gone:
        match.host_told = False
    elif not match.host_told and table.stack is not None and table.stack.top is table:
        match.host_told = True
        table.push("host_gone", match)
