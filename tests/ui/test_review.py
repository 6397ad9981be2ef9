"""The coach at the table: after a hand against the computer, r on the end of the hand lists the
decisions hard would have made differently (thinking in a worker), and moving through the list
shows the table as the player saw it; `rummy replay` of a finished game has the same key."""

from __future__ import annotations

from textual.widgets import OptionList

from rummy_tui.app import ReplayApp
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.coach import review
from rummy_tui.screens.position import PositionScreen
from rummy_tui.screens.results import EndOfHandScreen
from rummy_tui.screens.review import ReviewScreen

from .driver import play_until, played_until, resumed_app, settle


async def wait_for_the_review(pilot) -> ReviewScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    for _ in range(200):
        await settle(pilot)
        if screen.done:
            return screen
    raise AssertionError("the review did not finish")


async def wait_for(pilot, kind):
    for _ in range(100):
        await settle(pilot)
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
    raise AssertionError(f"no {kind.__name__}")


async def test_r_after_a_gin_hand_against_normal_lists_what_hard_would_have_done():
    # The table opens a few moves before the hand ends (Ann's moves up to there are normal's, as
    # the keys would make them); the keys play the rest.
    game = played_until("gin", 2, ["Ann"], 14, {"single_hand": True}, lambda game: game.state.last_hand, moves_before=4)
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        record = {**table.game.record}
        await pilot.press("r")
        screen = await wait_for_the_review(pilot)
        expected = review(record, 0, hand=1)
        assert [(r.position, r.made, r.preferred) for r in screen.remarks] == [
            (r.position, r.made, r.preferred) for r in expected
        ]
        panel = screen.query_one("#review-position")
        assert len(expected) >= 2  # normal's play in this deal: several decisions hard makes otherwise
        assert screen.query_one(OptionList).option_count == len(expected)
        first = panel._picture.plain
        assert "Hard:" in first and "Your cards:" in first
        await pilot.press("down")
        assert panel._picture.plain != first  # the table as it was at the next decision
        await pilot.press("enter")  # the real table at that decision, as Ann saw it
        position = await wait_for(pilot, PositionScreen)
        assert sorted(position.hand.order) == sorted(expected[1].view["hand"])
        assert position.seat.legal == [] and position.game is not table.game
        await pilot.press("q")
        assert app.screen is screen
        await pilot.press("escape")
        assert isinstance(app.screen, EndOfHandScreen)


async def test_a_hand_hard_played_says_plainly_there_is_nothing_to_remark():
    from rummy_tui.engine import Game

    game = Game(
        "gin",
        2,
        {"single_hand": True},
        seed=5,
        seats=[{"name": "Ann", "kind": "human", "level": None}, {"name": "North", "kind": "ai", "level": "hard"}],
    )
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat, "hard"))
    app = ReplayApp(game.record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "r")
        screen = await wait_for_the_review(pilot)
        assert screen.remarks == []
        assert "Nothing to remark" in screen.query_one("#review-position")._picture.plain
