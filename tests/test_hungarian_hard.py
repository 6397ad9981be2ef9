"""Römi hard: the discards it chooses from its seat's view (RULES.md part C)."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import parse_face

SECOND_DECK = 52  # a card id plus 52 is the same face from the second deck


def opened_position(hand: str | list[int], table: list[tuple[int, str]]) -> Game:
    """Heads-up, both opened, seat 0 in its play phase after the draw."""
    return Game.from_position("hungarian", 2, hands=[hand, "2H 9C KC QD 8S 4H 10D"], table=table,
                              discard="5C", to_move=0, phase="play",
                              extra={"opened": [True, True], "drawn": [True, True]}, seed=11)


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
