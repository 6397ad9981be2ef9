"""Physical cards and the one text notation used everywhere.

A card is a small int, so that hands, stocks and saves stay cheap:

* ``face`` (0..51) is what a card shows: ``suit * 13 + rank - 1``; every joker shows ``JOKER``
  (104, the first joker's id, so that no face or natural card id can be mistaken for a joker).
* a physical card id is ``copy * 52 + face`` for naturals (two decks hold two 9♣, ids 47 and
  99) and ``104 + n`` for the n-th joker.

Notation: ``AS 10H TD QC JK``; suits may also be written ``♠♥♦♣``; ``T`` means ten.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FIRST_JOKER_ID = 104
JOKER = FIRST_JOKER_ID  # the face of every joker; not 52, which is the second deck's A♠
RED_SUITS = (1, 2)

_RANK_BY_TOKEN = {name: rank for rank, name in enumerate(RANK_NAMES) if name}
_RANK_BY_TOKEN["T"] = 10
_SUIT_BY_TOKEN = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}
_SUIT_BY_TOKEN.update({"\u2661": 1, "\u2662": 2, "\u2664": 0, "\u2667": 3})  # hollow glyphs


class CardError(ValueError):
    """A card token that is not a card."""


def face_of(card: int) -> int:
    return JOKER if card >= FIRST_JOKER_ID else card % 52


def is_joker(card_or_face: int) -> bool:
    return card_or_face >= FIRST_JOKER_ID


def rank_of(card_or_face: int) -> int:
    """1 (ace) .. 13 (king); 0 for a joker. Works on card ids and on faces."""
    return 0 if card_or_face >= FIRST_JOKER_ID else card_or_face % 13 + 1  # is_joker, not called: hot


def suit_of(card_or_face: int) -> int:
    """0..3 for ♠♥♦♣; -1 for a joker."""
    return -1 if card_or_face >= FIRST_JOKER_ID else (card_or_face % 52) // 13


def make_face(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def make_deck(decks: int = 1, jokers: int = 0) -> list[int]:
    """All physical cards of ``decks`` 52-card decks plus ``jokers`` jokers, in a fixed order."""
    naturals = [copy * 52 + face for copy in range(decks) for face in range(52)]
    return naturals + [FIRST_JOKER_ID + n for n in range(jokers)]


def _spelled_face(face: int, glyphs: bool) -> str:
    if is_joker(face):
        return "JK"
    suits = SUIT_SYMBOLS if glyphs else SUITS
    return RANK_NAMES[rank_of(face)] + suits[suit_of(face)]


# Every natural card id of two decks spelled once: legal actions spell each card they name.
_CARD_TEXT = tuple(_spelled_face(card % 52, False) for card in range(FIRST_JOKER_ID))
_CARD_GLYPHS = tuple(_spelled_face(card % 52, True) for card in range(FIRST_JOKER_ID))


def face_text(face: int, glyphs: bool = False) -> str:
    """``10H`` (or ``10♥`` with glyphs); ``JK`` for a joker."""
    if 0 <= face < FIRST_JOKER_ID:
        return (_CARD_GLYPHS if glyphs else _CARD_TEXT)[face]
    return _spelled_face(face, glyphs)


def card_text(card: int, glyphs: bool = False) -> str:
    if 0 <= card < FIRST_JOKER_ID:
        return (_CARD_GLYPHS if glyphs else _CARD_TEXT)[card]
    return face_text(face_of(card), glyphs)


def cards_text(cards: Iterable[int], glyphs: bool = False, sep: str = " ") -> str:
    return sep.join(card_text(c, glyphs) for c in cards)


def parse_face(token: str) -> int:
    """Read one card token (``10H``, ``TH``, ``t♥``, ``JK``) into a face; a clear error otherwise."""
    text = token.strip().upper()
    if text in ("JK", "JOKER", "*"):
        return JOKER
    rank_token, suit_token = text[:-1], text[-1:]
    rank = _RANK_BY_TOKEN.get(rank_token)
    suit = _SUIT_BY_TOKEN.get(suit_token)
    if rank is None or suit is None:
        raise CardError(
            f"'{token}' is not a card: write a rank (A, 2-10, T, J, Q, K) and a suit "
            f"(S, H, D, C or ♠♥♦♣), like 10H or Q♠, or JK for a joker"
        )
    return make_face(rank, suit)


def parse_faces(text: str | Sequence[str]) -> list[int]:
    """``"AS 10H TD QC JK"`` (spaces, commas or dashes between cards) into faces."""
    tokens = text.replace(",", " ").replace("-", " ").split() if isinstance(text, str) else text
    return [parse_face(token) for token in tokens]


def deal_cards(text: str, taken: Iterable[int] = ()) -> list[int]:
    """Physical cards for a notation string, choosing unused copies: handy for tests and setups.

    ``deal_cards("9C 9C JK")`` gives two different 9♣ ids and a joker.
    """
    used = set(taken)
    cards = []
    for face in parse_faces(text):
        card = _first_unused_copy(face, used)
        used.add(card)
        cards.append(card)
    return cards


def _first_unused_copy(face: int, used: set[int]) -> int:
    candidates = range(FIRST_JOKER_ID, FIRST_JOKER_ID + 4) if is_joker(face) else (face, face + 52)
    for card in candidates:
        if card not in used:
            return card
    raise CardError(f"no copy of {face_text(face)} is left")


def find_card(cards: Sequence[int], face: int, avoid: int | None = None) -> int | None:
    """A physical card in ``cards`` showing ``face``; prefers any copy other than ``avoid``."""
    matches = [c for c in cards if c >= FIRST_JOKER_ID] if face == JOKER else _naturals_showing(cards, face)
    if not matches:
        return None
    others = [c for c in matches if c != avoid]
    return others[0] if others else matches[0]


def _naturals_showing(cards: Sequence[int], face: int) -> list[int]:
    return [c for c in cards if c % 52 == face and c < FIRST_JOKER_ID]


def held_card(cards: Sequence[int], face: int, avoid: int | None = None) -> int:
    """:func:`find_card` for a face ``cards`` are known to hold (an action already judged legal)."""
    card = find_card(cards, face, avoid)
    if card is None:
        raise ValueError(f"no {face_text(face)} among the cards")
    return card


def take_cards(cards: Sequence[int], faces: Sequence[int], avoid: int | None = None) -> list[int] | None:
    """Distinct physical cards in ``cards`` for each face in ``faces``, or None if one is missing."""
    pool = list(cards)
    picked = []
    for face in faces:
        card = find_card(pool, face, avoid)
        if card is None:
            return None
        pool.remove(card)
        picked.append(card)
    return picked


def sort_key_by_suit(card: int) -> tuple[int, int]:
    return (suit_of(card) if not is_joker(card) else 4, rank_of(card))


def sort_key_by_rank(card: int) -> tuple[int, int]:
    return (rank_of(card) if not is_joker(card) else 14, suit_of(card))
