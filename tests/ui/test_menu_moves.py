"""Issue 13: a move chosen from the `a` menu is a move like any other (the end-of-hand summary
shows after it), and `j` only chooses what a joker stands for."""

from __future__ import annotations

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.results import EndOfGameScreen, EndOfHandScreen

from .driver import make_app, pick_from_menu, played_until, press_move, resumed_app, settle


def ends_the_hand(game: Game, code: str) -> bool:
    trial = Game.from_json(game.to_json())
    before = trial.state.hand_no, trial.state.last_hand
    trial.apply(code)
    return (trial.state.hand_no, trial.state.last_hand) != before or trial.is_over


async def play_to_a_hand_ending_move(pilot, max_moves: int = 300) -> str:
    """Play the human seat by keys until one of its legal moves would end the hand; return it."""
    app = pilot.app
    for _move in range(max_moves):
        await settle(pilot)
        table = app.table()
        if app.screen is not table:
            await pilot.press("enter")
            continue
        game = table.game
        if game.current_seat != table.viewer:
            continue
        ending = next((code for code in game.legal_actions() if ends_the_hand(game, code)), None)
        if ending is not None:
            return ending
        await press_move(pilot, choose_action(game, table.viewer, "normal"))
    raise AssertionError("no hand-ending move came up")


def the_human_may_end_the_hand(game: Game) -> bool:
    return game.current_seat == 0 and any(ends_the_hand(game, code) for code in game.legal_actions())


@pytest.mark.parametrize(("variant", "seed"), [("traditional", 4), ("basic", 31)])
async def test_the_summary_shows_after_a_hand_ending_move_from_the_menu(variant, seed):
    # The table opens a few moves before the player may end the hand (the engine plays up to
    # there, as the keys would); the keys play on from there.
    app = resumed_app(played_until(variant, 2, ["Me"], seed, {}, the_human_may_end_the_hand, moves_before=4))
    async with app.run_test(size=(80, 24)) as pilot:
        code = await play_to_a_hand_ending_move(pilot)
        table = app.table()
        await pilot.press("a")
        await pick_from_menu(pilot, code)
        await settle(pilot)
        assert table.game.state.last_hand is not None
        assert isinstance(app.screen, EndOfHandScreen), type(app.screen).__name__
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table or isinstance(app.screen, EndOfGameScreen)


async def test_the_gin_move_menu_lists_moves_by_kind_then_by_card():
    from textual.widgets import OptionList

    from rummy_tui.engine.cards import parse_face, sort_key_by_suit
    from rummy_tui.screens.menus import MovesMenu

    app = make_app("gin", 2, ["Ann"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table()
        for _ in range(40):  # on to a discard with knocks on offer: several kinds, many cards
            await settle(pilot)
            game = table.game
            if game.current_seat == table.viewer and game.state.phase == "discard":
                break
            if game.current_seat == table.viewer:
                await pilot.press("d" if "draw:stock" in game.legal_actions() else "p")
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, MovesMenu)
        options = app.screen.query_one(OptionList)
        codes = [options.get_option_at_index(i).id for i in range(options.option_count)]
        kinds = [code.partition(":")[0] for code in codes]
        assert kinds == sorted(kinds, key=kinds.index)  # each kind together
        discards = [
            sort_key_by_suit(parse_face(code.partition(":")[2])) for code in codes if code.startswith("discard:")
        ]
        assert len(discards) > 5 and discards == sorted(discards)
