"""A message for the player that the app layer raises and the table shows, translated.

Modules below the UI never hold translated text: they return a catalogue key plus the values
for its placeholders, and the scene renders ``tr(notice.key, **notice.fmt)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Notice:
    key: str
    fmt: dict[str, Any] = field(default_factory=dict)
    detail: str = ""  # untranslated technical reason, for logs and --check-save

    def text(self, tr: Any) -> str:
        return str(tr(self.key, **self.fmt))
