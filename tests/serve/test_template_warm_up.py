"""The game template's off-screen start screen (template.draw_a_start_screen) works out every
style a served game's start screen needs, so a forked game parses no style sheet and works out
no widget's style again (rummy_tui/shared_css.py keeps them for the whole process)."""

from __future__ import annotations

import asyncio

from rummy_tui import shared_css
from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.serve import template
from tests.ui.test_lobby import until


def forget_the_shared_styles() -> None:
    """As in a fresh template: nothing parsed or worked out yet (these caches only save work)."""
    shared_css.PARSED.clear()
    shared_css.VARIABLE_TOKENS.clear()
    shared_css.APPLIED.clear()
    shared_css.RULE_LISTS.clear()


def test_a_game_after_the_warm_up_works_out_no_style_again(monkeypatch):
    forget_the_shared_styles()
    template.draw_a_start_screen()
    parsed, applied = len(shared_css.PARSED), len(shared_css.APPLIED)
    assert parsed and applied  # the warm-up did fill them
    monkeypatch.setenv("RUMMY_TUI_SIZE_LIMIT", "400x150")  # a served game's first screen
    asyncio.run(a_served_first_screen())
    assert len(shared_css.PARSED) == parsed  # no style sheet parsed again
    assert len(shared_css.APPLIED) == applied  # no widget's style worked out again


async def a_served_first_screen() -> None:
    app = RummyApp()
    # App.run keeps Textual's tooltips and notifications (a widget each on every screen);
    # run_test leaves them out unless asked.
    async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen._busy <= 1, "the first screen")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#textual-tooltip") and app.screen.query_one("#textual-toastrack")
