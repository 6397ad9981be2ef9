"""Gin's end-of-hand screen names the numbers of the score line and fits the sheet at 80x24."""

from __future__ import annotations

from rummy_tui.screens.results import EndOfHandScreen
from tests.support.words import message_texts

from .driver import at_the_table, play_until, played_until, resumed_app
from .test_table_rules import _visible_text


async def test_gin_end_of_hand_says_who_knocked_with_what_against_the_limit():
    game = played_until("gin", 2, ["Ann"], 3, {"target": 30}, lambda game: game.state.last_hand, moves_before=4)
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
        await pilot.pause()
        last = app.table().game.state.last_hand
        names = app.table().names
        assert last["ending"] == "knock"  # this seed's first hand
        knocker, score_line = names[last["finisher"]], message_texts(last["lines"])[0]
        kept = score_line.split(" = ")[0].split(" - ")[1]  # "knock: D - K = P"
        text = _visible_text(app)
        assert f"{knocker} knocked with {kept} deadwood (knock limit {last['knock_limit']}" in text
        assert text.count(score_line) == 1  # the sheet's note is not repeated above the score
        assert "Score sheet · to 30" in text  # no blank gap pushes the sheet off an 80x24 screen


async def test_gin_end_of_game_names_the_bonuses_in_the_settlement():
    from rummy_tui.screens.results import EndOfGameScreen

    # The table opens a few moves before the game ends; the keys play those.
    settings = {"target": 30, "box_bonus": 20}
    game = played_until("gin", 2, ["Ann"], 3, settings, lambda game: game.is_over, moves_before=4)
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfGameScreen))
        shown = str(app.screen.query_one("#game-result").render())
        assert "+ 150 for the game" in shown and "+ 20 per hand won" in shown


async def test_spade_doubling_shows_whole_beside_the_knock_limit_at_80x24():

    async with at_the_table("gin", 2, ["Ann"], seed=3, settings={"spade_doubling": True}) as (app, pilot):
        assert app.table().game.state.extra["doubled"]  # this seed's upcard is K♠
        assert "Knock limit 10 · upcard K♠ ×2" in _visible_text(app)
