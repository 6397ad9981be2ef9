"""The OpenSpiel bench's translation (bench/openspiel_translate.py): our cards, melds and action
codes in OpenSpiel's gin_rummy numbering. No pyspiel needed: the expected numbers are the ones
OpenSpiel documents (gin_rummy.h, gin_rummy_utils.cc); the bench checks its tables again
against pyspiel itself before it plays."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from rummy_tui.engine.cards import card_text, make_deck, parse_face, parse_faces
from rummy_tui.engine.melds import read_meld
from variants.gin.rules import GIN_RULES

_PATH = Path(__file__).resolve().parents[3] / "bench" / "openspiel_translate.py"
_SPEC = importlib.util.spec_from_file_location("openspiel_translate", _PATH)
tr = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(tr)


def os_cards(text: str) -> list[int]:
    """OpenSpiel indices from OpenSpiel's own card strings (``As Tc Kh``)."""
    return [tr.OPENSPIEL_SUITS.index(t[1]) * 13 + tr.OPENSPIEL_RANKS.index(t[0]) for t in text.split()]


def meld(text: str):
    return read_meld(parse_faces(text), GIN_RULES)


def test_card_order_is_openspiels_scdh():
    # OpenSpiel: index = suit * 13 + rank, suits "scdh", ranks "A23456789TJQK"
    assert [card_text(tr.our_card(i)) for i in (0, 9, 12, 13, 26, 39, 51)] == [
        "AS",
        "10S",
        "KS",
        "AC",
        "AD",
        "AH",
        "KH",
    ]
    assert [tr.openspiel_card_text(i) for i in (0, 9, 13, 38, 51)] == ["As", "Ts", "Ac", "Kd", "Kh"]
    assert tr.openspiel_card(parse_face("7H")) == 39 + 6


def test_every_card_round_trips():
    assert sorted(tr.openspiel_card(c) for c in make_deck()) == list(range(52))
    for index in range(52):
        card = tr.our_card(index)
        assert tr.openspiel_card(card) == index
        assert card_text(card)[-1].lower() == tr.openspiel_card_text(index)[-1]
    with pytest.raises(ValueError):
        tr.our_card(52)


def test_documented_meld_ids():
    # rank melds by rank, the 3-card sets by their missing suit, then the 4-card set
    assert tr.meld_id(os_cards("Ac Ad Ah")) == 0
    assert tr.meld_id(os_cards("As Ad Ah")) == 1
    assert tr.meld_id(os_cards("As Ac Ad Ah")) == 4
    assert tr.meld_id(os_cards("2c 2d 2h")) == 5
    assert tr.meld_id(os_cards("Ks Kc Kd Kh")) == 64
    # runs by length, suit (scdh), lowest rank
    assert tr.meld_id(os_cards("As 2s 3s")) == 65
    assert tr.meld_id(os_cards("Js Qs Ks")) == 75
    assert tr.meld_id(os_cards("Ac 2c 3c")) == 76
    assert tr.meld_id(os_cards("As 2s 3s 4s")) == 109
    assert tr.meld_id(os_cards("As 2s 3s 4s 5s")) == 149
    assert tr.meld_id(os_cards("9h Th Jh Qh Kh")) == 184
    with pytest.raises(ValueError):
        tr.meld_id(os_cards("As 2s 4s"))


def test_meld_ids_are_a_numbering_of_all_185_melds():
    seen = set()
    for identifier in range(tr.MELD_COUNT):
        cards = tr.meld_indices(identifier)
        assert tr.meld_id(cards) == identifier
        assert read_meld([tr.our_card(i) for i in cards], GIN_RULES) is not None
        seen.add(tuple(cards))
    assert len(seen) == 185


def test_long_runs_are_laid_in_pieces_of_three_to_five():
    for length in range(3, 11):
        run = meld(" ".join(f"{r}D" for r in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10][:length]))
        pieces = tr.meld_pieces(run)
        assert sorted(c for p in pieces for c in p) == sorted(run.cards)
        assert all(3 <= len(p) <= 5 for p in pieces)
        assert len(pieces) == -(-length // 5)
    assert [len(p) for p in tr.meld_pieces(meld("3H 4H 5H 6H 7H 8H 9H"))] == [4, 3]


def test_our_codes_become_openspiel_actions():
    hand = parse_faces("AS 2S 3S 7H 7D 7C 9C 9H 9S KD QC")
    assert tr.openspiel_actions("take:upcard", "FIRST_UPCARD", hand) == [tr.DRAW_UPCARD]
    assert tr.openspiel_actions("pass", "FIRST_UPCARD", hand) == [tr.PASS]
    assert tr.openspiel_actions("take:discard", "DRAW", hand) == [tr.DRAW_UPCARD]
    assert tr.openspiel_actions("draw:stock", "DRAW", hand) == [tr.DRAW_STOCK]
    assert tr.openspiel_actions("take:discard", "WALL", hand) == [tr.KNOCK]  # the wall's knock takes it
    assert tr.openspiel_actions("void", "WALL", hand) == [tr.PASS]
    assert tr.openspiel_actions("discard:KD", "DISCARD", hand) == os_cards("Kd")
    knock = tr.openspiel_actions("knock:KD", "DISCARD", hand)
    assert knock[:2] == [tr.KNOCK] + os_cards("Kd") and knock[-1] == tr.PASS
    laid = sorted(knock[2:-1])
    assert laid == sorted(tr.MELD_BASE + tr.meld_id(os_cards(m)) for m in ("As 2s 3s", "7c 7d 7h", "9s 9c 9h"))
    after_wall = tr.openspiel_actions("knock:KD", "KNOCK", hand)
    assert after_wall == knock[1:]  # knocked already at the wall


def test_a_knock_naming_its_melds_lays_those():
    hand = parse_faces("7S 8S 9S 9H 9D 9C 2C 3C AH AD KD")
    shown = tr.openspiel_actions("knock:KD/7S-8S-9S+9H-9D-9C", "DISCARD", hand)
    assert sorted(shown[2:-1]) == sorted(tr.MELD_BASE + tr.meld_id(os_cards(m)) for m in ("7s 8s 9s", "9c 9d 9h"))


def test_the_bots_actions_become_our_codes():
    assert tr.opponent_code(tr.DRAW_UPCARD, "FIRST_UPCARD") == "take:upcard"
    assert tr.opponent_code(tr.DRAW_UPCARD, "DRAW") == "take:discard"
    assert tr.opponent_code(tr.DRAW_STOCK, "FIRST_UPCARD") == "draw:stock"
    assert tr.opponent_code(tr.PASS, "FIRST_UPCARD") == "pass"
    assert tr.opponent_code(tr.PASS, "WALL") == "void"
    assert tr.opponent_code(os_cards("Th")[0], "DISCARD") == "discard:10H"
    assert tr.opponent_code(tr.KNOCK, "DISCARD") is None
    with pytest.raises(ValueError):
        tr.opponent_code(tr.MELD_BASE, "KNOCK")


def test_lay_offs_come_nearest_first_and_leave_the_least_deadwood():
    knocker = [tr.our_meld(tr.meld_id(os_cards("4s 5s 6s"))), tr.our_meld(tr.meld_id(os_cards("9s 9c 9h")))]
    defender = parse_faces("2S 3S 9D KH KC QD 5H 5D 6C 7H")
    assert [card_text(c) for c in tr.layoff_order(defender, knocker)] == ["3S", "2S", "9D"]
