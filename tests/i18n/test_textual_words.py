"""Words Textual's own widgets put in the footer are in the player's language too, also when the
language is chosen before anything is imported (`rummy --lang hu`): the class-level words are
then made in Hungarian, and no later change of language translates them."""

from __future__ import annotations

import subprocess
import sys
import textwrap

OPENED_SELECT_FOOTER = textwrap.dedent(
    """
    import asyncio, os, tempfile
    os.environ["RUMMY_TUI_DATA_DIR"] = tempfile.mkdtemp()
    from rummy_tui.i18n import set_language
    set_language("hu")
    from rummy_tui.app import RummyApp

    async def main():
        app = RummyApp()
        async with app.run_test(size=(100, 30)) as pilot:
            while not app.screen.query("#players"):
                await pilot.pause(0.02)
            app.screen.query_one("#players").focus()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            keys = [b.binding.description for b in app.screen.active_bindings.values() if b.binding.show]
            print(keys)

    asyncio.run(main())
    """
)


def test_an_opened_select_offers_its_escape_key_in_hungarian():
    shown = subprocess.run(
        [sys.executable, "-c", OPENED_SELECT_FOOTER], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert "A lista bezárása" in shown, shown
    assert "Dismiss menu" not in shown
