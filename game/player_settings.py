"""The player's preferences: one definition for the app (which keeps them in
``settings.json``) and the scenes (which read and change them). Validation lives here too:
a value from a file is used only when it is one the game can run with."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.seats import Seat, seat_from_json, seat_problem

LANGUAGES: tuple[str, ...] = ("en", "ko")
SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
UI_SCALES: tuple[int, ...] = (100, 125, 150)  # interface (text) scale, percent
# The end of a round: each step waits for a click or key ("steps", what a new player needs),
# or plays by itself, stopping only where a human receives Fire Varans ("auto").
ROUND_END_MODES: tuple[str, ...] = ("steps", "auto")
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
# A window larger than any screen only costs memory (16384 x 16384 took 5.6 GB): 8K at most.
WINDOW_LIMITS = {"window_width": (320, 7680), "window_height": (240, 4320)}
# The port a hosted table listens on (Play online › Host; the dedicated server's default
# too). Below 1024 a port needs the administrator on most systems: the Host form refuses it.
DEFAULT_PORT = 8765
HOST_PORTS = (1024, 65535)
MAX_TEXT = 1024  # a server address or a file path kept in the settings


@dataclass
class PlayerSettings:
    """Every preference; the field names match what the table's scenes read."""

    language: str = "en"
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    speed: str = "normal"
    volume: float = 0.6
    muted: bool = False
    colour_blind: bool = False
    confirm_pass: bool = True
    hover_help: bool = True
    ui_scale: int = 100
    round_end: str = "steps"
    # The New game screen starts from the last table played (names and kinds, 2-4 seats).
    last_table: tuple[Seat, ...] = ()
    host_port: int = DEFAULT_PORT  # the port the last table hosted here listened on
    # Host › on a server: the last dedicated server hosted on (its address as typed, port,
    # and whether it speaks TLS); Host › on this computer: a certificate and key for TLS.
    host_server: str = ""
    host_server_port: int = DEFAULT_PORT
    host_server_tls: bool = False
    host_cert: str = ""
    host_key: str = ""

    @property
    def window(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.muted else self.volume

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["last_table"] = [seat.to_json() for seat in self.last_table]
        return {"version": 1, **doc}

    @classmethod
    def from_json(cls, raw: Any) -> tuple[PlayerSettings, list[str]]:
        """Settings from a document, plus the names of the fields that had to be reset."""
        s = cls()
        if not isinstance(raw, dict):
            return s, ["<file>"]
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in raw:
                continue
            value = _valid(f.name, raw[f.name])
            if value is None:
                bad.append(f.name)
            else:
                setattr(s, f.name, value)
        return s, bad


def _valid(name: str, v: Any) -> Any:
    """The value if it is acceptable for ``name``, else ``None``."""
    if name == "language":
        return v if v in LANGUAGES else None
    if name == "speed":
        return v if v in SPEEDS else None
    if name == "round_end":
        return v if v in ROUND_END_MODES else None
    if name == "ui_scale":
        return v if type(v) is int and v in UI_SCALES else None
    if name in ("host_server", "host_cert", "host_key"):
        return v if type(v) is str and len(v) <= MAX_TEXT and v.isprintable() else None
    bools = ("fullscreen", "muted", "colour_blind", "confirm_pass", "hover_help")
    if name in (*bools, "host_server_tls"):
        return v if type(v) is bool else None
    if name in WINDOW_LIMITS:
        lo, hi = WINDOW_LIMITS[name]
        return v if type(v) is int and lo <= v <= hi else None
    if name == "host_port":
        return v if port_problem(v) is None else None
    if name == "host_server_port":  # another machine's: 443 is fine there
        return v if type(v) is int and 1 <= v <= 65535 else None
    if name == "volume":
        ok = type(v) in (int, float) and 0.0 <= v <= 1.0
        return float(v) if ok else None
    if name == "last_table":
        ok = type(v) is list and len(v) in (0, 2, 3, 4)
        ok = ok and all(seat_problem(x) is None for x in v)
        return tuple(seat_from_json(x) for x in v) if ok else None
    return None


def port_problem(value: object) -> str | None:
    """Why ``value`` cannot be the hosting port (None: it can)."""
    lo, hi = HOST_PORTS
    if type(value) is not int or not lo <= value <= hi:
        return f"a port is a whole number from {lo} to {hi}"
    return None
