"""Variant B, Tízlapos Römi: the worked examples of RULES.md B-10 and the flows around them."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_tui.engine.ai import play_ai_game
from rummy_tui.engine.cards import cards_text, deal_cards, face_of, make_deck, parse_face
from rummy_tui.engine.game import Game, IllegalAction
from tests.support.words import english, message_texts
from variants.ten_card.endings import is_piccolo, knock_card
from variants.ten_card.rules import VARIANT, best_ending, penalty_value, piccolo_total, qualifying_endings

MELDED_NINE = "4H 5H 6H QS QC QD 7C 8C 9C"


def cards(text: str) -> list[int]:
    return deal_cards(text)


def position(
    players: int,
    hands: dict[int, str],
    *,
    phase: str,
    to_move: int,
    dealer: int | None = None,
    discard: str = "",
    totals: list[int] | None = None,
    settings: dict | None = None,
    active: list[bool] | None = None,
    stock_size: int | None = None,
) -> Game:
    """A game of ``players`` with the given hands (other seats empty), the rest in the stock."""
    game = Game("ten-card", players, settings or {}, seed=11)
    state = game.state
    used: list[int] = []
    state.hands = [[] for _ in range(players)]
    for seat, text in hands.items():
        state.hands[seat] = deal_cards(text, taken=used)
        used += state.hands[seat]
    state.discard = deal_cards(discard, taken=used) if discard else []
    used += state.discard
    state.stock = [c for c in make_deck(2, 4) if c not in set(used)]
    if stock_size is not None:
        spare = state.stock[: len(state.stock) - stock_size]
        state.stock = state.stock[len(state.stock) - stock_size :]
        state.discard = spare + state.discard
    state.phase, state.to_move = phase, to_move
    state.dealer = dealer if dealer is not None else (to_move - 1) % players
    state.totals = list(totals) if totals else [0] * players
    state.extra["active"] = list(active) if active else [True] * players
    state.extra.update(first_turn=False, taken=None, must_flush=False)
    return game


def assert_conserved(game: Game) -> None:
    s = game.state
    everything = s.stock + s.discard + [c for hand in s.hands for c in hand]
    assert Counter(everything) == Counter(make_deck(2, 4))


def discard_and_declare(game: Game, card: str, ending: str) -> None:
    game.apply(f"discard:{card}")
    assert f"declare:{ending}" in game.legal_actions()
    game.apply(f"declare:{ending}")


# --- the worked examples (RULES.md B-10) ------------------------------------------------------


def test_B_ex1_knock_three_players():
    game = position(
        3,
        {
            0: "4H 5H 6H QS QC QD JK 9C 10C 3D KD",
            1: "5S 6S 7S 8S 9D 9H 9S KS AH 4C",
            2: "10H JH QH KH 7C 7D 7S 7H 5D 6C",
        },
        phase="discard",
        to_move=0,
    )
    discard_and_declare(game, "KD", "knock")
    assert game.state.phase == "showdown" and game.current_seat == 1
    game.apply("laydown")
    game.apply("laydown")
    last = game.state.last_hand
    assert last["points"] == [3, 24, 11]
    assert game.state.totals == [3, 24, 11]
    assert last["money"] == [2, -1, -1]
    assert game.state.extra["money"] == [2, -1, -1]
    assert last["deadwood"][0] == cards("3D")
    assert sorted(map(face_of, last["deadwood"][1])) == sorted(map(face_of, cards("KS AH 4C")))
    assert "knocks with [3D]: +3" in message_texts(last["lines"])[0]
    assert_conserved(game)


def test_B_ex2_knock_legality():
    assert knock_card(cards(MELDED_NINE + " 4S")) is None
    assert best_ending(cards(MELDED_NINE + " 4S")) is None
    assert face_of(knock_card(cards(MELDED_NINE + " 2H"))) == parse_face("2H")
    assert face_of(knock_card(cards(MELDED_NINE + " 3C"))) == parse_face("3C")
    romi = cards(MELDED_NINE + " 10C")
    assert knock_card(romi) is None
    assert best_ending(romi) == "romi"


def test_B_ex2_declaring_knock_with_a_romi_hand_is_refused():
    game = position(2, {0: MELDED_NINE + " 10C KD", 1: "2S 5S 9D 9H JS KS AH 4C 6D 8D"}, phase="discard", to_move=0)
    game.apply("discard:KD")
    assert game.legal_actions() == ["declare:romi", "declare:none"]
    reason = game.why_not("declare:knock")
    assert "natural 2 or 3" in reason and "römi" in reason


def test_B_ex3_romi_four_players():
    game = position(
        4,
        {
            0: MELDED_NINE + " 10C KD",
            1: "2S 5S 9D 9H JS KS AH 4C 6D 8D",
            2: "2D 5D 9S JH JD KH AD 4S 6H 8H",
            3: "3S 5C 10S 10D JC KC AC 4D 6S 8S",
        },
        phase="discard",
        to_move=0,
        totals=[35, 0, 0, 0],
    )
    discard_and_declare(game, "KD", "romi")
    for _ in range(3):
        game.apply("laydown")
    assert game.state.totals[0] == 25
    assert game.state.last_hand["points"][0] == -10
    assert game.state.extra["money"] == [6, -2, -2, -2]


def test_B_ex4_piccolo():
    hand = cards("AS AH 2C 2D 3S 3H 4D 4C JK 5S")
    assert piccolo_total(hand) == 25
    assert is_piccolo(hand)
    assert best_ending(hand) == "piccolo"
    over = cards("AS AH 2C 2D 3S 3H 4D 4C JK 6S")
    assert piccolo_total(over) == 26 and not is_piccolo(over)
    assert best_ending(over) != "piccolo"
    assert sum(penalty_value(c) for c in hand) != 25  # ace 10 and joker 20 would be wrong here


def test_B_ex4_piccolo_scores_minus_25_and_two_units():
    game = position(
        2,
        {0: "AS AH 2C 2D 3S 3H 4D 4C JK 5S KD", 1: "2S 5H 9D 9H JS KS AD 4S 6D 8D"},
        phase="discard",
        to_move=0,
        totals=[60, 10],
    )
    discard_and_declare(game, "KD", "piccolo")
    game.apply("laydown")
    assert game.state.totals[0] == 35
    assert game.state.extra["money"] == [2, -2]


def test_B_ex5_flushes():
    royal = cards("5H 6H 7H JK 9H 10H JH QH KH AH")
    assert best_ending(royal) == "royal-flush"
    colour = cards("2C 4C 5C 7C 8C 9C JC QC KC AC")
    assert qualifying_endings(colour) == ["colour-flush"]  # not royal (gap), not römi
    figure = cards("JS JD QH QC KS KD AH AC AS JK")
    assert best_ending(figure) == "figure-flush"


def test_B_ex5_royal_flush_scores_minus_50():
    game = position(
        2,
        {0: "5H 6H 7H JK 9H 10H JH QH KH AH 2S", 1: "2D 5S 9D 9C JS KS AD 4S 6D 8D"},
        phase="discard",
        to_move=0,
        totals=[70, 10],
    )
    game.apply("discard:2S")
    assert game.legal_actions() == ["declare:royal-flush", "declare:none"]
    assert "royal flush, which is worth more" in game.why_not("declare:colour-flush")
    game.apply("declare:royal-flush")
    game.apply("laydown")
    assert game.state.totals[0] == 20
    assert game.state.last_hand["points"][0] == -50


def first_turn_game(first_player_hand: str) -> Game:
    """The dealer (seat 0) is about to start the discard pile with 4H; seat 1 moves next."""
    game = position(
        2, {0: "4H 5S 9D 9C JS KS AD 4S 6D 8D 2D", 1: first_player_hand}, phase="dealer_discard", to_move=0, dealer=0
    )
    game.apply("discard:4H")
    assert game.state.phase == "draw" and game.current_seat == 1
    return game


def test_B_ex6_first_turn_take_only_for_a_flush():
    game = first_turn_game("2H 5H 6H 9H 10H JH QH KH AH 8S")
    assert "take:discard" in game.legal_actions()
    game.apply("take:discard")
    assert game.legal_actions() == ["discard:8S"]
    assert "flush" in game.why_not("discard:KH")
    game.apply("discard:8S")
    assert game.legal_actions() == ["declare:colour-flush"]
    assert "must declare" in game.why_not("declare:none")
    game.apply("declare:colour-flush")
    game.apply("laydown")
    assert game.state.last_hand["ending"] == "colour-flush"


def test_B_ex6_first_turn_take_refused_without_a_flush():
    game = first_turn_game("2H 5H 6H 9H 10H JH QH KS AC 8S")
    assert game.legal_actions() == ["draw:stock"]
    reason = game.why_not("take:discard")
    assert "first turn" in reason and "flush" in reason and "[4H]" in reason
    with pytest.raises(IllegalAction):
        game.apply("take:discard")
    game.apply("draw:stock")
    game.apply(f"discard:{cards_text(game.state.hands[1][:1])}")
    if game.state.phase == "declare":
        game.apply("declare:none")
    assert game.legal_actions() == ["draw:stock", "take:discard"]  # the restriction was the first turn only


B_EX7_TOTALS = [50, 98, 92, 61]


def play_b_ex7_hand() -> Game:
    """RULES.md B-ex7: seat 0 declares römi, the others lay down, and seat 2 goes past the 100 limit."""
    game = position(
        4,
        {
            0: MELDED_NINE + " 10C KD",  # römi: 50 - 10 = 40
            1: "4S 5S 6S 9D 9H 9S JD JH JS 2C",  # unmatched 2: 98 -> 100, still in
            2: "3C 4C 5C 6C 8D 8H 8S 8C KD 2H",  # unmatched 12: 92 -> 104, out
            3: "2D 3D 4D 5C 5D 5H 7D 8D 9D 10D",  # all melded: stays 61
        },
        phase="discard",
        to_move=0,
        totals=list(B_EX7_TOTALS),
    )
    discard_and_declare(game, "KD", "romi")
    for _ in range(3):
        game.apply("laydown")
    return game


def test_B_ex7_threshold_and_reentry_four_players():
    game = play_b_ex7_hand()
    points = game.state.last_hand["points"]
    assert points[1] == 2 and game.state.totals[1] == 100
    assert points[2] == 12 and game.state.totals[2] == 104
    assert game.state.extra["active"] == [True, True, False, True]
    assert game.state.phase == "reentry" and game.current_seat == 2
    highest_active = max(game.state.totals[s] for s in (0, 1, 3))
    assert highest_active == 100
    game.apply("reenter")
    assert game.state.totals[2] == 100
    assert game.state.extra["kassza"] == 3
    assert game.state.extra["money"][2] == -2 - 3
    assert game.state.extra["active"] == [True] * 4
    assert game.state.phase == "exchange"  # the next hand is dealt at once
    assert_conserved(game)


def test_the_reentry_offer_shows_its_price_and_restart_total_before_the_choice():
    game = position(
        4,
        {
            0: MELDED_NINE + " 10C KD",
            1: "4S 5S 6S 9D 9H 9S JD JH JS 2C",
            2: "3C 4C 5C 6C 8D 8H 8S 8C KD 2H",
            3: "2D 3D 4D 5C 5D 5H 7D 8D 9D 10D",
        },
        phase="discard",
        to_move=0,
        totals=[50, 98, 92, 61],
        settings={"reentry_cost": 4, "unit": 2},
    )
    discard_and_declare(game, "KD", "romi")
    for _ in range(3):
        game.apply("laydown")
    offer = game.observation(2)["extra"]["reentry"]
    assert offer == {"waiting": [2], "cost": 8, "restart": 100}
    game.apply("reenter")
    assert game.state.totals[2] == 100 and game.state.extra["kassza"] == 8


def test_B_ex8_last_one_standing_takes_the_prize_and_kassza():
    game = position(
        3,
        {0: MELDED_NINE + " 2H KD", 1: "2S 5S 9D 9H JS KS AD 4S 6D 8D"},
        phase="discard",
        to_move=0,
        totals=[30, 95, 104],
        active=[True, True, False],
    )
    game.state.extra["kassza"] = 3
    game.state.extra["money"] = [0, -3, 0]  # P2 re-entered earlier
    discard_and_declare(game, "KD", "knock")
    assert game.legal_actions() == ["laydown", "throwin"]
    game.apply("laydown")
    assert game.is_over
    result = game.state.result
    assert result["winners"] == [0]
    assert result["final"] == [1 + 20 + 3, -3 - 1 - 10, -10]
    assert game.state.extra["kassza"] == 0
    assert any("last one standing" in line for line in message_texts(result["lines"]))


def test_B_ex8_simultaneous_elimination_lowest_total_wins():
    game = position(
        2, {0: MELDED_NINE + " 2H KD", 1: "2S 5S 9D 9H JS KS AD 4S 6D 8D"}, phase="discard", to_move=0, totals=[99, 95]
    )
    discard_and_declare(game, "KD", "knock")
    game.apply("laydown")
    assert game.state.totals[0] == 101
    assert game.state.totals[1] > 100
    assert game.state.result["winners"] == [0]
    assert any("lowest total" in line for line in message_texts(game.state.result["lines"]))


# --- flows ------------------------------------------------------------------------------------


def test_deal_and_exchange_flow():
    game = Game("ten-card", 3, seed=5)
    state = game.state
    dealer = state.dealer
    assert [len(h) for h in state.hands] == [11 if s == dealer else 10 for s in range(3)]
    assert len(state.stock) == 108 - 31
    assert state.phase == "exchange" and game.current_seat == (dealer + 1) % 3

    seat = game.current_seat
    kept = state.hands[seat][:2]
    game.apply("newdeal:" + "-".join(cards_text(kept).split()))
    assert len(state.hands[seat]) == 10
    assert Counter(face_of(c) for c in kept) <= Counter(face_of(c) for c in state.hands[seat])
    assert_conserved(game)

    assert game.current_seat == (dealer + 2) % 3
    four = "-".join(cards_text(state.hands[game.current_seat][:4]).split())
    assert "at most 3" in game.why_not(f"newdeal:{four}")
    game.apply("keep")
    assert game.current_seat == dealer
    game.apply("newdeal:")
    assert len(state.hands[dealer]) == 11
    assert state.phase == "dealer_discard" and game.current_seat == dealer
    assert "newdeal" not in " ".join(game.legal_actions())
    assert_conserved(game)


def test_newdeal_refuses_cards_not_held():
    game = Game("ten-card", 2, seed=3)
    seat = game.current_seat
    held = {face_of(c) for c in game.state.hands[seat]}
    missing = next(f for f in range(52) if f not in held)
    assert "do not hold" in game.why_not(f"newdeal:{cards_text([missing])}")


def test_exchange_setting_off_goes_straight_to_the_dealer_discard():
    game = Game("ten-card", 4, {"exchange": False}, seed=2)
    assert game.state.phase == "dealer_discard"
    assert game.current_seat == game.state.dealer
    assert all(a.startswith("discard:") for a in game.legal_actions())


def test_dealer_may_declare_after_his_first_discard():
    game = position(
        2, {0: MELDED_NINE + " 10C KD", 1: "2S 5S 9D 9H JS KS AD 4S 6D 8D"}, phase="dealer_discard", to_move=0, dealer=0
    )
    game.apply("discard:KD")
    assert game.legal_actions() == ["declare:romi", "declare:none"]
    game.apply("declare:none")
    assert game.state.phase == "draw" and game.current_seat == 1
    assert game.state.extra["first_turn"]  # the dealer's discard is still protected
    assert "take:discard" not in game.legal_actions()


def test_same_card_rule():
    game = position(
        2,
        {0: "2S 5S 9D 9H JS KS AD 4S 6D 8D", 1: "2D 5D 9S JH JD KH AS 4C 6H 8H"},
        phase="draw",
        to_move=0,
        discard="7C",
    )
    game.apply("take:discard")
    assert "discard:7C" not in game.legal_actions()
    assert game.why_not("discard:7C") == "You took [7C] from the discard pile this turn: you may not discard it."


def test_no_ending_means_no_declare_phase():
    game = position(
        2, {0: "2S 5S 9D 9H JS KS AD 4S 6D 8D 10C", 1: "2D 5D 9S JH JD KH AS 4C 6H 8H"}, phase="discard", to_move=0
    )
    game.apply("discard:10C")
    assert game.state.phase == "draw" and game.current_seat == 1
    assert "not possible now" in game.why_not("declare:knock")


def test_showdown_throw_in_still_pays_then_declines_reentry():
    game = position(
        3,
        {
            0: MELDED_NINE + " 3D KD",
            1: "2S 5S 9D 9H JS KS AD 4S 6D 8D",
            2: "10H JH QH KH 7C 7D 7S 7H 5D 6C",
        },
        phase="discard",
        to_move=0,
        totals=[10, 20, 30],
    )
    discard_and_declare(game, "KD", "knock")
    game.apply("throwin")
    game.apply("laydown")
    last = game.state.last_hand
    assert last["points"] == [3, 0, 11]
    assert last["threw_in"] == [1]
    assert game.state.extra["money"] == [2, -1, -1]
    assert game.state.extra["active"] == [True, False, True]
    assert game.state.phase == "reentry" and game.current_seat == 1
    dealer = game.state.dealer
    game.apply("decline")
    assert game.state.extra["active"] == [True, False, True]
    assert game.state.hands[1] == []
    assert game.state.dealer == next(s for s in ((dealer + k) % 3 for k in (1, 2, 3)) if s != 1)
    assert_conserved(game)


def test_no_reentry_when_fewer_than_two_remain():
    game = position(
        3,
        {0: MELDED_NINE + " 2H KD", 1: "2S 5S 9D 9H JS KS AD 4S 6D 8D", 2: "10H JH QH KH 7C 7D 7S 7H 5D 6C"},
        phase="discard",
        to_move=0,
        totals=[10, 90, 95],
    )
    discard_and_declare(game, "KD", "knock")
    game.apply("laydown")
    game.apply("laydown")
    assert game.is_over and game.state.result["winners"] == [0]


def test_kis_buli_ends_the_buli_when_on():
    hands = {0: MELDED_NINE + " 2H KD", 1: "4S 5S 6S 9D 9H 9S JD JH JS 2C", 2: "10H JH QH KH 7C 7D 7S 7H 5D 6C"}
    game = position(3, hands, phase="discard", to_move=0, totals=[30, 55, 60], settings={"kis_buli": True})
    discard_and_declare(game, "KD", "knock")
    game.apply("laydown")
    game.apply("laydown")
    assert game.state.totals == [32, 57, 71]
    assert game.is_over and game.state.result["winners"] == [0]
    assert any("kis buli" in line for line in message_texts(game.state.result["lines"]))
    assert game.state.result["final"] == [2, -1, -1]  # B-8: the kassza only, no 10u prize
    assert not any("collects" in line for line in message_texts(game.state.result["lines"]))

    plain = position(3, hands, phase="discard", to_move=0, totals=[30, 55, 60])
    discard_and_declare(plain, "KD", "knock")
    plain.apply("laydown")
    plain.apply("laydown")
    assert not plain.is_over


def test_atkopogas_knocks_with_any_hand_when_on():
    hands = {0: MELDED_NINE + " 4S KD", 1: "2S 5S 9D 9H JS KS AD 3S 6D 8D"}
    game = position(2, hands, phase="discard", to_move=0, totals=[92, 91], settings={"atkopogas": True})
    game.apply("discard:KD")
    assert game.legal_actions() == ["declare:atkopogas", "declare:none"]
    game.apply("declare:atkopogas")
    game.apply("laydown")
    assert game.state.last_hand["points"][0] == 4  # the full deadwood, not 2 or 3
    assert game.state.totals[0] == 96
    assert game.state.totals[1] > 100
    assert game.state.result["winners"] == [0]
    assert game.state.result["final"] == [1 + 10, -1 - 10]

    off = position(2, hands, phase="discard", to_move=0, totals=[92, 91])
    off.apply("discard:KD")
    assert off.state.phase == "draw"

    low = position(2, hands, phase="discard", to_move=0, totals=[50, 91], settings={"atkopogas": True})
    low.apply("discard:KD")
    assert low.state.phase == "draw"


def test_atkopogas_refusal_reasons():
    hands = {0: MELDED_NINE + " 4S 2D", 1: "2S 5S 9D 9H JS KS AD 3S 6D 8D"}
    game = position(2, hands, phase="discard", to_move=0, totals=[92, 91], settings={"atkopogas": True})
    game.apply("discard:4S")  # a knock with 2D is now possible
    assert game.legal_actions() == ["declare:knock", "declare:none"]
    assert "declare that instead" in game.why_not("declare:atkopogas")


def test_layoffs_setting_lowers_the_laydown():
    hands = {0: "4H 5H 6H QS QC QD 7C 8C 9C 3D KD", 1: "10C 3H 9D 9H 9S 2S 2C 2D JS 5D"}
    plain = position(2, hands, phase="discard", to_move=0)
    discard_and_declare(plain, "KD", "knock")
    plain.apply("laydown")
    with_layoffs = position(2, hands, phase="discard", to_move=0, settings={"layoffs": True})
    discard_and_declare(with_layoffs, "KD", "knock")
    with_layoffs.apply("laydown")
    assert plain.state.last_hand["points"][1] == 10 + 3 + 10 + 5
    assert with_layoffs.state.last_hand["points"][1] == 10 + 5
    assert sorted(map(face_of, with_layoffs.state.last_hand["layoffs"][1])) == sorted(map(face_of, cards("10C 3H")))


def test_empty_stock_is_rebuilt_from_the_discards():
    game = position(
        2,
        {0: "2S 5S 9D 9H JS KS AD 4S 6D 8D 10C", 1: "2D 5D 9S JH JD KH AS 4C 6H 8H"},
        phase="discard",
        to_move=0,
        stock_size=0,
    )
    pile = len(game.state.discard)
    game.apply("discard:10C")
    assert game.state.reshuffles == 1
    assert len(game.state.stock) == pile and list(game.state.discard) == cards("10C")
    assert_conserved(game)


def test_endless_hand_guard_voids_the_hand():
    game = position(
        2,
        {0: "2S 5S 9D 9H JS KS AD 4S 6D 8D 10C", 1: "2D 5D 9S JH JD KH AS 4C 6H 8H"},
        phase="discard",
        to_move=0,
        dealer=1,
        stock_size=0,
    )
    game.state.reshuffles = 3
    hand_no = game.state.hand_no
    game.apply("discard:10C")
    assert game.state.last_hand["void"] is True
    assert game.state.hand_no == hand_no + 1
    assert game.state.dealer == 1
    assert english(game.state.sheet[-1]["note"]) == "void"
    assert_conserved(game)


def test_variant_parameters():
    assert VARIANT.deck({}) == (2, 4)
    assert (VARIANT.min_players, VARIANT.max_players) == (2, 6)
    assert penalty_value(parse_face("AS")) == 10 and penalty_value(parse_face("7D")) == 7
    assert VARIANT.card_value(cards("JK")[0], {"joker_penalty": 20}) == 20
    for players, stock in ((2, 87), (6, 47)):
        game = Game("ten-card", players, {"exchange": False}, seed=1)
        assert len(game.state.stock) == stock


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ai_games_finish(players):
    levels = (["easy", "normal"] * 3)[:players]
    game = play_ai_game("ten-card", players, levels, seed=players, max_actions=20_000)
    assert game.is_over
    result = game.state.result
    assert len(result["winners"]) == 1
    assert sum(result["final"]) + game.state.extra["kassza"] == 0  # money only changes hands
    assert_conserved(game)
    assert Game.replay(game.record).state.result == result


def test_log_hides_stock_draws_and_tells_the_showdown():
    game = position(
        3,
        {
            0: "4H 5H 6H QS QC QD JK 9C 10C 3D",
            1: "5S 6S 7S 8S 9D 9H 9S KS AH 4C",
            2: "10H JH QH KH 7C 7D 7S 7H 5D 6C",
        },
        phase="draw",
        to_move=0,
    )
    drawn = game.state.stock[-1]
    game.apply("draw:stock")
    assert english(game.state.events[-1]) == "drew from the stock"
    game.apply(f"discard:{cards_text([drawn])}")
    if game.state.phase == "declare" and "declare:knock" not in game.legal_actions():
        pytest.fail("the drawn card changed the knock; pick another seed")
    game.apply("declare:knock")
    assert english(game.state.events[-1]) == "knocked with [3D]"
    game.apply("throwin")
    game.apply("laydown")
    texts = [english(e) for e in game.state.events[-3:]]
    assert texts == ["knocked with [3D]", "threw in and is out of the buli", "laid down: [5D] [6C] unmatched, +11"]
    game.apply("decline")
    assert english(game.state.events[-1]) == "dealt hand 2: 10 cards each, 11 to the dealer"


def test_nobody_left_tie_break():
    from variants.ten_card.scoring import _lowest_total

    assert _lowest_total([101, 101, 130], [0, 1, 2], finisher=0) == 0  # the finisher is among the tied
    assert _lowest_total([120, 105, 105], [0, 1, 2], finisher=0) == 1  # first tied seat after him
    assert _lowest_total([105, 120, 105], [0, 1, 2], finisher=1) == 2
    assert _lowest_total([105, 120, 130], [0, 1, 2], finisher=1) == 0


def test_a_thrown_in_player_cannot_win_when_nobody_is_left():
    game = position(
        2, {0: MELDED_NINE + " 2H KD", 1: "2S 5S 9D 9H JS KS AD 4S 6D 8D"}, phase="discard", to_move=0, totals=[99, 50]
    )
    discard_and_declare(game, "KD", "knock")
    game.apply("throwin")
    assert game.state.totals == [101, 50]
    assert game.state.result["winners"] == [0]
