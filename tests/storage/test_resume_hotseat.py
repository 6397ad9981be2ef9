"""Resuming a hot-seat game: the hand-off screen comes first, so nobody's cards are exposed.

The app is opened exactly as `rummy resume ID` opens it: ``run_app(resume=ID)``.
"""

from __future__ import annotations

from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.handoff import HandOffScreen
from rummy_tui.screens.table import TableScreen
from rummy_tui.storage.saves import SaveStore

HOT_SEAT = [{"name": "Anna", "kind": "human", "level": None}, {"name": "Béla", "kind": "human", "level": None}]


def saved_hot_seat_game(actions: int) -> Game:
    game = Game("gin", 2, seed=21, seats=HOT_SEAT)
    while len(game.record["actions"]) < actions:
        game.apply(choose_action(game, game.current_seat))
    SaveStore().save("hot-seat", game)
    return game


async def test_resume_in_hot_seat_shows_the_hand_off_screen_before_any_card():
    game = saved_hot_seat_game(actions=9)
    mover = game.current_seat
    app = RummyApp(ai_delay=0.0, table_options={"resume": "hot-seat"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        assert HOT_SEAT[mover]["name"] in str(app.screen.query_one("#handoff-text").render())
        table = app.table()
        assert table.viewer is None  # the table behind the hand-off shows no hand
        assert table.table_view().observation["hand"] == []
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.viewer == mover
        assert app.screen.game.record == game.record  # the exact game, the same player to move
        assert sorted(app.screen.table_view().observation["hand"]) == sorted(game.state.hands[mover])


async def test_resumed_play_goes_on_saving_into_the_same_save():
    game = saved_hot_seat_game(actions=9)
    app = RummyApp(ai_delay=0.0, table_options={"resume": "hot-seat"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert await table.perform(choose_action(table.game, table.game.current_seat))
        await pilot.pause()
    [info] = SaveStore().list()
    assert info.id == "hot-seat" and info.actions == len(game.record["actions"]) + 1
