"""Issue 13: at 80x24 with four Römi players every meld is on screen or one key away."""

from __future__ import annotations

from textual.widgets import OptionList

from rummy_tui.engine.melds import Meld
from rummy_tui.screens.views import TableMeldsScreen
from rummy_tui.widgets.melds import MeldTableView, meld_piece, meld_short

from .driver import play_until, played_until, resumed_app, settle

MELDS = 9


def crowded_app():
    """Four Römi players, opened a few moves before the table holds nine melds (the engine plays
    up to there, as the keys would)."""
    game = played_until(
        "hungarian", 4, ["You"], 1, {}, lambda game: len(game.state.table) >= MELDS or game.state.hand_no > 1, 4
    )
    return resumed_app(game)


async def play_to_a_crowded_table(pilot, melds: int = MELDS):
    table = pilot.app.table()
    await play_until(pilot, lambda: len(table.game.state.table) >= melds or table.game.state.hand_no > 1)
    await settle(pilot)
    assert table.game.state.hand_no == 1 and len(table.game.state.table) >= melds
    return table


async def test_the_target_meld_is_always_in_the_panel_at_80x24():
    app = crowded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_to_a_crowded_table(pilot)
        panel = table.query_one(MeldTableView)
        look = panel.card_look()
        count = len(table.game.state.table)
        assert panel.border_subtitle, "a panel that hides lines says so"
        for _step in range(count):
            await pilot.press("right_square_bracket")
            entry = table.game.state.table[panel.target]
            meld = Meld.from_json(entry["meld"])
            shown = str(panel.render())
            assert panel.target in panel.visible_melds()
            assert meld_short(meld, look).plain in shown or meld_piece(meld, look).plain in shown


async def test_the_table_view_lists_every_meld_and_sets_the_target():
    app = crowded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_to_a_crowded_table(pilot)
        await pilot.press("T")
        screen = app.screen
        assert isinstance(screen, TableMeldsScreen)
        options = screen.query_one(OptionList)
        listed = " ".join(str(options.get_option_at_index(i).prompt) for i in range(options.option_count))
        look = table.query_one(MeldTableView).card_look()
        for entry in table.game.state.table:
            assert meld_piece(Meld.from_json(entry["meld"]), look).plain in listed
        for name in {table.names[entry["owner"]] for entry in table.game.state.table}:
            assert name in listed
        await pilot.press("down", "down", "enter")
        assert app.screen is table
        assert table.query_one(MeldTableView).target is not None
