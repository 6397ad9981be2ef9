"""The footer at 80 columns, in English and in Hungarian: each key it shows fits whole, "?"
is always there, and when not every key fits, it is the screen that chooses which to leave off.
The start screen's footer and the table's are the same one line of text (KeyLine)."""

from __future__ import annotations

import pytest

from rummy_tui.app import RummyApp
from rummy_tui.engine.cards import is_joker
from rummy_tui.widgets.hand import HandView
from rummy_tui.widgets.key_line import Key, KeyLine

from .driver import at_the_table, settle
from .screen_text import screen_lines
from .test_lobby import until


async def footer_keys(pilot) -> list[Key]:
    """The keys of the footer line in front, once it shows them, each checked to be written
    whole on the bottom row."""
    app = pilot.app
    await settle(pilot)
    line = app.screen.query_one(KeyLine)
    await until(pilot, lambda: line.shown, "the footer's keys")  # they come after the screen's first frame
    await settle(pilot)
    bottom = screen_lines(app)[-1]
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
