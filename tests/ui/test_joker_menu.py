"""The joker menu (j) gives every selected joker a meaning, not only the first one; it only
chooses (issue 13): the meld is laid by m, the lay-off by o."""

from __future__ import annotations

from rummy_tui.engine.melds import Meld
from rummy_tui.screens.menus import MovesMenu

from .driver import at_the_table, pick_from_menu, select_cards, to_play_phase_with


async def test_two_jokers_in_one_meld_each_get_a_meaning_from_the_menu():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        game = await to_play_phase_with(pilot, app, "AH KH QH 10S JK JK")
        await select_cards(pilot, ["AH", "KH", "QH"])
        await pilot.press("plus")
        await select_cards(pilot, ["10S", "JK", "JK"], clear=False)
        await pilot.press("j")
        assert isinstance(app.screen, MovesMenu)
        offered = [code for code, _words in app.screen.moves]
        assert all(code.count("JK=") == 2 for code in offered), offered
        assert "meld:AH-QH-KH+10S-JK=JS-JK=QS" in offered
        assert "meld:AH-QH-KH+10S-JK=8S-JK=9S" in offered
        moves = len(game.record["actions"])
        await pick_from_menu(pilot, "meld:AH-QH-KH+10S-JK=8S-JK=9S")
        await pilot.pause()
        assert len(game.record["actions"]) == moves and game.state.table == []
        await pilot.press("m")
        laid = [Meld.from_json(entry["meld"]).text() for entry in game.state.table]
        assert "JK=8S JK=9S 10S" in laid, laid


async def test_a_joker_in_a_group_put_aside_earlier_also_gets_a_meaning():
    async with at_the_table("hungarian", 2, ["Ann"], seed=1) as (app, pilot):
        await to_play_phase_with(pilot, app, "10S JS JK AH KH QH")
        await select_cards(pilot, ["10S", "JS", "JK"])
        await pilot.press("plus")
        await select_cards(pilot, ["AH", "KH", "QH"], clear=False)
        await pilot.press("j")
        assert isinstance(app.screen, MovesMenu)
        offered = [code for code, _words in app.screen.moves]
        assert "meld:10S-JS-JK=9S+AH-QH-KH" in offered and "meld:10S-JS-JK=QS+AH-QH-KH" in offered


async def test_j_with_a_single_reading_only_chooses_and_m_lays_the_meld():
    """The issue's repro: three kings put aside (+), 2♣ 3♣ JK selected, j. Only 4♣ completes the
    run (an ace-low run is not allowed at the top), and j must still not lay anything."""
    async with at_the_table("hungarian", 2, ["Ann"], seed=3) as (app, pilot):
        game = await to_play_phase_with(pilot, app, "KS KD KC QS QD QC 2C 3C JK")
        table = app.table()
        await select_cards(pilot, ["KS", "KD", "KC"])
        await pilot.press("plus")
        await select_cards(pilot, ["QS", "QD", "QC"], clear=False)
        await pilot.press("plus")
        await select_cards(pilot, ["2C", "3C", "JK"], clear=False)
        moves, opened = len(game.record["actions"]), list(game.state.extra["opened"])
        await pilot.press("j")
        assert isinstance(app.screen, MovesMenu), "j asks, even for one reading"
        offered = [code for code, _words in app.screen.moves]
        await pick_from_menu(pilot, offered[0])
        await pilot.pause()
        assert app.screen is table
        assert len(game.record["actions"]) == moves and game.state.table == []
        assert game.state.extra["opened"] == opened
        meaning = offered[0].split("JK=")[1][:2]
        assert meaning in str(table.query_one("#message").render()).replace("♣", "C")
        await pilot.press("m")
        assert len(game.record["actions"]) == moves + 1
        laid = [Meld.from_json(entry["meld"]).text() for entry in game.state.table]
        assert any(f"JK={meaning}" in meld for meld in laid), laid
