"""A shared table's clock (:mod:`.clock`): the part of :class:`~.table.Table` that starts each
human turn's clock, wakes the table when the turn is out of time, plays that turn as the AI
would (a plain draw and the safest discard), and marks a player away after three in a row.

One timer per table, armed for the moment the running turn runs out, and none while no clock
runs: an idle table costs nothing.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from rummy_tui.engine import Game
from rummy_tui.engine.ai import ai_rng, timed_out_choice
from rummy_tui.i18n import N_

from .clock import TurnClock

MAX_TIMED_OUT_MOVES = 12  # a timed-out turn is a draw and a discard; this bounds a variant's longer ones


class ClockedTurns:
    """Mixed into :class:`~.table.Table`, whose attributes and methods it uses."""

    clock: TurnClock | None = None
    clock_away: set[int]  # connected players away after three turns out of time
    _clock_timer: asyncio.TimerHandle | None = None
    game: Game
    seats: list[Any]
    members: dict[int, Any]
    covered: set[int]
    started: bool
    log: Any

    def post(self, *command: Any) -> None: ...  # noqa: D102 -- the table's own
    def broadcast(self) -> None: ...  # noqa: D102
    async def _play(self, action: str) -> None: ...  # noqa: D102

    def clock_shown(self) -> dict[str, Any] | None:
        """The clock as every seat is sent it (its turn follows the game first: a view is
        made right after a move)."""
        if self.clock is None:
            return None
        self._follow_game(self.clock)
        return self.clock.shown()

    def _follow_game(self, clock: TurnClock) -> None:
        """Run the clock of the human seat to move: none for an AI seat, a covered one, or
        before the start and after the end."""
        seat = self.game.current_seat
        humans_turn = self.started and seat is not None and self.seats[seat].kind == "human"
        clock.follow(seat if humans_turn and seat not in self.covered else None, self.game.state.hand_no)

    def follow_clock(self) -> None:
        """After every command: follow the game, and arm the one timer for when the running
        turn runs out (none while no clock runs)."""
        if self.clock is None:
            return
        self._follow_game(self.clock)
        self.stop_clock()
        left = self.clock.seconds_left()
        if left is not None:
            self._clock_timer = asyncio.get_running_loop().call_later(max(left, 0.0), self.post, "clock")

    def stop_clock(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None

    async def _on_clock(self) -> None:
        """The running turn's timer: if it is out of time, the AI at the table's level plays
        the rest of that turn, and the log says so."""
        clock, seat = self.clock, self.game.current_seat
        if clock is None or seat is None or clock.seat != seat or not clock.timed_out():
            return
        place = self.seats[seat]
        away = clock.time_out()
        self.log.add(N_("{name} is out of time: the computer draws and discards for them."), seat, name=place.name)
        hand = self.game.state.hand_no
        for _ in range(MAX_TIMED_OUT_MOVES):
            if self.game.current_seat != seat or self.game.state.hand_no != hand or self.game.is_over:
                break
            await self._play(await self._timed_out_move(seat, place.level))
        if away:
            self.clock_away.add(seat)
            self.covered.add(seat)
            place.away_since = time.monotonic()
            self.log.add(
                N_(
                    "{name} ran out of time three turns in a row: away, the computer plays for them until they are back."
                ),
                seat,
                name=place.name,
            )
            self.broadcast()

    async def _timed_out_move(self, seat: int, level: str) -> str:
        game = self.game  # what the AI may know is taken now, by the table's task
        question = (game.variant, game.observation(seat), game.legal_actions(), level, ai_rng(game, seat))
        action = await asyncio.to_thread(timed_out_choice, *question)
        return action if self.game.why_not(action) is None else self.game.legal_actions()[0]

    async def _on_back(self, member: Any) -> None:
        """A connected player marked away by the clock says they are back."""
        seat = next((seat for seat, held in self.members.items() if held is member), None)
        if seat is None or seat not in self.clock_away:
            return
        self.clock_away.discard(seat)
        self.covered.discard(seat)
        self.seats[seat].away_since = None
        if self.clock is not None:
            self.clock.timeouts[seat] = 0
        self.log.add(N_("{name} is back."), seat, name=self.seats[seat].name)
        self.broadcast()
