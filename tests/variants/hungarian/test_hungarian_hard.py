"""Römi hard: the discards it chooses from its seat's view (RULES.md part C)."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import parse_face
from rummy_tui.engine.hints import hint_for

SECOND_DECK = 52  # a card id plus 52 is the same face from the second deck


def opened_position(hand: str | list[int], table: list[tuple[int, str]]) -> Game:
    """Heads-up, both opened, seat 0 in its play phase after the draw."""
    return Game.from_position(
        "hungarian",
        2,
        hands=[hand, "2H 9C KC QD 8S 4H 10D"],
        table=table,
        discard="5C",
        to_move=0,
        phase="play",
        extra={"opened": [True, True], "drawn": [True, True]},
        seed=11,
    )


def test_hard_throws_away_a_second_copy_of_a_card_a_table_run_already_holds():
    """5♦-6♦-7♦ is on the table: a second 6♦ cannot be laid off there (it fits nowhere), while
    3♠ 4♠ wait for 2♠ or 5♠. Hard used to count that 6♦ as a lay-off and keep it."""
    hand = [parse_face("6D") + SECOND_DECK, parse_face("3S"), parse_face("4S")]  # the table has the first 6♦
    game = opened_position(hand, [(1, "5D 6D 7D"), (0, "KH KS KD")])
    assert game.why_not("layoff:6D>0") is not None
    assert choose_action(game, 0, "hard") == "discard:6D"


def test_hard_keeps_a_card_that_does_lay_off_for_its_turn():
    """8♦ extends 5♦-6♦-7♦: hard lays it off rather than throw it away."""
    game = opened_position("8D 3S 4S", [(1, "5D 6D 7D"), (0, "KH KS KD")])
    assert choose_action(game, 0, "hard") == "layoff:8D>0"


def four_player_position(players: int) -> Game:
    """Seat 0 has opened and holds 4♠ A♥ 2♥ 6♥ 5♦ 4♣ after its draw; nobody else has opened."""
    others = [
        "2S 3S 5S 6S 8D 9D 10D JD 2C 3C 5C 6C 8C 9C",
        "10S JS QS 2D 3D 4D 6D 7D 9H 10H JH QH KC QC",
        "3H 4H 5H 8H QD AD AS AC 10C JC 5S 6S 8D 9D",
    ]
    return Game.from_position(
        "hungarian",
        players,
        hands=["4S AH 2H 6H 5D 4C"] + others[: players - 1],
        table=[(0, "KS KD KH"), (0, "7S 8S 9S"), (0, "7D 7C 7H")],
        discard="KC",
        to_move=0,
        phase="play",
        extra={"opened": [True] + [False] * (players - 1), "drawn": [True] * players},
        seed=11,
    )


def test_with_four_players_hard_keeps_a_high_card_with_outs_and_throws_a_low_one():
    """A♥ waits with 2♥ for 3♥ (A-2-3♥), 4♠ with 4♣ for a set of fours; 5♦ and 6♥ have the
    fewest cards to come that meld with them. Heads-up hard still throws the ace away for its 11
    points; with four players, where a deal is a race of more hands, the outs count for more than
    the points, so it keeps the ace and throws one of the two low cards (5♦, the first)."""
    assert choose_action(four_player_position(2), 0, "hard") == "discard:AH"
    game = four_player_position(4)
    assert choose_action(game, 0, "hard") == "discard:5D"
    assert hint_for(game, 0).text == "Discard [5D]: it fits no meld."
