"""Gin Römi (RULES.md section A): the worked examples A-ex1..A-ex8 and the flow of a hand."""

from __future__ import annotations

import random

import pytest

from rummy_tui.engine.cards import card_text, deal_cards, parse_face
from rummy_tui.engine.game import Game, IllegalAction
from tests.support.words import english, message_texts
from variants.gin.rules import VARIANT, deadwood_of, dealer_by_cut, knock_limit_for, match_settlement


def faces(text: str) -> set[int]:
    return set(deal_cards(text))


def crafted(
    hands: tuple[str, str],
    upcard: str,
    *,
    to_move: int = 0,
    dealer: int = 1,
    phase: str = "discard",
    stock: int = 20,
    settings: dict | None = None,
    seats: list[dict] | None = None,
) -> Game:
    """A game whose position is written straight into the state, keeping all 52 cards.

    The upcard lies at the bottom of the discard pile unless a hand holds it; ``stock`` cards
    stay in the stock and the rest go under the upcard in the discard pile.
    """
    game = Game("gin", 2, settings, seed=11, seats=seats)
    state = game.state
    dealt = [deal_cards(hands[0]), deal_cards(hands[1], taken=deal_cards(hands[0]))]
    held = set(dealt[0]) | set(dealt[1])
    up = parse_face(upcard)
    rest = [c for c in range(52) if c not in held and c != up]
    state.stock = rest[:stock]
    state.discard = rest[stock:] + ([] if up in held else [up])
    state.hands = dealt
    state.dealer, state.to_move, state.phase = dealer, to_move, phase
    state.extra.update(
        {
            "upcard": up,
            "knock_limit": knock_limit_for(up),
            "doubled": bool(state.settings["spade_doubling"] and up < 13),
            "passed": [],
            "stock_only": False,
            "taken": None,
            "last_chance": False,
            "picked": [[], []],
        }
    )
    assert sorted(state.stock + state.discard + dealt[0] + dealt[1]) == list(range(52))
    return game


# --- A-12 worked examples ---------------------------------------------------------------------


def test_A_ex1_knock_win():
    game = crafted(("3C 4C 5C 8H 8S 8D 10S JS QS 5H 2H", "2S 2D 2C 7H 7S 7C 6C KS 9D 3H"), "7D")
    game.apply("knock:2H")
    last = game.state.last_hand
    assert last["ending"] == "knock" and last["winner"] == 0
    assert set(last["layoffs"][1]) == faces("6C KS")
    assert set(last["deadwood"][1]) == faces("9D 3H")
    assert set(last["deadwood"][0]) == faces("5H")
    assert message_texts(last["lines"]) == ["knock: 12 - 5 = 7"]
    assert last["points"] == [7, 0]
    assert game.state.totals == [7, 0]
    assert game.state.extra["boxes"] == [1, 0]
    assert game.state.dealer == 1  # the defender lost, so he deals next
    assert game.state.phase == "upcard" and game.state.to_move == 0


def test_A_ex2_undercut():
    game = crafted(("2S 3S 4S 5S JC JD JS JH AC 7D KD", "3H 3D 3C 8C 8D 8H 6S 7S 4D 2D"), "9H")
    game.apply("knock:KD")
    last = game.state.last_hand
    assert last["ending"] == "undercut" and last["winner"] == 1
    assert set(last["layoffs"][1]) == faces("6S 7S")  # a chain: 6S, then 7S on 2-5S
    assert message_texts(last["lines"]) == ["undercut: 8 - 6 + 25 = 27"]
    assert game.state.totals == [0, 27]
    assert game.state.dealer == 0  # the knocker lost


def test_A_ex2_tie_is_an_undercut():
    game = crafted(("2S 3S 4S 5S JC JD JS JH AC 7D KD", "3H 3D 3C 8C 8D 8H 6S 7S 4D 4H"), "9H")
    game.apply("knock:KD")
    assert message_texts(game.state.last_hand["lines"]) == ["undercut: 8 - 8 + 25 = 25"]
    assert game.state.totals == [0, 25]


def test_A_ex3_gin_no_layoff():
    game = crafted(("AH 2H 3H 4H 6C 6D 6S 9S 10S JS KD", "7C 8C 9C 2C 2D 2S 5H 10D 3D 5S"), "4C")
    game.apply("gin:KD")
    last = game.state.last_hand
    assert last["ending"] == "gin" and last["winner"] == 0
    assert last["layoffs"] == [[], []]
    assert set(last["deadwood"][1]) == faces("5H 10D 3D 5S")  # 5H stays, though it fits A-4H
    assert message_texts(last["lines"]) == ["gin: 23 + 25 = 48"]
    assert game.state.totals == [48, 0]


