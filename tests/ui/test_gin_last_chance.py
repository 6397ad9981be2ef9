"""Issue 13, should-fix "Gin, ace upcard with 2 cards left in the stock": the prompt offers only
what is possible. With an ace upcard (gin only) and a top discard that makes no gin, the
only move is to call the hand void, and the status line must not offer a take or a knock."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action

from .driver import play_until, resumed_app
from .screen_text import screen_lines


async def test_an_impossible_knock_is_not_offered_at_the_last_chance():
    seats = [{"name": "North", "kind": "ai", "level": "normal"}, {"name": "You", "kind": "human", "level": None}]
    game = Game("gin", 2, {}, 104, seats=seats)
    while game.state.phase != "last_chance" and game.state.hand_no == 1:  # the engine plays up to a few moves before
        game.apply(choose_action(game, game.current_seat, "normal"))
    game = Game.replay({**game.record, "actions": game.record["actions"][:-4]})
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        game = table.game
        await play_until(pilot, lambda: game.state.phase == "last_chance" or game.state.hand_no > 1)
        await pilot.pause()
        assert game.state.phase == "last_chance" and game.current_seat == table.viewer
        assert game.state.extra["knock_limit"] == 0 and game.legal_actions() == ["void"]
        status, footer = screen_lines(app)[0], screen_lines(app)[-1]
        assert "void (v)" in status and "knock (t)" not in status and "take" not in status, status
        assert "v Void" in footer and "t Take" not in footer, footer
