"""Issue 13: the start screen's variant list shows the highlighted variant in text (a ">"), so it
shows under NO_COLOR too, where the highlight's colour is gone."""

from __future__ import annotations

from textual.widgets import OptionList

from rummy_tui.app import RummyApp

from .screen_text import screen_lines


def marked_rows(app) -> list[str]:
    return [line.strip() for line in screen_lines(app) if line.lstrip().startswith("> ")]


async def test_the_highlighted_variant_is_marked_in_text_under_no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        picker = app.screen.query_one("#variant", OptionList)
        from variants import registry

        names = [variant.shown_name() for variant in registry().values()]
        for index in range(3):
            assert picker.highlighted == index
            rows = marked_rows(app)
            assert len(rows) == 1 and rows[0].startswith(f"> {names[index]}"), rows
            await pilot.press("down")
            await pilot.pause()
