"""Resuming a hot-seat game: the hand-off screen comes first, so nobody's cards are exposed."""

from __future__ import annotations

from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.handoff import HandOffScreen
from rummy_tui.screens.table import TableScreen
from rummy_tui.storage.saves import SaveStore

HOT_SEAT = [{"name": "Anna", "kind": "human", "level": None}, {"name": "Béla", "kind": "human", "level": None}]


def saved_hot_seat_game(actions: int) -> tuple[str, Game]:
    game = Game("gin", 2, seed=21, seats=HOT_SEAT)
    while len(game.record["actions"]) < actions:
        game.apply(choose_action(game, game.current_seat))
    SaveStore().save("hot-seat", game)
    return "hot-seat", game


async def test_resume_in_hot_seat_shows_the_hand_off_screen_before_any_card():
    game_id, game = saved_hot_seat_game(actions=9)
    loaded = SaveStore().load(game_id)
    assert loaded.current_seat == game.current_seat
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(TableScreen(loaded, loaded.record["seats"], ai_delay=0.0))
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        mover = HOT_SEAT[game.current_seat]["name"]
        assert mover in str(app.screen.query_one("#handoff-text").render())
        table = app.table()
        assert table.viewer is None  # the table behind the hand-off shows no hand
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.viewer == game.current_seat
        assert sorted(app.screen.table_view().observation["hand"]) == sorted(game.state.hands[game.current_seat])
