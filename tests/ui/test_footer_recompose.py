"""The footer makes its keys again only when what they show changed: Textual asks it to after
every focus change and every mount of a focusable widget (17 times while the start screen is
built), which was a fifth of the calls a served game made to build its start screen."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from rummy_tui.app import RummyApp
from rummy_tui.widgets.footer import KeepHelpFooter

from .test_footer_fits import footer_keys


async def test_the_same_keys_are_not_made_again_but_a_new_width_remakes_them():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await footer_keys(pilot)
        footer = app.screen.query_one(KeepHelpFooter)
        before = list(footer.query(FooterKey))
        await footer.recompose()
        assert list(footer.query(FooterKey)) == before  # the very same widgets: nothing was remade

        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        await footer.recompose()
        after = list(footer.query(FooterKey))
        assert after and not set(after) & set(before)  # a new width: the keys were made again
