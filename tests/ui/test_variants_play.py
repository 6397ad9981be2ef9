"""A complete hand of every variant, played through key presses: one human against the AI."""

from __future__ import annotations

import pytest

from rummy_tui.i18n import render
from rummy_tui.screens.results import EndOfHandScreen
from rummy_tui.widgets.cards import CardLook, log_line

from .driver import make_app, play_until

HANDS = [("gin", 2, 3), ("ten-card", 2, 2), ("hungarian", 2, 1), ("traditional", 2, 7), ("basic", 2, 2)]
TABLE_VARIANTS = ("hungarian", "traditional", "basic")


@pytest.mark.parametrize(("variant", "players", "seed"), HANDS, ids=[h[0] for h in HANDS])
async def test_a_whole_hand_by_keys(variant, players, seed):
    app = make_app(variant, players, ["Ann"], seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        verbs: set[str] = set()
        moves = await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen), 300, verbs)
        assert isinstance(app.screen, EndOfHandScreen), f"{variant}: no end of hand after {moves} moves"
        game = app.table().game
        last = game.state.last_hand
        assert last is not None
        shown = str(app.screen.query_one("HandSummary").render())
        for line in last.get("lines", []):  # the viewer's own lines in the second person (issue 13)
            assert log_line(render(line, "Ann"), CardLook()).plain in shown
        if variant in TABLE_VARIANTS:
            assert "meld" in verbs, f"the human never melded: {verbs}"
