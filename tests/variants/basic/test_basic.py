"""Variant E, basic Rummy: the worked examples of RULES.md E-10 and the game flows."""

from __future__ import annotations

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import play_ai_game
from rummy_tui.engine.cards import make_deck
from tests.support.tableplay_positions import place, play, texts
from tests.support.words import message_texts
from variants.tableplay.rules import DRAW

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


OTHERS = {1: "AC 7D KS", 2: "2H 2S"}


def go_out_after_earlier_melds(game):
    """P1 has melded before; he lays off 9C and discards KD: out, no rummy."""
    place(game, {0: "9C", **OTHERS}, discard="3D", stock_top="KD", table=[(0, "9S 9H 9D")], tabled=(0,))
    play(game, "draw:stock", "layoff:9C>0", "discard:KD")


def go_rummy_after_a_plain_discard(game):
    """P1 discards once, then lays his whole hand in one turn: discards do not break rummy."""
    place(game, {0: "4H 5H 6H 8C 8S 8D 9C", **OTHERS}, discard="3D", stock_top="QD JC 4C 7H", tabled=(1, 2))
    play(
        game,
        "draw:stock",
        "discard:QD",
        "draw:stock",
        "discard:JC",
        "draw:stock",
        "discard:4C",
        "draw:stock",
        "meld:4H-5H-6H-7H",
        "meld:8S-8D-8C",
        "discard:9C",
    )


# --- worked examples --------------------------------------------------------------------------


@pytest.mark.parametrize("players, size, stock", [(2, 10, 31), (4, 7, 23), (6, 6, 15)])
def test_E_ex1_deal_sizes(players, size, stock):
    game = Game("basic", players, seed=players)
    assert [len(h) for h in game.state.hands] == [size] * players
    assert len(game.state.stock) == stock and len(game.state.discard) == 1
    assert game.state.to_move == (game.state.dealer + 1) % players


def test_E_ex2_winner_scores_the_other_hands():
    game = Game("basic", 3, seed=1)
    go_out_after_earlier_melds(game)
    last = game.state.last_hand
    assert last["winner"] == 0 and last["ending"] == "out"
    assert last["points"] == [22, 0, 0]
    assert message_texts(last["lines"]) == [
        "Player 2: [AC] [7D] [KS] = 1 + 7 + 10 = 18",
        "Player 3: [2H] [2S] = 2 + 2 = 4",
        "Player 1 went out: 18 + 4 = 22",
    ]
    assert game.state.totals == [22, 0, 0]


def test_E_ex3_rummy_doubles():
    game = Game("basic", 3, seed=2)
    go_rummy_after_a_plain_discard(game)
    last = game.state.last_hand
    assert last["winner"] == 0 and last["ending"] == "rummy"
    assert texts(last["hands"][1]) == ["7D", "AC", "KS"] and texts(last["hands"][2]) == ["2H", "2S"]
    assert last["points"] == [44, 0, 0]
    assert message_texts(last["lines"])[-1] == "Player 1 went rummy: (18 + 4) × 2 = 44"


def test_E_ex4_ace_high_option():
    game = Game("basic", 3, {"ace_high_low": True}, seed=3)
    go_out_after_earlier_melds(game)
    assert game.state.last_hand["points"][0] == 36
    game = Game("basic", 3, {"ace_high_low": True}, seed=3)
    go_rummy_after_a_plain_discard(game)
    assert game.state.last_hand["points"][0] == 72

    for ace_high, qka in ((True, None), (False, "the ace counts low only in this game, so it cannot follow K")):
        game = Game("basic", 2, {"ace_high_low": ace_high}, seed=4)
        place(game, {0: "QC KC AC 2C 5H"}, discard="3D", stock_top="9S")
        game.apply("draw:stock")
        reason = game.why_not("meld:QC-KC-AC")
        assert reason == (None if qka is None else f"QC KC AC is not a run: {qka}.")
        assert (
            game.why_not("meld:KC-AC-2C")
            == "KC AC 2C is not a run: a run may not turn the corner from K through A to 2."
        )


@pytest.mark.parametrize("ace_high", [False, True])
def test_E_ex5_lay_offs(ace_high):
    game = Game("basic", 2, {"ace_high_low": ace_high}, seed=5)
    place(
        game,
        {0: "7H JH AS 4C 9D"},
        discard="3D",
        stock_top="6S",
        table=[(1, "8H 9H 10H"), (1, "JS QS KS"), (1, "AC 2C 3C")],
    )
    play(game, "draw:stock", "layoff:7H>0", "layoff:JH>0")
    assert texts(game.state.table[0]["meld"]["cards"]) == ["10H", "7H", "8H", "9H", "JH"]
    if ace_high:
        assert game.why_not("layoff:AS>1") is None
    else:
        assert game.why_not("layoff:AS>1") == (
            "AS cannot go on JS QS KS: the ace counts low only in this game, so it cannot follow K."
        )
    game.apply("layoff:4C>2")
    assert texts(game.state.table[2]["meld"]["cards"]) == ["2C", "3C", "4C", "AC"]


