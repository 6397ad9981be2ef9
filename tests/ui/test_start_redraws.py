"""A served game's start screen is drawn once, whole: no frame after the complete one, not even
its scroll bar's (rummy_tui/covered_lines.py: a widget drawn whole in a frame owes no repaint it
asked for before it), and moving the highlight remakes only the two variant rows whose ">" moves."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor
from textual.widgets import OptionList

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen

from .screen_text import screen_text
from .test_lobby import until

COMPLETE = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")


@pytest.fixture(autouse=True)
def served(monkeypatch):
    """What `rummy serve` tells each of its games (rummy_tui/served.py)."""
    monkeypatch.setenv("RUMMY_TUI_SIZE_LIMIT", "400x150")


async def test_nothing_is_drawn_after_the_complete_start_screen(monkeypatch):
    app = RummyApp()
    frames: list[set[str]] = []
    complete_at: list[int] = []
    update_widgets = Compositor.update_widgets

    def noted(compositor: Compositor, widgets: set) -> None:
        frames.append({type(widget).__name__ for widget in widgets})
        update_widgets(compositor, widgets)

    monkeypatch.setattr(Compositor, "update_widgets", noted)
    display = app._display

    def seen(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and not complete_at and all(part in screen_text(app) for part in COMPLETE):
            complete_at.append(len(frames))

    app._display = seen  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
        await until(pilot, lambda: complete_at, "the complete start screen")
        start = app.screen
        assert isinstance(start, StartScreen)
        for _ in range(10):
            await pilot.pause()
        await until(pilot, lambda: not start._layout_required and not start._dirty_widgets, "nothing left to draw")
        await pilot.pause(0.1)
    assert [widgets for widgets in frames[complete_at[0] :] if widgets] == []


async def test_moving_the_highlight_remakes_the_two_rows_it_changes(monkeypatch):
    remade: list[int] = []
    replace = OptionList.replace_option_prompt_at_index

    def counted(option_list: OptionList, index: int, prompt) -> OptionList:
        remade.append(index)
        return replace(option_list, index, prompt)

    monkeypatch.setattr(OptionList, "replace_option_prompt_at_index", counted)
    app = RummyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        start = await until(
            pilot,
            lambda: isinstance(app.screen, StartScreen) and app.screen.variant is not None and app.screen,
            "the variants",
        )
        assert remade == []  # each row made once, marked or not, as the list is filled
        await pilot.press("down")
        await until(pilot, lambda: start.chosen.key == "ten-card", "the second variant")
        assert sorted(remade) == [0, 1]
        marked = [
            line.lstrip()[2:].split("  ")[0] for line in screen_text(app).splitlines() if line.lstrip().startswith("> ")
        ]
        assert marked == ["Ten-card Rummy"]
