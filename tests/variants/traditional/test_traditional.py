"""Variant D, Traditional Rummy: the worked examples of RULES.md D-10 and the game flows."""

from __future__ import annotations

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import play_ai_game
from rummy_tui.engine.cards import make_deck
from tests.support.tableplay_positions import place, play, texts
from tests.support.words import message_texts
from variants.tableplay.rules import DRAW
from variants.traditional.rules import payout

SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def four_player_game(**settings):
    return Game("traditional", 4, settings, seed=3)


LOSER_HANDS = {1: "AS KH 5D", 2: "QC QD 2S 3S", 3: "7H"}


# --- worked examples --------------------------------------------------------------------------


def test_D_ex1_normal_penalties():
    game = four_player_game()
    place(game, {0: "4D 5D 6D 9C", **LOSER_HANDS}, discard="2C", stock_top="7D", tabled=(0,))
    play(game, "draw:stock", "meld:4D-5D-6D-7D", "discard:9C")
    last = game.state.last_hand
    assert last["winner"] == 0 and last["ending"] == "out"
    assert last["points"] == [0, 26, 25, 7]
    assert "Player 2: [AS] [KH] [5D] = 11 + 10 + 5 = 26" in message_texts(last["lines"])


def test_D_ex2_rummy_adds_25_to_each_loser():
    game = four_player_game()
    place(game, {0: "4D 5D 6D 8C 8S 8H QC QH QS 9C", **LOSER_HANDS}, discard="2C", stock_top="7D")
    play(game, "draw:stock", "meld:4D-5D-6D-7D", "meld:8S-8H-8C", "meld:QS-QH-QC", "discard:9C")
    last = game.state.last_hand
    assert last["ending"] == "rummy"
    assert last["points"] == [0, 51, 50, 32]


def test_D_ex3_payout():
    """D-8: the losers under 80 share the whole 25%, weights 80 − points."""
    assert payout([0, 51, 50, 32], 0, 100, 80)[0] == [301, 27, 28, 44]
    assert payout([0, 26, 25, 7], 0, 100, 80)[0] == [301, 29, 30, 40]
    assert payout([0, 85, 50, 32], 0, 100, 80)[0] == [301, 0, 38, 61]
    assert payout([0, 20], 0, 100, 80)[0] == [150, 50]
    assert payout([0, 80], 0, 100, 80)[0] == [200, 0]
    money, lines = payout([0, 51, 50, 32], 0, 100, 80)
    lines = message_texts(lines)
    assert "weights (80 − points): 29 + 30 + 48 = 107" in lines
    assert "Player 2: 51 points → ⌊400 × 25 × 29 / (100 × 107)⌋ = 27" in lines


def ex4_position(game):
    """D-ex4 literally: stock [8C], discard [5C 9D KS], 80 cards in melds on the table."""
    full_suits = [(1, " ".join(r + s for r in RANKS)) for s in SUITS]
    partial = [
        (1, " ".join(r + "D" for r in RANKS[:8])),
        (1, " ".join(r + "S" for r in RANKS[:10])),
        (1, " ".join(r + "H" for r in RANKS[3:])),
    ]
    place(
        game,
        {0: "2H AC 2C 3C 4C 6C 7C 9C 10C JC", 1: "QC KC 10D JD QD KD JS QS AH 3H"},
        discard="5C 9D KS",
        table=full_suits + partial,
        stock="8C",
        to_move=0,
    )


def test_D_ex4_drawing_the_last_card_reshuffles_the_whole_pile():
    game = Game("traditional", 2, seed=4)
    ex4_position(game)
    game.apply("draw:stock")
    assert texts(game.state.stock) == ["5C", "9D", "KS"]
    assert game.state.discard == []
    assert texts(game.state.hands[0]).count("8C") == 1
    game.apply("discard:2H")
    assert texts(game.state.discard) == ["2H"]
    assert game.state.reshuffles == 1
    assert game.state.to_move == 1 and game.state.phase == DRAW


def test_D_ex5_lay_off_on_any_meld():
    game = Game("traditional", 3, seed=5)
    place(game, {0: "3C 3S 9H KD"}, discard="2C", stock_top="7D", table=[(1, "3S 3H 3D")], to_move=0)
    game.apply("draw:stock")
    assert game.why_not("layoff:3S>0") == "3S cannot go on 3S 3H 3D: a set has one card of each suit."
    assert "layoff:3C>0" in game.legal_actions()
    game.apply("layoff:3C>0")
    assert texts(game.state.table[0]["meld"]["cards"]) == ["3C", "3D", "3H", "3S"]
    assert game.state.table[0]["owner"] == 1


