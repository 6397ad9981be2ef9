"""The table clock on screen (:mod:`rummy_tui.tableserver.clock`): the countdown in the status
line of every seat, the clock a host or a local game chooses, and, for a game in this process,
the turn played for a player out of time and the away mark after three in a row.

The countdown ticks once a second only while a clock runs; an idle table has no timer at all.
A shared table's clock is the server's: each view carries it, and the screen counts down from
the moment the view arrived. A local game's clock is a :class:`TurnClock` of its own.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Label

from rummy_tui.i18n import N_, _
from rummy_tui.tableserver.clock import CLOCK_CHOICES, BadClock, ShownClock, TurnClock, clock_setting, minutes
from rummy_tui.widgets.base import Panel
from rummy_tui.widgets.select import Select

from .table_parts import TableParts

CLOCK_WORDS = {
    "none": N_("no clock"),
    "15+60": N_("15 s + 1 min bank"),
    "30+120": N_("30 s + 2 min bank"),
    "60+300": N_("1 min + 5 min bank"),
}


def clock_row() -> Horizontal:
    """The form's row to choose a clock (the start screen's and the host form's)."""
    return Horizontal(
        Label(_("Clock"), classes="caption"),
        Select([(_(CLOCK_WORDS[key]), key) for key in CLOCK_CHOICES], value="none", allow_blank=False, id="clock"),
        Label(_("a turn out of time is played by the computer"), classes="help"),
        classes="row",
    )


def clock_words(clock: dict[str, Any] | None) -> str:
    """A table's clock as its lobby tells it (a line of its own), or nothing."""
    if not clock:
        return ""
    return "\n" + _(
        "Clock: {turn} s a turn and a bank of {bank}; a turn out of time is played by the computer.",
        turn=f"{clock['turn']:g}",
        bank=minutes(clock["bank"]),
    )


def chosen_clock(form: Any) -> dict[str, float] | None:
    """The clock chosen in ``form``'s clock row, as a table or a record keeps it (None: no clock)."""
    setting = CLOCK_CHOICES.get(str(form.query_one("#clock", Select).value))
    return setting.as_dict() if setting is not None else None


class ClockCountdown(TableParts):
    """A mixin of :class:`~.table.TableScreen` (it uses the screen's seat, game, names,
    viewer, humans, _overlay, say, status_text, think and set_interval)."""

    local_clock: TurnClock | None = None
    _clock_ticker: Timer | None = None
    _clock_shown: tuple[dict[str, Any], ShownClock] | None = None
    _away_here: frozenset[int] = frozenset()  # local seats away after three turns out of time

    def start_local_clock(self) -> None:
        """A local game's own clock, as its record names it (a resumed game's banks start full)."""
        try:
            setting = clock_setting(self.game.record.get("clock"))
        except BadClock:
            setting = None
        if setting is not None:
            self.local_clock = TurnClock(setting, self.game.record["players"])

    # --- the countdown ----------------------------------------------------------------------

    def clock_left(self) -> tuple[float, float] | None:
        """The running turn's seconds and its seat's bank, or None while no clock runs."""
        if self.local:
            clock = self.local_clock
            if clock is None or clock.seat is None or clock.out_of_time or clock.seat in self._away_here:
                return None
            return clock.turn_left(), clock.bank_left(clock.seat)
        view = self.remote_seat.view
        shown = view.get("clock") if view else None
        if not shown:
            return None
        if self._clock_shown is None or self._clock_shown[0] is not shown:
            self._clock_shown = (shown, ShownClock(shown))
        return self._clock_shown[1].left()

    def clock_prefix(self) -> str:
        left = self.clock_left()
        if left is None:
            return ""
        return _("time {turn} + {bank}", turn=minutes(left[0]), bank=minutes(left[1])) + " · "

    def keep_clock_ticking(self) -> None:
        """After every refresh: follow a local game's turn, and tick once a second only while
        a clock runs."""
        if self.local and self.local_clock is not None:
            self.local_clock.follow(self._local_clock_seat(), self.game.state.hand_no)
        running = self.clock_left() is not None
        if running and self._clock_ticker is None:
            self._clock_ticker = self.set_interval(1.0, self.tick_clock)
        elif not running and self._clock_ticker is not None:
            self._clock_ticker.stop()
            self._clock_ticker = None

    def _local_clock_seat(self) -> int | None:
        """The seat whose clock runs here: a human's, once their cards are shown to them."""
        seat = self.game.current_seat
        if seat is None or self._overlay or seat != self.viewer:
            return None
        return seat if self.seats[seat]["kind"] == "human" else None

    def tick_clock(self) -> None:
        self.query_one("#status", Panel).update(
            Text(self.clock_prefix() + self.status_text(), no_wrap=True, overflow="ellipsis")
        )
        clock = self.local_clock
        if self.local and clock is not None and clock.timed_out() and clock.seat == self.game.current_seat:
            self._local_time_out(clock)

    # --- a local turn out of time --------------------------------------------------------------

    def _local_time_out(self, clock: TurnClock) -> None:
        seat = clock.seat
        if seat is None:
            return
        if clock.time_out():
            self._away_here = self._away_here | {seat}
        words = _("{name} is out of time: the computer draws and discards for them.", name=self.names[seat])
        self.say(words)
        self.notify(words)  # the computer's moves take the message line at once
        self.keep_clock_ticking()
        self.play_timed_out(seat, self.seat.seq, self._epoch)

    def clock_plays(self, seat: int) -> bool:
        """Whether the computer plays this turn for a human here: the rest of a turn out of
        time, or every turn of a player away after three in a row."""
        clock = self.local_clock
        if clock is None:
            return False
        if clock.out_of_time and clock.seat == seat:
            self.play_timed_out(seat, self.seat.seq, self._epoch)
            return True
        if seat in self._away_here:
            turn = self.seat.seq
            if self._thinking != turn:
                self._thinking = turn
                self.think(seat, self.timeout_level(), turn, self._epoch)
            return True
        return False

    def timeout_level(self) -> str:
        """The table's level: its first computer player's (normal when it has none)."""
        return next((seat.get("level") or "normal" for seat in self.seats if seat["kind"] == "ai"), "normal")

    @work(thread=True, group="ai")
    def play_timed_out(self, seat: int, turn: int, epoch: int) -> None:
        from rummy_tui.engine.ai import timed_out_action

        from .table_local import AiMoved

        self.post_message(AiMoved(seat, timed_out_action(self.game, seat, self.timeout_level()), turn, epoch))

    # --- coming back -----------------------------------------------------------------------------

    def away_text(self) -> str:
        """What the status line says to a player the clock marked away."""
        if self.local:
            if not self._away_here:
                return ""
            names = ", ".join(self.names[seat] for seat in sorted(self._away_here))
            return _("{names}: away (out of time): any key plays again", names=names)
        mine = self.seat.seat
        if mine is None or not self.seats:
            return ""
        entry = self.seats[mine]
        if entry.get("connected") and entry.get("ai_playing"):
            return _("you are away (out of time): any key plays again")
        return ""

    async def come_back(self) -> bool:
        """Any key brings a player the clock marked away back to the table."""
        if not self.away_text():
            return False
        if self.local:
            self._away_here = frozenset()
            for seat in self.humans:
                if self.local_clock is not None:
                    self.local_clock.timeouts[seat] = 0
            self.refresh_table()
            self.advance()
        else:
            await self.remote_seat.client.back()
        return True
