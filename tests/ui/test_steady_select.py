"""The app's Select survives Textual's mount race (issue #6581): told its value before its label
is mounted, or after its parts are gone, it keeps the value instead of ending the app."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static
from textual.widgets._select import SelectOverlay

from rummy_tui.widgets.select import Select, SteadySelectCurrent

CHOICES = [("two players", 2), ("three players", 3)]


async def test_a_value_given_before_the_label_is_mounted_is_shown_once_it_is():
    line = SteadySelectCurrent("choose")
    line.update("three players")  # Textual's own line raised NoMatches here
    app = App()
    async with app.run_test() as pilot:
        await app.mount(line)
        await pilot.pause()
        assert str(line.query_one("#label", Static).content) == "three players"
        assert line.has_value


async def test_a_select_whose_parts_are_gone_keeps_its_value_and_the_app_runs_on():
    app = App()
    async with app.run_test() as pilot:
        select = Select(CHOICES, value=2, allow_blank=False)
        await app.mount(select)
        await pilot.pause()
        await select.query_one(SelectOverlay).remove()  # as when its screen is taken down
        select.value = 3  # Textual's own Select raised NoMatches for its option list here
        await pilot.pause()
        assert select.value == 3
        assert app.is_running and app._exception is None
