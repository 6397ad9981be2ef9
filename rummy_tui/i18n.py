"""The one translation function for every player-facing text in the app.

Widgets write ``_("Pass the terminal to {name}", name=...)``; a language is a catalogue that
maps the English text to its translation. Only English ships today, but adding Hungarian means
filling one catalogue, not touching every widget.
"""

from __future__ import annotations

from typing import Any

CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def set_language(code: str) -> None:
    global _language
    if code not in CATALOGUES:
        raise ValueError(f"no translation for language '{code}'")
    _language = code


def t(text: str, /, **values: Any) -> str:
    """Translate ``text`` into the current language, then fill in ``{named}`` values."""
    translated = CATALOGUES[_language].get(text, text)
    return translated.format(**values) if values else translated


_ = t


def N_(text: str) -> str:
    """Mark a module-level text for translation; it is translated with ``_()`` where it is shown,
    so a language chosen after import still applies."""
    return text
