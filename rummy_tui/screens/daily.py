"""Opening today's daily deal (:mod:`rummy_tui.tableserver.daily`): its table, or its results
if it was played already. Under `rummy serve` at the server's table service (its secret deals it);
on one's own machine in this process, from the date alone."""

from __future__ import annotations

import asyncio
from typing import Any

from rummy_tui.i18n import _

from .daily_result import LOCAL_PLAYER, DailyResultScreen, local_book, local_result, player_name, served


def open_daily(app: Any, variant: str) -> None:
    """Today's daily of ``variant``: its table, or its results if it was played already."""
    app.run_worker(_open_daily(app, variant), exclusive=True, group="daily")


async def _open_daily(app: Any, variant: str) -> None:
    from rummy_tui.tableserver.client import TableError
    from rummy_tui.tableserver.connect import NoTableServer

    try:
        if served():
            await _open_served(app, variant)
        else:
            await _open_local(app, variant)
    except (NoTableServer, TableError, OSError, ValueError) as problem:
        app.notify(_("The daily deal could not be opened: {reason}", reason=str(problem)), severity="error")


async def _open_local(app: Any, variant: str) -> None:
    from rummy_tui.tableserver.daily import daily_game, today
    from rummy_tui.tableserver.seat import LocalSeat

    from .table import TableScreen

    day = today()
    book = local_book()
    if await asyncio.to_thread(book.result_of, day, variant, LOCAL_PLAYER) is not None:
        app.show_table(DailyResultScreen(await asyncio.to_thread(local_result, variant, day)))
        return
    game = daily_game(variant, day, player_name())
    table = TableScreen(LocalSeat(game, None, game.record["seats"]), ai_delay=app.ai_delay)
    table.daily = {"variant": variant, "day": day}
    app.show_table(table)


async def _open_served(app: Any, variant: str) -> None:
    from rummy_tui.tableserver.connect import address, identity, open_client
    from rummy_tui.tableserver.daily import hand_text
    from rummy_tui.tableserver.seat import RemoteSeat

    from .table import TableScreen

    client = await open_client()
    try:
        await client.hello(player_name(), identity=identity(), address=address())
        answer = await client.daily(variant)
        if answer["played"]:
            app.show_table(DailyResultScreen(await client.daily_result(variant)))
            await client.close()
            return
        first = await client.wait_view(lambda view: view["started"])
        await asyncio.to_thread(
            local_book().saw, answer["day"], variant, answer["commitment"], hand_text(first["observation"]["hand"])
        )
    except BaseException:
        await client.close()
        raise
    table = TableScreen(RemoteSeat(client), ai_delay=app.ai_delay)
    table.daily = {"variant": variant, "day": answer["day"]}
    app.show_table(table)
