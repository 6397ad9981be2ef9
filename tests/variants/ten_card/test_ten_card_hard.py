"""The hard Tízlapos player's buli choices at the showdown and the re-entry offer.

Hard used to stay out at a restart of 98 (less than 5 below the limit); it now re-enters
whenever offered, since staying out loses the buli for sure (measured: +2.5 points of share
with four players). The test that pinned the old choice now pins the new one and its reason."""

from __future__ import annotations

from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.hints import hint_for
from tests.variants.ten_card.test_ten_card import MELDED_NINE, discard_and_declare, position

LOOSE_HAND = "2S 5S 9D 9H JS KS AD 4S 6D 8D"  # no meld: 2+5+9+9+10+10+10+4+6+8 = 73 unmatched
SMALL_HAND = "10H JH QH KH 7C 7D 7S 7H 5D 6C"  # 11 unmatched
OTHER_SMALL_HAND = "10S JS QS KS 8D 8H 8S 8C 5C 6H"  # 11 unmatched


def knocked(players: int, totals: list[int], seat_1: str = LOOSE_HAND):
    """Seat 0 knocks with 3D; seat 1 (by default 73 unmatched) is the first to lay down or throw in."""
    hands = {0: MELDED_NINE + " 3D KD", 1: seat_1, 2: SMALL_HAND}
    game = position(
        players, {seat: hands[seat] for seat in range(min(players, 3))}, phase="discard", to_move=0, totals=totals
    )
    discard_and_declare(game, "KD", "knock")
    assert game.current_seat == 1 and game.state.phase == "showdown"
    return game


def test_hard_lays_down_where_normal_throws_in_a_lost_hand():
    game = knocked(2, [10, 90])  # 90 + 73 is out either way
    assert choose_action(game, 1, "normal") == "throwin"
    assert choose_action(game, 1, "hard") == "laydown"
    assert hint_for(game, 1).text == "Lay down: your penalty is small enough."


def test_hard_buys_back_in_with_a_little_room_where_normal_stays_out():
    game = knocked(3, [10, 90, 80])
    game.apply("laydown")  # seat 1: 163, out
    game.apply("laydown")  # seat 2: 80 + 11 = 91, the highest total still in
    assert game.state.phase == "reentry" and game.current_seat == 1
    assert game.observation(1)["extra"]["reentry"]["restart"] == 91
    assert choose_action(game, 1, "normal") == "decline"
    assert choose_action(game, 1, "hard") == "reenter"
    game.apply("reenter")
    assert game.state.totals == [13, 91, 91]


def test_hard_buys_back_in_even_at_the_limit_because_staying_out_loses_the_buli():
    game = knocked(3, [10, 90, 87])
    game.apply("laydown")
    game.apply("laydown")  # seat 2: 87 + 11 = 98
    assert game.observation(1)["extra"]["reentry"]["restart"] == 98
    assert choose_action(game, 1, "normal") == "decline"
    assert choose_action(game, 1, "hard") == "reenter"
    assert hint_for(game, 1).text == (
        "Re-enter: staying out loses the buli for sure; back in at 98, a römi or a special hand can still win it."
    )


def test_with_room_to_spare_the_re_entry_hint_keeps_its_plain_reason():
    game = knocked(3, [10, 90, 20])
    game.apply("laydown")
    game.apply("laydown")  # seat 2: 20 + 11 = 31, the highest total still in
    assert hint_for(game, 1).action == "reenter"
    assert hint_for(game, 1).text == "Re-enter: there is still enough room below the limit."


def test_hard_throws_in_and_buys_back_in_when_that_restarts_it_lower_than_laying_down():
    game = knocked(3, [10, 80, 20], seat_1=OTHER_SMALL_HAND)  # laying down: 80 + 11 = 91
    assert choose_action(game, 1, "normal") == "laydown"
    assert choose_action(game, 1, "hard") == "throwin"  # expects a restart near 20 + 37 (a first-round knock)
    assert hint_for(game, 1).text == (
        "Throw in and buy back in: you restart at the highest total still in "
        "(about 57), lower than the 91 laying down leaves you."
    )
    game.apply("throwin")
    game.apply("laydown")  # seat 2: 20 + 11 = 31
    game.apply("reenter")
    assert game.state.totals == [13, 31, 31]


def test_hard_lays_down_when_nobody_else_is_sure_to_stay_in():
    game = knocked(3, [10, 80, 70], seat_1=OTHER_SMALL_HAND)  # seat 2 could go out: no re-entry then
    assert choose_action(game, 1, "hard") == "laydown"


def test_at_a_table_of_four_hard_lays_down_as_before():
    game = knocked(4, [10, 80, 20, 20], seat_1=OTHER_SMALL_HAND)
    assert choose_action(game, 1, "hard") == "laydown"


def test_heads_up_hard_never_throws_in_a_hand_it_survives():
    game = knocked(2, [10, 80], seat_1=OTHER_SMALL_HAND)
    assert choose_action(game, 1, "hard") == "laydown"
