"""The disk at the table, driven by keys through Pilot: a locked history never holds a key, a
save that fails is one short line (the whole reason in the full log), and ctrl+q with moves
not saved says so and asks once."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from ui.driver import make_app, play_until, press_move, settle
from ui.screen_text import screen_lines

from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.log_view import LogScreen
from rummy_tui.screens.quit import QuitAnywayScreen
from rummy_tui.screens.table import TableScreen
from rummy_tui.storage import writer as writer_module
from rummy_tui.storage.history import BUSY_TIMEOUT_SECONDS, History
from rummy_tui.storage.paths import history_path
from rummy_tui.storage.saves import SaveStore

# Seconds the disk's hand-over may hold a move key. A history write made on the key's thread
# would wait for the lock (BUSY_TIMEOUT_SECONDS, 15 s): a tenth of that tells the two apart even
# on a machine loaded enough to delay a thread by a second (0.1 s did not). That no write at all
# runs on the UI thread is checked by the threads that wrote, not by the clock.
KEY_BUDGET = BUSY_TIMEOUT_SECONDS / 10


def hand_rows(game_id: str) -> list[int]:
    with sqlite3.connect(history_path()) as connection:
        return [row[0] for row in connection.execute("SELECT hand FROM hands WHERE game_id = ?", (game_id,))]


def timing_the_disk(table: TableScreen) -> list[float]:
    """From now on, note how long each move's hand-over to the disk holds the table (awaited
    with the move's key). The rest of a key's answer (the move, the screen) is the same with any
    disk, and on a loaded machine it is slow on its own."""
    answers: list[float] = []
    writer = table.disk_writer()
    submit = writer.submit

    def timed_submit(game) -> None:
        started = time.monotonic()
        submit(game)
        answers.append(time.monotonic() - started)

    writer.submit = timed_submit
    return answers


def disk_threads(monkeypatch) -> set[str]:
    """The names of the threads that write saves and the history."""
    threads: set[str] = set()
    for owner, name in ((SaveStore, "save"), (History, "record_hands"), (History, "record_game")):
        real = getattr(owner, name)

        def noted(*arguments, _real=real, **keywords):
            threads.add(threading.current_thread().name)
            return _real(*arguments, **keywords)

        monkeypatch.setattr(owner, name, noted)
    return threads


async def one_move(pilot) -> None:
    """The viewer's next move (the normal AI's choice), made with keys as a player would."""
    table = pilot.app.table()
    await settle(pilot)
    if pilot.app.screen is not table:  # the end of a hand waits for Enter
        await pilot.press("enter")
        await settle(pilot)
    await press_move(pilot, choose_action(table.game, table.viewer, "normal"))
    await settle(pilot)


async def test_a_locked_history_never_holds_a_key_and_the_hand_is_recorded_after(held_lock, monkeypatch):
    threads = disk_threads(monkeypatch)
    app = make_app("gin", 2, ["Anna"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table: TableScreen = app.table()
        answers = timing_the_disk(table)
        await play_until(pilot, lambda: bool(table.game.state.sheet))  # a whole hand, the history locked
        assert len(answers) > 5 and max(answers) < KEY_BUDGET, sorted(answers)[-5:]
        status = table.disk_writer().wait_until(lambda status: status.history_problem, timeout=30)
        assert status.all_saved and "locked" in status.history_problem  # saved; the history waits
        assert hand_rows(table.game_id) == []

        held_lock.release()
        await one_move(pilot)
        table.disk_writer().wait_idle(timeout=30)
        assert hand_rows(table.game_id) == [1]  # recorded after the lock ended, once
        assert table.disk_writer().status.history_problem is None
    assert threads and threading.main_thread().name not in threads  # every write was off the UI thread


@pytest.fixture
def quick_retries(monkeypatch) -> None:
    """A failing save is tried again after pauses of 2 s in all (a disk that comes back soon);
    here it never comes back, and each failing move would wait them out."""
    monkeypatch.setattr(writer_module, "SAVE_RETRY_DELAYS", (0.01, 0.01, 0.01))


def break_the_saves_folder(data_dir) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "saves").write_text("a file where the folder should be")


async def test_a_failing_save_is_one_short_line_and_the_log_says_why(data_dir, quick_retries):
    break_the_saves_folder(data_dir)
    app = make_app("gin", 2, ["Anna"], seed=5)
    told = []  # from the start: the game's first save may fail before the first move
    notify = app.notify
    app.notify = lambda message, **options: told.append((message, options)) or notify(message, **options)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # shown, as to a player
        await settle(pilot)
        table = app.table()
        await one_move(pilot)
        table.disk_writer().wait_idle(timeout=30)
        await settle(pilot)
        [(warning, options)] = told
        assert options["severity"] == "warning"
        assert "\n" not in warning and len(warning) <= 40
        assert str(data_dir) not in warning  # the path is in the log
        rows = screen_lines(app)
        shown = [number for number, row in enumerate(rows) if warning in row]
        assert shown == [22], "\n".join(rows)  # one line, just above the footer's keys
        assert table.status_text() in rows[0]  # the status line and its key prompt stay whole

        for _ in range(3):
            await one_move(pilot)
            table.disk_writer().wait_idle(timeout=30)
            await settle(pilot)
        assert len(told) == 1  # four failing moves, one warning
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        notes = str(app.screen.query_one("#log-notes").render())
        assert "could not be saved" in notes and "saves" in notes


async def test_quit_with_moves_not_saved_says_so_and_asks_once(data_dir, quick_retries):
    break_the_saves_folder(data_dir)
    app = make_app("gin", 2, ["Anna"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await one_move(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, QuitAnywayScreen)
        words = str(app.screen.query_one("#quit-words").render())
        moves = len(app.table().game.record["actions"])
        assert f"{moves} moves could not be saved" in words
        assert "has not been saved yet" in words and "saves" in words
        await pilot.press("ctrl+q")  # asked already: only y or n answers
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.is_running

        (data_dir / "saves").unlink()  # the player mends the folder and plays on
        await one_move(pilot)
        table = app.table()
        table.disk_writer().wait_idle(timeout=30)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert not app.is_running  # every move saved: no question
    assert SaveStore().load(table.game_id).record == table.game.record


async def test_quit_anyway_leaves_at_the_first_yes(data_dir, quick_retries):
    break_the_saves_folder(data_dir)
    app = make_app("gin", 2, ["Anna"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await one_move(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, QuitAnywayScreen)
        await pilot.press("y")
        await settle(pilot)
        assert not app.is_running
    assert app.return_code == 0
