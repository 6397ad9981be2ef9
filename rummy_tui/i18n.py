"""The one translation function for every player-facing text in the app.

Widgets write ``_("Pass the terminal to {name}", name=...)``; a language is a catalogue that
maps the English text to its translation. Only English ships today, but adding Hungarian means
filling one catalogue, not touching every widget.
"""

from __future__ import annotations

import re
from typing import Any

CATALOGUES: dict[str, dict] = {"en": {}}
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


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The singular or plural text for ``n`` (shaped like gettext's ``ngettext``, so a catalogue
    with a language's own plural rules can take over), then filled in with ``{n}`` and ``values``.
    A catalogue keeps a plural under ``(singular, plural)``: a tuple of forms, chosen by
    ``plural_form``."""
    forms = CATALOGUES[_language].get((singular, plural))
    if forms:
        text = forms[min(plural_form(_language, n), len(forms) - 1)]
    else:
        text = singular if n == 1 else plural
    return text.format(n=n, **values)


def plural_form(language: str, n: int) -> int:
    """Which plural form a number takes: English and Hungarian both have two (one, other)."""
    return 0 if n == 1 else 1


def N_(text: str) -> str:
    """Mark a module-level text for translation; it is translated with ``_()`` where it is shown,
    so a language chosen after import still applies."""
    return text


# English verbs the engine's texts put after a seat's name, in the third person, and the form
# that follows "You". A translation brings its own (a catalogue's "second_person" entry).
SECOND_PERSON = {
    "wins": "win", "has": "have", "is": "are", "was": "were", "takes": "take", "collects": "collect",
    "deals": "deal", "shows": "show", "lays": "lay", "scores": "score", "knocks": "knock", "draws": "draw",
    "passes": "pass", "goes": "go", "cuts": "cut", "reaches": "reach", "keeps": "keep", "declares": "declare",
    "pays": "pay", "gets": "get", "loses": "lose", "plays": "play", "starts": "start", "needs": "need",
    "holds": "hold", "does": "do", "cannot": "cannot", "owes": "owe", "receives": "receive", "leads": "lead",
    "turns": "turn", "makes": "make", "leaves": "leave", "ends": "end", "stays": "stay", "opens": "open",
    "melds": "meld", "discards": "discard", "puts": "put", "becomes": "become", "chooses": "choose",
    "asks": "ask", "throws": "throw", "goes out": "go out", "re-enters": "re-enter", "says": "say",
}
_AND_VERB = re.compile(r"\band (\w+)\b")


def as_viewer(text: str, name: str) -> str:
    """``text`` with the viewer's own seat in the second person: "Ann wins the hand" becomes
    "You win the hand", "Ann threw in and is out" becomes "You threw in and are out"."""
    verbs = CATALOGUES[_language].get("second_person", SECOND_PERSON)
    you = t("You")

    def personal(match: re.Match) -> str:
        word, rest = match.group(1), match.group(2)
        rest = _AND_VERB.sub(lambda m: "and " + verbs.get(m.group(1), m.group(1)), rest)
        return f"{you} {verbs.get(word, word)}{rest}"

    if not name:
        return text
    return re.sub(rf"(?<!\w){re.escape(name)} (\w+)([^.;:,]*)", personal, text)
