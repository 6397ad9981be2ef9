"""The hard Gin player's hints: the move and a reason that is true of the position."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.engine.hints import hint_for
from rummy_tui.engine.position import from_position


def position(hand: str, *, discard: str, phase: str, opponent: str = "2C 3D 4C 5C 6D 7S 8C 9D 10S JC",
             extra: dict | None = None) -> Game:
    return from_position("gin", 2, hands=[hand, opponent], discard=discard, phase=phase, to_move=0, dealer=1,
                         extra={"upcard": "9C", **(extra or {})}, settings={"single_hand": True})


def test_taking_the_card_that_completes_a_run():
    game = position("5H 6H AS AD AC QD JS 9H 3C 2H", discard="9C KC 7H", phase="draw")
    hint = hint_for(game, 0)
    assert hint.action == "take:discard"
    assert hint.text == "Take [7H]: it completes 5-6-7♥."


def test_knocking_as_soon_as_the_deadwood_allows():
    game = position("5H 6H 7H AS AD AC 2S 3S 4S KD 2H", discard="9C KC", phase="discard")
    hint = hint_for(game, 0)
    assert hint.action == "knock:KD"
    assert hint.text.startswith("Knock, throwing [KD]: 2 deadwood is low enough")


def test_shedding_the_highest_loose_card():
    game = position("5H 6H 7H AS AD AC 2S 3S 8S 6C QD", discard="9C KC", phase="discard")
    hint = hint_for(game, 0)
    assert hint.action == "discard:QD"
    assert hint.text == "Discard [QD]: it fits no meld and is your highest loose card."


def test_keeping_back_a_card_the_opponent_collects():
    """He took two eights openly: the loose eight would complete his set, so a lower card goes."""
    game = position("5H 6H 7H AS AD AC 2S 3S 8S 6C 4C", discard="9C KC", phase="discard",
                    opponent="8D 8C 4D 5S 6D 7S 2C 9D 10S JC")
    game.state.extra["picked"] = [[], game.state.hands[1][:2]]
    hint = hint_for(game, 0)
    assert hint.action != "discard:8S"
    assert hint.text.endswith("your opponent is less likely to want it than [8S].")


def test_a_declined_discard_is_recorded_for_both_seats_to_see():
    game = Game("gin", 2, {"single_hand": True}, seed=5)
    while game.state.phase == "upcard":
        game.apply("pass")
    game.apply("draw:stock")  # both passed: the stock only, nothing was declined
    assert game.state.extra["declined"] == [[], []]
    game.apply(next(a for a in game.legal_actions() if a.startswith("discard:")))
    top = game.state.discard[-1]
    seat = game.current_seat
    game.apply("draw:stock")
    assert game.state.extra["declined"][seat] == [top]
    assert game.observation(1 - seat)["extra"]["declined"][seat] == [top]


def test_late_in_the_hand_a_high_card_with_live_outs_is_kept():
    """Six cards left in the stock: Q♠ J♠ still have two unseen cards each to make a run (10♠, K♠),
    and 8♦ has none (every card that would meld it is on the pile). Counting each out at 3 points
    the whole hand long, hard keeps the queen and sheds the lower dead card."""
    game = from_position(
        "gin", 2, hands=["5H 6H 7H AS AD AC QS JS 8D 4C 2S", "3S 4S 5S 9H 10H JH 2D 3D 4D KC"],
        stock="10S KS 6S KH 5C KD",
        discard="9C 7D 9D 6D 10D 8C 8H QH QD QC 7S 8S 9S AH 2H 3H 4H JD 5D 2C 3C 6C 7C 10C JC",
        phase="discard", to_move=0, dealer=1, settings={"single_hand": True})
    hint = hint_for(game, 0)
    assert hint.action == "discard:8D"
    assert hint.text == "Discard [8D]: it fits no meld, and your higher cards have better chances to meld."
