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
from .test_lobby import until

FIRST_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "Settings", "^s Start")


@pytest.fixture
def served(monkeypatch):
    """What `rummy serve` tells each of its games (rummy_tui/served.py)."""
    monkeypatch.setenv("RUMMY_TUI_SIZE_LIMIT", "400x150")


async def first_screen(pilot) -> StartScreen:
    """The start screen once its first screen shows (read off the screen only once the seats
    are there: drawing the whole screen to text at every look cost more than the wait)."""
    start = await until(
        pilot,
        lambda: (
            isinstance(pilot.app.screen, StartScreen) and pilot.app.screen.query("#seat-kind-1") and pilot.app.screen
        ),
        "the seats of the first screen",
    )
    for _ in range(400):
        await pilot.pause()
        if all(part in screen_text(pilot.app) for part in FIRST_SCREEN):
            return start
    raise AssertionError("the first screen never showed:\n" + screen_text(pilot.app))


async def whole_form(pilot, start: StartScreen) -> None:
    await until(pilot, lambda: start.form_ready, "the whole start form")


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


async def test_tab_and_shift_tab_go_through_every_field_in_the_same_order_served_or_not(served, monkeypatch):
    """On a served first screen the first tab or shift+tab waits for the rest of the form, and
    twelve tabs in one burst (past the settings the first screen shows) reach the field they
    reach on a whole form. The whole form is walked once, both ways; each served order needs
    its own app, pressed before the rest of its form is there."""
    served_order = {}
    for key in ("tab", "shift+tab"):
        app = RummyApp(ai_delay=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await first_screen(pilot)
            served_order[key] = await focus_round(pilot, key)  # the first press waits for the rest of the form
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        for _ in range(12):
            app.post_message(events.Key("tab", None))
        await whole_form(pilot, start)
        for _ in range(10):
            await pilot.pause()
        burst_reached = app.focused.id if app.focused else None
    monkeypatch.delenv("RUMMY_TUI_SIZE_LIMIT")
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        await whole_form(pilot, start)
        start.query_one("#variant").focus()  # where the form opens: each round starts from there
        whole_order = {"tab": await focus_round(pilot, "tab")}
        start.query_one("#variant").focus()
        whole_order["shift+tab"] = await focus_round(pilot, "shift+tab")
        for key in whole_order:
            assert len(whole_order[key]) == fields(start)  # the round went through every field of the whole form
    assert served_order == whole_order
    assert {"seed", "start-game", "display-high_contrast", "setting-spade_doubling"} <= set(whole_order["tab"])
    assert burst_reached == whole_order["tab"][11] not in {None, "variant"}


async def test_a_name_typed_in_one_burst_at_the_first_screen_keeps_every_key(served):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_screen(pilot)
        # round the whole form to seat 1's name (its text is selected as it gets the focus), type, start
        for key in ["shift+tab"] * 5 + ["tab"] * 7 + ["a", "n", "n", "ctrl+s"]:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted, "the table, mounted")
        assert app.screen.seats[0]["name"] == "ann"


async def test_another_variant_on_a_served_first_screen_then_the_whole_form_has_its_settings_once(served):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await first_screen(pilot)
        await pilot.press("down", "down")
        await until(
            pilot,
            lambda: (
                start.variant is not None and start.variant.key != "gin" and not start.query("#setting-spade_doubling")
            ),
            "the other variant's first screen",
        )
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