def test_A_ex3_knock_with_no_deadwood_counts_as_gin():
    game = crafted(("AH 2H 3H 4H 6C 6D 6S 9S 10S JS KD", "7C 8C 9C 2C 2D 2S 5H 10D 3D 5S"), "4C")
    game.apply("knock:KD")
    assert game.state.last_hand["ending"] == "gin"
    assert message_texts(game.state.last_hand["lines"]) == ["gin: 23 + 25 = 48"]


@pytest.mark.parametrize("doubling, expected", [(True, 30), (False, 15)])
def test_A_ex4_spade_doubling_knock(doubling, expected):
    game = crafted(
        ("AH 2H 3H 4D 5D 6D 7C 8C 9C 4C QC", "JS JH JD QS QH QD 2S 8S 5H 4S"),
        "6S",
        settings={"spade_doubling": doubling},
    )
    game.apply("knock:QC")
    lines = message_texts(game.state.last_hand["lines"])
    assert lines[0] == "knock: 19 - 4 = 15"
    assert (lines[1:] == ["× 2 (spade upcard) = 30"]) is doubling
    assert game.state.totals == [expected, 0]


@pytest.mark.parametrize("doubling, expected", [(True, 58), (False, 29)])
def test_A_ex4_spade_doubling_undercut(doubling, expected):
    game = crafted(
        ("AH 2H 3H 4D 5D 6D 7C 8C 9C 6H QC", "JS JH JD QS QH QD KS KH KD 2S"),
        "6S",
        settings={"spade_doubling": doubling},
    )
    game.apply("knock:QC")
    assert message_texts(game.state.last_hand["lines"])[0] == "undercut: 6 - 2 + 25 = 29"
    assert game.state.totals == [0, expected]
    assert game.state.extra["boxes"] == [0, 1]  # doubling never changes the box count


@pytest.mark.parametrize("upcard", ["10C", "KC"])
def test_A_ex5_knock_limit_edges(upcard):
    at_limit = crafted(("4D 5D 6D 7C 8C 9C AS 2C 3S 4S KH", "2H 3H 4H 9S 10S JS QD QH 7D 7S"), upcard)
    assert at_limit.state.extra["knock_limit"] == 10
    assert "knock:KH" in at_limit.legal_actions()
    assert at_limit.why_not("knock:KH") is None
    over = crafted(("4D 5D 6D 7C 8C 9C AS 2C 3S 5H KH", "2H 3H 4H 9S 10S JS QD QH 7D 7S"), upcard)
    assert "knock:KH" not in over.legal_actions()
    assert over.why_not("knock:KH") == "The knock limit is 10; your deadwood would be 11."


def test_knock_limit_follows_the_upcard():
    limits = {text: knock_limit_for(parse_face(text)) for text in ("AD", "2S", "7D", "9H", "10C", "JH", "QS", "KC")}
    assert limits == {"AD": 0, "2S": 2, "7D": 7, "9H": 9, "10C": 10, "JH": 10, "QS": 10, "KC": 10}


def test_A_ex5_ace_upcard_only_gin_ends_the_hand():
    game = crafted(("4D 5D 6D 7C 8C 9C 2H 3H 4H AC KH", "9S 10S JS QD QH 7D 7S 2S 3D KD"), "AD")
    assert game.state.extra["knock_limit"] == 0
    assert not [a for a in game.legal_actions() if a.startswith(("knock:", "gin:"))]
    assert game.why_not("knock:KH") == (
        "The upcard was an ace, so nobody may knock this hand: only gin ends it (your deadwood would be 1)."
    )
    assert game.why_not("gin:KH") == "Gin needs all 10 remaining cards in melds; your deadwood would be 1."
    gin_hand = crafted(("4D 5D 6D 7C 8C 9C 2H 3H 4H 5H KH", "9S 10S JS QD QH 7D 7S 2S 3D KD"), "AD")
    assert "gin:KH" in gin_hand.legal_actions()
    gin_hand.apply("gin:KH")
    assert gin_hand.state.last_hand["ending"] == "gin"


def stock_at_two(second_hand: str) -> Game:
    """Seat 0 has just drawn the 50th card (2 left in the stock) and holds 6C to throw."""
    return crafted(("6C 2S 3S 4S 9D 10D JD AH AD AC 5H", second_hand), "5S", stock=2)


