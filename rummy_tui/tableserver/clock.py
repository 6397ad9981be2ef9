"""Table clocks: seconds for each turn, and a bank of spare seconds per seat.

A turn is the run of moves one seat makes while it is to move, in one hand. It starts with
``turn`` seconds; once they are spent the seat's bank drains (the bank lasts the whole game and
is never refilled); once the bank is empty too, the turn is out of time. Then the AI at the
table's level plays the rest of the turn (a plain draw and the safest discard,
:func:`rummy_tui.engine.ai.timed_out_action`), and after three such turns in a row the player
is marked away. A turn the player finishes in time clears the count.

:class:`TurnClock` is only arithmetic on a time source (``time.monotonic`` unless a test gives
its own): no timers, no sleeping. The table service and the local table each run one timer at
the moment :meth:`TurnClock.seconds_left` names, and a countdown on screen ticks once a second
only while a clock runs.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

AWAY_AFTER_TIMEOUTS = 3  # turns out of time in a row before the player counts as away
TURN_SECONDS = (5.0, 600.0)  # the seconds a turn a host may choose
BANK_SECONDS = (0.0, 3600.0)  # the bank a host may choose


@dataclass(frozen=True)
class ClockSetting:
    turn: float  # seconds for each turn
    bank: float  # spare seconds per seat for the whole game

    def as_dict(self) -> dict[str, float]:
        return {"turn": self.turn, "bank": self.bank}

    @property
    def label(self) -> str:
        """``30 s + 2:00``: how a host picks it and a seat sees it."""
        return f"{self.turn:g} s + {minutes(self.bank)}"


CLOCK_CHOICES: dict[str, ClockSetting | None] = {
    "none": None,
    "15+60": ClockSetting(15, 60),
    "30+120": ClockSetting(30, 120),
    "60+300": ClockSetting(60, 300),
}


class BadClock(ValueError):
    """A clock a host may not choose; the text says which are allowed."""


def clock_setting(value: Any) -> ClockSetting | None:
    """A clock from a message or a command line: None, a name of :data:`CLOCK_CHOICES`
    (``30+120``), or ``{"turn": 30, "bank": 120}``; BadClock otherwise."""
    if value is None:
        return None
    if isinstance(value, str):
        if value.strip().lower() not in CLOCK_CHOICES:
            raise BadClock(f"the clock is one of {', '.join(CLOCK_CHOICES)}")
        return CLOCK_CHOICES[value.strip().lower()]
    if not isinstance(value, dict) or set(value) != {"turn", "bank"}:
        raise BadClock('the clock is null or {"turn": seconds, "bank": seconds}')
    turn, bank = value["turn"], value["bank"]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in (turn, bank)):
        raise BadClock("the clock's turn and bank are numbers of seconds")
    if not TURN_SECONDS[0] <= turn <= TURN_SECONDS[1] or not BANK_SECONDS[0] <= bank <= BANK_SECONDS[1]:
        raise BadClock(
            f"a turn is {TURN_SECONDS[0]:g} to {TURN_SECONDS[1]:g} seconds, "
            f"a bank {BANK_SECONDS[0]:g} to {BANK_SECONDS[1]:g} seconds"
        )
    return ClockSetting(float(turn), float(bank))


def minutes(seconds: float) -> str:
    """``2:05`` for 125 seconds (rounded up: a clock showing 0:00 has run out)."""
    whole = max(0, math.ceil(seconds - 1e-9))
    return f"{whole // 60}:{whole % 60:02d}"


class TurnClock:
    """The clock of one game: whose turn runs, since when, and each seat's bank."""

    def __init__(
        self,
        setting: ClockSetting,
        players: int,
        now: Callable[[], float] = time.monotonic,
        banks: list[float] | None = None,
        timeouts: list[int] | None = None,
    ):
        self.setting, self.now = setting, now
        self.banks = list(banks) if banks is not None else [setting.bank] * players
        self.timeouts = list(timeouts) if timeouts is not None else [0] * players  # in a row, per seat
        self.seat: int | None = None  # whose turn runs; None: no clock runs
        self._turn: Hashable = None
        self._started = 0.0
        self.out_of_time = False  # the running turn has timed out (its rest is the AI's)

    # --- following the game -----------------------------------------------------------------

    def follow(self, seat: int | None, turn: Hashable = None) -> bool:
        """The seat whose clock should run now (None: nobody's, e.g. an AI seat or the game
        over), and what tells its turn from the next (the hand number: the same seat may start
        the next hand). A change ends the running turn (its overrun comes off the bank) and
        starts the new one; returns whether a new turn started."""
        if seat is not None and seat == self.seat and turn == self._turn:
            return False
        self.stop()
        if seat is not None:
            self.seat, self._turn, self._started = seat, turn, self.now()
            self.out_of_time = False
        return seat is not None

    def stop(self) -> None:
        """End the running turn: the seconds it took past its turn's come off the bank."""
        if self.seat is not None:
            self.banks[self.seat] = self.bank_left(self.seat)
        self.seat, self._turn = None, None

    def moved_in_time(self, seat: int) -> None:
        """The player moved themselves: their count of turns out of time starts again."""
        if not (seat == self.seat and self.out_of_time):
            self.timeouts[seat] = 0

    def time_out(self) -> bool:
        """The running turn is out of time: counted; True when that makes the player away."""
        if self.seat is None:
            return False
        self.out_of_time = True
        self.timeouts[self.seat] += 1
        return self.timeouts[self.seat] >= AWAY_AFTER_TIMEOUTS

    # --- reading it ---------------------------------------------------------------------------

    def _elapsed(self) -> float:
        return max(0.0, self.now() - self._started) if self.seat is not None else 0.0

    def turn_left(self) -> float:
        return max(0.0, self.setting.turn - self._elapsed()) if self.seat is not None else self.setting.turn

    def bank_left(self, seat: int) -> float:
        overrun = max(0.0, self._elapsed() - self.setting.turn) if seat == self.seat else 0.0
        return max(0.0, self.banks[seat] - overrun)

    def seconds_left(self) -> float | None:
        """Until the running turn is out of time (None: no clock runs)."""
        if self.seat is None or self.out_of_time:
            return None
        return self.turn_left() + self.bank_left(self.seat)

    def timed_out(self) -> bool:
        left = self.seconds_left()
        return left is not None and left <= 0

    def shown(self) -> dict[str, Any]:
        """What every seat is sent, to count down from: nothing in it is private."""
        return {
            **self.setting.as_dict(),
            "seat": self.seat if not self.out_of_time else None,
            "turn_left": round(self.turn_left(), 2),
            "banks": [round(self.bank_left(seat), 2) for seat in range(len(self.banks))],
            "timeouts": list(self.timeouts),
        }

    def saved(self) -> dict[str, Any]:
        """What a table keeps on disk (a resumed turn starts afresh, its bank as it was)."""
        return {
            **self.setting.as_dict(),
            "banks": [self.bank_left(seat) for seat in range(len(self.banks))],
            "timeouts": self.timeouts,
        }

    @classmethod
    def from_saved(cls, saved: Any, players: int, now: Callable[[], float] = time.monotonic) -> TurnClock | None:
        if not isinstance(saved, dict):
            return None
        try:
            setting = clock_setting({"turn": saved["turn"], "bank": saved["bank"]})
        except (KeyError, BadClock):
            return None
        if setting is None:
            return None
        banks, timeouts = saved.get("banks"), saved.get("timeouts")
        good_banks = isinstance(banks, list) and len(banks) == players
        good_timeouts = isinstance(timeouts, list) and len(timeouts) == players
        return cls(
            setting,
            players,
            now,
            [float(b) for b in banks] if good_banks and banks is not None else None,
            [int(t) for t in timeouts] if good_timeouts and timeouts is not None else None,
        )


class ShownClock:
    """A countdown from a :meth:`TurnClock.shown` snapshot, as a seat's screen keeps it: the
    snapshot and when it arrived, so the screen counts down without asking anyone."""

    def __init__(self, shown: dict[str, Any], now: Callable[[], float] = time.monotonic):
        self.shown, self.now, self.arrived = shown, now, now()

    @property
    def seat(self) -> int | None:
        return self.shown.get("seat")

    def left(self) -> tuple[float, float] | None:
        """(turn seconds left, bank left) of the seat whose clock runs, or None."""
        seat = self.seat
        if seat is None:
            return None
        gone = max(0.0, self.now() - self.arrived)
        turn_left = self.shown["turn_left"] - gone
        bank = self.shown["banks"][seat] + min(0.0, turn_left)
        return max(0.0, turn_left), max(0.0, bank)
