"""RummyApp.current_theme finds the theme Textual's own lookup finds, for each theme a game
uses: the usual one, the light one and the high-contrast one the app registers."""

from __future__ import annotations

from textual.app import App

from rummy_tui.app import RummyApp
from rummy_tui.display import HIGH_CONTRAST_THEME


async def test_the_current_theme_is_textuals():
    app = RummyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for name in (app.theme, "textual-light", HIGH_CONTRAST_THEME, "textual-dark"):
            app.theme = name
            await pilot.pause()
            assert app.current_theme is App.current_theme.fget(app)  # type: ignore[attr-defined]
            assert app.current_theme.name == name
