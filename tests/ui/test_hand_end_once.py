"""The end-of-hand screen appears once per hand, not again after every later move."""

from __future__ import annotations

from .driver import play_until, played_until, resumed_app, settle

BEFORE_THE_END = 6  # moves of the first hand left to play by keys


async def test_each_hand_ends_with_exactly_one_end_of_hand_screen():
    # The table opens a few moves before the first hand ends (the engine plays up to there, as
    # the keys would); the keys play the rest of it and the whole second hand.
    game = played_until(
        "traditional", 2, ["Ann"], 4, {"rounds": 2}, lambda game: game.state.last_hand, moves_before=BEFORE_THE_END
    )
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        shown = []
        original = table.show_end_of_hand

        def counting() -> None:
            shown.append(table.game.state.last_hand["hand"])
            original()

        table.show_end_of_hand = counting
        await play_until(pilot, lambda: table.game.is_over)
        assert table.game.is_over
        assert len(table.game.state.sheet) == 2
        assert shown == [row["hand"] for row in table.game.state.sheet]
