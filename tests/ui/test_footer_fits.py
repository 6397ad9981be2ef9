"""The footer at 80 columns, in English and in Hungarian: each key it shows fits whole, "?"
is always there, and when not every key fits, it is the screen that chooses which to leave off.
The start screen's footer is Textual's (a widget per key), the table's one line of text."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from rummy_tui.app import RummyApp
from rummy_tui.engine.cards import is_joker
from rummy_tui.widgets.footer import KeepHelpFooter
from rummy_tui.widgets.hand import HandView
from rummy_tui.widgets.key_line import Key, KeyLine

from .driver import at_the_table, settle
from .screen_text import screen_lines


async def footer_keys(pilot) -> list[FooterKey] | list[Key]:
    """The keys of the footer in front, once it has composed them, each checked to be whole on screen."""
    app = pilot.app
    if app.screen.query(KeyLine):
        return await line_keys(pilot)
    for _frame in range(400):  # the footer composes its keys after the screen's first frame
        await settle(pilot)
        keys = [key for key in app.screen.query_one(KeepHelpFooter).query(FooterKey) if key.display]
        if keys and all(key.region.width for key in keys):
            break
    for key in keys:
        assert key.region.right <= app.size.width and key.region.width > 0, (key.key_display, key.description)
    return keys


async def line_keys(pilot) -> list[Key]:
    """The keys of the table's footer line, each checked to be written whole on the bottom row."""
    app = pilot.app
    await settle(pilot)
    line = app.screen.query_one(KeyLine)
    bottom = screen_lines(app)[-1]
    assert line.shown, bottom
    for key in line.shown:
        words = f"{key.display} {key.description}" if key.description else key.display
        assert words in bottom, (words, bottom)
        assert bottom.index(words) + len(words) <= app.size.width, (words, bottom)
    return line.shown


@pytest.fixture(params=["en", "hu"])
def language(request):
    if request.param == "hu":
        request.getfixturevalue("hungarian")
    return request.param


async def test_the_start_screen_footer_keeps_every_way_out_of_it(language):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = [key.action for key in await footer_keys(pilot)]
        assert shown[-1] == "help", shown
        for action in ("start", "continue_saved", "rules", "host_table", "join_table"):
            assert action in shown, shown


async def test_the_table_footer_keeps_help_with_a_joker_selected(language):
    async with at_the_table("hungarian", 4, ["You"], seed=1) as (app, pilot):
        hand = app.table().query_one(HandView)
        hand.set_cursor(next(index for index, card in enumerate(hand.order) if is_joker(card)))
        await pilot.press("space")
        shown = [key.action for key in await footer_keys(pilot)]
        assert shown[-1] == "help" and "joker_meaning" in shown and "meld" in shown, shown
