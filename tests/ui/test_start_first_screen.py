"""The start screen of a game of `rummy serve` builds the form below its first screen only when
the visitor needs it (a crowd arriving at once waits for every game's first screen): what the
visitor sees first, and every field in the same order as a game on one's own terminal."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.widgets import Input, Select

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen

from .screen_text import screen_text

FIRST_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "Settings", "^s Start")


@pytest.fixture
def served(monkeypatch):
    """What `rummy serve` tells each of its games (rummy_tui/served.py)."""
    monkeypatch.setenv("RUMMY_TUI_SIZE_LIMIT", "400x150")


async def first_screen(pilot) -> StartScreen:
    for _ in range(400):
        await pilot.pause()
        start = pilot.app.screen
        if isinstance(start, StartScreen) and all(part in screen_text(pilot.app) for part in FIRST_SCREEN):
            return start
    raise AssertionError("the first screen never showed:\n" + screen_text(pilot.app))


async def whole_form(pilot, start: StartScreen) -> None:
    for _ in range(400):
        await pilot.pause()
        if start.form_ready:
            return
    raise AssertionError("the start form was never completed")


async def focus_round(pilot, key: str, most: int = 60) -> list[str | None]:
    """The fields `key` goes through, pressed once each until the focus is back where the first
    press took it: one whole round of the form (each press is read once the app has handled it)."""
    app = pilot.app
    order, first = [], None
    for _ in range(most):
        handled = asyncio.Event()
        app.post_message(events.Key(key, None))
        app.call_later(handled.set)  # the app's messages are handled in turn: after the key and its action
        await handled.wait()
        if first is not None and app.focused is first:
            return order
        first = first or app.focused
        order.append(app.focused.id if app.focused else None)
    raise AssertionError(f"{most} presses of {key} never came back to the first field: {order}")


def fields(start: StartScreen) -> int:
    return len(start.focus_chain)


async def test_a_served_first_screen_shows_the_seats_and_leaves_the_buttons_for_later(served):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        for _ in range(20):
            await pilot.pause()
        assert not start.query("#seed") and not start.query("#start-game")
        assert not start.form_ready
        assert "Spade doubling" in screen_text(app)  # the setting the first screen shows is there


@pytest.mark.parametrize("key", ["tab", "shift+tab"])
async def test_tab_goes_through_every_field_in_the_same_order_served_or_not(key, served, monkeypatch):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_screen(pilot)
        served_order = await focus_round(pilot, key)  # the first press waits for the rest of the form
    monkeypatch.delenv("RUMMY_TUI_SIZE_LIMIT")
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        await whole_form(pilot, start)
        whole_order = await focus_round(pilot, key)
        assert len(whole_order) == fields(start)  # the round went through every field of the whole form
    assert served_order == whole_order
    assert {"seed", "start-game", "display-high_contrast", "setting-spade_doubling"} <= set(served_order)


@pytest.mark.parametrize(("key", "presses"), [("shift+tab", 1), ("tab", 12)])
async def test_keys_in_one_burst_at_the_first_screen_reach_the_field_they_would_on_a_whole_form(
    key, presses, served, monkeypatch
):
    """Pressed before the form below the first screen is there (the first shift+tab goes to the
    last button; twelve tabs go past the settings the first screen shows)."""
    reached = []
    for on_demand in (True, False):
        if not on_demand:
            monkeypatch.delenv("RUMMY_TUI_SIZE_LIMIT")
        app = RummyApp(ai_delay=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            start = await first_screen(pilot)
            if not on_demand:
                await whole_form(pilot, start)
            for _ in range(presses):
                app.post_message(events.Key(key, None))
            await whole_form(pilot, start)
            for _ in range(10):
                await pilot.pause()
            reached.append(app.focused.id if app.focused else None)
    assert reached[0] == reached[1] not in {None, "variant"}


async def test_a_name_typed_in_one_burst_at_the_first_screen_keeps_every_key(served):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_screen(pilot)
        # round the whole form to seat 1's name (its text is selected as it gets the focus), type, start
        for key in ["shift+tab"] * 5 + ["tab"] * 7 + ["a", "n", "n", "ctrl+s"]:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)
        assert app.screen.seats[0]["name"] == "ann"


async def test_another_variant_on_a_served_first_screen_then_the_whole_form_has_its_settings_once(served):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        await pilot.press("down", "down")
        for _ in range(400):
            await pilot.pause()
            if start.variant is not None and start.variant.key != "gin" and not start.query("#setting-spade_doubling"):
                break
        await pilot.press("tab")
        await whole_form(pilot, start)
        names = [widget.id for widget in start.query("#settings *") if (widget.id or "").startswith("setting-")]
        assert names == [f"setting-{name}" for name in start.variant.settings]
        assert len(start.query(".seat-kind")) == start.players == start.query_one("#players", Select).value
        assert start.query_one("#seed", Input)


@pytest.mark.parametrize("how", ["scroll", "resize", "click"])
async def test_a_served_form_is_completed_by_a_scroll_a_resize_or_a_click(how, served):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        if how == "scroll":
            start.query_one("#start-form").scroll_relative(y=2, animate=False)  # the wheel, the scroll bar
        elif how == "resize":
            await pilot.resize_terminal(90, 30)
        else:
            await pilot.click("#seat-name-0")
        await whole_form(pilot, start)
        assert start.query_one("#start-game")