def test_A_ex6_stock_at_two_knock_with_the_discard():
    game = stock_at_two("4C 5C 7H 8H 9H JS QS KS 4D QD")
    game.apply("discard:6C")
    assert game.state.phase == "last_chance" and game.state.to_move == 1
    assert game.legal_actions() == ["take:discard", "void"]
    assert "nobody may draw them" in game.why_not("draw:stock")
    game.apply("take:discard")
    game.apply("knock:QD")  # K = 4 with L = 5
    last = game.state.last_hand
    assert last["ending"] == "knock" and not last["void"]
    assert message_texts(last["lines"]) == ["knock: 5 - 4 = 1"]
    assert game.state.totals == [0, 1]


def test_A_ex6_stock_at_two_void_hand():
    game = stock_at_two("4C 7H 8H 9H JS QS KS 4D QD 10H")
    dealer, hand_no = game.state.dealer, game.state.hand_no
    game.apply("discard:6C")
    assert game.legal_actions() == ["void"]
    assert game.why_not("take:discard").startswith("Taking 6C would not let you knock or go gin")
    game.apply("void")
    last = game.state.last_hand
    assert last["void"] and last["winner"] is None and last["points"] == [0, 0]
    assert english(game.state.sheet[-1]["note"]) == "void"
    assert game.state.totals == [0, 0] and game.state.extra["boxes"] == [0, 0]
    assert game.state.dealer == dealer and game.state.hand_no == hand_no + 1
    assert game.state.phase == "upcard"


def test_A_ex6_taking_the_discard_then_discarding_plainly_voids():
    game = stock_at_two("4C 5C 7H 8H 9H JS QS KS 4D QD")
    game.apply("discard:6C")
    game.apply("take:discard")
    assert "discard:4D" in game.legal_actions()
    game.apply("discard:4D")
    assert game.state.last_hand["void"]
    assert game.state.totals == [0, 0]


def test_A_ex7_game_end():
    names = ["X", "Y"]
    settings = VARIANT.resolve_settings({})
    final, lines, margin = match_settlement([152, 60], [5, 3], 0, names, settings)
    lines = message_texts(lines)
    assert final == [427, 135] and margin == 292
    assert lines == ["X: 152 + 150 + 5 × 25 = 427", "Y: 60 + 3 × 25 = 135", "Result: 292 to X"]
    final, lines, margin = match_settlement([155, 0], [6, 0], 0, names, settings)
    lines = message_texts(lines)
    assert final == [605, 0] and margin == 605
    assert lines[0] == "X: 155 + 150 + 150 + 6 × 25 = 605"


def test_A_ex8_dealer():
    jack, ten, eight_s, eight_h = (parse_face(t) for t in ("JS", "10H", "8S", "8H"))
    assert dealer_by_cut([jack, ten]) == 0
    assert dealer_by_cut([ten, jack]) == 1
    assert dealer_by_cut([eight_s, eight_h]) is None
    undercut = crafted(("2S 3S 4S 5S JC JD JS JH AC 7D KD", "3H 3D 3C 8C 8D 8H 6S 7S 4D 2D"), "9H", dealer=1)
    undercut.apply("knock:KD")
    assert undercut.state.dealer == 0  # the knocker was undercut, so he deals next


def test_first_dealer_is_cut_and_equal_ranks_redraw():
    redrawn = None
    for seed in range(300):
        game = Game("gin", 2, seed=seed)
        cuts = game.state.extra["cut"]
        assert all(dealer_by_cut(pair) is None for pair in cuts[:-1])
        assert game.state.dealer == dealer_by_cut(cuts[-1])
        if len(cuts) > 1:
            redrawn = game
            break
    assert redrawn is not None, "no seed needed a redraw"
    cut_lines = [english(e) for e in redrawn.state.events if english(e).startswith("cut [")]
    assert len(cut_lines) == 2 * len(redrawn.state.extra["cut"])


# --- the flow of a hand ---------------------------------------------------------------------


def test_deal_and_upcard_offer_both_pass():
    game = Game("gin", 2, seed=5)
    state = game.state
    dealer, non_dealer = state.dealer, 1 - state.dealer
    assert [len(h) for h in state.hands] == [10, 10] and len(state.stock) == 31
    assert state.discard == [state.extra["upcard"]]
    assert state.phase == "upcard" and state.to_move == non_dealer
    assert game.legal_actions() == ["take:upcard", "pass"]
    game.apply("pass")
    assert state.to_move == dealer and state.phase == "upcard"
    game.apply("pass")
    assert state.to_move == non_dealer and game.legal_actions() == ["draw:stock"]
    assert game.why_not("take:discard") == "Both players passed the upcard: the first card comes from the stock."
    game.apply("draw:stock")
    assert len(state.hands[non_dealer]) == 11 and state.phase == "discard"
    assert any(english(e) == "drew from the stock" for e in state.events)


