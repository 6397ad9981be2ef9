"""The end-of-hand screen appears once per hand, not again after every later move."""

from __future__ import annotations

from .driver import at_the_table, play_until


async def test_each_hand_ends_with_exactly_one_end_of_hand_screen():
    async with at_the_table("traditional", 2, ["Ann"], seed=4, settings={"rounds": 2}) as (app, pilot):
        table = app.table()
        shown = []
        original = table.show_end_of_hand

        def counting() -> None:
            shown.append(table.game.state.last_hand["hand"])
            original()

        table.show_end_of_hand = counting
        await play_until(pilot, lambda: table.game.is_over)
        assert table.game.is_over
        assert shown == [row["hand"] for row in table.game.state.sheet]
