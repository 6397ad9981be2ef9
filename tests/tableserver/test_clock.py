"""The table clock's arithmetic, on a time source the test moves by hand (no sleeping)."""

from __future__ import annotations

import pytest

from rummy_tui.tableserver.clock import (
    AWAY_AFTER_TIMEOUTS,
    BadClock,
    ClockSetting,
    ShownClock,
    TurnClock,
    clock_setting,
    minutes,
)


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def pass_(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def time_source() -> FakeTime:
    return FakeTime()


def test_the_turn_counts_down_then_the_bank(time_source):
    clock = TurnClock(ClockSetting(30, 120), 2, time_source)
    assert clock.seconds_left() is None  # nobody's clock runs yet
    assert clock.follow(0, 1)
    time_source.pass_(10)
    assert clock.turn_left() == 20 and clock.bank_left(0) == 120
    time_source.pass_(25)  # 5 s into the bank
    assert clock.turn_left() == 0 and clock.bank_left(0) == 115
    assert clock.seconds_left() == 115
    assert not clock.timed_out()


def test_a_turn_ends_when_the_seat_changes_and_its_overrun_stays_off_the_bank(time_source):
    clock = TurnClock(ClockSetting(30, 120), 2, time_source)
    clock.follow(0, 1)
    time_source.pass_(40)
    assert not clock.follow(0, 1)  # the same turn goes on
    assert clock.follow(1, 1)  # seat 1's turn: seat 0 spent 10 s of its bank
    assert clock.banks == [110, 120]
    time_source.pass_(5)
    assert clock.turn_left() == 25 and clock.bank_left(1) == 120 and clock.bank_left(0) == 110
    clock.follow(0, 1)
    assert clock.turn_left() == 30  # every turn starts with its full seconds
    assert clock.seconds_left() == 140


def test_the_same_seat_in_the_next_hand_starts_a_new_turn(time_source):
    clock = TurnClock(ClockSetting(30, 0), 2, time_source)
    clock.follow(1, 1)
    time_source.pass_(20)
    assert clock.follow(1, 2)
    assert clock.turn_left() == 30


def test_out_of_time_when_turn_and_bank_are_spent(time_source):
    clock = TurnClock(ClockSetting(30, 60), 2, time_source)
    clock.follow(0, 1)
    time_source.pass_(89.5)
    assert not clock.timed_out() and clock.seconds_left() == pytest.approx(0.5)
    time_source.pass_(0.5)
    assert clock.timed_out()
    assert not clock.time_out()  # the first of three
    assert clock.seconds_left() is None  # the rest of the turn is the AI's: no timer for it
    clock.follow(1, 1)
    assert clock.banks[0] == 0  # the bank is gone for the rest of the game
    clock.follow(0, 1)
    assert clock.seconds_left() == 30


def test_three_timeouts_in_a_row_make_the_player_away_and_a_move_in_time_clears_the_count(time_source):
    clock = TurnClock(ClockSetting(10, 0), 2, time_source)

    def one_turn_out_of_time(hand: int) -> bool:
        clock.follow(0, hand)
        time_source.pass_(10)
        assert clock.timed_out()
        away = clock.time_out()
        clock.follow(1, hand)
        return away

    assert not one_turn_out_of_time(1)
    assert not one_turn_out_of_time(2)
    clock.follow(0, 3)
    clock.moved_in_time(0)  # the player played this one themselves
    assert clock.timeouts == [0, 0]
    assert [one_turn_out_of_time(hand) for hand in (4, 5, 6)] == [False, False, True]
    assert clock.timeouts[0] == AWAY_AFTER_TIMEOUTS


def test_the_shown_clock_counts_down_on_the_seat_without_asking(time_source):
    clock = TurnClock(ClockSetting(30, 120), 3, time_source)
    clock.follow(2, 1)
    time_source.pass_(12)
    shown = ShownClock(clock.shown(), time_source)
    assert shown.seat == 2 and shown.left() == (18, 120)
    time_source.pass_(28)
    assert shown.left() == (0, 110)
    time_source.pass_(500)
    assert shown.left() == (0, 0)
    clock.stop()
    assert ShownClock(clock.shown(), time_source).left() is None


def test_a_saved_clock_keeps_the_banks_and_counts(time_source):
    clock = TurnClock(ClockSetting(15, 60), 2, time_source)
    clock.follow(1, 1)
    time_source.pass_(25)
    clock.time_out()
    again = TurnClock.from_saved(clock.saved(), 2, time_source)
    assert again is not None
    assert again.setting == ClockSetting(15, 60) and again.banks == [60, 50] and again.timeouts == [0, 1]
    assert TurnClock.from_saved({"turn": "soon"}, 2) is None
    assert TurnClock.from_saved(None, 2) is None


@pytest.mark.parametrize(
    "value, expected",
    [
        (None, None),
        ("none", None),
        ("30+120", ClockSetting(30, 120)),
        ({"turn": 45, "bank": 0}, ClockSetting(45, 0)),
    ],
)
def test_clock_settings_a_host_may_choose(value, expected):
    assert clock_setting(value) == expected


@pytest.mark.parametrize(
    "value",
    ["10 minutes", {"turn": 1, "bank": 0}, {"turn": 30, "bank": 10**6}, {"turn": 30}, {"turn": True, "bank": 3}, 5],
)
def test_clock_settings_refused(value):
    with pytest.raises(BadClock):
        clock_setting(value)


def test_minutes_round_up():
    assert [minutes(s) for s in (0, 0.2, 59.5, 60, 125)] == ["0:00", "0:01", "1:00", "1:00", "2:05"]
