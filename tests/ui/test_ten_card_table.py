"""Tízlapos at the table: what a player sees after a redeal."""

from __future__ import annotations

from rummy_tui.engine.cards import sort_key_by_suit
from rummy_tui.screens.handoff import HandOffScreen
from rummy_tui.widgets.hand import HandView

from .driver import human_to_move_in, make_app, play_until, played_until, resumed_app, settle
from .test_table_rules import _visible_text


async def test_a_redealt_hand_is_shown_sorted_even_when_old_cards_come_back():
    app = make_app("ten-card", 3, ["Ann", "Bob"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(8):
            await settle(pilot)
            table = app.table()
            game = table.game
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
            elif game.state.phase == "exchange" and game.current_seat == table.viewer:
                await pilot.press("n")  # keep nothing: ten new cards from the reshuffled stock
            else:
                break
        assert game.state.phase == "dealer_discard" and game.current_seat == table.viewer
        order = table.query_one(HandView).order
        assert order == sorted(order, key=lambda card: (sort_key_by_suit(card), card))


async def test_the_reentry_hint_names_the_price_and_the_restart_total():
    game = played_until("ten-card", 3, ["Ann", "Bob"], 11, {"limit": 25}, human_to_move_in("reentry"))
    app = resumed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        await play_until(
            pilot,
            lambda: (
                app.screen is table and table.game.state.phase == "reentry" and table.game.current_seat == table.viewer
            ),
        )
        offer = table.game.state.extra["reentry"]
        assert f"pay {offer['cost']} to re-enter at {offer['restart']} (r)" in _visible_text(app)
