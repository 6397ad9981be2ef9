"""Rummy's end of hand: every card left in hand counts, and the screen says so."""

from __future__ import annotations

from rummy_tui.screens.results import EndOfHandScreen

from .driver import make_app, play_until
from .test_table_rules import _visible_text


async def test_basic_end_of_hand_lists_the_cards_left_in_hand_not_unmatched():
    app = make_app("basic", 4, ["Ann"], seed=7, settings={"target": 40})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        text = _visible_text(app)
        assert "left in hand:" in text and "unmatched:" not in text