def test_dealer_takes_upcard_then_non_dealer_plays():
    game = Game("gin", 2, seed=6)
    state = game.state
    dealer, non_dealer = state.dealer, 1 - state.dealer
    upcard, limit = state.extra["upcard"], state.extra["knock_limit"]
    game.apply("pass")
    game.apply("take:upcard")
    assert upcard in state.hands[dealer] and state.discard == []
    assert f"discard:{card_text(upcard)}" not in game.legal_actions()
    other = next(c for c in state.hands[dealer] if c != upcard)
    game.apply(f"discard:{card_text(other)}")
    assert state.to_move == non_dealer and state.phase == "draw"
    assert set(game.legal_actions()) == {"draw:stock", "take:discard"}
    assert state.extra["knock_limit"] == limit and state.extra["upcard"] == upcard  # kept all hand


def test_same_card_rule_refusal():
    game = Game("gin", 2, seed=7)
    upcard = game.state.extra["upcard"]
    game.apply("take:upcard")
    text = card_text(upcard)
    reason = f"You took {text} from the discard pile this turn: you may not discard it."
    assert game.why_not(f"discard:{text}") == reason
    assert game.why_not(f"knock:{text}") == reason
    with pytest.raises(IllegalAction):
        game.apply(f"discard:{text}")


def test_knock_over_the_limit_refusal():
    game = crafted(("3C 4C 5C 8H 8S 8D 10S JS QS 5H KH", "2S 2D 2C 7H 7S 7C 6C KS 9D 3H"), "4D")
    assert game.why_not("knock:KH") == "The knock limit is 4; your deadwood would be 5."
    assert game.why_not("knock:5H") == "The knock limit is 4; your deadwood would be 10."
    assert game.why_not("discard:KH") is None
    assert game.why_not("discard:9C") == "You do not hold 9C."
    assert game.why_not("draw:stock") == "You already have 11 cards: discard, knock or go gin."
    five = crafted(("3C 4C 5C 8H 8S 8D 10S JS QS 5H KH", "2S 2D 2C 7H 7S 7C 6C KS 9D 3H"), "5D")
    assert five.why_not("knock:KH") is None


def test_match_ends_at_the_target():
    game = crafted(
        ("AH 2H 3H 4H 6C 6D 6S 9S 10S JS KD", "7C 8C 9C 2C 2D 2S 5H 10D 3D 5S"),
        "4C",
        seats=[{"name": "North", "kind": "human"}, {"name": "South", "kind": "ai"}],
    )
    game.state.totals = [130, 20]
    game.state.extra["boxes"] = [4, 3]
    game.apply("gin:KD")  # 48 more: 178
    result = game.state.result
    assert game.is_over and game.current_seat is None and game.legal_actions() == []
    assert result["winners"] == [0]
    assert result["final"] == [178 + 150 + 5 * 25, 20 + 3 * 25]
    assert message_texts(result["lines"]) == [
        "North: 178 + 150 + 5 × 25 = 453",
        "South: 20 + 3 × 25 = 95",
        "Result: 358 to North",
    ]
    assert result["margin"] == 453 - 95


def test_single_hand_setting_ends_after_one_scored_hand():
    game = crafted(
        ("3C 4C 5C 8H 8S 8D 10S JS QS 5H 2H", "2S 2D 2C 7H 7S 7C 6C KS 9D 3H"), "7D", settings={"single_hand": True}
    )
    game.apply("knock:2H")
    assert game.is_over and game.state.result["winners"] == [0]
    assert message_texts(game.state.result["lines"]) == ["Player 1: 7", "knock: 12 - 5 = 7"]


def test_deadwood_counts_aces_low_only():
    assert deadwood_of(deal_cards("QH KH AH")) == 21
    assert deadwood_of(deal_cards("AH 2H 3H")) == 0


# --- the computer players ---------------------------------------------------------------------


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "easy")])
def test_ai_games_play_to_the_end_with_legal_moves(levels):
    for seed in range(2):
        game = Game("gin", 2, seed=seed)
        for _ in range(20_000):
            seat = game.current_seat
            if seat is None:
                break
            legal = game.legal_actions()
            action = VARIANT.choose_ai_action(game.observation(seat), legal, levels[seat], random.Random(seed))
            assert action in legal
            game.apply(action)
        assert game.is_over
        winner = game.state.result["winners"][0]
        assert game.state.totals[winner] >= 150


