"""Readable cards (#26): large framed cards where the table has room, four suit colours, a
high-contrast theme; each one under NO_COLOR and with ASCII, on the start screen and remembered."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from rummy_tui.app import RummyApp
from rummy_tui.display import HIGH_CONTRAST_THEME, remembered_options
from rummy_tui.widgets.hand import HAND_HEIGHT, LARGE_HAND_HEIGHT, HandView

from .driver import make_app, settle
from .screen_text import screen_lines
from .test_start import form_ready

SIZES = [(80, 24), (120, 40)]


def hand_lines(app) -> list[str]:
    region = app.table().query_one(HandView).region
    return screen_lines(app)[region.y : region.y + region.height]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_large_four_colour_cards(snap_compare, size):
    app = make_app("gin", 2, ["Ann"], 3, large_cards=True, four_colour=True)
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_four_colour_cards(snap_compare, size):
    assert snap_compare(make_app("hungarian", 3, ["Ann"], 2, four_colour=True), terminal_size=size, run_before=settle)


def test_high_contrast_large_cards(snap_compare):
    app = make_app("hungarian", 2, ["Ann"], 2, large_cards=True, four_colour=True, high_contrast=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


async def test_large_cards_are_framed_where_there_is_room_and_bold_where_not():
    app = make_app("gin", 2, ["Ann"], 3, large_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.table().query_one(HandView)
        lines = hand_lines(app)
        assert hand.size.height + 2 == LARGE_HAND_HEIGHT
        assert sum(line.count("┌") for line in lines) == 10, "\n".join(lines)
        assert any("│ K♥  │" in line or "│ K♥ │" in line for line in lines), "\n".join(lines)
        await pilot.resize_terminal(80, 19)  # no room left in the middle of the table: one row again
        await settle(pilot)
        assert hand.size.height + 2 == HAND_HEIGHT
        assert not any("┌" in line for line in hand_lines(app))


async def test_large_cards_with_ascii_and_no_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("hungarian", 2, ["Ann"], 3, large_cards=True, four_colour=True, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = hand_lines(app)
        assert any("+---++---+" in line for line in lines), "\n".join(lines)
        assert any("|AS |" in line for line in lines), "\n".join(lines)  # each suit by its letter
        assert not any(char in "♠♥♦♣┌│" for line in lines for char in line)


async def test_high_contrast_is_a_theme():
    app = make_app("gin", 2, ["Ann"], 3, high_contrast=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == HIGH_CONTRAST_THEME
        app.toggle_option("high_contrast")
        assert app.theme != HIGH_CONTRAST_THEME


async def test_the_start_screen_switches_are_remembered():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await form_ready(pilot)  # the switches are in the part of the form built after the first frame
        for name in ("large_cards", "four_colour", "high_contrast"):
            button = app.screen.query_one(f"#display-{name}", Button)
            assert str(button.label).endswith(": off")
            button.press()
            await pilot.pause()
            assert getattr(app, name) is True
            assert str(button.label).endswith(": on")
        assert app.theme == HIGH_CONTRAST_THEME
    assert remembered_options() == {"large_cards": True, "four_colour": True, "high_contrast": True}
