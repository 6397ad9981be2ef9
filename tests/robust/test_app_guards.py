"""The app's crash reproductions from the issue, each kept fixed: the command palette, resizes
around a new game, and keys that arrive before a list is laid out."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.command import CommandPalette
from ui.driver import make_app, settle

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen
from rummy_tui.screens.too_small import TooSmallScreen


def palettes(app) -> int:
    return sum(isinstance(screen, CommandPalette) for screen in app.screen_stack)


async def until_in_front(app, screen_class, seconds: float = 30.0) -> None:
    """The app answers a resize from a timer (50 ms later): wait for the screen it brings, looking
    every 10 ms (a pause may end before the timer fires; a busy machine may take long)."""
    for _ in range(int(seconds / 0.01)):
        if isinstance(app.screen, screen_class):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{screen_class.__name__} never came to the front; {type(app.screen).__name__} is there")


@pytest.mark.parametrize("where", ["start", "table"])
async def test_the_palette_twice_with_a_shrink_between_opens_one_palette(where):
    app = RummyApp(ai_delay=0.0) if where == "start" else make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await until_in_front(app, TooSmallScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert palettes(app) == 1
        await pilot.resize_terminal(80, 24)
        await until_in_front(app, CommandPalette)
        await pilot.press("ctrl+p")  # open already: nothing more
        await pilot.pause()
        assert palettes(app) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen if where == "start" else TableScreen)


async def test_a_command_chosen_twice_dismisses_the_palette_once():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        palette.dismiss()
        palette.dismiss()  # a second click on the same command
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and palettes(app) == 0


async def test_a_resize_then_new_game_from_the_palette_goes_to_the_start_screen():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        table.post_message(events.Resize.from_dimensions((100, 30), None))
        app.action_new_game()  # the table's refresh after the resize comes after it is gone
        await pilot.pause()
        table._refresh_if_shown()
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_the_size_check_timer_after_shutdown_does_nothing():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    app.check_size()  # what the timer set by a last resize does once the screens are gone


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
async def test_page_keys_at_launch_before_the_variant_list_is_laid_out(key):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            app.post_message(events.Key(key, None))
            await asyncio.sleep(0.005)
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
