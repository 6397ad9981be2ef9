"""The start screen's and the lesson list's footer is the table's one line of text (KeyLine):
Textual's footer made a widget per key (8 on the start screen, which every visitor of `rummy
serve` draws first) and made them again whenever the keys may have changed (17 times while the
start screen is built). The line shows the bottom row Textual's footer showed, draws the same
keys only once, a new width shows the keys that fit it, and the mouse works on it as on Textual's keys.
(The table's footer: test_footer_line.py; the 80-column rules: test_footer_fits.py.)"""

from __future__ import annotations

import pytest

from rummy_tui.app import RummyApp
from rummy_tui.widgets.key_line import KeyLine

from .driver import settle
from .screen_text import screen_lines, screen_text
from .test_footer_fits import footer_keys
from .test_lobby import until

# The start screen's bottom row as Textual's footer drew it (the lesson list: after f4).
TEXTUAL_FOOTER_ROWS = {
    ("en", 80): " ^s Start  ^o Continue  f1 Rules  f2 Host  f3 Join  f4 Learn  ? Keys            ",
    ("hu", 80): " ^s Indítás  ^o Folytatás  f1 Szabályok  f2 Új asztal  f3 Belépés  ? Súgó       ",
    ("en", 120): " ^s Start  ^o Continue  ^t Statistics  f1 Rules  f2 Host  f3 Join  f4 Learn  f5 Play now  f6 Ratings"
    "  f7 Daily  ? Keys  ",
    ("en", 200): " ^s Start  ^o Continue  ^t Statistics  f1 Rules  f2 Host  f3 Join  f4 Learn  f5 Play now  f6 Ratings"
    "  f7 Daily  ? Keys" + " " * 70 + "▏^p palette ",
    ("hu", 200): " ^s Indítás  ^o Folytatás  ^t Statisztika  f1 Szabályok  f2 Új asztal  f3 Belépés  f4 Tanulás"
    "  f5 Játék most  f6 Értékszámok  f7 Napi  ? Súgó" + " " * 45 + "▏^p parancsok ",
}
LESSONS_ROWS = {
    "en": " esc Back" + " " * 59 + "▏^p palette ",
    "hu": " esc Vissza" + " " * 55 + "▏^p parancsok ",
}


def watch_redraws(line: KeyLine) -> list[bool]:
    """For each redraw the line asks for from now on: did it ask for a layout?"""
    redraws: list[bool] = []
    redraw = line.refresh

    def watched_refresh(*regions, layout: bool = False, **options):
        redraws.append(layout)
        return redraw(*regions, layout=layout, **options)

    line.refresh = watched_refresh  # type: ignore[method-assign]
    return redraws


@pytest.mark.parametrize(("language", "width"), list(TEXTUAL_FOOTER_ROWS), ids=lambda value: str(value))
async def test_the_start_screen_and_the_lesson_list_show_the_row_textuals_footer_showed(request, language, width):
    if language == "hu":
        request.getfixturevalue("hungarian")
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(width, 40)) as pilot:
        await until(pilot, lambda: app.screen.form_ready, "the whole start form")
        await footer_keys(pilot)
        assert len(app.screen.query(KeyLine)) == 1 and not app.screen.query("FooterKey")
        assert screen_lines(app)[-1] == TEXTUAL_FOOTER_ROWS[language, width]
        if width == 80:
            await pilot.press("f4")
            await until(pilot, lambda: type(app.screen).__name__ == "LessonsScreen", "the lesson list")
            await footer_keys(pilot)
            assert screen_lines(app)[-1] == LESSONS_ROWS[language]


async def test_the_same_keys_are_not_drawn_again_and_a_new_width_shows_the_keys_that_fit_it():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.form_ready, "the whole start form")
        await footer_keys(pilot)
        line = app.screen.query_one(KeyLine)
        redraws = watch_redraws(line)
        line.update_keys()  # Textual says the bindings may have changed at every focus change and mount
        assert redraws == []  # the same keys: nothing drawn again

        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        assert app.screen.query_one(KeyLine) is line
        assert screen_lines(app)[-1] == TEXTUAL_FOOTER_ROWS["en", 120]


async def test_a_click_on_a_start_key_runs_it_and_the_mouse_resting_on_one_shows_its_tooltip():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(120, 40), tooltips=True) as pilot:
        await until(pilot, lambda: app.screen.form_ready, "the whole start form")
        await footer_keys(pilot)
        bottom = screen_lines(app)[-1]
        daily = bottom.index("f7 Daily")
        await pilot.hover(offset=(daily, 39))
        await pilot.hover(offset=(daily + 2, 39))  # the mouse moves on the key, then rests
        await until(pilot, lambda: "Today's daily deal" in screen_text(app), "the daily key's tooltip")

        await pilot.click(offset=(bottom.index("? Keys") + 1, 39))
        await until(pilot, lambda: type(app.screen).__name__ == "KeysScreen", "the keys screen")