def test_E_ex6_going_out_without_a_discard():
    game = Game("basic", 2, seed=6)
    place(game, {0: "5C"}, discard="3D", stock_top="6C", table=[(1, "2C 3C 4C")], tabled=(0,))
    play(game, "draw:stock", "layoff:5C>0", "layoff:6C>0")
    assert game.state.last_hand["winner"] == 0
    assert game.state.hand_no == 2

    game = Game("basic", 2, {"must_discard_to_go_out": True}, seed=6)
    place(game, {0: "5C"}, discard="3D", stock_top="6C", table=[(1, "2C 3C 4C")], tabled=(0,))
    game.apply("draw:stock")
    assert "must keep a card" in game.why_not("layoff:5C-6C>0")
    game.apply("layoff:5C>0")
    assert game.why_not("layoff:6C>0") == (
        "With must_discard_to_go_out on, you must keep a card: your last card has to be a discard."
    )
    assert game.legal_actions() == ["discard:6C"]
    game.apply("discard:6C")
    assert game.state.last_hand["winner"] == 0


def test_E_ex7_target_ends_the_game():
    game = Game("basic", 2, seed=7)
    game.state.totals = [140, 60]
    place(game, {0: "9C", 1: "5C 7D"}, discard="3D", stock_top="KD", table=[(0, "9S 9H 9D")], tabled=(0,))
    play(game, "draw:stock", "layoff:9C>0", "discard:KD")
    assert game.is_over
    assert game.state.totals == [152, 60]
    assert game.state.result["winners"] == [0]
    assert game.state.result["final"] == [152, 60]


def test_E_ex8_same_card_rule():
    game = Game("basic", 2, seed=8)
    place(game, {0: "2S"}, discard="9D", table=[(1, "2H 2D 2C")], tabled=(0,))
    game.apply("take:discard")
    assert game.why_not("layoff:2S>0") == (
        "That would leave only 9D, which you took from the discard pile "
        "this turn: you could not discard it, and it cannot be laid off."
    )
    assert game.why_not("discard:9D") == "You took 9D from the discard pile this turn: you may not discard it."
    assert game.legal_actions() == ["discard:2S"]

    game = Game("basic", 2, seed=8)
    place(game, {0: "2S"}, discard="9D", table=[(1, "2H 2D 2C"), (1, "9S 9H 9C")], tabled=(0,))
    play(game, "take:discard", "layoff:2S>0", "layoff:9D>1")
    assert game.state.last_hand["winner"] == 0


# --- flows --------------------------------------------------------------------------------------


def test_a_fixed_number_of_hands_ends_on_most_points():
    game = Game("basic", 3, {"hands": 2}, seed=9)
    go_out_after_earlier_melds(game)
    assert not game.is_over and game.state.totals == [22, 0, 0]
    place(
        game,
        {1: "9C", 0: "AC 7D KS", 2: "2H"},
        discard="3D",
        stock_top="KD",
        table=[(1, "9S 9H 9D")],
        to_move=1,
        tabled=(1,),
    )
    play(game, "draw:stock", "layoff:9C>0", "discard:KD")
    assert game.is_over
    assert game.state.totals == [22, 20, 0]
    assert game.state.result["winners"] == [0]


def test_an_empty_stock_is_rebuilt_from_all_but_the_top_discard():
    game = Game("basic", 2, seed=10)
    dealer = game.state.dealer
    suits = [
        (1, " ".join(r + "S" for r in RANKS)),
        (1, " ".join(r + "H" for r in RANKS)),
        (1, " ".join(r + "D" for r in RANKS[:10])),
    ]
    layout = {
        "hands": {0: "AC 2C 5C", 1: "7C 9C JD"},
        "discard": "3C 4C 6C 8C 10C JC QC KC QD KD",
        "table": suits,
        "stock": "",
    }
    place(game, **layout)
    game.apply("draw:stock")
    assert texts(game.state.discard) == ["KD"]
    assert len(game.state.stock) == 8 and len(game.state.hands[0]) == 4
    assert game.state.reshuffles == 1

    game = Game("basic", 2, {"max_reshuffles": 0}, seed=10)
    place(game, **layout)
    game.apply("draw:stock")
    assert game.state.last_hand["void"] and game.state.hand_no == 2 and game.state.dealer == dealer
    assert len(game.state.stock) == 31 and game.state.phase == DRAW


def test_refusal_reasons():
    game = Game("basic", 2, seed=11)
    place(game, {0: "3S 4D 9C 10C"}, discard="2C", stock_top="5D", table=[(1, "3D 3C 3H"), (1, "6C 7C 8C")])
    game.apply("draw:stock")
    assert game.why_not("layoff:9C>0") == "9C cannot go on 3D 3C 3H: a set is all one rank."
    assert game.why_not("layoff:3S>1") == "3S cannot go on 6C 7C 8C: a run is all one suit."
    assert game.why_not("layoff:10C>1") == "10C cannot go on 6C 7C 8C: a run has no gaps, and 9C is missing."
    assert game.why_not("layoff:9C-10C>1") is None
    assert game.why_not("meld:3D-4D-5D") == "You do not hold 3D."
    assert game.why_not("meld:4D-5D") == "4D 5D is not a meld: a meld needs at least 3 cards."
    assert game.why_not("take:discard").startswith("You have already drawn")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ai_games_reach_the_end(players):
    levels = ["normal", "easy"] * 3
    game = play_ai_game("basic", players, levels[:players], players, {"hands": 3})
    assert game.is_over and game.state.result["winners"]
    assert game.state.extra["hands_played"] == 3
    everything = sorted(c for h in game.state.hands for c in h) + game.state.stock + game.state.discard
    everything += [c for e in game.state.table for c in e["meld"]["cards"]]
    assert sorted(everything) == make_deck(1)


def test_a_game_to_the_target():
    game = play_ai_game("basic", 2, ["normal", "normal"], 12, {"target": 60})
    winners = game.state.result["winners"]
    assert winners and all(game.state.totals[w] >= 60 for w in winners)
