"""The disk writer: saves and history off the caller's thread, in order, with bounded retries;
a locked history catches up once the lock ends, each hand recorded once."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.storage.history import History
from rummy_tui.storage.saves import SaveStore
from rummy_tui.storage.writer import DiskWriter

HERE = Path(__file__).parent
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Béla", "kind": "human"}]
FAST = {"save_retry_delays": (0.01, 0.01), "history_retry_delays": (0.01, 0.02), "history_busy_seconds": 0.05}


def play(game: Game, until) -> None:
    while not until(game):
        game.apply(choose_action(game, game.current_seat))


class HeldLock:
    """Another program holding the history's write lock, until ``release``."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "history_locker.py"), str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == "released"
        self.process.wait(timeout=10)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def held_lock(data_dir):
    History()  # the file and its tables exist, as after any earlier game
    lock = HeldLock(data_dir / "history.sqlite3")
    yield lock
    lock.kill()


def hand_rows(game_id: str) -> list[int]:
    from rummy_tui.storage.paths import history_path

    with sqlite3.connect(history_path()) as connection:  # reading goes on under another's write lock
        return [row[0] for row in connection.execute("SELECT hand FROM hands WHERE game_id = ?", (game_id,))]


def test_the_newest_game_is_saved_and_flush_says_so():
    game = Game("toy", 2, seed=1, seats=SEATS)
    writer = DiskWriter("g1", **FAST)
    for _ in range(12):
        game.apply(choose_action(game, game.current_seat))
        writer.submit(game)
    status = writer.flush(timeout=30)
    writer.close(timeout=30)
    assert status.all_saved and status.unsaved_moves == 0
    assert status.last_save == SaveStore().path_of("g1")
    assert SaveStore().load("g1").record == game.record


def test_a_failing_save_is_counted_retried_and_recovers(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "saves").write_text("a file where the folder should be")
    changes = []
    game = Game("toy", 2, seed=1, seats=SEATS)
    writer = DiskWriter("g2", **FAST, on_change=changes.append)
    for _ in range(3):
        game.apply(choose_action(game, game.current_seat))
        writer.submit(game)
    status = writer.flush(timeout=30)
    assert status.unsaved_moves == 3 and status.last_save is None
    assert "could not be saved" in status.save_problem and str(data_dir / "saves") in status.save_problem
    assert len(changes) == 1  # failing again and again is one change, told once

    (data_dir / "saves").unlink()
    game.apply(choose_action(game, game.current_seat))
    writer.submit(game)
    status = writer.flush(timeout=30)
    writer.close(timeout=30)
    assert status.all_saved and status.save_problem is None
    assert len(changes) == 2 and changes[-1].save_problem is None
    assert SaveStore().load("g2").record == game.record


def test_a_locked_history_records_every_hand_once_after_the_lock_ends(held_lock):
    game = Game("toy", 2, seed=2, seats=SEATS)
    writer = DiskWriter("g3", **FAST)
    play(game, lambda g: len(g.state.sheet) == 1)
    writer.submit(game)
    status = writer.wait_idle(timeout=30)
    assert status.all_saved  # the save does not wait for the history
    assert status.history_problem and "locked" in status.history_problem and "history.sqlite3" in status.history_problem
    assert hand_rows("g3") == []

    held_lock.release()
    game.apply(choose_action(game, game.current_seat))  # the next move tries the history again
    writer.submit(game)
    status = writer.wait_idle(timeout=30)
    assert status.history_problem is None
    assert hand_rows("g3") == [1]
    play(game, lambda g: g.is_over)
    writer.submit(game)
    writer.close(timeout=30)
    assert sorted(hand_rows("g3")) == [1, 2]  # the first hand is not recorded twice
    assert [g.game_id for g in History().finished_games()] == ["g3"]


def test_a_resumed_game_catches_up_on_hands_the_history_missed(held_lock):
    game = Game("toy", 2, seed=2, seats=SEATS)
    writer = DiskWriter("g4", **FAST)
    play(game, lambda g: len(g.state.sheet) == 1)
    writer.submit(game)
    writer.close(timeout=30)  # the program ends while the history is locked
    assert hand_rows("g4") == []
    held_lock.release()

    resumed = SaveStore().load("g4")
    writer = DiskWriter("g4", len(resumed.record["actions"]), **FAST)
    resumed.apply(choose_action(resumed, resumed.current_seat))
    writer.submit(resumed)
    writer.wait_idle(timeout=30)
    writer.close(timeout=30)
    assert hand_rows("g4") == [1]


def test_reading_the_history_never_waits_for_another_programs_write(data_dir):
    game = Game("toy", 2, seed=2, seats=SEATS)
    play(game, lambda g: g.is_over)
    History().record_game("g5", game)
    lock = HeldLock(data_dir / "history.sqlite3")
    try:
        history = History(busy_timeout=0)  # it would wait for the lock if it needed one: a zero wait fails at once
        assert [g.game_id for g in history.finished_games()] == ["g5"]
        assert history.stats()
    finally:
        lock.kill()
