"""The hint key: a strong player's move with its reason, its cards selected, counted in the record."""

from __future__ import annotations

import pytest

from rummy_tui.engine.hints import hint_for
from variants import registry

from .driver import make_app, press_move, settle


def hint_enabled(app) -> bool:
    return "hint" in {active.binding.action for active in app.active_bindings.values() if active.enabled}


async def to_viewer_choice(pilot, table):
    """Play on (the AI moves by itself) until the viewer has more than one move."""
    for _ in range(60):
        await settle(pilot)
        game = table.game
        if game.current_seat == table.viewer and len(game.legal_actions()) > 1:
            return game
        if game.current_seat == table.viewer:
            await pilot.press("a", "enter")  # the only move on offer
    raise AssertionError("the viewer never had a choice")


@pytest.mark.parametrize("key", list(registry()))
async def test_i_shows_the_hard_move_and_selects_its_cards(key):
    app = make_app(key, 2, ["Ann"], seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table()
        game = await to_viewer_choice(pilot, table)
        assert hint_enabled(app)
        expected = hint_for(game, table.viewer)
        await pilot.press("i")
        await settle(pilot)  # the hint is worked out in a worker
        message = str(table.query_one("#message").render())
        assert message.startswith("Hint: ") and len(message) > len("Hint: ") + 10, message
        staged = {card for group in table.hand.staged for card in group}  # a meld of several groups is put aside
        assert table.hand.selected | staged == set(expected.cards)
        assert game.record["hints"] == 1
        await pilot.press("i")
        await settle(pilot)
        assert game.record["hints"] == 2


async def test_the_hinted_discard_is_played_by_its_key():
    app = make_app("gin", 2, ["Ann"], seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table()
        for _ in range(40):
            game = await to_viewer_choice(pilot, table)
            if game.state.phase == "discard" and hint_for(game, table.viewer).action.startswith("discard:"):
                break
            await pilot.press("d" if game.state.phase == "draw" else "p")
        hint = hint_for(game, table.viewer)
        await pilot.press("i")
        await settle(pilot)
        before = len(game.record["actions"])
        await pilot.press("x")
        assert game.record["actions"][before] == hint.action


async def test_hot_seat_hints_work_for_each_human_at_their_turn_and_are_counted_per_player():
    app = make_app("gin", 2, ["Ann", "Bob"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-off screen
        await settle(pilot)
        table = app.table()
        game = table.game
        asked = []
        while len(asked) < 2:
            if app.screen is not table:  # the next player's hand-off
                await pilot.press("enter")
                await settle(pilot)
                continue
            seat = table.viewer
            assert seat == game.current_seat and hint_enabled(app)
            expected = hint_for(game, seat)
            await pilot.press("i")
            await settle(pilot)
            assert str(table.query_one("#message").render()).startswith("Hint: ")
            before = len(game.record["actions"])
            asked.append(seat)
            await press_move(pilot, expected.action)
            await settle(pilot)
            assert game.record["actions"][before] == expected.action
        assert sorted(asked) == [0, 1]
        assert game.record["hints"] == 2 and game.record["hints_by_seat"] == [1, 1]
