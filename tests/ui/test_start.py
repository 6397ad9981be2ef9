"""The start screen sets up a game; `rummy play` checks its options."""

from __future__ import annotations

from click.testing import CliRunner
from textual.widgets import Input, Select

from rummy_tui.app import RummyApp
from rummy_tui.cli import main
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table import TableScreen
from rummy_tui.screens.too_small import TooSmallScreen

from .test_lobby import until


async def form_ready(pilot) -> StartScreen:
    """The start screen once its form is complete (it is built after the first frame)."""

    def ready() -> StartScreen | None:
        screen = pilot.app.screen
        return screen if isinstance(screen, StartScreen) and screen.form_ready else None

    return await until(pilot, ready, "the whole start form")


async def test_start_screen_sets_up_variant_seats_settings_and_seed_and_refuses_a_bad_setting():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await form_ready(pilot)
        assert isinstance(start, StartScreen)
        start.query_one("#variant").focus()
        await pilot.press(*["down"] * 4)  # gin, ten-card, hungarian, traditional, basic: one rebuild for all
        await form_ready(pilot)
        assert start.variant.key == "basic"
        assert start.query_one("#setting-target", Input).value == "150"
        start.query_one("#setting-target", Input).value = "lots"  # a bad setting: its reason, and the form stays
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is start and "target" in str(start.query_one("#start-error").render())
        start.query_one("#setting-target", Input).value = "150"
        start.query_one("#players", Select).value = 3
        await form_ready(pilot)
        start.query_one("#seat-name-0", Input).value = "Ann"
        start.query_one("#seed", Input).value = "42"
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        game = table.game
        assert (game.variant.key, game.state.players, game.state.seed) == ("basic", 3, 42)
        assert game.record["seats"][0] == {"name": "Ann", "kind": "human", "level": None}
        assert [seat["kind"] for seat in game.record["seats"]] == ["human", "ai", "ai"]


async def test_too_small_terminal_asks_to_enlarge_and_the_game_resumes():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Please enlarge" in str(app.screen.query_one("#too-small-text").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


def test_play_rejects_bad_values_with_one_line_and_status_2():
    runner = CliRunner()
    for arguments, words in (
        (["--variant", "nope"], "unknown variant"),
        (["--variant", "gin", "--ai", "genius"], "unknown AI level"),
        (["--variant", "gin", "--players", "3"], "2 players"),
        (["--variant", "gin", "--set", "target=lots"], "target"),
        (["--variant", "gin", "--humans", "A,B,C"], "not 3"),
        (["--variant", "basic", "--humans", "A,B,C", "--players", "2"], "--humans"),
    ):
        result = runner.invoke(main, ["play", *arguments])
        assert result.exit_code == 2, arguments
        assert words in result.output
        assert len(result.output.strip().splitlines()) == 1


async def test_a_saved_game_continues_where_it_was_left():
    from rummy_tui.storage import SaveStore

    from .driver import make_app, settle

    first = make_app("gin", 2, ["Ann"], seed=3)
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        table = first.table()
        game_id, actions = table.game_id, list(table.game.record["actions"])
    assert SaveStore().exists(game_id)
    again = RummyApp(ai_delay=0.0)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        resumed = again.table()
        assert resumed is not None and resumed.game_id == game_id
        assert resumed.game.record["actions"][: len(actions)] == actions
        assert resumed.viewer == 0  # Ann, the one human, sees her cards again


async def test_statistics_open_from_the_start_screen():
    from rummy_tui.screens.stats import StatsScreen

    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
