"""Issue 13: a results page longer than 80x24 says so (a footer key) and scrolls to its end."""

from __future__ import annotations

from textual.containers import VerticalScroll

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.results import EndOfGameScreen

from .driver import at_the_table


def long_gin_game() -> Game:
    game = Game("gin", 2, seed=1)  # fifteen hands
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    assert len(game.state.sheet) >= 10
    return game


async def test_the_gin_game_over_sheet_after_many_hands_offers_a_key_to_scroll_to_the_totals():
    async with at_the_table("gin", 2, ["Ann"], seed=1) as (app, pilot):
        table = app.table()
        finished = long_gin_game()
        table.game.state, table.game.record = finished.state, finished.record
        app.push_screen(EndOfGameScreen(table.table_view()))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert "m" in shown_keys(app) and "b" not in shown_keys(app)  # at the top: nothing above
        page = screen.query_one(VerticalScroll)
        assert page.max_scroll_y > 0
        for _ in range(5):
            await pilot.press("m")
        await pilot.pause()
        assert page.scroll_y == page.max_scroll_y
        assert "b" in shown_keys(app) and "m" not in shown_keys(app)  # at the end: nothing below


def shown_keys(app) -> set[str]:
    return {active.binding.key for active in app.active_bindings.values() if active.enabled and active.binding.show}


async def test_a_page_that_fits_offers_no_key_to_scroll():
    async with at_the_table("gin", 2, ["Ann"], seed=1, size=(120, 60)) as (app, pilot):
        table = app.table()
        finished = long_gin_game()
        table.game.state, table.game.record = finished.state, finished.record
        app.push_screen(EndOfGameScreen(table.table_view()))
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one(VerticalScroll).max_scroll_y == 0
        assert not {"m", "b"} & shown_keys(app)
