"""The start screen while it is still being built: keys and resizes that arrive early or fast."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual import events
from textual.widgets import Input, Select

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen
from tests.ui.test_lobby import until

# Key presses of a held arrow key: each asks for a rebuild of the form while the last is still
# running. 40 of them still overlap (a form rebuilt without its lock crashed seed 2), at half the CPU.
HELD_KEYS = 40


async def settled(pilot, start: StartScreen) -> None:
    await until(pilot, lambda: start.form_ready, "the start form completed")


async def test_start_pressed_at_the_first_frame_waits_for_the_form_and_seats_a_human():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(events.Key("ctrl+s", None))  # before the variants and seats are there
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted, "the table, mounted")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert [seat["kind"] for seat in table.seats] == ["human", "ai"]
        assert table.seats[1]["level"] == "normal"


@pytest.mark.parametrize("seed", [2, pytest.param(5, marks=pytest.mark.soak)])  # seed 2 crashed without the lock
async def test_arrow_keys_held_on_the_variant_list_leave_one_form_for_the_variant_shown(seed):
    rng = random.Random(seed)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.screen
        await asyncio.sleep(0.15 + 0.05 * rng.random())  # the form may still be coming
        for _ in range(HELD_KEYS):  # a held key: events arrive faster than a rebuild takes
            app.post_message(events.Key(rng.choice(["down", "up"]), None))
            await asyncio.sleep(rng.random() * 0.03)
        await settled(pilot, start)
        shown = start.query_one("#variant").highlighted_option.id
        assert start.variant.key == shown
        seat_rows = start.query(".seat-kind")
        assert len(seat_rows) == start.players == start.query_one("#players", Select).value
        assert {f"setting-{name}" for name in start.variant.settings} == {
            widget.id for widget in start.query("#settings *") if (widget.id or "").startswith("setting-")
        }


async def test_a_resize_burst_just_after_launch_leaves_a_working_form():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for width in range(80, 130, 2):
            app.post_message(events.Resize.from_dimensions((width, 30), None))
            await asyncio.sleep(0.002)
        start = app.screen
        await settled(pilot, start)
        start.query_one("#seat-name-0", Input).value = "Ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.seats[0] == {"name": "Ann", "kind": "human", "level": None}


async def test_a_seat_without_a_kind_is_refused_with_a_reason():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.screen
        await settled(pilot, start)
        start.query_one("#seat-kind-1", Select).set_options([("odd", "ai:")])  # no level at all
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "seat 2" in str(start.query_one("#start-error").render())


async def test_the_host_form_closed_before_its_first_frame_is_no_crash(monkeypatch):
    """F2 and Escape in one burst: the form's filling was started on a closed screen, found no
    form and crashed the app (the monkey's seed 105 at 1000 events)."""
    from rummy_tui.screens.lobby import HostScreen

    first_frames = []  # each host form's first frame, when it decides whether to fill the form
    load_if_shown = HostScreen._load_variants_if_shown

    def seen_first_frame(screen: HostScreen) -> None:
        load_if_shown(screen)
        first_frames.append(screen)

    monkeypatch.setattr(HostScreen, "_load_variants_if_shown", seen_first_frame)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for opened in range(1, 6):
            app.post_message(events.Key("f2", None))
            app.post_message(events.Key("escape", None))
            await until(
                pilot, lambda opened=opened: len(first_frames) == opened, f"host form {opened}: its first frame"
            )
            assert len(first_frames) == opened and not first_frames[-1].is_attached  # closed at its first frame
        assert isinstance(app.screen, StartScreen) and not isinstance(app.screen, HostScreen)
        await pilot.press("f2")
        host = app.screen
        await settled(pilot, host)
        assert isinstance(host, HostScreen) and host.form_ready
