"""A hint too long for the message line is shown whole above the hand, with cards as cards,
never as a toast over the hand; the next message takes the line back."""

from __future__ import annotations

import pytest

from rummy_tui.engine.hints import hint_for
from rummy_tui.i18n import t
from rummy_tui.widgets.cards import log_line

from .driver import make_app, settle
from .test_hint import to_viewer_choice


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_a_long_hint_is_shown_whole_above_the_hand_at_80_columns(request, language):
    if language == "hu":
        request.getfixturevalue("hungarian")
    app = make_app("traditional", 2, ["Ann"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        game = await to_viewer_choice(pilot, table)
        if game.state.phase == "draw":
            await pilot.press("d")
            game = await to_viewer_choice(pilot, table)
        hand_top = table.hand.region.y
        hint = hint_for(game, table.viewer)
        whole = log_line(t("Hint: {text}", text=hint.text), table.hand.card_look()).plain
        await pilot.press("i")
        await settle(pilot)  # the hint is worked out in a worker
        assert not app._notifications, [str(note.message) for note in app._notifications]
        message = table.query_one("#message")
        shown = " ".join(line.rstrip() for line in message.render().plain.splitlines())
        assert message.region.height >= 2 and message.region.bottom <= table.hand.region.y
        assert table.hand.region.height == 5 and table.hand.region.y <= hand_top
        assert shown.startswith(("Hint: Discard ", "Tipp: ")) and shown.endswith("."), shown
        assert "[" not in shown and "…" not in shown, shown  # no card codes such as [8H], nothing cut
        assert shown == whole, (shown, whole)
        assert any(suit in shown for suit in "♠♥♦♣"), shown
        await pilot.press("s")  # any next message: the line is one line again
        await settle(pilot)
        assert message.region.height == 1
