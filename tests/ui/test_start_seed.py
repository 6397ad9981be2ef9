"""A game started from the start screen without a seed draws one nobody can search for, and
its human seat adds its own randomness to the next deal (issue #21)."""

from __future__ import annotations

from rummy_tui.app import RummyApp
from rummy_tui.screens.table import TableScreen

from .test_start import form_ready


async def test_an_empty_seed_on_the_start_screen_is_drawn_unpredictably():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_ready(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        game = table.game
        assert game.state.seed >= 2**128 and game.record["chosen_seed"] is False
        humans = [seat for seat, entry in enumerate(game.record["seats"]) if entry["kind"] == "human"]
        first = game.deal_entry(1)["contributions"]
        assert humans and all(first[seat] for seat in humans)  # the player's own bytes, in hand 1's deal
        assert not [e for e in game.state.events if e["text"].startswith("Dealt without")]
