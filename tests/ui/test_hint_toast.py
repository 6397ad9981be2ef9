"""A hint too long for the message line is shown whole as a notification, with cards as cards."""

from __future__ import annotations

from .driver import make_app, settle
from .test_hint import to_viewer_choice


async def test_a_long_hint_notification_shows_cards_as_they_look_in_the_hand():
    app = make_app("traditional", 2, ["Ann"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        game = await to_viewer_choice(pilot, table)
        if game.state.phase == "draw":
            await pilot.press("d")
            game = await to_viewer_choice(pilot, table)
        await pilot.press("i")
        await settle(pilot)  # the hint is worked out in a worker
        shown = [str(note.message) for note in app._notifications]
        assert shown and shown[-1].startswith("Hint: Discard "), shown
        assert "[" not in shown[-1], shown[-1]  # no card codes such as [8H]
        card = shown[-1].removeprefix("Hint: Discard ").split()[0]
        assert card[-1] in "♠♥♦♣", shown[-1]
