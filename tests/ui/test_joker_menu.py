"""The joker menu (j) gives every selected joker a meaning, not only the first one."""

from __future__ import annotations

from rummy_tui.engine.melds import Meld
from rummy_tui.screens.menus import MovesMenu

from .driver import make_app, pick_from_menu, select_cards, settle, to_play_phase_with


async def test_two_jokers_in_one_meld_each_get_a_meaning_from_the_menu():
    app = make_app("hungarian", 2, ["Ann"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = await to_play_phase_with(pilot, app, "AH KH QH 10S JK JK")
        await select_cards(pilot, ["AH", "KH", "QH"])
        await pilot.press("plus")
        await select_cards(pilot, ["10S", "JK", "JK"], clear=False)
        await pilot.press("j")
        assert isinstance(app.screen, MovesMenu)
        offered = [code for code, _words in app.screen.moves]
        assert all(code.count("JK=") == 2 for code in offered), offered
        assert "meld:AH-KH-QH+10S-JK=JS-JK=QS" in offered
        assert "meld:AH-KH-QH+10S-JK=8S-JK=9S" in offered
        await pick_from_menu(pilot, "meld:AH-KH-QH+10S-JK=8S-JK=9S")
        await pilot.pause()
        laid = [Meld.from_json(entry["meld"]).text() for entry in game.state.table]
        assert "JK=8S JK=9S 10S" in laid, laid


async def test_a_joker_in_a_group_put_aside_earlier_also_gets_a_meaning():
    app = make_app("hungarian", 2, ["Ann"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await to_play_phase_with(pilot, app, "10S JS JK AH KH QH")
        await select_cards(pilot, ["10S", "JS", "JK"])
        await pilot.press("plus")
        await select_cards(pilot, ["AH", "KH", "QH"], clear=False)
        await pilot.press("j")
        assert isinstance(app.screen, MovesMenu)
        offered = [code for code, _words in app.screen.moves]
        assert "meld:10S-JS-JK=9S+AH-KH-QH" in offered and "meld:10S-JS-JK=QS+AH-KH-QH" in offered
