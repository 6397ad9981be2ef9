"""Shrinking the terminal below 80x24 during a game asks to enlarge it; growing it resumes the game."""

from __future__ import annotations

from rummy_tui.screens.too_small import TooSmallScreen

from .driver import at_the_table
from .test_lobby import until


async def test_a_table_shrunk_below_80x24_asks_to_enlarge_and_comes_back_unchanged():
    async with at_the_table("traditional", 2, ["Ann"], seed=9) as (app, pilot):
        table = app.table()
        actions = list(table.game.record["actions"])
        for small, large in [((60, 24), (80, 24)), ((80, 23), (120, 40)), ((79, 30), (80, 24))]:
            await pilot.resize_terminal(*small)
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), f"asked to enlarge at {small}")
            await pilot.resize_terminal(*large)
            await until(pilot, lambda: app.screen is table, f"the table back at {large}")
        assert table.game.record["actions"] == actions
        await pilot.press("d")
        assert len(table.game.record["actions"]) == len(actions) + 1  # keys reach the table again
