"""The one translation function for every player-facing text: gettext catalogues.

Code writes whole sentences with named values, ``_("Pass the terminal to {name}", name=...)``;
the English text is the message id, and ``rummy_tui/locale/LANG/LC_MESSAGES/rummy_tui.po`` (compiled
to the ``.mo`` next to it) holds its translation. ``docs/TRANSLATING.md`` says how to extract,
translate and compile. Module-level texts are marked with ``N_()`` and translated where shown.

What the engine keeps in a state (log lines, hand summaries, score-sheet notes) is a *message*:
``{"text": template, "values": {...}}`` with language-neutral values (card codes such as ``[QD]``,
numbers, names, or other messages), rendered by :func:`render` in the language of the moment.
So a game saved in Hungarian resumes in English. A plain string (an older save) still renders.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DOMAIN = "rummy_tui"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "hu": "Magyar"}
YOU = "you"  # the context of a template's form for the viewer's own seat (see render)
CARD_RANK = "card rank"  # the context of the rank letters (J, Q, K, A) shown on cards

_language = "en"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(code: str) -> None:
    """Switch every later text to ``code`` (one of :data:`LANGUAGES`)."""
    global _language, _translation
    if code not in LANGUAGES:
        raise ValueError(f"no translation for language '{code}' (choose one of: {', '.join(LANGUAGES)})")
    if code == _language:
        return  # every text made since is in it already (and a served game leaves the shared bindings alone)
    _translation = (
        gettext.NullTranslations() if code == "en" else gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    )
    _language = code
    _rank_letters.clear()
    for listener in _language_listeners:
        listener()


_language_listeners: list[Callable[[], None]] = []


def when_language_changes(listener: Callable[[], None]) -> None:
    """Call ``listener`` after every later :func:`set_language` (the screens' footers use this:
    their words were fixed when they were imported)."""
    if listener not in _language_listeners:
        _language_listeners.append(listener)


def language() -> str:
    return _language


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set
    (the POSIX order) gives Hungarian when it starts with ``hu``; anything else gives English."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").strip()
        if value:
            return "hu" if value.lower().startswith("hu") else "en"
    return "en"


def t(text: str, /, **values: Any) -> str:
    """Translate ``text`` into the current language, then fill in ``{named}`` values."""
    translated = _translation.gettext(text)
    shown = fill(translated, values) if values else translated
    if _made is not None:
        _made.append((shown, {"text": text, "values": values} if values else {"text": text}))
    return shown


_ = t


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of the text for ``n``, by the catalogue's own plural rule (``Plural-Forms``), then
    filled in with ``{n}`` and ``values``: "1 card", "5 cards"; "1 lap", "5 lap"."""
    shown = fill(_translation.ngettext(singular, plural, n), {"n": n, **values})
    if _made is not None:
        _made.append((shown, msg_n(singular, plural, n, **values)))
    return shown


# --- a text made elsewhere, sent as a message (the table server's refusals) ------------------

_made: list[tuple[str, dict[str, Any]]] | None = None  # while recording: (text shown, its message)


@contextmanager
def texts_as_messages() -> Iterator[Any]:
    """Record the texts made meanwhile, so that one of them can be sent on as a message that the
    receiver shows in its own language: ``with texts_as_messages() as message_of: reason =
    game.why_not(action); send(message_of(reason))``. The table server does this for the engine's
    reasons, since two players at one table may read two languages."""
    global _made
    outer, _made = _made, []
    made = _made
    try:
        yield lambda text: _as_message(text, made)
    finally:
        _made = outer


