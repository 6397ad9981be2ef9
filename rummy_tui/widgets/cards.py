"""Cards drawn by small pure functions: a card id in, a styled piece of text out.

The styles come from the widget's component classes (so colours live in the stylesheet as
theme variables); ``ascii_only`` swaps the suit glyphs for letters, ``four_colour`` gives
diamonds and clubs their own colours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from rummy_tui.engine.cards import (
    SUITS,
    face_of,
    face_text,
    is_joker,
    parse_face,
    suit_of,
)
from rummy_tui.i18n import face_label
from rummy_tui.plain import ascii_words

CARD_CLASSES = {"card--black", "card--red", "card--diamond", "card--club", "card--joker"}
_LOG_CARD = re.compile(r"\[((?:10|[2-9AJQKT])[SHDC♠♥♦♣]|JK)\]")


@dataclass(frozen=True)
class CardLook:
    """How to draw cards: glyphs or letters, two or four colours, and the colour styles."""

    ascii_only: bool = False
    four_colour: bool = False
    styles: dict[str, Style] = field(default_factory=dict, hash=False, compare=False)

    def style_for(self, card: int) -> Style:
        return self.styles.get(colour_class(card, self.four_colour), Style())


def colour_class(card_or_face: int, four_colour: bool = False) -> str:
    """The component class that colours this card."""
    if is_joker(card_or_face):
        return "card--joker"
    suit = suit_of(card_or_face)
    if four_colour and SUITS[suit] == "D":
        return "card--diamond"
    if four_colour and SUITS[suit] == "C":
        return "card--club"
    return "card--red" if SUITS[suit] in "HD" else "card--black"


def card_label(card: int, ascii_only: bool = False) -> str:
    """``10♥``, or ``10H`` with ``ascii_only``; ``JK`` for a joker. The rank letter is the
    language's own (Hungarian: B for J, D for Q); codes stay J and Q."""
    return face_label(face_text(face_of(card), glyphs=not ascii_only))


def card_piece(card: int, look: CardLook) -> Text:
    return Text(card_label(card, look.ascii_only), style=look.style_for(card))


def cards_piece(cards, look: CardLook, sep: str = " ") -> Text:
    return Text(sep).join(card_piece(card, look) for card in cards)


def card_cell(card: int, look: CardLook, width: int = 5) -> Text:
    """One card centred in a fixed-width cell, for rows of cards that line up."""
    return _centred(card_piece(card, look), width)


def _centred(piece: Text, width: int) -> Text:
    room = max(width - piece.cell_len, 0)
    left = room // 2
    return Text(" " * left) + piece + Text(" " * (room - left))


def log_line(text: str, look: CardLook) -> Text:
    """Engine log text with its ``[7D]`` card marks drawn as coloured cards."""
    if look.ascii_only:
        text = ascii_words(text)
    line = Text()
    position = 0
    for match in _LOG_CARD.finditer(text):
        line.append(text[position : match.start()])
        face = parse_face(match.group(1))
        line.append_text(card_piece(face, look))
        position = match.end()
    line.append(text[position:])
    return line
