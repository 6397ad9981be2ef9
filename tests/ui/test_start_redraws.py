"""Moving the start screen's highlight remakes only the two variant rows whose ">" moves (that
nothing is drawn after the complete start screen is test_start_frames.py's)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen

from .screen_text import screen_text
from .test_lobby import until


@pytest.fixture(autouse=True)
def served(monkeypatch):
    """What `rummy serve` tells each of its games (rummy_tui/served.py)."""
    monkeypatch.setenv("RUMMY_TUI_SIZE_LIMIT", "400x150")


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