def _as_message(text: str, made: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The message that made ``text`` (its values that are texts made too become messages);
    a text made some other way is a message of its own words."""
    for shown, message in reversed(made):
        if shown == text:
            values = message.get("values") or {}
            neutral = {
                name: _as_message(value, made)
                if isinstance(value, str) and value != text and any(value == other for other, _m in made)
                else _plain(value)
                for name, value in values.items()
            }
            return {**message, "values": neutral} if neutral else message
    return {"text": text}


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def plain_gettext(text: str) -> str:
    """``text`` in the current language, unformatted: for a library that fills in its own values
    (click calls gettext for its messages; see cli_words.speak_clicks_words)."""
    return _translation.gettext(text)


def plain_ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, text: str, /, **values: Any) -> str:
    """``text`` as translated in ``context`` (the same English can need two translations)."""
    translated = _translation.pgettext(context, text)
    return fill(translated, values) if values else translated


def N_(text: str) -> str:
    """Mark a module-level text for translation; it is translated with ``_()`` where it is shown,
    so a language chosen after import still applies."""
    return text


# --- messages: what the engine stores, rendered when shown ---------------------------------

Message = dict[str, Any]  # a stored message: {"text": English template, "values": {...}, ...}


def msg(template: str, /, **values: Any) -> Message:
    """A message to store: the English template (a catalogue's message id) and its values.
    Values are plain JSON: numbers, names, card codes in log notation (``[7D]``), or messages."""
    return {"text": template, "values": values} if values else {"text": template}


def msg_n(singular: str, plural: str, n: int, /, **values: Any) -> Message:
    """A message whose words depend on the number ``n`` (filled in as ``{n}``), like ngettext."""
    return {"text": singular, "plural": plural, "n": n, "values": values}


def names_text(names: list[str]) -> str | Message:
    """Names for a message: ``Ann``, or "Ann and Bob" (a message, so that "and" is translated)."""
    if len(names) < 2:
        return names[0] if names else ""
    return msg(N_("{names} and {last}"), names=", ".join(names[:-1]), last=names[-1])


def render(message: Any, viewer: str | None = None) -> str:
    """A stored message (or an older save's plain text) in the current language. With ``viewer``
    (the name of the seat looking), a message about that seat (a value that is its name) takes
    the catalogue's form for "you" when it has one; English turns the text into the second person."""
    return _render(message, viewer, nested=False)


def _render(message: Any, viewer: str | None, nested: bool) -> str:
    if isinstance(message, str):
        text = t(message)
        return as_viewer(text, viewer) if viewer else text
    if not isinstance(message, Mapping) or not isinstance(message.get("text"), str):
        return str(message)
    inner_viewer = viewer if _language != "en" else None  # English turns the whole line at once
    template, values = message["text"], _rendered_values(message.get("values"), inner_viewer)
    if isinstance(message.get("plural"), str) and isinstance(message.get("n"), int):
        values = {**values, "n": message["n"]}
        own = _own_form(template, values, viewer) if message["n"] == 1 else None  # "{names} wins": you alone
        if own is None:
            return _fill(_translation.ngettext(template, message["plural"], message["n"]), values)
    else:
        own = _own_form(template, values, viewer)
    if own is not None:
        return own if nested else own[:1].upper() + own[1:]
    text = _fill(t(template), values)
    return as_viewer(text, viewer) if viewer else text


def english(message: Any) -> str:
    """A stored message in English whatever the language of the moment: for code that reads
    the log (an AI remembering discards), never for a screen."""
    if isinstance(message, str):
        return message
    if not isinstance(message, Mapping) or not isinstance(message.get("text"), str):
        return str(message)
    stored = message.get("values")
    values = {
        str(k): english(v) if isinstance(v, Mapping) else v
        for k, v in (stored.items() if isinstance(stored, Mapping) else ())
    }
    template = message["text"]
    if isinstance(message.get("plural"), str) and isinstance(message.get("n"), int):
        template = template if message["n"] == 1 else message["plural"]
        values["n"] = message["n"]
    return _fill(template, values) if values else template


def render_event(event: Mapping[str, Any], names: list[str], viewer: int | None = None) -> str:
    """An engine log line with the seat's name in front; the viewer's own seat is "You"."""
    seat = event.get("seat")
    seat_name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    viewer_name = names[viewer] if viewer is not None and 0 <= viewer < len(names) else None
    inner_viewer = viewer_name if _language != "en" else None  # English turns the whole line at once
    template, values = event.get("text", ""), _rendered_values(event.get("values"), inner_viewer)
    if seat_name is not None and viewer == seat:
        own = _translation.pgettext(YOU, template)
        if own != template:  # a sentence of its own, in the second person ("húztál a talonból")
            sentence = _fill(own, values)
            return sentence[:1].upper() + sentence[1:]
    elif seat_name is None and (own_form := _own_form(template, values, viewer_name)) is not None:
        return own_form
    body = _fill(t(template), values) if values else t(template)
    text = f"{seat_name} {body}" if seat_name is not None else body
    return as_viewer(text, viewer_name) if viewer_name else text


def render_event_body(event: Mapping[str, Any]) -> str:
    """An engine log line without the seat's name in front, in the third person ("drew from
    the stock"): for a line that says who moved some other way."""
    template, values = event.get("text", ""), _rendered_values(event.get("values"))
    return _fill(t(template), values) if values else t(template)


def _rendered_values(values: Any, viewer: str | None = None) -> dict[str, Any]:
    if not isinstance(values, Mapping):
        return {}
    return {
        str(key): _render(value, viewer, nested=True) if isinstance(value, Mapping) else value
        for key, value in values.items()
    }


def _fill(template: str, values: Mapping[str, Any]) -> str:
    try:
        return fill(template, values)
    except (KeyError, IndexError, ValueError):  # a damaged save's values: show the template as it is
        return template


# --- the Hungarian article: a or az, by the word that follows ---------------------------------


# A Hungarian translation writes "a {card} lapot" and "A {number}. játszma": the article
# before a value is set to "a" or "az" by the value filled in ("az A♠ lapot", "az 5. játszma").
_ARTICLE_BEFORE = re.compile(r"(?<![\w{])([Aa])z? (\{(\w+)(![rsa])?\})")


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template.format(**values)``; in Hungarian with the article before each value chosen
    by the value (see :func:`article`)."""
    if _language == "hu" and values:
        template = _ARTICLE_BEFORE.sub(lambda match: _article_for(match, values), template)
    return template.format(**values)


def _article_for(match: re.Match[str], values: Mapping[str, Any]) -> str:
    letter, field, name, conversion = match.groups()
    if name not in values:
        return match.group(0)
    value = values[name]
    shown = repr(value) if conversion == "!r" else str(value)
    word = article(shown)
    return f"{letter}{word[1:]} {field}"


VOWELS = "aáeéiíoóöőuúüű"
LETTERS_SAID_WITH_A_VOWEL = "aeioufilmnrsxy"  # a, e, i, o, u, ef, el, em, en, er, es, iksz, ipszilon
CARD = re.compile(r"\[?(10|[2-9AJQKBD]|JK)(?:[SHDC]?\]|[♠♥♦♣])")  # [AS], [JK], A♠, 10♥, D♣
CARD_WORDS = {"A": "ász", "J": "bubi", "B": "bubi", "Q": "dáma", "D": "dáma", "K": "király", "JK": "zsóker"}


def article(following: str) -> str:
    """``a`` or ``az``: ``az`` before a vowel sound. A number is read aloud (az 1., a 2., az 5.,
    a 10., az 50., a 100., az 1000.), a card by its rank's name (az ász, a bubi, az 5♥)."""
    word = following.lstrip(" \"'„»(")
    card = CARD.match(word)
    if card:
        word = CARD_WORDS.get(card.group(1), card.group(1))
    number = re.match(r"\d+", word)
    if number:
        return "az" if _number_starts_with_vowel(int(number.group(0))) else "a"
    if re.match(r"[A-Za-z](?![A-Za-záéíóöőúüű])", word):  # a key or a letter, read by its name
        return "az" if word[0].lower() in LETTERS_SAID_WITH_A_VOWEL else "a"  # az m (em), az F2 (ef), a k
    return "az" if word[:1].lower() in VOWELS else "a"


def _number_starts_with_vowel(n: int) -> bool:
    """Does ``n`` read aloud in Hungarian start with a vowel? egy, öt, ötven, ötszáz, ezer, egymillió."""
    if n >= 1000:
        return n < 2000 or _number_starts_with_vowel(n // 1000)
    if n >= 100:
        return n // 100 == 5
    if n >= 10:
        return n // 10 == 5
    return n in (1, 5)


# --- cards as a player of the language names them ------------------------------------------

_rank_letters: dict[str, str] = {}


def rank_letter(rank: str) -> str:
    """A card's rank as shown in the current language: in Hungarian B (bubi) for J and D (dáma)
    for Q. Only what is shown changes; codes, saves and records keep J, Q, K, A."""
    if rank not in _rank_letters:
        _rank_letters[rank] = _translation.pgettext(CARD_RANK, rank) if rank in "JQKA" else rank
    return _rank_letters[rank]


def _rank_marks() -> None:  # the rank letters, for the extractor (which reads only literal contexts)
    pgettext("card rank", "J"), pgettext("card rank", "Q"), pgettext("card rank", "K"), pgettext("card rank", "A")


def face_label(face_text: str) -> str:
    """A card's text (``QH``, ``10♥``, ``JK``) with the rank letter of the current language."""
    if face_text == "JK" or len(face_text) < 2 or _language == "en":
        return face_text
    return rank_letter(face_text[:-1]) + face_text[-1]


# --- English: the viewer's own seat in the second person ------------------------------------

# English verbs the engine's texts put after a seat's name, in the third person, and the form
# that follows "You". Other languages give a template's own "you" form instead (context "you").
SECOND_PERSON = {
    "wins": "win",
    "has": "have",
    "is": "are",
    "was": "were",
    "takes": "take",
    "collects": "collect",
    "deals": "deal",
    "shows": "show",
    "lays": "lay",
    "scores": "score",
    "knocks": "knock",
    "draws": "draw",
    "passes": "pass",
    "goes": "go",
    "cuts": "cut",
    "reaches": "reach",
    "keeps": "keep",
    "declares": "declare",
    "pays": "pay",
    "gets": "get",
    "loses": "lose",
    "plays": "play",
    "starts": "start",
    "needs": "need",
    "holds": "hold",
    "does": "do",
    "cannot": "cannot",
    "owes": "owe",
    "receives": "receive",
    "leads": "lead",
    "turns": "turn",
    "makes": "make",
    "leaves": "leave",
    "ends": "end",
    "stays": "stay",
    "opens": "open",
    "melds": "meld",
    "discards": "discard",
    "puts": "put",
    "becomes": "become",
    "chooses": "choose",
    "asks": "ask",
    "throws": "throw",
    "goes out": "go out",
    "re-enters": "re-enter",
    "says": "say",
}
_AND_VERB = re.compile(r"\band (\w+)\b")


def you_key(template: str, placeholder: str = "name") -> str:
    """The message id of a template's form for the viewer's own seat (context ``you``) when its
    ``placeholder`` names that seat: the template in the second person, "{name} knocks with
    {card}" -> "You knock with {card}", "Hand {hand}: {dealer} dealt" -> "Hand {hand}: You
    dealt". So the id holds exactly the placeholders its translation uses ("Kopogsz ezzel:
    {card}"), and ``msgfmt --check`` finds none missing."""
    field = "{" + placeholder + "}"
    second = _second_person(template, field)
    return re.sub(r"^" + re.escape(field), "You", second).replace(field, "you")


def _own_form(template: str, values: Mapping[str, Any], viewer: str | None) -> str | None:
    """The catalogue's second-person form of ``template`` when one of its values names the
    viewer's seat (a whole sentence of its own: "kimentél", never "Te" + "kiment"); None when
    there is none (English makes it from the text, see :func:`as_viewer`)."""
    if not viewer or _language == "en":
        return None
    for placeholder, value in values.items():
        if value == viewer:
            key = you_key(template, placeholder)
            own = _translation.pgettext(YOU, key)
            if own != key:
                return _fill(own, values)
    return None


def as_viewer(text: str, name: str | None) -> str:
    """``text`` with the viewer's own seat in the second person: "Ann wins the hand" becomes
    "You win the hand", "Ann threw in and is out" becomes "You threw in and are out". English
    only: a translation words the viewer's lines by their own templates (see :func:`render`)."""
    if not name or _language != "en":
        return text
    return _second_person(text, name)


def _second_person(text: str, name: str) -> str:
    you = "You"

    def personal(match: re.Match[str]) -> str:
        word, rest = match.group(1), match.group(2)
        rest = _AND_VERB.sub(lambda m: "and " + SECOND_PERSON.get(m.group(1), m.group(1)), rest)
        return f"{you} {SECOND_PERSON.get(word, word)}{rest}"

    text = re.sub(  # "Dealt without Ann's own randomness" -> "Dealt without your own randomness"
        rf"(?<!\w){re.escape(name)}'s(?!\w)", lambda match: "Your" if match.start() == 0 else "your", text
    )
    return re.sub(rf"(?<!\w){re.escape(name)} (\w+)([^.;:,]*)", personal, text)
