"""The footer makes its keys again only when what they show changed: Textual asks it to after
every focus change and every mount of a focusable widget (17 times while the start screen is
built), which was a fifth of the calls a served game made to build its start screen. Keys that
change take the key widgets there are. (The table's footer is one line of text:
test_footer_line.py.)"""

from __future__ import annotations

from textual._context import active_message_pump
from textual.compose import compose
from textual.widgets._footer import FooterKey

from rummy_tui.app import RummyApp
from rummy_tui.widgets.footer import KeepHelpFooter, key_looks

from .test_footer_fits import footer_keys
from .test_lobby import until


async def test_the_same_keys_are_not_made_again_but_a_new_width_remakes_them():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        # The start form's later fields come after its first frame, and each mount may change the
        # keys: compare once the form is whole (on a loaded machine footer_keys came first).
        await until(pilot, lambda: app.screen.form_ready, "the whole start form")
        await footer_keys(pilot)
        footer = app.screen.query_one(KeepHelpFooter)
        before = list(footer.query(FooterKey))
        await footer.recompose()
        assert list(footer.query(FooterKey)) == before  # the very same widgets: nothing was remade

        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        await footer.recompose()
        assert shown(footer) == composed(footer)  # a new width: the keys that fit it are shown


def shown(footer: KeepHelpFooter) -> list[tuple]:
    return [key_looks(key) for key in footer.query(FooterKey) if key.display]


def composed(footer: KeepHelpFooter) -> list[tuple]:
    """The keys Textual's own footer would make now (composed, never mounted)."""
    made_from, pump = footer._shown, active_message_pump.set(footer)  # as in the footer's own handler
    try:
        return [key_looks(key) for key in compose(footer) if isinstance(key, FooterKey)]
    finally:
        footer._shown = made_from
        active_message_pump.reset(pump)
