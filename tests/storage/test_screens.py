"""The saved-games and statistics screens, driven like a player would."""

from __future__ import annotations

from textual.app import App
from textual.widgets import DataTable, Sparkline

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.replay import ReplayScreen
from rummy_tui.screens.saved_games import SavedGamesScreen
from rummy_tui.screens.stats import StatsScreen
from rummy_tui.storage.history import History
from rummy_tui.storage.saves import SaveStore

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Béla", "kind": "human"}]


class Host(App):
    """Pushes one screen and keeps what it dismissed with."""

    def __init__(self, screen_factory):
        super().__init__()
        self.screen_factory = screen_factory
        self.results = []

    def on_mount(self):
        self.push_screen(self.screen_factory(), self.results.append)


def played(actions: int, seed: int) -> Game:
    game = Game("toy", 2, seed=seed, seats=SEATS)
    for _ in range(actions):
        game.apply(choose_action(game, game.current_seat))
    return game


def finished(seed: int) -> Game:
    game = Game("toy", 2, seed=seed, seats=SEATS)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    return game


async def test_continue_dismisses_with_the_highlighted_games_id():
    store = SaveStore()
    store.save("first", played(3, 1))
    store.save("second", played(5, 2))
    store.save("done", finished(3))
    app = Host(SavedGamesScreen)
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2  # the finished game is not offered
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.results == [app_saves_newest_first(store)[1]]


def app_saves_newest_first(store: SaveStore) -> list[str]:
    return [info.id for info in store.list() if not info.finished]


async def test_delete_asks_for_a_second_press():
    store = SaveStore()
    store.save("keep", played(3, 1))
    store.save("drop", played(5, 2))
    app = Host(SavedGamesScreen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("d")
        assert len(store.list()) == 2
        assert "Press d again" in str(app.screen.query_one("#saved-hint").render())
        await pilot.press("d")
        assert [info.id for info in store.list()] == ["keep"]
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_a_damaged_save_is_reported_on_the_screen(data_dir):
    store = SaveStore()
    store.save("fine", played(3, 1))
    (data_dir / "saves" / "broken.json").write_text("{")
    app = Host(SavedGamesScreen)
    async with app.run_test(size=(120, 30)):
        problems = str(app.screen.query_one("#saved-problems").render())
        assert "broken.json" in problems and "damaged" in problems
        assert app.screen.query_one(DataTable).row_count == 1


async def test_stats_screen_lists_players_charts_recent_scores_and_replays_a_game():
    history = History()
    games = [finished(seed) for seed in range(4)]
    for number, game in enumerate(games):
        history.record_game(f"g{number}", game)
    app = Host(StatsScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert screen.query_one("#stats-table", DataTable).row_count == 2
        assert list(screen.query_one(Sparkline).data) == [g.state.result["final"][0] for g in games]
        await pilot.press("down")
        assert list(screen.query_one(Sparkline).data) == [g.state.result["final"][1] for g in games]
        assert "Béla" in str(screen.query_one("#stats-chart-caption").render())
        screen.query_one("#stats-games", DataTable).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.record == games[-1].record  # newest first
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_stats_screen_with_no_history_says_so():
    app = Host(StatsScreen)
    async with app.run_test(size=(120, 40)):
        assert "No finished games" in str(app.screen.query_one("#stats-chart-caption").render())


async def test_continue_on_a_save_that_no_longer_loads_reports_it_and_stays(data_dir):
    import json

    store = SaveStore()
    store.save("good", played(3, 1))
    store.save("tampered", played(5, 2))
    path = data_dir / "saves" / "tampered.json"
    app = Host(SavedGamesScreen)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = app.screen
        assert [info.id for info in screen.saves][0] == "tampered"
        document = json.loads(path.read_text())
        document["check"]["hand_no"] = 99  # changed while listed: the position no longer matches the record
        path.write_text(json.dumps(document))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.results == []
        assert "tampered.json" in str(screen.query_one("#saved-problems").render())
        assert [info.id for info in screen.saves] == ["good"]
