"""The string catalogue: every text a player sees, by stable dotted key.

``en.json`` is the source; a translation is another file with the same keys (``ko.json``).
A missing key raises in strict mode (tests, self-test); otherwise a translation's gap shows
the English text, and a key missing everywhere shows the key itself: visible, never a crash.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "ko")
# Each language: the table's strings, then the app screens' (rules help, statistics,
# replays), both in game/locale/.
FILES: tuple[str, ...] = ("{lang}.json", "app_{lang}.json")


class MissingKey(KeyError):
    """A key the catalogue does not hold (raised only in strict mode)."""


def read_strings(language: str) -> dict[str, str]:
    """Every string of ``language``, from each of its ``FILES`` that exists."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    out: dict[str, str] = {}
    for pattern in FILES:
        out.update(_file_strings(pattern.format(lang=language)))
    return out


@cache
def _file_strings(name: str) -> dict[str, str]:
    """One catalogue file's strings (none when it does not exist), read once per process:
    the files ship with the game and do not change while it runs, and every catalogue built
    read them again (a test's context each: 800 reads, 0.4 s in the UI tests). Callers get
    copies (``read_strings``), never this dict."""
    raw = resources.files("game").joinpath("locale", name)
    if not raw.is_file():
        return {}
    strings = json.loads(raw.read_text(encoding="utf-8"))
    if not isinstance(strings, dict):
        raise ValueError(f"locale/{name} must hold one JSON object")
    return {str(k): str(v) for k, v in strings.items()}


@dataclass
class Catalog:
    strings: dict[str, str] = field(default_factory=dict)
    strict: bool = False
    language: str = "en"
    fallback: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, language: str = "en", strict: bool = False) -> Catalog:
        cat = cls(strict=strict)
        cat.set_language(language)
        return cat

    def set_language(self, language: str) -> None:
        """Switch in place (no restart): every holder of ``tr`` sees the new language.

        A key the translation lacks falls back to English (strict mode raises instead).
        """
        self.strings = read_strings(language)
        self.fallback = {} if language == "en" else read_strings("en")
        self.language = language

    def has(self, key: str) -> bool:
        return key in self.strings

    def tr(self, key: str, **fmt: Any) -> str:
        """The text for ``key`` with ``{name}`` fields filled from ``fmt``."""
        text = self.strings.get(key)
        if text is None and not self.strict:
            text = self.fallback.get(key)
        if text is None:
            if self.strict:
                raise MissingKey(key)
            return key
        if not fmt:
            return text
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            if self.strict:
                raise
            return text