def test_D_ex6_going_out_needs_a_final_discard():
    game = Game("traditional", 2, seed=6)
    place(game, {0: "4D 5D 6D 9C"}, discard="2C", stock_top="7D", to_move=0, tabled=(0,))
    play(game, "draw:stock", "meld:4D-5D-6D-7D", "discard:9C")
    assert game.state.last_hand["winner"] == 0

    game = Game("traditional", 2, seed=6)
    place(game, {0: "4D 5D 6D"}, discard="2C", stock_top="7D", to_move=0, tabled=(0,))
    game.apply("draw:stock")
    assert "keep a card to discard" in game.why_not("meld:4D-5D-6D-7D")
    assert "meld:4D-5D-6D-7D" not in game.legal_actions()

    game = Game("traditional", 2, seed=6)
    place(game, {0: "4D 5D 6D 7D"}, discard="9C", to_move=0, tabled=(0,))
    game.apply("take:discard")
    assert game.why_not("meld:4D-5D-6D-7D") == (
        "That would leave only 9C, which you took from the discard pile this turn: you could not discard it."
    )
    assert game.why_not("discard:9C") == "You took 9C from the discard pile this turn: you may not discard it."
    assert [a for a in game.legal_actions() if a in ("meld:4D-5D-6D-7D", "discard:9C")] == []


# --- flows --------------------------------------------------------------------------------------


def test_an_earlier_meld_means_no_rummy():
    game = Game("traditional", 2, seed=7)
    place(game, {0: "4D 5D 6D 9C", 1: "2S 5H 8C JD QS 3C 6H 9D KC AD"}, discard="2C", stock_top="KS 10H 7D", to_move=0)
    play(game, "draw:stock", "meld:4D-5D-6D", "discard:KS", "draw:stock", "discard:10H")
    assert game.state.extra["tabled"] == [True, False]
    play(game, "draw:stock", "layoff:7D>0", "discard:9C")
    last = game.state.last_hand
    assert last["ending"] == "out"
    assert last["points"][1] == 2 + 5 + 8 + 10 + 10 + 3 + 6 + 9 + 10 + 11
    assert last["layoffs"][0] and texts(last["layoffs"][0]) == ["7D"]


def test_one_round_game_ends_with_the_payout():
    game = four_player_game()
    place(game, {0: "4D 5D 6D 9C", **LOSER_HANDS}, discard="2C", stock_top="7D", tabled=(0,))
    play(game, "draw:stock", "meld:4D-5D-6D-7D", "discard:9C")
    result = game.state.result
    assert game.is_over and result["winners"] == [0]
    assert result["final"] == [301, 29, 30, 40]
    assert message_texts(result["lines"])[0] == "pool: 4 × 100 = 400"
    assert message_texts(result["lines"])[-1] == "Player 1 (out): 400 − 29 − 30 − 40 = 301"


def test_several_rounds_add_penalties_and_the_lowest_total_wins():
    game = Game("traditional", 2, {"rounds": 2}, seed=8)
    dealer = game.state.dealer
    place(game, {0: "4D 5D 6D 9C", 1: "KS KH"}, discard="2C", stock_top="7D", tabled=(0,))
    play(game, "draw:stock", "meld:4D-5D-6D-7D", "discard:9C")
    assert not game.is_over and game.state.totals == [0, 20]
    assert game.state.hand_no == 2 and game.state.dealer == (dealer + 1) % 2
    place(game, {0: "AS AH", 1: "4D 5D 6D 9C"}, discard="2C", stock_top="7D", to_move=1, tabled=(1,))
    play(game, "draw:stock", "meld:4D-5D-6D-7D", "discard:9C")
    assert game.is_over
    assert game.state.totals == [22, 20]
    assert game.state.result["winners"] == [1]
    assert message_texts(game.state.result["lines"])[:2] == ["Player 1: 0 + 22 = 22", "Player 2: 20 + 0 = 20"]