def test_normal_ai_takes_a_discard_that_lets_it_knock():
    game = crafted(("4C 5C 7H 8H 9H JS QS KS 4D QD", "2S 3S 4S 9D 10D JD AH AD AC 5H"), "6C", phase="draw", to_move=0)
    assert game.state.discard[-1] == parse_face("6C")

    def normal_choice() -> str:
        return VARIANT.choose_ai_action(game.observation(0), game.legal_actions(), "normal", random.Random(0))

    assert normal_choice() == "take:discard"
    game.apply("take:discard")
    assert normal_choice() == "knock:QD"  # deadwood 4 against a knock limit of 6


@pytest.mark.parametrize("top, expected", [("6C", "take:discard"), ("JH", "draw:stock")])
def test_easy_ai_takes_the_discard_only_when_it_melds(top, expected):
    game = crafted(("4C 5C 7H 8H 2S 9D KD QS AH 3D", "2H 3H 4H 9S 10S JS QD QH 7D 7S"), top, phase="draw", to_move=0)
    observation = game.observation(0)
    assert VARIANT.choose_ai_action(observation, game.legal_actions(), "easy", random.Random(0)) == expected


def test_easy_ai_discards_its_highest_unmatched_card():
    game = crafted(("4C 5C 6C 7H 8H 2S 9D KD QS AH 3D", "2H 3H 4H 9S 10S JS QD QH 7D 7S"), "2C")
    observation = game.observation(0)
    assert VARIANT.choose_ai_action(observation, game.legal_actions(), "easy", random.Random(0)) == "discard:KD"


# --- the knocker's arrangement ---------------------------------------------------------

KNOCKER = "6H 7H 8H 9H 9S 9D 9C AC 2S 3C KC"
DEFENDER = "10H KS QD JC 4S 6C 2D 3D 4D 5D"


def knock_position() -> Game:
    return Game.from_position("gin", 2, hands=[KNOCKER, DEFENDER], discard="7D", phase="discard", to_move=0, dealer=1)


def test_A_6_1_default_arrangement_keeps_the_defender_from_laying_off():
    """6-7-8-9♥ + 9♠9♦9♣ is shown as 6-7-8♥ + 9♥9♠9♦9♣ when the defender holds 10♥: 44, not 34."""
    game = knock_position()
    game.apply("knock:KC")
    last = game.state.last_hand
    assert message_texts(last["lines"]) == ["knock: 50 - 6 = 44"] and last["layoffs"][1] == []
    shown = sorted(sorted(card_text(c) for c in m["cards"]) for m in last["melds"][0])
    assert shown == [["6H", "7H", "8H"], ["9C", "9D", "9H", "9S"]]


def test_A_6_1_a_human_may_knock_with_another_arrangement():
    game = knock_position()
    choices = VARIANT.choices(game, "knock:KC")
    assert choices[0] == "knock:KC" and "knock:KC/9S-9D-9C+6H-7H-8H-9H" in choices
    assert all(game.why_not(code) is None for code in choices)
    game.apply("knock:KC/6H-7H-8H-9H+9S-9D-9C")
    last = game.state.last_hand
    assert message_texts(last["lines"]) == ["knock: 40 - 6 = 34"] and [card_text(c) for c in last["layoffs"][1]] == [
        "10H"
    ]


def test_A_6_1_knock_arrangement_refusals():
    game = knock_position()
    assert game.why_not("knock:KC/6H-7H-8H") == "The knock limit is 7; your deadwood with those melds would be 42."
    assert game.why_not("knock:KC/6H-7H-9H") == "6H 7H 9H is not a meld."
    assert game.why_not("knock:KC/KC-KD-KH") == "You would not hold KC after that discard."
    assert game.why_not("knock:KC/6H-7H-8H+8H-9H-9S") == "A card can belong to only one meld."
    assert game.why_not("discard:KC/6H-7H-8H").startswith("Only a knock names the melds")


def test_a_knock_with_no_deadwood_is_listed_and_counts_as_gin():
    game = Game.from_position(
        "gin",
        2,
        hands=["AH 2H 3H 4H 6C 6D 6S 9S 10S JS KD", "10H KS QD JC 4S 7C 2D 3D 4D 5D"],
        discard="4C",
        phase="discard",
        to_move=0,
        dealer=1,
    )
    legal = game.legal_actions()
    assert "knock:KD" in legal and "gin:KD" in legal
    game.apply("knock:KD")
    assert game.state.last_hand["ending"] == "gin"
