"""The shared draw/meld/lay-off/discard turn (variants/tableplay/rules.py): reasons, log, positions, AI."""

from __future__ import annotations

import random

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import deal_cards, parse_face, parse_faces
from rummy_tui.engine.melds import MeldRules, read_meld
from tests.support.tableplay_positions import place
from tests.support.words import english
from variants.tableplay.rules import arrange_position, layoff_reason, meld_reason

LOW_ONLY = MeldRules(ace_high=False, max_jokers=0)
HIGH_TOO = MeldRules(ace_high=True, max_jokers=0)


def play_seat(game, seat, level="normal"):
    """Let the AI play ``seat`` until the turn passes or the hand ends."""
    hand_no = game.state.hand_no
    while game.current_seat == seat and game.state.hand_no == hand_no:
        game.apply(choose_action(game, seat, level))


# --- reasons ----------------------------------------------------------------------------------


def test_meld_reasons_name_the_problem():
    assert (
        meld_reason(parse_faces("5H 8H 9H"), HIGH_TOO)
        == "5H 8H 9H is not a run: a run has no gaps, and 6H 7H are missing."
    )
    assert meld_reason(parse_faces("QC KC AC"), LOW_ONLY) == (
        "QC KC AC is not a run: the ace counts low only in this game, so it cannot follow K."
    )
    assert meld_reason(parse_faces("9S 9S 9H"), HIGH_TOO) == "9S 9S 9H is not a set: a set has one card of each suit."
    assert read_meld(deal_cards("QC KC AC"), HIGH_TOO) is not None


def test_lay_off_reasons_judge_the_whole_group():
    run = read_meld(deal_cards("8H 9H 10H"), HIGH_TOO)
    assert layoff_reason(run, parse_faces("5H"), HIGH_TOO) == "a run has no gaps, and 6H 7H are missing"
    assert layoff_reason(run, parse_faces("JS"), HIGH_TOO) == "a run is all one suit"


def test_every_offered_action_is_judged_legal_and_odd_codes_get_reasons():
    game = Game("basic", 3, seed=1)
    assert set(game.legal_actions()) == {"draw:stock", "take:discard"}
    assert game.why_not("draw:discard") == "'draw:discard' is not a move: write draw:stock or take:discard."
    game.apply("draw:stock")
    assert game.why_not("layoff:7H") == "'7H' should name cards and a table meld, like 5C>2"
    for action in game.legal_actions():
        assert game.why_not(action) is None
    assert game.why_not("meld:JK-2S-3S") == "This game is played without jokers."
    assert game.why_not("layoff:2S>0") == "There are no melds on the table to lay off on."


def test_a_stock_draw_is_logged_without_the_card():
    game = Game("traditional", 2, seed=2)
    seat = game.current_seat
    game.apply("draw:stock")
    assert game.state.events[-1] == {"seat": seat, "hand": 1, "text": "drew from the stock."}
    game.apply(next(a for a in game.legal_actions() if a.startswith("discard:")))
    assert english(game.state.events[-1]).startswith("discarded [")


# --- crafted positions --------------------------------------------------------------------------


def test_positions_keep_the_deck_whole():
    game = Game("basic", 2, seed=3)
    with pytest.raises(ValueError, match="not in this game's deck"):
        arrange_position(game, {0: deal_cards("9C 9C")})
    with pytest.raises(ValueError, match="placed twice"):
        arrange_position(game, {0: deal_cards("9C")}, discard=deal_cards("9C"))


# --- computer players -----------------------------------------------------------------------------


def test_normal_ai_goes_out_when_it_can():
    game = Game("traditional", 2, seed=4)
    place(game, {0: "4D 5D 6D 9C"}, discard="KC", stock_top="7D", tabled=(0,))
    play_seat(game, 0)
    assert game.state.last_hand["winner"] == 0


def test_normal_ai_splits_its_last_run_to_keep_a_discard():
    game = Game("traditional", 2, seed=5)
    place(game, {0: "4D 5D 6D 8S 8H 8C"}, discard="KC", stock_top="7D")
    play_seat(game, 0)
    assert game.state.last_hand["winner"] == 0 and game.state.last_hand["ending"] == "rummy"


def test_normal_ai_goes_rummy_in_basic():
    game = Game("basic", 2, seed=6)
    place(game, {0: "4D 5D 6D 8S 8H 8C 2C 3C 4C KH", 1: "QS 5H"}, discard="KC", stock_top="7D")
    play_seat(game, 0)
    last = game.state.last_hand
    assert last["winner"] == 0 and last["ending"] == "rummy" and last["points"] == [30, 0]


def test_normal_ai_takes_the_discard_only_when_it_can_use_it():
    game = Game("basic", 2, seed=7)
    place(game, {0: "7S 7H 2C 9D KH QS 4H 5S 10C JD"}, discard="7D")
    assert choose_action(game, 0, "normal") == "take:discard"
    place(game, {0: "7S 7H 2C 9D KH QS 4H 5S 10C JD"}, discard="6C")
    assert choose_action(game, 0, "normal") == "draw:stock"


@pytest.mark.parametrize("picked, expected", [("KC", "discard:QS"), ("QC", "discard:KD")])
def test_normal_ai_avoids_feeding_the_next_player(picked, expected):
    game = Game("basic", 2, seed=8)
    place(game, {0: "QS KD 2C 2H 2S"}, discard="9H", stock_top="5C", tabled=(0,))
    game.apply("draw:stock")
    observation = game.observation(0)
    observation["extra"]["picked"][1] = [parse_face(picked)]
    legal = [a for a in game.legal_actions() if a.startswith("discard:")]
    assert game.variant.choose_ai_action(observation, legal, "normal", random.Random(1)) == expected


def test_easy_ai_mostly_melds_and_always_plays_legally():
    game = Game("traditional", 3, seed=9)
    place(game, {0: "4D 5D 6D 8S 9S KC KH QD 2C 3H"}, discard="JD", stock_top="7S")
    game.apply("draw:stock")
    legal, observation = game.legal_actions(), game.observation(0)
    choices = [game.variant.choose_ai_action(observation, legal, "easy", random.Random(n)) for n in range(20)]
    assert all(choice in legal for choice in choices)
    assert sum(choice.startswith("meld:") for choice in choices) >= 12
    assert not any(choice == "discard:2C" for choice in choices)  # the cheapest card is kept


def test_one_code_can_lay_several_melds():
    game = Game("traditional", 2, seed=10)
    place(game, {0: "4D 5D 6D 8S 8H 8C 2C"}, discard="KC", stock_top="9H", tabled=(0,))
    game.apply("draw:stock")
    assert game.why_not("meld:4D-5D-6D+8S-8H-8C+7D-8D-9D") == "You do not hold 7D."
    assert game.why_not("meld:4D-5D-6D+6D-8S-8H") == "You hold only 1 6D, not 2."
    game.apply("meld:4D-5D-6D+8S-8H-8C")
    assert len(game.state.table) == 2 and sorted(game.state.extra["tabled"]) == [False, True]
    assert len(game.state.hands[0]) == 2
