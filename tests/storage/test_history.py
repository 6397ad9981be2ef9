"""The SQLite history: schema and migrations, recording, statistics, and two writers at once."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.storage import autosave
from rummy_tui.storage.history import SCHEMA_VERSION, History, HistoryError
from rummy_tui.storage.saves import SaveStore

HERE = Path(__file__).parent
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "normal"}]


def finished_game(seed: int, seats=SEATS) -> Game:
    game = Game("toy", 2, seed=seed, seats=seats)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    return game


def test_a_new_history_is_at_the_latest_schema_in_wal_mode(data_dir):
    history = History()
    assert history.path == data_dir / "history.sqlite3"
    assert history.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(history.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_opening_twice_keeps_the_data(tmp_path):
    History(tmp_path / "h.db").record_game("g1", finished_game(1))
    assert [g.game_id for g in History(tmp_path / "h.db").finished_games()] == ["g1"]


def test_an_old_schema_is_migrated_in_place(tmp_path, monkeypatch):
    import rummy_tui.storage.history as history_module

    path = tmp_path / "h.db"
    History(path).record_game("g1", finished_game(1))
    added = "ALTER TABLE games ADD COLUMN comment TEXT NOT NULL DEFAULT 'none'"
    monkeypatch.setattr(history_module, "MIGRATIONS", history_module.MIGRATIONS + (added,))
    monkeypatch.setattr(history_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    history = History(path)
    assert history.schema_version() == SCHEMA_VERSION + 1
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT game_id, comment FROM games").fetchall() == [("g1", "none")]


def test_a_history_from_a_newer_program_is_refused_by_name(tmp_path):
    path = tmp_path / "h.db"
    History(path)
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    with pytest.raises(HistoryError, match=r"h\.db.*schema version"):
        History(path)


def test_a_damaged_history_file_is_moved_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "h.db"
    path.write_bytes(b"this is not a database" * 100)
    history = History(path)
    assert history.problem and "h.db" in history.problem
    assert history.finished_games() == []
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")


def test_a_finished_game_is_recorded_with_its_hands_seats_and_winner():
    game = finished_game(4)
    history = History()
    history.record_game("g4", game, started="2026-01-01T10:00:00+00:00", duration_seconds=95.5)
    [recorded] = history.finished_games()
    result = game.state.result
    assert recorded.seats == ["Anna", "Computer"]
    assert recorded.final == result["final"] and recorded.winners == result["winners"]
    assert recorded.hands == len(game.state.sheet) and recorded.duration_seconds == 95.5
    hands = history.hands("g4")
    assert [h["points"] for h in hands] == [row["points"] for row in game.state.sheet]
    assert all(h["winner"] in (0, 1) for h in hands)
    assert history.record("g4") == game.record


def test_recording_the_same_game_twice_counts_it_once():
    history = History()
    game = finished_game(2)
    history.record_game("g", game)
    history.record_game("g", game)
    assert len(history.finished_games()) == 1
    assert history.stats()[0].games == 1


def test_an_unfinished_game_is_not_a_history_entry():
    game = Game("toy", 2, seed=1)
    with pytest.raises(ValueError):
        History().record_game("g", game)


def test_stats_count_games_wins_average_and_best_game_per_player():
    history = History()
    games = {f"g{seed}": finished_game(seed) for seed in range(6)}
    for game_id, game in games.items():
        history.record_game(game_id, game)
    rows = {row.player: row for row in history.stats()}
    anna = rows["Anna"]
    finals = [game.state.result["final"][0] for game in games.values()]
    wins = sum(0 in game.state.result["winners"] for game in games.values())
    assert (anna.kind, anna.variant, anna.games, anna.wins) == ("human", "toy", 6, wins)
    assert anna.average_score == pytest.approx(sum(finals) / 6)
    assert anna.best_score == max(finals)
    assert games[anna.best_game].state.result["final"][0] == max(finals)
    assert anna.win_rate == pytest.approx(wins / 6)
    assert rows["Computer"].kind == "ai"
    assert [row.player for row in history.stats()] == ["Anna", "Computer"]  # humans first


def test_recent_results_are_oldest_first_and_limited():
    history = History()
    for seed in range(5):
        history.record_game(f"g{seed}", finished_game(seed))
    recent = history.recent_results("Anna", limit=3)
    assert [r.game_id for r in recent] == ["g2", "g3", "g4"]
    assert [r.won for r in recent] == [0 in finished_game(s).state.result["winners"] for s in (2, 3, 4)]


def test_autosave_records_each_hand_as_it_ends_and_the_game_at_the_end():
    game = Game("toy", 2, seed=3, seats=SEATS)
    history = History()
    seen_hands = []
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
        assert autosave("live", game, history=history) is None
        seen_hands.append(len(history.hands("live")))
    assert seen_hands[-1] == len(game.state.sheet) == 2
    assert 1 in seen_hands  # the first hand was in the history before the game ended
    assert [g.game_id for g in history.finished_games()] == ["live"]
    assert SaveStore().info("live").finished


def test_two_programs_writing_at_once_lose_nothing(tmp_path):
    path = tmp_path / "shared.db"
    History(path)
    writers = [
        subprocess.Popen(
            [sys.executable, str(HERE / "history_writer.py"), str(path), prefix, "12"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for prefix in ("first", "second")
    ]
    for writer in writers:  # both have played their games: their writes start together
        assert writer.stdout.readline().strip() == "ready", writer.stderr.read()
    for writer in writers:
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        out, err = writer.communicate(timeout=60)
        assert writer.returncode == 0, err
    history = History(path)
    ids = {game.game_id for game in history.finished_games()}
    assert ids == {f"{prefix}-{n}" for prefix in ("first", "second") for n in range(12)}
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert sum(row.games for row in history.stats()) == 2 * 24
