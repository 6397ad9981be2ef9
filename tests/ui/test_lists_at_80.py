"""Issue 13: the Saved games and Statistics lists show every column at 80x24, in English and in
Hungarian (longer words): headings and the cells of the first row are all on screen."""

from __future__ import annotations

import functools

import pytest
from textual.widgets import DataTable

from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.i18n import set_language
from rummy_tui.screens.start import StartScreen
from rummy_tui.storage.history import History
from rummy_tui.storage.saves import SaveStore
from tests.support.words import import_the_screens_in_english

from .screen_text import screen_lines
from .test_lobby import until

SEATS = [
    {"name": "Annabella", "kind": "human"},
    {"name": "Béla", "kind": "ai", "level": "normal"},
    {"name": "Cecília", "kind": "ai", "level": "hard"},
    {"name": "Dezső", "kind": "ai", "level": "normal"},
]


@functools.cache  # the same seeded games for both languages: saving and recording only read them
def played(variant: str, players: int, seed: int, moves: int | None = None) -> Game:
    game = Game(variant, players, seed=seed, seats=SEATS[:players])
    while not game.is_over and (moves is None or moves > 0):
        game.apply(choose_action(game, game.current_seat))
        moves = None if moves is None else moves - 1
    return game


@pytest.fixture(params=["en", "hu"])
def language(request):
    import_the_screens_in_english()
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.fixture
def some_games():
    store = SaveStore()
    store.save("romi", played("hungarian", 4, seed=1, moves=60))
    store.save("ten", played("ten-card", 4, seed=2, moves=40))
    history = History()
    for number, (variant, players) in enumerate([("gin", 2), ("ten-card", 4), ("hungarian", 3)]):
        history.record_game(f"done-{number}", played(variant, players, seed=number + 3))


def assert_every_column_on_screen(app, table: DataTable) -> None:
    lines = screen_lines(app)
    headings = [str(column.label) for column in table.ordered_columns]
    header_rows = [line for line in lines if headings[0] in line and headings[-1] in line]
    assert header_rows, f"not every heading of {headings} is on one screen row:\n" + "\n".join(lines)
    row = header_rows[0]
    assert [row.index(heading) for heading in headings] == sorted(row.index(heading) for heading in headings)
    first_cells = [str(cell).splitlines()[0] for cell in table.get_row_at(0)]
    below = lines[lines.index(row) + 1]
    for cell in first_cells:
        assert cell in below, f"{cell!r} is not on screen: {below!r}"


async def opened_with(pilot, key: str):
    """The start screen's key for a list, and the list's screen once it has drawn."""
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()
    return pilot.app.screen


async def test_saved_games_and_statistics_show_every_column_at_80x24(language, some_games):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = (await opened_with(pilot, "ctrl+o")).query_one(DataTable)
        assert table.row_count == 2
        assert_every_column_on_screen(app, table)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen again")
        screen = await opened_with(pilot, "ctrl+t")
        for table_id in ("#stats-table", "#stats-games"):
            table = screen.query_one(table_id, DataTable)
            assert table.row_count >= 3
            assert_every_column_on_screen(app, table)
