"""Issue 13: at a shared table an "away" mark in the Players panel leaves every name readable at
80 columns (it used to squeeze them all to "…")."""

from __future__ import annotations

import re

from rummy_tui.app import RummyApp
from rummy_tui.screens.table_remote import SeatsView
from rummy_tui.tableserver.client import TableClient

from .screen_text import screen_lines
from .test_shared_table import sit_down, until


async def four_seats_two_humans(server, grace: float) -> list[TableClient]:  # noqa: F811
    anna = await TableClient(record=True).connect(server.socket_path)
    await anna.hello("Annabella")
    welcome = await anna.create("hungarian", ["human", "human", "normal", "hard"], grace=grace)
    bob = await TableClient(record=True).connect(server.socket_path)
    await bob.hello("Bartholomew")
    await bob.join(welcome["table"])
    await anna.start()
    return [anna, bob]


def players_panel(app) -> str:
    region = app.table().query_one(SeatsView).region
    return "\n".join(line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom])


def name_cells(panel: str) -> list[str]:
    """Each seat's name as the panel shows it (cut or not), from the rows below the heading."""
    rows = panel.splitlines()[2:-1]
    return [re.match(r"[│ >]*(\S+(?: \(D\))?)", row).group(1) for row in rows]


def shown_letters(cell: str) -> str:
    """A name cell's letters before its cut and its dealer mark."""
    return cell.removesuffix(" (D)").partition("…")[0]


async def test_an_away_mark_leaves_the_names_readable_at_80_columns(server):  # noqa: F811
    clients = await four_seats_two_humans(server, grace=60.0)
    apps = [RummyApp(ai_delay=0.0), RummyApp(ai_delay=0.0)]
    async with apps[0].run_test(size=(80, 24)) as first, apps[1].run_test(size=(80, 24)) as second:
        pilots = [first, second]
        await sit_down(pilots, apps, clients)
        await first.pause()
        shown_before = name_cells(players_panel(apps[0]))
        await clients[1].close()
        marks = lambda: apps[0].table().query_one(SeatsView).marks  # noqa: E731
        await until(pilots, lambda: "away" in marks(), "Bartholomew marked away", frames=4000)
        await first.pause()
        shown = players_panel(apps[0])
        assert "away" in shown
        shown_after = name_cells(shown)
        assert len(shown_after) == len(shown_before) and all(  # each name as long as before, or longer
            shown_letters(after).startswith(shown_letters(before))
            for before, after in zip(shown_before, shown_after, strict=False)
        ), f"the mark took room from the names:\n{shown}"
        assert all(len(cell.partition("…")[0]) >= 2 for cell in shown_before), shown
