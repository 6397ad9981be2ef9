"""Card ids and the text notation (rummy_tui/engine/cards.py)."""

import pytest

from rummy_tui.engine.cards import (
    FIRST_JOKER_ID,
    JOKER,
    CardError,
    card_text,
    cards_text,
    deal_cards,
    face_of,
    face_text,
    find_card,
    is_joker,
    make_deck,
    make_face,
    parse_face,
    parse_faces,
    rank_of,
    suit_of,
    take_cards,
)

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


@pytest.mark.parametrize(
    "token, rank, suit",
    [
        ("AS", 1, SPADES),
        ("10H", 10, HEARTS),
        ("TD", 10, DIAMONDS),
        ("td", 10, DIAMONDS),
        ("QC", 12, CLUBS),
        ("KS", 13, SPADES),
        ("2C", 2, CLUBS),
        ("JH", 11, HEARTS),
        ("7♦", 7, DIAMONDS),
        ("10♠", 10, SPADES),
        ("Q♥", 12, HEARTS),
        ("A♣", 1, CLUBS),
        ("t♥", 10, HEARTS),
    ],
)
def test_parse_face_reads_letters_glyphs_and_t(token, rank, suit):
    face = parse_face(token)
    assert (rank_of(face), suit_of(face)) == (rank, suit)


def test_joker_tokens():
    assert parse_face("JK") == JOKER
    assert parse_face("jk") == JOKER
    assert is_joker(parse_face("JK"))


def test_every_face_round_trips_through_text_and_glyphs():
    for face in list(range(52)) + [JOKER]:
        assert parse_face(face_text(face)) == face
        assert parse_face(face_text(face, glyphs=True)) == face


def test_text_out_uses_10_and_letters_or_glyphs():
    assert face_text(make_face(10, HEARTS)) == "10H"
    assert face_text(make_face(10, HEARTS), glyphs=True) == "10♥"
    assert face_text(make_face(1, CLUBS), glyphs=True) == "A♣"
    assert card_text(FIRST_JOKER_ID + 2) == "JK"
    assert cards_text(deal_cards("AS 10H JK")) == "AS 10H JK"


def test_parse_faces_accepts_spaces_commas_and_dashes():
    assert parse_faces("AS,10H-TD  QC JK") == [0, 22, 35, 50, JOKER]


@pytest.mark.parametrize("bad", ["1H", "11S", "XS", "10X", "Q", "", "AS9"])
def test_malformed_card_is_an_error_naming_the_token(bad):
    with pytest.raises(CardError) as caught:
        parse_face(bad)
    assert f"'{bad}'" in str(caught.value)


def test_malformed_card_inside_a_list_names_that_token():
    with pytest.raises(CardError, match="'ZZ'"):
        parse_faces("AS ZZ KH")


def test_two_decks_hold_two_nine_of_clubs_with_different_ids():
    deck = make_deck(decks=2, jokers=4)
    nines = [c for c in deck if face_of(c) == make_face(9, CLUBS)]
    assert len(nines) == 2 and nines[0] != nines[1]
    assert [card_text(c) for c in nines] == ["9C", "9C"]
    assert len(deck) == len(set(deck)) == 108
    assert sum(1 for c in deck if is_joker(c)) == 4


def test_second_deck_cards_are_naturals_never_jokers():
    for card in range(52, 104):
        assert not is_joker(card)
        assert face_of(card) == card - 52
        assert rank_of(card) == rank_of(card - 52) and suit_of(card) == suit_of(card - 52)
    assert card_text(52) == "AS"


def test_rank_and_suit_of_every_card_id_and_of_the_joker_face():
    """Naturals of both decks by their face; every joker id and the joker face: rank 0, suit -1."""
    for card in range(FIRST_JOKER_ID):
        face = card % 52
        assert (rank_of(card), suit_of(card)) == (face % 13 + 1, face // 13)
        assert make_face(rank_of(card), suit_of(card)) == face
    for joker in [JOKER, *range(FIRST_JOKER_ID, FIRST_JOKER_ID + 8)]:
        assert (rank_of(joker), suit_of(joker)) == (0, -1)


def test_deal_cards_picks_distinct_copies_and_runs_out():
    first, second, joker = deal_cards("9C 9C JK")
    assert first != second and face_of(first) == face_of(second) == make_face(9, CLUBS)
    assert is_joker(joker)
    with pytest.raises(CardError, match="no copy of 9C"):
        deal_cards("9C 9C 9C")


def test_find_card_prefers_a_copy_other_than_the_avoided_one():
    nine, other_nine = deal_cards("9C 9C")
    assert find_card([nine, other_nine], face_of(nine), avoid=nine) == other_nine
    assert find_card([nine], face_of(nine), avoid=nine) == nine
    assert find_card([nine], make_face(2, CLUBS)) is None


def test_take_cards_takes_distinct_physical_cards():
    hand = deal_cards("9C 9C 2H")
    assert sorted(take_cards(hand, parse_faces("9C 9C"))) == sorted(hand[:2])
    assert take_cards(hand, parse_faces("9C 9C 9C")) is None
