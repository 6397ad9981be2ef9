"""Traditional Rummy at the table: the stake is visible, and the end screens draw every card."""

from __future__ import annotations

import io
import re

from rummy_tui.screens.results import EndOfGameScreen, EndOfHandScreen

from .driver import play_until, played_until, resumed_app, settle

BARE_CARD = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")


def _visible_text(app) -> str:
    from rich.console import Console

    console = Console(width=app.size.width, record=True, file=io.StringIO())
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


async def test_stake_shown_and_hand_score_drawn_with_card_glyphs():
    # The table opens a few moves before the hand ends (the engine plays up to there).
    game = played_until("traditional", 2, ["Ann"], 2, {}, lambda game: game.state.last_hand, moves_before=4)
    app = resumed_app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "one hand for a stake of 100 each" in _visible_text(app)
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        hand_end = _visible_text(app)
        assert "Score" in hand_end and " = " in hand_end
        assert not BARE_CARD.search(hand_end) and "[" not in hand_end
        winner = app.table().names[app.table().game.state.last_hand["winner"]]
        assert any(line.strip() in (f"{winner} went out", f"{winner} went rummy") for line in hand_end.splitlines())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EndOfGameScreen)
        assert "pool: 2 × 100 = 200" in _visible_text(app)
