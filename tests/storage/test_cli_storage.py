"""`rummy resume`, `stats`, `replay` and `export`: results, and one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import rummy_tui.app
from rummy_tui.cli import main
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.verify import revealed_record
from rummy_tui.storage.history import History
from rummy_tui.storage.saves import SaveStore

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Béla", "kind": "human"}]


def played(actions: int | None, seed: int = 4) -> Game:
    game = Game("toy", 2, seed=seed, seats=SEATS)
    while not game.is_over and (actions is None or len(game.record["actions"]) < actions):
        game.apply(choose_action(game, game.current_seat))
    return game


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def assert_one_line_error(result, *words: str) -> None:
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    for word in words:
        assert word in lines[0]


@pytest.fixture
def opened(monkeypatch):
    """What the app was asked to open, instead of opening it."""
    calls = []

    def fake_run_app(ascii_only=False, mouse=True, **options):
        calls.append({"ascii_only": ascii_only, "mouse": mouse, **options})

    monkeypatch.setattr(rummy_tui.app, "run_app", fake_run_app)
    return calls


def test_resume_without_an_id_opens_the_latest_unfinished_game(opened):
    store = SaveStore()
    store.save("older", played(10, seed=1))
    store.save("newer", played(17, seed=2))
    store.save("finished", played(None, seed=3))
    result = run("resume", "--ascii")
    assert result.exit_code == 0, result.output
    assert opened == [{"ascii_only": True, "mouse": True, "resume": "newer"}]


def test_resume_by_id(opened):
    SaveStore().save("older", played(10, seed=1))
    SaveStore().save("newer", played(12, seed=2))
    assert run("resume", "older").exit_code == 0
    assert opened[0]["resume"] == "older"


def test_resume_with_nothing_saved_says_so(opened):
    assert_one_line_error(run("resume"), "no unfinished saved game")
    assert opened == []


def test_resume_of_a_damaged_save_names_the_file_and_where_it_went(opened, data_dir):
    SaveStore().save("g", played(6))
    (data_dir / "saves" / "g.json").write_text('{"save_format": 1, "rec')
    assert_one_line_error(run("resume", "g"), "g.json", "damaged")
    assert opened == []


def test_resume_of_a_finished_game_points_to_replay(opened):
    SaveStore().save("done", played(None))
    assert_one_line_error(run("resume", "done"), "finished", "rummy replay --game done")


def test_resume_of_an_unknown_or_unsafe_id_is_an_error(opened):
    assert_one_line_error(run("resume", "nothing-here"), "no saved game 'nothing-here'")
    assert_one_line_error(run("resume", "../etc"), "not a saved game id")


def test_resume_list_shows_the_saves():
    SaveStore().save("g7", played(6))
    result = run("resume", "--list")
    assert result.exit_code == 0 and "g7" in result.output and "Anna" in result.output


def test_resume_list_never_cuts_an_id_that_must_be_typed_back(monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    long_id = "20261130-154736-81c991"
    SaveStore().save(long_id, played(6))
    assert long_id in run("resume", "--list").output


def test_stats_prints_a_table_and_json():
    history = History()
    games = [played(None, seed) for seed in range(3)]
    for number, game in enumerate(games):
        history.record_game(f"g{number}", game)
    table = run("stats")
    assert table.exit_code == 0 and "Anna" in table.output and "Béla" in table.output
    rows = json.loads(run("stats", "--json", "--variant", "toy").output)
    anna = next(row for row in rows if row["player"] == "Anna")
    assert anna["games"] == 3 and anna["wins"] == sum(0 in g.state.result["winners"] for g in games)


def test_stats_counts_games_played_with_and_without_hints():
    history = History()
    for number in range(3):
        game = played(None, seed=number)
        game.record["chosen_seed"] = False  # as if the seed had been drawn, not chosen
        if number == 0:
            game.record["hints"] = 4  # the table counts each hint the player asked for
        history.record_game(f"h{number}", game)
    assert history.assistance_counts() == (1, 2, 0)
    assert history.assistance_counts("gin") == (0, 0, 0)
    assert "Games played with hints or undos: 1   without: 2   with a chosen seed: 0" in run("stats").output


def test_stats_count_an_undo_as_assistance_and_a_chosen_seed_apart():
    history = History()
    undone = played(None, seed=1)
    undone.record.update(chosen_seed=False, undos=1)  # a move taken back against the AI
    history.record_game("undone", undone)
    history.record_game("seeded", played(None, seed=2))  # Game(seed=2): a chosen seed
    plain = played(None, seed=3)
    plain.record["chosen_seed"] = False
    history.record_game("plain", plain)
    assert history.assistance_counts() == (1, 1, 1)
    assert "Games played with hints or undos: 1   without: 1   with a chosen seed: 1" in run("stats").output


def test_stats_with_no_games_and_with_an_unknown_variant():
    assert "No finished games" in run("stats").output
    assert_one_line_error(run("stats", "--variant", "nonsense"), "unknown variant")


def test_export_writes_the_record_of_a_save_or_a_finished_game(tmp_path):
    saved = played(9)
    SaveStore().save("live", saved)
    # a game still in play: only its hands that are over (none yet), never the hand in play
    assert json.loads(run("export", "live").output) == revealed_record(saved.record)
    assert json.loads(run("export", "live").output)["actions"] == []
    finished = played(None, seed=8)
    History().record_game("old", finished)
    out = tmp_path / "old.json"
    assert run("export", "old", "--out", str(out)).exit_code == 0
    assert json.loads(out.read_text()) == finished.record
    assert Game.replay(json.loads(out.read_text())).state.result == finished.state.result


def test_export_of_an_unknown_game_is_an_error():
    assert_one_line_error(run("export", "ghost"), "no saved or finished game 'ghost'")


def test_replay_opens_a_file_or_a_game_from_the_history(monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr(rummy_tui.app, "run_replay", lambda record, **options: shown.append(record))
    finished = played(None, seed=5)
    History().record_game("h1", finished)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(finished.record))
    assert run("replay", str(path)).exit_code == 0
    assert run("replay", "--game", "h1").exit_code == 0
    assert shown == [finished.record, finished.record]


def test_replay_needs_exactly_one_source_and_a_sound_file(tmp_path):
    assert_one_line_error(run("replay"), "FILE or a --game ID")
    assert_one_line_error(run("replay", "x.json", "--game", "y"), "FILE or a --game ID")
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    assert_one_line_error(run("replay", str(bad)), "bad.json")
