"""Issue 13: Gin shows which cards the other player took from the discard pile and which he
passed (public information): on the Piles panel's borders, and all of them in the y view."""

from __future__ import annotations

from rummy_tui.screens.views import DiscardHistoryScreen
from rummy_tui.widgets.cards import card_label
from rummy_tui.widgets.piles import PilesView

from .driver import play_until, played_until, resumed_app, settle
from .screen_text import screen_lines


def panel_rows(app, widget) -> list[str]:
    region = widget.region
    return [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]


async def test_the_piles_border_and_the_y_view_show_what_north_took_and_passed():
    def north_took_and_passed(game) -> bool:
        took, passed = game.variant.pile_history(game.state.extra, 1)
        return bool(took and passed) and game.current_seat == 0

    # The table opens a few moves before North has taken and passed (the engine plays up to there).
    app = resumed_app(played_until("gin", 2, ["Ann"], 3, {}, north_took_and_passed, moves_before=4))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        extra = lambda: table.game.state.extra  # noqa: E731
        north = 1 - table.viewer

        def took_and_passed() -> bool:
            took, passed = table.game.variant.pile_history(extra(), north)
            return bool(took and passed) and app.screen is table and table.game.current_seat == table.viewer

        await play_until(pilot, took_and_passed, max_moves=60)
        await settle(pilot)
        took, passed = table.game.variant.pile_history(extra(), north)
        rows = panel_rows(app, table.query_one(PilesView))
        top, bottom = rows[0], rows[-1]
        assert "North took" in top and card_label(took[-1]) in top, top
        assert "North passed" in bottom and card_label(passed[-1]) in bottom, bottom

        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, DiscardHistoryScreen)
        rows = [line for line in screen_lines(app) if line.strip().startswith("North")]
        assert rows, "\n".join(screen_lines(app))
        for card in took + passed + extra()["discarded"][north]:
            assert card_label(card) in rows[0], rows[0]
