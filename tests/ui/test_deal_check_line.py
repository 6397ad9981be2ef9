"""The end of a hand says plainly when its deal, verified, was made without a player's own
randomness: in yellow, naming whose, in the player's language (rummy_tui/engine/verify.py)."""

from __future__ import annotations

import pytest

from rummy_tui.engine.deals import short
from rummy_tui.i18n import t
from rummy_tui.screens.results import EndOfHandScreen

from .driver import play_until, played_until, resumed_app, settle


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_a_deal_without_a_players_randomness_is_verified_and_says_whose_is_missing(request, language):
    if language == "hu":
        request.getfixturevalue("hungarian")
    # a drawn seed, and a game set up without Ann's randomness for its first hand
    game = played_until("gin", 2, ["Ann"], None, {}, lambda game: game.state.last_hand, moves_before=2)
    assert not game.chosen_seed and game.deal_entry(1)["contributions"] == [None, None]
    commitment = game.deal_entry(1)["deal_commitment"]
    app = resumed_app(game)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        await settle(pilot)  # the check runs in a worker
        line = app.screen.query_one("#deal-check").render()
        missing = t("it was dealt without {name}'s randomness", name="Ann")
        assert line.plain == t("Deal verified ({commitment}), but {notes}", commitment=short(commitment), notes=missing)
        assert "yellow" in str(line.spans), line.spans  # not the green of a deal verified with everything in it
        assert "Ann" in line.plain and (language == "en") == ("Deal verified" in line.plain)
