"""The daily deal at the table service (:mod:`.daily`): a player asks for a variant's daily and
is seated at a table of their own, seat 1 against the `hard` computer, dealt from the server's
secret. The table ends with the first hand; the result goes into the server's book, and any
player may ask for a day's results table.

Nothing that reaches the player carries the seed (the deal of everyone still to play): views
hold no seed, and a daily table sends no record and no reveal (a chosen seed's record keeps its
seed). A daily table is never saved to the disk: the server keeps it in memory while it is played. A
player who leaves or drops does not get to deal it again: the `easy` computer plays their hand
out, and that result counts.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import N_, msg
from variants import get_variant

from .daily import (
    DailyDesk,
    DailyResult,
    better_is_higher,
    commitment,
    computer_in_seat,
    daily_players,
    hand_over,
    hand_points,
    standings,
)
from .protocol import BadMessage, new_code, refusal
from .table import Table
from .table_seats import Member, Seat

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class DailyTable(Table):
    def __init__(self, hall: DailyHall, variant: str, day: str, who: str, *args: Any, **options: Any):
        super().__init__(*args, **options)
        self.hall, self.variant, self.day, self.who = hall, variant, day, who
        self.finishing: asyncio.Task | None = None

    def view(self, seat: int | None) -> dict[str, Any]:
        shown = super().view(seat)
        if hand_over(self.game):
            shown["legal"] = []
        shown["daily"] = {"variant": self.variant, "day": self.day, "over": hand_over(self.game)}
        return shown

    def contribution_wanted(self) -> dict[str, Any] | None:
        return None  # the same deal for everyone: nobody's own randomness goes into it

    async def _gather_contributions(self, hand: int) -> None:
        return None

    def _send_reveal(self) -> None:
        return None  # revealed after the day, to everyone at once (DailyDesk.reveal)

    def _send_record(self, member: Member) -> None:
        return None

    def _why_not_now(self, seat: int | None, seq: int, action: str) -> dict[str, Any] | None:
        if hand_over(self.game):
            return msg(N_("The daily deal is over: one hand is the whole of it."))
        return super()._why_not_now(seat, seq, action)

    def _plan_ai_turn(self) -> None:
        if not hand_over(self.game):
            super()._plan_ai_turn()
        elif self.finishing is None:
            self.finishing = asyncio.get_running_loop().create_task(self.hall.finish(self))

    async def _on_leave(self, member: Member) -> None:
        await super()._on_leave(member)
        self._gone_if_finished()

    async def _on_dropped(self, member: Member) -> None:
        await super()._on_dropped(member)
        self._gone_if_finished()

    def _gone_if_finished(self) -> None:
        if self.finishing is not None and self.finishing.done():
            self.hall.gone(self)


class DailyHall:
    """The server's dailies: the tables being played, the book of results, seal and reveal."""

    def __init__(self, folder: Path, ai_delay: float, desk: DailyDesk | None = None):
        self.desk = desk or DailyDesk(folder)
        self.ai_delay = ai_delay
        self.tables: dict[str, DailyTable] = {}

    def who(self, connection: Any) -> str:
        return connection.identity or f"name:{connection.name}"

    async def open(self, connection: Any, variant: str) -> DailyTable | None:
        """Seat ``connection`` at its daily of ``variant``, or None if it has played it today
        (the answer says so, with the day's commitment either way)."""
        day = self.desk.day()
        try:
            game = await asyncio.to_thread(self.desk.game, variant, connection.name)
        except ValueError as problem:  # an unknown variant
            raise BadMessage(str(problem)) from None
        who = self.who(connection)
        earlier = [t for t in self.tables.values() if (t.who, t.variant, t.day) == (who, variant, day)]
        for table in earlier:
            if table.finishing is not None:
                await table.finishing  # over: its result is being kept
        if any(table.finishing is None for table in earlier):
            connection.send(
                refusal(
                    "daily",
                    msg(
                        N_(
                            "Your daily deal is still being played (by the computer, if you left it): its result comes soon."
                        )
                    ),
                )
            )
            return None
        played = await asyncio.to_thread(self.desk.book.result_of, day, variant, who)
        connection.send(
            {"type": "daily", "variant": variant, "day": day, "commitment": commitment(game), "played": bool(played)}
        )
        if played:
            return None
        seats = [Seat("human", connection.name, level="easy")] + [  # easy: who leaves gains nothing
            Seat("ai", f"Computer {seat + 1}", level="hard") for seat in range(1, daily_players(variant))
        ]
        code = new_code(set(self.tables))
        table = DailyTable(self, variant, day, who, code, game, seats, grace=0.0, ai_delay=self.ai_delay)
        table.write_seats_into_record()
        self.tables[code] = table
        table.start_task()
        if connection.table is not None and connection.table is not table:
            connection.table.post("leave", connection)
        seated = asyncio.get_running_loop().create_future()
        table.post("join", connection, 0, None, None, seated)
        if await seated is None:
            return None
        connection.table = table
        table.post("start", connection)
        return table

    async def finish(self, table: DailyTable) -> None:
        """The hand is over: the player's result into the book, and the hard computer's in
        their seat, worked out once a day and variant."""
        book, day, variant = self.desk.book, table.day, table.variant
        result = DailyResult(table.who, table.seats[0].name, hand_points(table.game), day, variant)
        await asyncio.to_thread(book.add, result, commitment(table.game))
        if await asyncio.to_thread(book.computer, day, variant) is None:
            points = await asyncio.to_thread(computer_in_seat, variant, day, self.desk.secret)
            await asyncio.to_thread(book.set_computer, day, variant, points)
        if not table.members:  # left before the end: played out for them
            self.gone(table)

    def gone(self, table: DailyTable) -> None:
        if self.tables.get(table.code) is table and not table.members:
            del self.tables[table.code]
            table.post("stop")

    async def results(self, connection: Any, variant: str, day: str | None) -> dict[str, Any]:
        """A day's results table for this player (today's by default)."""
        day = day or self.desk.day()
        if not DAY.fullmatch(day):
            raise BadMessage("day is a date written 2026-12-02")
        try:
            get_variant(variant)
        except SettingError as problem:
            raise BadMessage(str(problem)) from None
        at = connection.table
        if isinstance(at, DailyTable) and at.finishing is not None:
            await at.finishing  # their own result first
        kept = await asyncio.to_thread(self.desk.book.read, day, variant)
        table = standings(kept["results"], better_is_higher(get_variant(variant)), self.who(connection))
        return {
            "type": "daily_result",
            "variant": variant,
            "day": day,
            "computer": kept.get("computer"),
            "commitment": kept.get("commitment") or self.desk.seal(variant, day),
            "seed": self.desk.reveal(variant, day),  # None while the day lasts
            **table,
        }

    async def close(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
        self.tables.clear()
