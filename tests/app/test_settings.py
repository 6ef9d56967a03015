from __future__ import annotations

import json

from game.app.paths import AppPaths
from game.app.settings_file import SettingsStore, system_language
from game.player_settings import PlayerSettings


def test_missing_file_gives_defaults_silently(paths: AppPaths) -> None:
    settings, notice = SettingsStore(paths, env={"LANG": "en_GB.UTF-8"}).load()
    assert settings == PlayerSettings() and notice is None


def test_first_run_language_follows_the_system(paths: AppPaths) -> None:
    assert SettingsStore(paths, env={"LANG": "ko_KR.UTF-8"}).load()[0].language == "ko"
    assert SettingsStore(paths, env={"LANGUAGE": "fr", "LANG": "ko_KR"}).load()[0].language == "en"
    assert system_language({"LC_ALL": "ko"}) == "ko"


def test_round_trip(paths: AppPaths) -> None:
    store = SettingsStore(paths)
    s = PlayerSettings(
        language="ko",
        fullscreen=True,
        window_width=1920,
        window_height=1080,
        speed="fast",
        volume=0.25,
        muted=True,
        colour_blind=True,
        confirm_pass=False,
    )
    assert store.save(s) is None
    assert store.load() == (s, None)
    assert s.effective_volume == 0.0 and s.window == (1920, 1080)


def test_damaged_file_gives_defaults_a_notice_and_is_kept_aside(paths: AppPaths) -> None:
    paths.settings.parent.mkdir(parents=True)
    for junk in (b"{not json", b"\xff\xfe", b"[1, 2]", b"", b"9" * 100_000):
        paths.settings.write_bytes(junk)
        settings, notice = SettingsStore(paths).load()
        assert settings == PlayerSettings()
        assert notice is not None and notice.key.startswith("notice.settings_")
        assert not paths.settings.exists()
    kept = sorted((paths.config / "damaged").iterdir())
    assert len(kept) == 5


def test_bad_values_are_reset_one_by_one(paths: AppPaths) -> None:
    paths.settings.parent.mkdir(parents=True)
    raw = {
        "language": "ko",
        "volume": 7,
        "speed": "warp",
        "muted": "yes",
        "window_width": 1600,
        "unknown": 1,
    }
    paths.settings.write_text(json.dumps(raw))
    settings, notice = SettingsStore(paths).load()
    assert settings.language == "ko" and settings.window_width == 1600
    assert settings.volume == PlayerSettings().volume and settings.speed == "normal"
    assert settings.muted is False
    assert notice is not None and set(notice.detail.split(", ")) == {"volume", "speed", "muted"}


def test_save_failure_is_a_notice_not_a_crash(paths: AppPaths) -> None:
    paths.config.parent.mkdir(parents=True)
    paths.config.write_text("a file where the folder should be")
    notice = SettingsStore(paths).save(PlayerSettings())
    assert notice is not None and notice.key == "notice.settings_not_saved"


def test_a_remembered_table_is_kept_only_when_every_seat_is_one_the_game_can_seat() -> None:
    good = [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "hard"}]
    settings, bad = PlayerSettings.from_json({"last_table": good})
    assert bad == [] and [(s.name, s.kind) for s in settings.last_table] == [
        ("Ana", "human"),
        ("Bo", "hard"),
    ]
    for wrong in (
        [good[0]],  # one seat
        good * 3,  # six seats
        [good[0], {"name": "B\x00o", "kind": "human"}],  # a NUL in a name
        [good[0], {"name": "Bo", "kind": "god"}],
        "Ana,Bo",
    ):
        settings, bad = PlayerSettings.from_json({"last_table": wrong})
        assert bad == ["last_table"] and settings.last_table == ()
