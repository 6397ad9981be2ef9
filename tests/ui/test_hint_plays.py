"""Whatever a hint selects, its key plays exactly the hinted move: a Römi opening of several
melds with m, a lay-off with o and a joker exchange with e onto the meld the hint names."""

from __future__ import annotations

import pytest

from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.hints import hint_for
from rummy_tui.widgets.melds import MeldTableView

from .driver import make_app, select_cards, settle


async def to_position(pilot, table, moves: int):
    """Play the game on with the normal AI for every seat until the record holds ``moves``
    actions (positions found once with the engine: the hint there is the move under test)."""
    game = table.game
    while len(game.record["actions"]) < moves:
        game.apply(choose_action(game, game.current_seat, "normal"))
    table._seen_hand = table._hand_marker()  # the hands played on the way are not this test's
    table.refresh_table()
    await settle(pilot)
    assert game.current_seat == table.viewer
    return game


@pytest.mark.parametrize(
    ("seed", "moves", "verb", "key"),
    [
        (2, 0, "meld", "m"),  # 10S-10H-10D + 4S-4D-4C: an opening of two melds
        (1, 0, "meld", "m"),  # three melds, two jokers given a meaning
        (8, 4, "layoff", "o"),  # 5C onto meld 1
        (9, 155, "exchange", "e"),  # 7C for the joker of meld 1
    ],
)
@pytest.mark.parametrize("language", ["en", "hu"])
async def test_the_hinted_move_is_played_by_its_key(request, seed, moves, verb, key, language):
    if language == "hu":
        request.getfixturevalue("hungarian")
    app = make_app("hungarian", 2, ["Ann"], seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        game = await to_position(pilot, table, moves)
        hint = hint_for(game, table.viewer)
        assert hint.action.startswith(verb + ":"), hint.action
        if verb == "meld":  # the hint's words keep the melds apart, as the hand shows them put aside
            assert hint.text.count(" + ") == hint.action.count("+"), hint.text
        if verb != "meld":
            table.query_one(MeldTableView).set_target(0)  # the cursor elsewhere before the hint
        await pilot.press("i")
        await settle(pilot)
        before = len(game.record["actions"])
        await pilot.press(key)
        await settle(pilot)
        assert game.record["actions"][before] == hint.action


async def test_a_selection_of_two_melds_is_laid_as_both():
    app = make_app("hungarian", 2, ["Ann"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        game = table.game
        await select_cards(pilot, ["10S", "4S", "10H", "4D", "10D", "4C"])
        before = len(game.record["actions"])
        await pilot.press("m")
        await settle(pilot)
        played = game.record["actions"][before]
        assert len(played.split("+")) == 2, played
        assert len(game.state.table) == 2
