"""A screen taken down while it is still being built (the app quitting at once) goes quietly."""

from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen
from tests.ui.test_lobby import until

SEATS = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "normal"}]


async def test_quitting_while_the_table_mounts_ends_the_app_cleanly():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.form_ready, "the start form")
        app.start_game("gin", 2, None, 3, SEATS)
        assert isinstance(app.screen, TableScreen)  # pushed; its panels are still mounting
        app.exit()
    assert app.return_code == 0  # the table's on_mount found its panels gone: NoMatches ended the app with 1
