"""Issue 13: after a Tízlapos re-entry the score sheet adds up: the re-entry is a row of its own
(the change from the total over the limit to the restart total)."""

from __future__ import annotations

from rummy_tui.screens.views import ScoreSheetScreen

from .driver import human_to_move_in, play_until, played_until, resumed_app, settle
from .screen_text import screen_lines


async def test_the_score_sheet_shows_the_reentry_as_a_row_and_the_column_adds_up():
    game = played_until("ten-card", 3, ["Ann", "Bob"], 11, {"limit": 25}, human_to_move_in("reentry"))
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        game = table.game
        await play_until(
            pilot,
            lambda: app.screen is table and game.state.phase == "reentry" and game.current_seat == table.viewer,
        )
        seat = table.viewer
        name, over = table.names[seat], game.state.totals[seat]
        await pilot.press("r")
        await settle(pilot)
        restart = game.state.totals[seat]
        while app.screen is not table:  # hot-seat: the next player takes the keyboard
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        rows = [line.split() for line in screen_lines(app)]
        heading = next(row for row in rows if row[:1] == ["hand"])
        column = heading.index(name)
        hands = [row for row in rows if row and row[0].isdigit()]
        reentry = [row for row in rows if row[:1] == ["re-entry"]]
        total = next(row for row in rows if row[:1] == ["total"])
        assert len(reentry) == 1 and reentry[0][1] == f"{restart - over:+d}"  # the only change
        assert sum(int(row[column]) for row in hands) + int(reentry[0][1]) == int(total[column]) == restart
