"""Sound effects, played through pygame.mixer when there is a device.

Without an audio device (none found, ``pygame.mixer.init`` fails, or the mixer module is
missing) every call is a silent no-op: the game must run the same on a headless machine or
a muted laptop, and say nothing on the terminal about it (``audio_device``).
"""

from __future__ import annotations

import pygame

from game.resources import asset
from game.ui.media.audio_device import open_mixer

EFFECTS: tuple[str, ...] = (
    "draw",  # a card is revealed
    "bust",  # the third uncancelled solitary symbol
    "fragment",  # a Fragment is taken or used
    "attract",
    "plant",
    "extinguish",  # fires put out
    "move",  # a standee moves on the Circle
    "steal",  # a Victory tile taken from a jumped player
    "onibi",  # Onibi attacks
    "win",
)


class Sound:
    """Lazily loaded effects with volume and mute; one instance per app."""

    def __init__(self, volume: float = 0.8) -> None:
        self._volume = _clamp(volume)
        self._muted = False
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self.available = open_mixer()

    # -- settings ----------------------------------------------------------------------------

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Effects volume, 0.0-1.0 (clamped)."""
        self._volume = _clamp(volume)
        for effect in self._effects.values():
            effect.set_volume(self._volume)

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        """Mute silences every effect now playing without forgetting the volume."""
        self._muted = bool(muted)
        if self.available and self._muted:
            pygame.mixer.stop()

    # -- playing -----------------------------------------------------------------------------

    def effect(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded effect (None without a device); unknown names raise KeyError."""
        if name not in EFFECTS:
            raise KeyError(f"no sound effect {name!r}")
        if not self.available:
            return None
        sound = self._effects.get(name)
        if sound is None:
            path = asset("sounds", f"{name}.wav")
            if not path.is_file():
                raise FileNotFoundError(f"sound missing: {path} (run tools/build_assets.py)")
            sound = pygame.mixer.Sound(path)
            sound.set_volume(self._volume)
            self._effects[name] = sound
        return sound

    def play(self, name: str) -> None:
        sound = self.effect(name)
        if sound is not None and not self._muted:
            sound.play()


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))
