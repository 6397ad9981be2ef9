"""Worked examples for the RULES.md corrections of issue 9 (0.2, B-8, D-8 and the rules texts;
C-6 (iii) is in tests/variants/hungarian/test_romi_exact.py)."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import deal_cards, make_deck
from tests.support.words import english, message_texts
from variants import get_variant


def traditional_with_one_stock_card(hands: list[str], last: str) -> Game:
    """Traditional Rummy with one card left in the stock and no stock rebuild allowed any more."""
    used: list[int] = []
    cards = []
    for hand in hands:
        cards.append(deal_cards(hand, used))
        used += cards[-1]
    stock = deal_cards(last, used)
    used += stock
    top = deal_cards("2C", used)
    used += top
    pile = [c for c in make_deck(2) if c not in set(used)] + top
    return Game.from_position(
        "traditional",
        len(hands),
        hands=cards,
        stock=stock,
        discard=pile,
        settings={"max_reshuffles": 0},
        extra={"tabled": [True] * len(hands)},
    )


def test_endless_hand_guard_lets_the_last_card_win():
    """0.2: the player who draws the last stock card plays his turn in full: here he goes out."""
    game = traditional_with_one_stock_card(["4D 5D 6D 9C", "KS KH QS"], "7D")
    game.apply("draw:stock")
    assert game.state.stock == [] and game.state.phase == "play"
    game.apply("meld:4D-5D-6D-7D")
    game.apply("discard:9C")
    assert game.state.last_hand["winner"] == 0 and not game.state.last_hand["void"]
    assert english(game.state.sheet[-1]["note"]) == "Player 1 went out"


def test_endless_hand_guard_voids_when_the_next_player_must_draw_from_the_empty_stock():
    game = traditional_with_one_stock_card(["4D 5D 9C", "KS KH QS"], "7H")
    game.apply("draw:stock")
    game.apply("discard:9C")
    assert game.state.to_move == 1 and game.state.last_hand is None
    game.apply("draw:stock")
    assert game.state.last_hand["void"] and english(game.state.sheet[-1]["note"]) == "void"


def test_no_play_direction_setting():
    """0.2: the seat order is the direction of play; a setting nothing reads must not exist."""
    for key in ("hungarian", "traditional", "basic", "gin", "ten-card"):
        assert "direction" not in get_variant(key).settings


def test_kis_buli_takes_the_kassza_only():
    """B-8: the kis buli winner takes the kassza (here 3u), and nobody pays him the 10u prize."""
    melded_nine = "4H 5H 6H QS QC QD JK 9C 10C"
    game = Game.from_position(
        "ten-card",
        3,
        hands=[melded_nine + " 2H KD", "4S 5S 6S 9D 9H 9S JD JH JS 2C", "10H JH QH KH 7C 7D 7S 7H 5D 6C"],
        phase="discard",
        to_move=0,
        dealer=2,
        settings={"kis_buli": True},
        extra={"kassza": 3, "first_turn": False},
        totals=[30, 55, 60],
    )
    game.apply("discard:KD")
    game.apply("declare:knock")
    game.apply("laydown")
    game.apply("laydown")
    assert game.state.totals == [32, 57, 71]
    assert game.is_over and game.state.result["winners"] == [0]
    assert game.state.result["final"] == [2 + 3, -1, -1]
    assert "Player 1 takes the kassza: +3u" in message_texts(game.state.result["lines"])


def test_rules_texts():
    assert "50 or less" in get_variant("ten-card").rules_summary
    romi = " ".join(get_variant("hungarian").rules_summary.split())
    assert "may lay down (open, or go out by handolás) before his first discard" in romi
    assert "two natural cards from your hand, when you hold a second copy" in romi
    assert "extends the run past it" in romi
    traditional = " ".join(get_variant("traditional").rules_summary.split())
    assert "shared among the losers under 80" in traditional


def test_every_variant_says_how_the_hand_ended_in_one_shape():
    """state.last_hand: ``ending`` (knock, gin, undercut, out, rummy, handolas, romi, void...),
    ``finisher`` (the seat that ended it, None for a void hand), ``winner`` and ``points``."""
    endings = {
        "gin": {"knock", "gin", "undercut", "void"},
        "basic": {"out", "rummy", "void"},
        "traditional": {"out", "rummy", "void"},
        "hungarian": {"out", "handolas", "void"},
        "ten-card": {"knock", "romi", "colour-flush", "figure-flush", "piccolo", "royal-flush", "atkopogas", "void"},
    }
    for key, allowed in endings.items():
        game = Game(key, 2, seed=5)
        seen = 0
        while not game.is_over and seen < 2:
            before = game.state.last_hand
            game.apply(choose_action(game, game.current_seat, "normal"))
            last = game.state.last_hand
            if last is not None and last is not before:
                seen += 1
                assert last["ending"] in allowed, (key, last["ending"])
                assert {"finisher", "winner", "points", "void"} <= set(last), key
                assert (last["finisher"] is None) == (last["ending"] == "void") == last["void"], key
        assert seen, key


# --- engine API: one spelling of a code, positions set up from outside -----------------------


def test_codes_compare_in_canonical_form():
    from rummy_tui.engine.variant import canonical_action

    assert canonical_action("knock:td") == canonical_action("KNOCK:10♦") == "knock:10D"
    assert canonical_action("Take:Discard") == "take:discard"
    assert canonical_action("meld:7s-8s-jk=9s+qh-qd-qc") == "meld:7S-8S-JK=9S+QH-QD-QC"
    assert canonical_action("declare:royal-flush") == "declare:royal-flush"
    game = Game.from_position("traditional", 2, hands=["10D JD QD 5C", "KS KH QS"], discard="2C", phase="play")
    assert "meld:10D-JD-QD" in game.legal_actions()
    assert game.offers("meld:TD-JD-QD") and game.offers("meld:10♦-J♦-Q♦") and not game.offers("meld:JD-QD-KD")
    game.apply("meld:td-jd-qd")
    assert game.record["actions"][-1] == "meld:10D-JD-QD"


def test_from_position_checks_the_cards_and_the_phase():
    import pytest

    from rummy_tui.engine.position import PositionError

    with pytest.raises(PositionError, match="no phase 'showdown'"):
        Game.from_position("traditional", 2, hands=["2C", "3C"], phase="showdown")
    with pytest.raises(PositionError, match="no more 2C"):
        Game.from_position("basic", 2, hands=["2C", "2C"])
    with pytest.raises(PositionError, match="placed nowhere"):
        Game.from_position("basic", 2, hands=["2C", "3C"], stock="4C")
    with pytest.raises(PositionError, match="not a meld"):
        Game.from_position("basic", 2, hands=["2C", "3C"], table=["4C 5C 7C"])
    with pytest.raises(PositionError, match="keeps no 'openned'"):
        Game.from_position("hungarian", 2, hands=["2C", "3C"], extra={"openned": [True, True]})
    game = Game.from_position(
        "hungarian", 2, hands=["9H 9H JK", "3C"], table=[(1, "6H 7H JK=8H")], discard="2S", to_move=1
    )
    s = game.state
    cards = [c for h in s.hands for c in h] + s.stock + s.discard + [c for e in s.table for c in e["meld"]["cards"]]
    assert sorted(cards) == make_deck(2, 2)
    assert s.to_move == 1 and s.phase == "draw" and len(set(s.hands[0])) == 3


def romi_with_one_stock_card(second_hand: str) -> Game:
    used: list[int] = []
    hands = []
    for hand in ("9H 2S 5D KC", second_hand):
        hands.append(deal_cards(hand, used))
        used += hands[-1]
    stock = deal_cards("2C", used)
    pile = [c for c in make_deck(2, 2) if c not in set(used + stock)]
    return Game.from_position(
        "hungarian",
        2,
        hands=hands,
        stock=stock,
        discard=pile,
        settings={"max_reshuffles": 0},
        extra={"opened": [True, True]},
    )


def test_romi_empty_stock_still_lets_the_next_player_take_the_discard():
    """0.2 in Römi: with no stock and no rebuild left, the next player who can use the discard
    plays on; the hand is void only when he would have to draw from the empty stock."""
    game = romi_with_one_stock_card("2H 2D KS QS")
    game.apply("draw:stock")
    game.apply("discard:2S")
    assert game.state.last_hand is None and game.legal_actions() == ["take:discard"]
    game.apply("take:discard")
    game.apply("meld:2S-2H-2D")
    game.apply("discard:KS")
    assert game.state.last_hand["void"]  # now nobody can take KS: the next one must draw

    stuck = romi_with_one_stock_card("KH QH 4C 3D")
    stuck.apply("draw:stock")
    stuck.apply("discard:2S")
    assert stuck.state.last_hand["void"] and english(stuck.state.sheet[-1]["note"]) == "void"
