"""Issue 13: `u` against the computer takes back the player's last move and the AI's after it,
in every variant; a hot-seat table keeps its own rules."""

from __future__ import annotations

import json

import pytest

import variants
from rummy_tui.engine import Game

from .driver import at_the_table, make_app, play_until, press_move, settle


def state_of(game: Game) -> str:
    return json.dumps(game.to_json()["state"], sort_keys=True)


def ai_moved_after_an_undoable_move(table) -> bool:
    game = table.game
    point = game.undo_point(table.viewer)
    return (
        point is not None
        and game.current_seat == table.viewer
        and any(step.seat != table.viewer for step in game._step_log()[point:])
    )


@pytest.mark.parametrize("key", sorted(variants.registry()))
async def test_u_takes_back_the_last_move_and_the_computer_moves_after_it(key):
    async with at_the_table(key, 2, ["Ann"], seed=6) as (app, pilot):
        table = app.table()
        await play_until(pilot, lambda: ai_moved_after_an_undoable_move(table), max_moves=200)
        game = table.game
        point = game.undo_point(table.viewer)
        assert point is not None
        expected = Game.replay({**game.record, "actions": game.record["actions"][:point]})
        await pilot.press("u")
        await settle(pilot)
        assert game.record["actions"] == expected.record["actions"]  # the rewound actions left the record
        assert state_of(game) == state_of(expected)
        assert state_of(Game.replay(game.record)) == state_of(game)
        assert game.record["undos"] == 1 and game.current_seat == table.viewer
        message = str(table.query_one("#message").render())
        assert message.startswith("Taken back: "), message


async def test_after_a_draw_from_the_stock_u_says_why_it_cannot_take_it_back():
    async with at_the_table("gin", 2, ["Ann"], seed=6) as (app, pilot):
        table = app.table()
        game = table.game
        await play_until(pilot, lambda: game.current_seat == table.viewer and "draw:stock" in game.legal_actions())
        await press_move(pilot, "draw:stock")
        moves = len(game.record["actions"])
        await pilot.press("u")
        assert len(game.record["actions"]) == moves
        assert "draw" in str(table.query_one("#message").render())


async def test_a_hot_seat_table_does_not_rewind_moves():
    app = make_app("hungarian", 2, ["Ann", "Bob"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        game = table.game
        await play_until(pilot, lambda: len(game.record["actions"]) >= 3)
        await settle(pilot)
        if app.screen is not table:
            await pilot.press("enter")
            await settle(pilot)
        moves = list(game.record["actions"])
        await pilot.press("u")
        await settle(pilot)
        assert game.record["actions"] == moves and "undos" not in game.record
