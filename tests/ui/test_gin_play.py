"""Gin through the keyboard, in English: a whole short game (this deal's one hand reaches the
target of 10), its end-of-hand screen and then its end-of-game screen. The Hungarian hands by keys
are in test_variants_play.py."""

from __future__ import annotations

from rummy_tui.i18n import render
from rummy_tui.screens.results import EndOfGameScreen, EndOfHandScreen
from rummy_tui.screens.start import StartScreen
from rummy_tui.widgets.cards import CardLook, log_line
from tests.support.words import message_texts

from .driver import make_app, play_until
from .test_hungarian import english_words
from .test_table_rules import _visible_text


async def test_a_short_gin_game_by_keys_shows_the_end_of_its_hand_then_of_the_game():
    app = make_app("gin", 2, ["Ann"], seed=3, settings={"target": 10})
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        watch = lambda: seen.append(_visible_text(app))  # noqa: E731
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen), watch=watch)
        assert isinstance(app.screen, EndOfHandScreen)
        game = app.table().game
        assert game.state.last_hand is not None and game.state.sheet
        shown = str(app.screen.query_one("HandSummary").render())
        for line in game.state.last_hand["lines"]:  # the viewer's own lines, in the second person
            assert log_line(render(line, "Ann"), CardLook()).plain in shown
        words = english_words("\n".join(seen))  # the check test_variants_play makes in Hungarian sees English
        assert "drew" in words or "discarded" in words, words

        await play_until(pilot, lambda: isinstance(app.screen, EndOfGameScreen))
        assert isinstance(app.screen, EndOfGameScreen)
        assert game.is_over
        shown = str(app.screen.query_one("#game-result").render())
        assert "wins the game" in shown
        for line in message_texts(game.state.result["lines"]):
            assert log_line(line, CardLook()).plain in shown
        await pilot.press("n")  # a new game starts from the start screen
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
