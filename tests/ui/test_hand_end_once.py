"""The end-of-hand screen appears once per hand, not again after every later move."""

from __future__ import annotations

from .driver import play_until, played_until, resumed_app, settle

BEFORE_THE_END = 6  # moves of a hand left to play by keys
INTO_THE_NEXT_HAND = 8  # moves of the second hand played by keys after the first one's end


async def open_counting_end_of_hand_screens(pilot, app) -> list[int]:
    """The hands whose end-of-hand screen the table shows from now on, in order."""
    await settle(pilot)
    table = app.table()
    shown: list[int] = []
    original = table.show_end_of_hand

    def counting() -> None:
        shown.append(table.game.state.last_hand["hand"])
        original()

    table.show_end_of_hand = counting
    return shown


async def test_the_first_hand_ends_with_one_end_of_hand_screen_and_the_next_hands_moves_show_none():
    # The table opens a few moves before the first hand ends (the engine plays up to there, as
    # the keys would); the keys play the rest of it and the start of the second hand.
    game = played_until(
        "traditional", 2, ["Ann"], 4, {"rounds": 2}, lambda game: game.state.last_hand, moves_before=BEFORE_THE_END
    )
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await open_counting_end_of_hand_screens(pilot, app)
        table = app.table()
        second_hand_starts_at: list[int] = []

        def into_the_second_hand() -> bool:
            actions = len(table.game.record["actions"])
            if table.game.state.hand_no < 2:
                return False
            if not second_hand_starts_at:
                second_hand_starts_at.append(actions)
            return actions - second_hand_starts_at[0] >= INTO_THE_NEXT_HAND

        await play_until(pilot, into_the_second_hand)
        assert table.game.state.hand_no == 2 and not table.game.is_over
        assert len(table.game.record["actions"]) - second_hand_starts_at[0] >= INTO_THE_NEXT_HAND
        assert shown == [row["hand"] for row in table.game.state.sheet] == [1]


async def test_the_last_hand_ends_with_one_end_of_hand_screen():
    game = played_until(
        "traditional", 2, ["Ann"], 4, {"rounds": 2}, lambda game: game.is_over, moves_before=BEFORE_THE_END
    )
    assert game.state.hand_no == 2 and len(game.state.sheet) == 1
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await open_counting_end_of_hand_screens(pilot, app)
        table = app.table()
        await play_until(pilot, lambda: table.game.is_over)
        assert table.game.is_over
        assert len(table.game.state.sheet) == 2
        assert shown == [table.game.state.sheet[-1]["hand"]]