def test_the_endless_hand_guard_voids_the_hand():
    game = Game("traditional", 2, {"max_reshuffles": 0}, seed=9)
    dealer = game.state.dealer
    ex4_position(game)
    game.apply("draw:stock")  # the last card: no rebuild is allowed, but he plays his turn (0.2)
    assert game.state.last_hand is None and game.state.phase == "play"
    game.apply("discard:2H")
    game.apply("draw:stock")  # the next player must draw from the empty stock: void
    assert game.state.last_hand["void"] and game.state.last_hand["points"] == [0, 0]
    assert game.state.hand_no == 2 and game.state.dealer == dealer
    assert game.state.totals == [0, 0] and not game.is_over
    assert sorted(c for h in game.state.hands for c in h) != []
    assert len(game.state.stock) == 104 - 20 - 1


def test_refusal_reasons():
    game = Game("traditional", 2, seed=10)
    place(game, {0: "QS KS AS 2S 7H 7H 8C"}, discard="2C", stock_top="JD", table=[(1, "8H 9H 10H")], to_move=0)
    assert game.why_not("discard:7H") == "Draw first: from the stock or the discard pile."
    game.apply("draw:stock")
    assert game.why_not("draw:stock").startswith("You have already drawn this turn")
    assert (
        game.why_not("meld:KS-AS-2S") == "KS AS 2S is not a run: a run may not turn the corner from K through A to 2."
    )
    assert game.why_not("meld:QS-KS-AS") is None
    assert (
        game.why_not("meld:7H-7H-8C")
        == "7H 7H 8C is neither a set (one rank, different suits) nor a run (one suit, in sequence)."
    )
    assert game.why_not("layoff:7H-7H>0") == "7H 7H cannot go on 8H 9H 10H: a run cannot hold the same card twice."
    assert game.why_not("layoff:8C>0") == "8C cannot go on 8H 9H 10H: a run is all one suit."
    assert game.why_not("layoff:7H>3") == "There is no table meld 3: the table has 1 meld(s), numbered from 0."
    assert game.why_not("discard:3D") == "You do not hold 3D."
    assert game.why_not("meld:8C-8C-8H") == "You hold only 1 8C, not 2."
    assert game.why_not("knock:7H").startswith("'knock:7H' is not a move in Traditional Rummy")


def test_offered_actions_are_the_single_melds_lay_offs_and_discards():
    game = Game("traditional", 2, seed=11)
    place(game, {0: "QS KS AS 7H 9C"}, discard="2C", stock_top="JS", table=[(1, "8H 9H 10H")], to_move=0)
    game.apply("draw:stock")
    legal = game.legal_actions()
    assert {"meld:QS-KS-AS", "meld:JS-QS-KS", "meld:JS-QS-KS-AS"} <= set(legal)
    assert "layoff:7H>0" in legal
    assert {"discard:7H", "discard:9C", "discard:AS"} <= set(legal)
    for action in legal:
        assert game.why_not(action) is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ai_games_reach_the_end(players):
    levels = ["easy", "normal"] * 3
    for seed, settings in ((players, {}), (players + 50, {"rounds": 2})):
        game = play_ai_game("traditional", players, levels[:players], seed, settings)
        assert game.is_over and game.state.result["winners"]
        if not settings:
            assert sum(game.state.result["final"]) == 100 * players
        everything = sorted(c for h in game.state.hands for c in h) + game.state.stock + game.state.discard
        everything += [c for e in game.state.table for c in e["meld"]["cards"]]
        assert sorted(everything) == make_deck(2)


def test_payout_follows_the_stake_and_cutoff_settings():
    # pool 3 × 50 = 150; P1 alone is under the cutoff 100: ⌊150 × 25 × 60 / (100 × 60)⌋ = 37
    money, lines = payout([40, 0, 100], 1, 50, 100)
    lines = message_texts(lines)
    assert money == [37, 113, 0]
    assert lines[-1] == "Player 2 (out): 150 − 37 − 0 = 113"


def test_rummy_penalty_setting():
    game = four_player_game(rummy_penalty=10)
    place(game, {0: "4D 5D 6D 8C 8S 8H QC QH QS 9C", **LOSER_HANDS}, discard="2C", stock_top="7D")
    play(game, "draw:stock", "meld:4D-5D-6D-7D+8S-8H-8C+QS-QH-QC", "discard:9C")
    assert game.state.last_hand["points"] == [0, 36, 35, 17]
    assert "Player 2: [AS] [KH] [5D] = 11 + 10 + 5 = 26, + 10 for the rummy = 36" in message_texts(
        game.state.last_hand["lines"]
    )
