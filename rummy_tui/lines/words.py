"""Cards and the engine's log lines as a player says them: "the 7 of hearts", "kőr hetes".

The engine marks cards in its texts as ``[7D]`` (a joker given a meaning: ``[JK]=[9D]``); here
each run of marks becomes words (or short codes, ``7H`` / ``7♥``, for braille users who prefer
them), and a run of several cards is read as a list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rummy_tui.engine.cards import SUIT_SYMBOLS, SUITS, face_text, is_joker, parse_face, rank_of, suit_of
from rummy_tui.i18n import _, face_label, language, pgettext

STYLES = ("words", "codes", "glyphs")  # how cards are said: words, 7H, 7♥


_MARK = r"\[((?:10|[2-9AJQKT])[SHDC♠♥♦♣]|JK)\](?:=\[((?:10|[2-9AJQKT])[SHDC♠♥♦♣])\])?"
_RUN = re.compile(rf"{_MARK}(?:[ ,]+{_MARK})*")
_ONE = re.compile(_MARK)
_HU_ARTICLE_BEFORE_CARD = re.compile(r"(?<!\w)([Aa])z(?= \[)")
_MELDS_JOINED = re.compile(r"\] \+ \[")
_LONG_HEX = re.compile(r"\b[0-9a-f]{32,}\b")
# English: "discarded the 7 of hearts", but "the upcard, 7 of hearts" and "upcard: 7 of hearts".
_ARTICLE_BEFORE = re.compile(
    r"\b(discarded|discards|discard|took|takes|take|drew|draws|cut|cuts|with|passed|passes|on|off|and|is|was) $",
    re.IGNORECASE,
)


def rank_word(rank: int) -> str:
    """The rank as a noun: "ace", "7"; in Hungarian "ász", "hetes"."""
    words = (
        pgettext("card rank name", "ace"),
        pgettext("card rank name", "2"),
        pgettext("card rank name", "3"),
        pgettext("card rank name", "4"),
        pgettext("card rank name", "5"),
        pgettext("card rank name", "6"),
        pgettext("card rank name", "7"),
        pgettext("card rank name", "8"),
        pgettext("card rank name", "9"),
        pgettext("card rank name", "10"),
        pgettext("card rank name", "jack"),
        pgettext("card rank name", "queen"),
        pgettext("card rank name", "king"),
    )
    return words[rank - 1]


def suit_word(suit: int) -> str:
    words = (
        pgettext("suit name", "spades"),
        pgettext("suit name", "hearts"),
        pgettext("suit name", "diamonds"),
        pgettext("suit name", "clubs"),
    )
    return words[suit]


@dataclass(frozen=True)
class CardWords:
    """How this player wants cards said: ``words``, ``codes`` (7H) or ``glyphs`` (7♥)."""

    style: str = "words"

    def card(self, face: int, meaning: int | None = None) -> str:
        """One card; a joker standing for ``meaning`` says so."""
        said = self._face(face)
        if meaning is not None:
            said = _("{joker} as {card}", joker=said, card=self._face(meaning))
        return said

    def _face(self, face: int) -> str:
        if self.style != "words":
            return face_label(face_text(face, glyphs=self.style == "glyphs"))
        if is_joker(face):
            return _("joker")
        return _("{rank} of {suit}", rank=rank_word(rank_of(face)), suit=suit_word(suit_of(face)))

    def cards(self, faces: list[int]) -> str:
        return self.listed([self.card(face) for face in faces])

    def listed(self, said: list[str]) -> str:
        if self.style != "words":
            return " ".join(said)
        return ", ".join(said)

    def sentence(self, text: str) -> str:
        """An engine text (its ``[7D]`` marks) in words; a long hex commitment shortened."""
        text = _LONG_HEX.sub(lambda match: match.group(0)[:8], text).replace(" · ", "; ")
        text = _MELDS_JOINED.sub("]; [", text)  # "[3H] [3D] [3C] + [7S] ...": melds apart, not "plus"
        if self.style == "words" and language() == "hu":
            # the article was chosen for the code ("az [AS]": ász); every card's name starts
            # with its suit, a consonant: "a pikk ász"
            text = _HU_ARTICLE_BEFORE_CARD.sub(r"\1", text)
        return _RUN.sub(lambda match: self._run(match, text), text)

    def _run(self, match: re.Match[str], text: str) -> str:
        cards = [
            self.card(parse_face(one.group(1)), parse_face(one.group(2)) if one.group(2) else None)
            for one in _ONE.finditer(match.group(0))
        ]
        said = self.listed(cards)
        before = text[: match.start()]
        if self.style == "words" and len(cards) == 1 and language() == "en" and _ARTICLE_BEFORE.search(before):
            said = "the " + said  # "discarded the 7 of hearts"; after a colon, no article
        return said


def suit_letter_of(token: str) -> int | None:
    """S, H, D, C or a glyph as a suit number (for the commands)."""
    upper = token.upper()
    if upper in SUITS:
        return SUITS.index(upper)
    if token in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(token)
    return None
