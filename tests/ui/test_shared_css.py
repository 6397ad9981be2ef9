"""rummy_tui/shared_css.py keeps each widget's worked-out style for the whole process: every style
it hands out must be the one Textual itself works out for that widget, at the start screen and at
the table, in colour and without."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from rummy_tui import shared_css
from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen

from .test_lobby import until

SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "normal"}]


def checked_apply(differences: list, applied: list):
    def apply(self: Stylesheet, node, *, animate: bool = False, cache: dict | None = None) -> None:
        shared_css._apply_once(self, node, animate=animate, cache=cache)
        shared = dict(node.styles.base._rules)
        shared_css._apply(self, node, animate=animate, cache=None)  # Textual's own, from scratch
        applied.append(node)
        if dict(node.styles.base._rules) != shared:
            differences.append((node, shared, dict(node.styles.base._rules)))

    return apply


async def test_every_shared_style_is_the_one_textual_works_out(monkeypatch):
    differences: list = []
    applied: list = []
    monkeypatch.setattr(Stylesheet, "apply", checked_apply(differences, applied))
    await start_and_sit_down(RummyApp(ai_delay=0.0))
    monkeypatch.setenv("NO_COLOR", "1")  # other theme variables: other rules
    await start_and_sit_down(RummyApp(ai_delay=0.0))
    assert len(applied) > 500  # the check saw the screens being styled
    assert differences == []


async def start_and_sit_down(app: RummyApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.form_ready, "the start form")
        await pilot.press("down", "tab")
        app.start_game("gin", 2, None, 3, SEATS)
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted, "the table")
        await pilot.press("s", "right")
        await pilot.pause()
