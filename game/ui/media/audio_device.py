"""Opening the audio device quietly, or knowing there is none.

On a Linux machine with no sound card and no sound server, SDL's ALSA backend makes
alsa-lib print a dozen lines straight to file descriptor 2 before ``pygame.mixer.init``
fails. A player sees them as errors although nothing is wrong: the game simply plays
silently. So we look for a device first, and while SDL opens one we keep what C libraries
write to the terminal and hand it to the log instead (``living-forest --verbose`` shows it).
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

log = logging.getLogger(__name__)


def missing_device_reason(
    environ: Mapping[str, str] = os.environ,
    proc: Path = Path("/proc"),
    platform: str = sys.platform,
) -> str | None:
    """Why this machine certainly has no audio output, or None when it may have one.

    Only Linux is judged: a sound server socket (PulseAudio, PipeWire) or an ALSA card means
    a device; an explicit ``SDL_AUDIODRIVER`` is the user's choice and is left to SDL.
    """
    if not platform.startswith("linux") or environ.get("SDL_AUDIODRIVER"):
        return None
    if environ.get("PULSE_SERVER"):
        return None
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime and any((Path(runtime) / s).exists() for s in ("pulse/native", "pipewire-0")):
        return None
    try:
        cards = (proc / "asound" / "cards").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "no ALSA sound driver (/proc/asound/cards is missing) and no sound server"
    if not cards.strip() or "no soundcards" in cards:
        return "no sound card and no sound server"
    return None


def open_mixer(init: Callable[[], None] | None = None) -> bool:
    """Open pygame's mixer if there is a device; True when sound can play.

    ``init`` is the opener (``pygame.mixer.init`` by default; tests pass a stand-in).
    """
    if pygame.mixer.get_init():
        return True
    reason = missing_device_reason()
    if reason is not None:
        log.info("audio: %s; playing silently", reason)
        return False
    opener = init or pygame.mixer.init
    ok, noise = _keeping_stderr(opener)
    if noise:
        log.debug("audio: the audio libraries said:\n%s", noise.rstrip())
    if not ok or not pygame.mixer.get_init():
        log.info("audio: no usable audio device; playing silently")
        return False
    return True


def _keeping_stderr(fn: Callable[[], None]) -> tuple[bool, str]:
    """Run ``fn`` with file descriptor 2 pointed at a temporary file; return whether it
    succeeded and what was written there (C libraries bypass ``sys.stderr``)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no real fd 2 (a frozen GUI app)
        return _succeeds(fn), ""
    with tempfile.TemporaryFile() as spool:
        os.dup2(spool.fileno(), 2)
        try:
            ok = _succeeds(fn)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        spool.seek(0)
        return ok, spool.read().decode("utf-8", errors="replace")


def _succeeds(fn: Callable[[], None]) -> bool:
    try:
        fn()
    except (pygame.error, NotImplementedError, AttributeError, OSError) as e:
        log.debug("audio: the mixer did not open: %s", e)
        return False
    return True
