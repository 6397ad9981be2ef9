"""The daily deal's end on screen (:mod:`rummy_tui.tableserver.daily`): the table ends after the
first hand, and the results take its place (``daily.py`` opens a daily).

Under `rummy serve` the daily is played at the server's table service (its secret deals it,
and the results table holds everyone who played it there); on one's own machine it is played in
this process from the date alone, and the results are the player's own earlier dailies. Either
way the player sees how the `hard` computer did in their seat of the same deal.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from rummy_tui.i18n import _, ngettext

from .navigation import navigation

LOCAL_PLAYER = "me"  # who a result on one's own machine belongs to
BAR_WIDTH = 30


def served() -> bool:
    """Under `rummy serve`: the server's table service deals the daily and keeps everyone's results."""
    from rummy_tui.tableserver.connect import may_start_a_server

    return not may_start_a_server()


def player_name() -> str:
    from rummy_tui.tableserver.connect import default_name

    return default_name() or _("You")


def local_book() -> Any:
    from rummy_tui.storage.paths import data_dir
    from rummy_tui.tableserver.daily import DailyBook

    return DailyBook(data_dir() / "daily")


def local_result(variant: str, day: str, game: Any = None) -> dict[str, Any]:
    """The local daily's result (kept in the book if ``game`` is the one just played), with the
    hard computer's in seat 1 and the player's earlier dailies (a worker thread: it plays a hand)."""
    from rummy_tui.tableserver.daily import (
        DailyResult,
        better_is_higher,
        commitment,
        computer_in_seat,
        daily_game,
        daily_seed,
        hand_points,
        standings,
    )
    from variants import get_variant

    book = local_book()
    if game is not None:
        name = game.record["seats"][0]["name"] if game.record.get("seats") else player_name()
        book.add(DailyResult(LOCAL_PLAYER, name, hand_points(game), day, variant), commitment(game))
    if book.computer(day, variant) is None:
        book.set_computer(day, variant, computer_in_seat(variant, day))
    kept = book.read(day, variant)
    return {
        "variant": variant,
        "day": day,
        "computer": kept.get("computer"),
        "commitment": kept.get("commitment") or commitment(daily_game(variant, day, "")),
        "seed": daily_seed(variant, day),  # from the date: nothing to hide
        "earlier": book.earlier(variant, day),
        "local": True,
        **standings(kept["results"], better_is_higher(get_variant(variant)), LOCAL_PLAYER),
    }


class DailyEnd:
    """A mixin of :class:`~.table.TableScreen`: a daily ends with its first hand (after the
    end-of-hand screen), and its results take the table's place."""

    daily: dict[str, Any] | None = None  # {"variant", "day"} at a daily table

    if TYPE_CHECKING:
        seat: Any
        local: bool
        game: Any
        app: Any
        _overlay: bool

    def end_of_daily(self) -> bool:
        if self.daily is None:
            return False
        observation = self.seat.observation
        if observation["hand_no"] <= 1 and observation["result"] is None:
            return False
        self._overlay = True  # no more moves here
        self.show_daily_result(self.daily["variant"], self.daily["day"])
        return True

    @work(exclusive=True, group="daily")
    async def show_daily_result(self, variant: str, day: str) -> None:
        from rummy_tui.tableserver.client import TableError

        try:
            if self.local:
                result = await asyncio.to_thread(local_result, variant, day, self.game)
            else:
                result = await self.seat.client.daily_result(variant)
        except (TableError, OSError) as problem:
            self.app.notify(_("The daily results could not be read: {reason}", reason=str(problem)), severity="error")
            return
        self.app.switch_screen(DailyResultScreen(result))


def daily_row() -> Any:
    """The start screen's row for today's daily deal (of the variant chosen above)."""
    from textual.containers import Horizontal
    from textual.widgets import Button

    return Horizontal(
        Button(_("Daily deal"), id="daily-deal"),
        Static(_("today's: one hand against the hard computer, the same cards for everyone"), classes="help"),
        id="daily-buttons",
    )


def points_text(points: int) -> str:
    return ngettext("{n} point", "{n} points", points)


class DailyResultScreen(Screen):
    BINDINGS = [
        Binding("escape,enter", "done", _("New game"), id="done"),
        Binding("ctrl+q", "app.quit", _("Quit"), id="quit"),
    ]

    def __init__(self, result: dict[str, Any]) -> None:
        super().__init__()
        self.result = result

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="daily-result"):
            yield Static(self.summary(), id="daily-summary")
        yield Footer()

    def summary(self) -> Group:
        from variants import get_variant

        result = self.result
        variant = get_variant(result["variant"])
        parts: list[Any] = [
            Text(_("Daily deal · {variant} · {day}", variant=variant.shown_name(), day=result["day"]), style="bold"),
            Text(""),
        ]
        if result.get("points") is not None:
            parts.append(Text(_("You: {points}", points=points_text(result["points"]))))
        if result.get("computer") is not None:
            parts.append(Text(_("The hard computer in your seat: {points}", points=points_text(result["computer"]))))
        order = _("more points are better") if result["higher_is_better"] else _("fewer points are better")
        parts.append(Text(order, style="dim"))
        parts.append(Text(""))
        if result.get("local"):
            parts.extend(self.earlier())
        else:
            parts.extend(self.standings())
        parts.append(Text(""))
        sealed = (result.get("commitment") or "")[:8] + "…"
        if result.get("seed") is None:
            words = _(
                "The deal was sealed ({commitment}); it is revealed after the day (UTC) is over.", commitment=sealed
            )
        else:
            words = _(
                "The deal was sealed ({commitment}) and is revealed: rummy daily --verify checks it.", commitment=sealed
            )
        parts.append(Text(words, style="dim"))
        return Group(*parts)

    def standings(self) -> list[Any]:
        result = self.result
        if result.get("rank") is not None:
            head = ngettext(
                "Your place: {rank} of {n} player",
                "Your place: {rank} of {n} players",
                result["players"],
                rank=result["rank"],
            )
        else:
            head = ngettext("{n} player so far", "{n} players so far", result["players"])
        rows = RichTable(box=None, show_header=True, pad_edge=False)
        rows.add_column(_("place"), justify="right")
        rows.add_column(_("player"))
        rows.add_column(_("points"), justify="right")
        for row in result["rows"]:
            rows.add_row(str(row["rank"]), Text(row["name"]), str(row["points"]), style="bold" if row["me"] else None)
        spread = RichTable(box=None, show_header=True, pad_edge=False)
        spread.add_column(_("points"), justify="right")
        spread.add_column(_("players"))
        most = max((count for _points, count in result["distribution"]), default=1)
        for points, count in result["distribution"]:
            bar = "#" * max(1, round(BAR_WIDTH * count / most))
            spread.add_row(str(points), f"{bar} {count}")
        return [Text(head, style="bold"), rows, Text(""), Text(_("How everyone did"), style="bold"), spread]

    def earlier(self) -> list[Any]:
        earlier = self.result.get("earlier") or []
        if not earlier:
            return [Text(_("Your earlier dailies of this variant will be listed here."), style="dim")]
        rows = RichTable(box=None, show_header=True, pad_edge=False)
        rows.add_column(_("day"))
        rows.add_column(_("you"), justify="right")
        rows.add_column(_("hard computer"), justify="right")
        for entry in earlier:
            computer = entry.get("computer")
            rows.add_row(entry["day"], str(entry["points"]), "" if computer is None else str(computer))
        return [Text(_("Your earlier dailies"), style="bold"), rows]

    def action_done(self) -> None:
        navigation(self).action_new_game()  # the start screen in place of the daily's table
