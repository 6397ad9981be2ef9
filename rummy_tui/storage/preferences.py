"""The player's remembered choices (today: the language), in ``settings.json`` in the data folder.

A missing or damaged file means no choice was made; it never stops the game.
"""

from __future__ import annotations

import json
import os
from typing import Any

from .jsonfile import NotJson, parse_json
from .paths import data_dir

FILE_NAME = "settings.json"


def load_preferences() -> dict[str, Any]:
    try:
        data = parse_json((data_dir() / FILE_NAME).read_bytes())
    except (OSError, NotJson):
        return {}
    return data if isinstance(data, dict) else {}


def save_preference(name: str, value: Any) -> None:
    """Remember one choice; a folder that cannot be written to only means it is not remembered."""
    preferences = load_preferences()
    preferences[name] = value
    try:
        path = data_dir() / FILE_NAME
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(preferences, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        pass


def remembered_language() -> str | None:
    from rummy_tui.i18n import LANGUAGES

    language = load_preferences().get("language")
    return language if language in LANGUAGES else None


def choose_language(explicit: str | None = None) -> str:
    """The language to play in: ``--lang``, else the one chosen on the start screen, else the
    locale's (LC_ALL, LC_MESSAGES, LANG), else English; and switch to it."""
    from rummy_tui.i18n import locale_language, set_language

    try:
        language = explicit or remembered_language() or locale_language()
    except OSError:  # an unusable data folder: the command itself will say so
        language = explicit or locale_language()
    set_language(language)
    return language
