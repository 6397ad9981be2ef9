"""Card and action spellings come from tables and a cache (the engine spells every legal action
of every turn); they must spell exactly what the rules of spelling give."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rummy_tui.engine import cards, variant
from rummy_tui.engine.cards import RANK_NAMES, SUIT_SYMBOLS, SUITS, card_text, face_text


def test_every_card_of_two_decks_and_the_jokers_is_spelled_by_rank_and_suit():
    for card in range(108):
        face = card % 52
        if card >= cards.FIRST_JOKER_ID:
            assert card_text(card) == card_text(card, glyphs=True) == "JK"
            continue
        rank, suit = RANK_NAMES[face % 13 + 1], face // 13
        assert card_text(card) == face_text(face) == rank + SUITS[suit]
        assert card_text(card, glyphs=True) == rank + SUIT_SYMBOLS[suit]


ACTION_WORDS = st.sampled_from(["draw", "Knock", "MELD", "take", "discard", "gin", "lay", "pass", " void "])
CARD_WORDS = st.sampled_from(["td", "10♦", "QH", "jk", "JK=9s", "as", "7s-8s-9s", "royal-flush", "x", "stock"])


@given(verb=ACTION_WORDS, arguments=st.lists(CARD_WORDS, max_size=4), colon=st.booleans())
def test_a_remembered_spelling_is_the_spelling(verb, arguments, colon):
    action = verb + (":" + "-".join(arguments) if colon else "")
    assert variant.canonical_action(action) == variant._spell_canonically(action)
    assert variant.canonical_action(action) == variant._spell_canonically(action)  # now from memory


def test_the_remembered_spellings_stay_few(monkeypatch):
    monkeypatch.setattr(variant, "_CANONICAL_LIMIT", 10)
    monkeypatch.setattr(variant, "_CANONICAL_SPELLINGS", {})
    for number in range(50):
        assert variant.canonical_action(f"Say:{number}-TD") == f"say:{number}-10D"
    assert len(variant._CANONICAL_SPELLINGS) <= 10


@given(
    held=st.lists(st.integers(0, 107), unique=True, max_size=20),
    face=st.sampled_from([*range(52), cards.JOKER]),
    data=st.data(),
)
def test_find_card_finds_a_copy_showing_the_face_and_avoids_the_one_asked(held, face, data):
    avoid = data.draw(st.sampled_from([None, *held]))
    showing = [card for card in held if cards.face_of(card) == face]
    found = cards.find_card(held, face, avoid)
    if not showing:
        assert found is None
    else:
        assert found in showing
        assert found != avoid or showing == [avoid]
