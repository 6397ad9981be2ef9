"""Gin through the keyboard: a whole hand, and a whole short game to the end-of-game screen."""

from __future__ import annotations

from rummy_tui.screens.results import EndOfGameScreen, EndOfHandScreen
from rummy_tui.screens.start import StartScreen
from rummy_tui.widgets.cards import CardLook, log_line
from tests.support.words import message_texts

from .driver import make_app, play_until


async def test_gin_hand_played_by_keys_reaches_the_end_of_hand_screen():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        assert isinstance(app.screen, EndOfHandScreen)
        game = app.table().game
        assert game.state.last_hand is not None and game.state.sheet
        text = str(app.screen.query_one("HandSummary").render())
        assert log_line(message_texts(game.state.last_hand["lines"])[0], CardLook()).plain in text


async def test_short_gin_game_reaches_the_end_of_game_screen():
    app = make_app("gin", 2, ["Ann"], seed=3, settings={"target": 10})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfGameScreen), max_moves=2000)
        assert isinstance(app.screen, EndOfGameScreen)
        game = app.table().game
        assert game.is_over
        shown = str(app.screen.query_one("#game-result").render())
        assert "wins the game" in shown
        for line in message_texts(game.state.result["lines"]):
            assert log_line(line, CardLook()).plain in shown
        await pilot.press("n")  # a new game starts from the start screen
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
