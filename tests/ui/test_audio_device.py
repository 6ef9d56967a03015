"""No audio device: silence, and nothing on the terminal (the log keeps what was said)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame
import pytest

from game.ui.media import audio_device
from game.ui.media.audio_device import missing_device_reason, open_mixer


def _proc(tmp_path: Path, cards: str | None) -> Path:
    if cards is not None:
        (tmp_path / "asound").mkdir(parents=True)
        (tmp_path / "asound" / "cards").write_text(cards)
    return tmp_path


def test_no_card_and_no_server_is_a_missing_device(tmp_path: Path) -> None:
    proc = _proc(tmp_path, "--- no soundcards ---\n")
    assert "no sound card" in missing_device_reason({}, proc, "linux")
    assert "no ALSA" in missing_device_reason({}, tmp_path / "none", "linux")


@pytest.mark.parametrize(
    "environ",
    [{"SDL_AUDIODRIVER": "dummy"}, {"PULSE_SERVER": "tcp:host"}],
)
def test_an_explicit_driver_or_a_server_is_left_to_sdl(tmp_path: Path, environ) -> None:
    assert missing_device_reason(environ, _proc(tmp_path, ""), "linux") is None


def test_a_sound_server_socket_or_a_card_means_a_device(tmp_path: Path) -> None:
    runtime = tmp_path / "run"
    (runtime / "pulse").mkdir(parents=True)
    (runtime / "pulse" / "native").touch()
    proc = _proc(tmp_path, "--- no soundcards ---\n")
    assert missing_device_reason({"XDG_RUNTIME_DIR": str(runtime)}, proc, "linux") is None
    card = " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n"
    assert missing_device_reason({}, _proc(tmp_path / "p2", card), "linux") is None
    assert missing_device_reason({}, tmp_path / "none", "darwin") is None


@pytest.fixture
def no_mixer(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(audio_device, "missing_device_reason", lambda: None)


def test_what_the_audio_libraries_print_goes_to_the_log_not_the_terminal(
    no_mixer, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    def alsa_like_failure() -> None:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("No available audio device")

    with caplog.at_level(logging.DEBUG, logger=audio_device.__name__):
        assert open_mixer(alsa_like_failure) is False
        assert open_mixer(alsa_like_failure) is False
    out, err = capfd.readouterr()
    assert "ALSA" not in err and "ALSA" not in out
    assert any("Unknown PCM default" in r.getMessage() for r in caplog.records)
    assert sum("playing silently" in r.getMessage() for r in caplog.records) == 2
    os.write(2, b"still the terminal\n")
    assert "still the terminal" in capfd.readouterr().err  # fd 2 restored


def test_a_missing_device_is_not_even_opened(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(audio_device, "missing_device_reason", lambda: "no sound card")
    opened = []
    with caplog.at_level(logging.INFO, logger=audio_device.__name__):
        assert open_mixer(lambda: opened.append(1)) is False
    assert opened == [] and "no sound card" in caplog.text
