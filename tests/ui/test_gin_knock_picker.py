"""Gin A-6.1 at the table: when the melds a knock shows are a choice, the knocker picks them."""

from __future__ import annotations

from textual.widgets import OptionList

from rummy_tui.engine import Game
from rummy_tui.engine.cards import card_text
from rummy_tui.screens.menus import MovesMenu
from tests.support.words import message_texts

from .driver import at_the_table, press_move, select_cards

KNOCKER = "6H 7H 8H 9H 9S 9D 9C AC 2S 3C KC"
DEFENDER = "10H KS QD JC 4S 6C 2D 3D 4D 5D"


async def _seat_ann_at_the_knock(pilot, app) -> Game:
    game = Game.from_position("gin", 2, hands=[KNOCKER, DEFENDER], discard="7D", phase="discard", to_move=0, dealer=1)
    game.record["seats"] = app.table().game.record.get("seats")
    table = app.table()
    table.game, table.viewer = game, 0
    table._seen_hand = table._hand_marker()
    table.refresh_table()
    await pilot.pause()
    return game


def shown_melds(game: Game) -> list[list[str]]:
    return sorted(sorted(card_text(c) for c in m["cards"]) for m in game.state.last_hand["melds"][0])


async def test_the_knocker_picks_the_melds_he_shows():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        game = await _seat_ann_at_the_knock(pilot, app)
        await select_cards(pilot, ["KC"])
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, MovesMenu)
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids[0] == "knock:KC" and len(ids) == 3
        words = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert "default" in words[0] and "showing" in words[1]
        await press_move_in_menu(pilot, ids.index("knock:KC/9S-9D-9C+6H-7H-8H-9H"))
        assert message_texts(game.state.last_hand["lines"]) == ["knock: 40 - 6 = 34"]
        assert shown_melds(game) == [["6H", "7H", "8H", "9H"], ["9C", "9D", "9S"]]


async def test_enter_takes_the_default_arrangement():
    async with at_the_table("gin", 2, ["Ann"], seed=3) as (app, pilot):
        game = await _seat_ann_at_the_knock(pilot, app)
        await press_move(pilot, "knock:KC")
        assert message_texts(game.state.last_hand["lines"]) == ["knock: 50 - 6 = 44"]
        assert shown_melds(game) == [["6H", "7H", "8H"], ["9C", "9D", "9H", "9S"]]


async def press_move_in_menu(pilot, index: int) -> None:
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
