"""What a served game draws and works out on its way to the complete start screen, and nothing
more: no frame after the complete one (a crowd's next game waits until the screen is drawn),
and no field whose style is worked out twice."""

from __future__ import annotations

from collections import Counter

import pytest
from textual._compositor import Compositor
from textual.css.stylesheet import Stylesheet
from textual.widgets import Input

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen

from .screen_text import screen_text
from .test_lobby import until

COMPLETE = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")


@pytest.fixture(autouse=True)
def served(monkeypatch):
    """What `rummy serve` tells each of its games (rummy_tui/served.py)."""
    monkeypatch.setenv("RUMMY_TUI_SIZE_LIMIT", "400x150")


async def test_no_field_is_drawn_again_after_the_complete_start_screen(monkeypatch):
    """Each frame's widgets drawn again (those new in a layout are drawn whole anyway): once the
    start screen is complete, none, not even its scroll bar (rummy_tui/covered_lines.py: a widget
    drawn whole in a frame owes no repaint it asked for before it); the fields of the form asked
    for it as they were styled, before they were mounted."""
    app = RummyApp()
    redrawn: list[set[str]] = []
    complete_at: list[int] = []
    update_widgets = Compositor.update_widgets

    def noted(compositor: Compositor, widgets: set) -> None:
        redrawn.append({type(widget).__name__ for widget in widgets})
        update_widgets(compositor, widgets)

    monkeypatch.setattr(Compositor, "update_widgets", noted)
    display = app._display

    def seen(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and not complete_at and all(part in screen_text(app) for part in COMPLETE):
            complete_at.append(len(redrawn))

    app._display = seen  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
        await until(pilot, lambda: complete_at, "the complete start screen")
        start = app.screen
        assert isinstance(start, StartScreen)
        for _ in range(10):
            await pilot.pause()
        await until(pilot, lambda: not start._layout_required and not start._dirty_widgets, "nothing left to draw")
        await pilot.pause(0.1)
    assert set().union(*redrawn[complete_at[0] :]) == set(), redrawn


async def test_the_fields_of_the_first_screen_are_styled_once(monkeypatch):
    styled: Counter = Counter()
    replace_rules = Stylesheet.replace_rules

    def counting(stylesheet, node, rules, animate: bool = False) -> None:
        if isinstance(node, Input):
            styled[node.id] += 1
        replace_rules(node, rules, animate=animate)

    monkeypatch.setattr(Stylesheet, "replace_rules", classmethod(counting))
    app = RummyApp()
    async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen._busy <= 1, "the first screen")
        for _ in range(5):
            await pilot.pause()
    assert styled == {"seat-name-0": 1, "seat-name-1": 1}


@pytest.mark.parametrize("size", [(80, 24), (80, 26), (100, 30), (120, 34)])
async def test_the_first_screen_builds_the_setting_rows_it_shows_and_no_more(size):
    """Each row costs a crowd's games their CPU: none that shows is missing, and at 80x24 (most
    visitors' terminal) none is built wholly below the first screen (elsewhere a row may take
    more lines than the one counted for it: a row too many, never one too few)."""
    app = RummyApp()
    async with app.run_test(size=size) as pilot:
        start = await until(
            pilot,
            lambda: isinstance(app.screen, StartScreen) and app.screen._busy <= 1 and app.screen,
            "the first screen",
        )
        await until(pilot, lambda: not start._layout_required and not start._dirty_widgets, "the first screen drawn")
        form = start.query_one("#start-form")
        bottom = form.region.bottom  # the form's last line shown is bottom - 1
        rows = list(start.query("#settings > .row"))
        assert rows
        if size == (80, 24):
            assert all(row.region.y < bottom for row in rows), [row.region for row in rows]
        if not start.query("#start-buttons"):  # the rest of the form waits: what was built fills the screen
            assert rows[-1].region.bottom >= bottom, (rows[-1].region, bottom)
