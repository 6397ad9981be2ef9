"""Any time zone: a TZ no clock can use (TZ=UTC+99:99) shows times in UTC, saying so, on the
Saved games screen and in `rummy resume --list`, instead of stopping on a ValueError."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from click.testing import CliRunner
from textual.app import App
from textual.widgets import DataTable

from rummy_tui.cli import main
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.saved_games import SavedGamesScreen
from rummy_tui.storage.report import local_time
from rummy_tui.storage.saves import SaveStore

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Béla", "kind": "human"}]


@pytest.fixture
def unusable_zone(monkeypatch):
    """TZ=UTC+99:99 for this process (tzset), and the real zone back afterwards."""
    monkeypatch.setenv("TZ", "UTC+99:99")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def saved_game() -> str:
    game = Game("toy", 2, seed=3, seats=SEATS)
    for _ in range(4):
        game.apply(choose_action(game, game.current_seat))
    SaveStore().save("zoned", game)
    return SaveStore().info("zoned").updated.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def test_an_unusable_zone_falls_back_to_utc_and_says_so(unusable_zone):
    assert local_time(datetime(2026, 3, 1, 12, 30, tzinfo=UTC)) == "2026-03-01 12:30 UTC"
    assert local_time("2026-03-01T12:30:00+00:00") == "2026-03-01 12:30 UTC"


def test_a_usable_zone_shows_local_time(monkeypatch):
    monkeypatch.setenv("TZ", "UTC-02:00")  # POSIX: two hours east of Greenwich
    time.tzset()
    try:
        assert local_time(datetime(2026, 3, 1, 12, 30, tzinfo=UTC)) == "2026-03-01 14:30"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_resume_list_in_an_unusable_zone(unusable_zone):
    shown = saved_game()
    result = CliRunner().invoke(main, ["resume", "--list"])
    assert result.exit_code == 0, result.output
    assert "zoned" in result.output and shown in result.output


async def test_saved_games_screen_in_an_unusable_zone(unusable_zone):
    shown = saved_game()

    class Host(App):
        def on_mount(self):
            self.push_screen(SavedGamesScreen())

    app = Host()
    async with app.run_test(size=(100, 30)):
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        assert shown in [" ".join(str(cell).split()) for cell in table.get_row_at(0)]  # narrow columns wrap
