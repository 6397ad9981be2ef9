"""Bad files and bad folders: each gives a clear message, a non-zero exit and no traceback, and
every other save still loads, byte for byte."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_tui.cli import main
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.verify import revealed_record
from rummy_tui.storage.history import History
from rummy_tui.storage.saves import SaveStore

SEATS = [{"name": "Anna", "kind": "human", "level": None}, {"name": "North", "kind": "ai", "level": "normal"}]


def played(actions: int, seed: int) -> Game:
    game = Game("gin", 2, seed=seed, seats=SEATS)
    while len(game.record["actions"]) < actions:
        game.apply(choose_action(game, game.current_seat))
    return game


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def assert_clear_failure(result, *words: str) -> None:
    """Exit status 2, no traceback, and an error line with the words."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result.output
    for word in words:
        assert word in errors[0], result.output


def assert_no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


def with_digest(document: dict) -> dict:
    """A save whose record was edited by someone who also fixed its checksum."""
    canonical = json.dumps(document["record"], sort_keys=True, separators=(",", ":"))
    document["record_sha256"] = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return document


def _edited(path: Path, change) -> None:
    document = json.loads(path.read_text())
    change(document["record"])
    path.write_text(json.dumps(with_digest(document)))


def _illegal_action(record):
    record["actions"].append("discard:ZZ")


def _unknown_variant(record):
    record["variant"] = "no-such-variant"


# Each bad entry in saves/: how to make it, and words its report carries.
BAD_ENTRIES = {
    "a folder": (lambda path: path.mkdir(), "folder"),
    "5,000 digits": (lambda path: path.write_text('{"save_format": 1, "n": ' + "9" * 5000 + "}"), "cannot be read"),
    "200,000 deep": (lambda path: path.write_text("[" * 200_000 + "]" * 200_000), "nested too deeply"),
    "empty": (lambda path: path.write_text(""), "empty"),
    "truncated": (lambda path: path.write_bytes(path.read_bytes()[:200]), "not valid JSON"),
    "wrong format version": (
        lambda path: path.write_text(path.read_text().replace('"save_format":1', '"save_format":99')),
        "save format 99",
    ),
    "illegal action": (lambda path: _edited(path, _illegal_action), "not legal"),
    "unknown variant": (lambda path: _edited(path, _unknown_variant), "unknown variant"),
}
COPIED_FIRST = {"truncated", "wrong format version", "illegal action", "unknown variant"}


@pytest.fixture
def good_saves():
    """Two sound saves, and their bytes."""
    store = SaveStore()
    store.save("good-1", played(6, seed=1))
    store.save("good-2", played(9, seed=2))
    return {game_id: store.path_of(game_id).read_bytes() for game_id in ("good-1", "good-2")}


def make_bad_entry(kind: str) -> Path:
    store = SaveStore()
    path = store.directory / "bad.json"
    if kind in COPIED_FIRST:
        store.save("bad", played(4, seed=3))
    BAD_ENTRIES[kind][0](path)
    return path


def assert_good_saves_intact(good_saves) -> None:
    store = SaveStore()
    for game_id, data in good_saves.items():
        assert store.path_of(game_id).read_bytes() == data
        assert store.load(game_id).record["actions"] == json.loads(data)["record"]["actions"]


@pytest.mark.parametrize("kind", list(BAD_ENTRIES))
def test_one_bad_entry_in_saves_is_reported_by_name_moved_aside_and_the_rest_still_list(kind, good_saves, data_dir):
    path = make_bad_entry(kind)
    result = run("resume", "--list")
    assert result.exit_code == 0, result.output
    assert_no_traceback(result)
    warnings = [line for line in result.output.splitlines() if line.startswith("Warning: ")]
    assert len(warnings) == 1 and "bad.json" in warnings[0] and BAD_ENTRIES[kind][1] in warnings[0], result.output
    assert "good-1" in result.output and "good-2" in result.output
    assert not path.exists() and [p.name.split(".")[0] for p in (data_dir / "saves" / "damaged").iterdir()] == ["bad"]
    assert_good_saves_intact(good_saves)


@pytest.mark.parametrize("kind", list(BAD_ENTRIES))
def test_resume_and_export_of_a_bad_save_fail_in_one_line(kind, good_saves):
    make_bad_entry(kind)
    assert_clear_failure(run("export", "bad"), "bad.json", BAD_ENTRIES[kind][1])
    assert_good_saves_intact(good_saves)
    result = run("export", "good-1")  # a game in play: as far as its hands are over
    assert result.exit_code == 0
    assert json.loads(result.output) == revealed_record(SaveStore().load_record("good-1"))


def test_resume_without_an_id_skips_bad_entries_and_finds_a_good_save(good_saves, monkeypatch):
    import rummy_tui.app

    opened = []
    monkeypatch.setattr(rummy_tui.app, "run_app", lambda **options: opened.append(options))
    for number, kind in enumerate(BAD_ENTRIES):
        path = make_bad_entry(kind)
        path.rename(path.with_name(f"bad-{number}.json"))
    result = run("resume")
    assert result.exit_code == 0, result.output
    assert_no_traceback(result)
    assert opened and opened[0]["resume"] in good_saves
    assert sum(line.startswith("Warning: ") for line in result.output.splitlines()) == len(BAD_ENTRIES)
    assert_good_saves_intact(good_saves)


async def test_continue_in_the_app_lists_the_good_saves_and_names_the_bad_ones(good_saves):
    from rummy_tui.app import RummyApp
    from rummy_tui.screens.saved_games import SavedGamesScreen

    for number, kind in enumerate(BAD_ENTRIES):
        path = make_bad_entry(kind)
        path.rename(path.with_name(f"bad-{number}.json"))
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        assert sorted(info.id for info in screen.saves) == sorted(good_saves)
        problems = str(screen.query_one("#saved-problems").render())
        assert all(f"bad-{number}.json" in problems for number in range(len(BAD_ENTRIES)))
    assert_good_saves_intact(good_saves)


# --- unusable data folders --------------------------------------------------------------------

COMMANDS = [("resume",), ("resume", "--list"), ("export", "x"), ("stats",), ("replay", "--game", "x")]


def _a_file(tmp_path: Path) -> Path:
    (tmp_path / "a-file").write_text("")
    return tmp_path / "a-file"


FOLDERS = {
    "a file": (_a_file, "it is a file"),
    "under a file": (lambda tmp_path: _a_file(tmp_path) / "data", "parent folders"),
    "missing, cannot be created": (lambda tmp_path: Path("/proc/rummy-tui-test/data"), "cannot be created"),
}


@pytest.mark.parametrize("case", list(FOLDERS))
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_unusable_data_folder_is_one_line_naming_it_and_the_variable(case, command, tmp_path, monkeypatch):
    make, words = FOLDERS[case]
    folder = make(tmp_path)
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(folder))
    assert_clear_failure(run(*command), str(folder), "RUMMY_TUI_DATA_DIR", words)


def test_a_data_folder_under_a_read_only_parent_says_permission_denied(tmp_path, monkeypatch):
    """Simulated, because the tests may run as root, whom no permission stops."""
    folder = tmp_path / "read-only" / "data"
    real_mkdir = Path.mkdir

    def refused(self, *arguments, **options):
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return real_mkdir(self, *arguments, **options)

    monkeypatch.setattr(Path, "mkdir", refused)
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(folder))
    for command in COMMANDS:
        assert_clear_failure(run(*command), str(folder), "RUMMY_TUI_DATA_DIR", "permission denied")


# --- a history file that cannot be read is not a damaged one ---------------------------------


def refusing_sqlite(monkeypatch, message: str, code: int, name: str) -> None:
    """SQLite answering as it does for a file this user may not open (the tests may run as root)."""

    def connect(*arguments, **options):
        error = sqlite3.OperationalError(message)
        error.sqlite_errorcode, error.sqlite_errorname = code, name
        raise error

    monkeypatch.setattr("rummy_tui.storage.history.sqlite3.connect", connect)


def recorded_history(data_dir: Path) -> bytes:
    game = played(0, seed=7)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    History().record_game("finished-1", game)
    with sqlite3.connect(data_dir / "history.sqlite3") as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (data_dir / "history.sqlite3").read_bytes()


@pytest.mark.parametrize(
    ("message", "code", "name", "words"),
    [
        ("unable to open database file", 14, "SQLITE_CANTOPEN", "cannot be opened"),
        ("attempt to write a readonly database", 1544, "SQLITE_READONLY_DIRECTORY", "cannot be opened"),
    ],
)
def test_an_unreadable_history_is_reported_and_left_alone(message, code, name, words, data_dir, monkeypatch):
    before = recorded_history(data_dir)
    with pytest.MonkeyPatch.context() as patch:
        refusing_sqlite(patch, message, code, name)
        assert_clear_failure(run("stats"), "history.sqlite3", words, "left as it is")
    assert (data_dir / "history.sqlite3").read_bytes() == before
    assert not list(data_dir.glob("*.damaged-*"))
    assert "Anna" in run("stats").output  # the statistics are all still there


def test_a_corrupt_history_is_still_set_aside_and_a_new_one_started(data_dir):
    data_dir.mkdir()
    (data_dir / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    result = run("stats")
    assert result.exit_code == 0, result.output
    assert "damaged" in result.output and list(data_dir.glob("history.sqlite3.damaged-*"))


# --- records given to `rummy replay FILE` --------------------------------------------------


def good_record() -> dict:
    return played(5, seed=4).record


RECORDS = {
    "actions [5]": lambda r: r | {"actions": [5]},
    "variant [gin]": lambda r: r | {"variant": ["gin"]},
    "seed Infinity": lambda r: r | {"seed": float("inf")},
    "actions 5": lambda r: r | {"actions": 5},
    "players text": lambda r: r | {"players": "two"},
    "illegal action": lambda r: r | {"actions": r["actions"] + ["discard:ZZ"]},
    "unknown variant": lambda r: r | {"variant": "no-such-variant"},
    "wrong format": lambda r: r | {"format": 99},
    "settings a list": lambda r: r | {"settings": [1, 2]},
    "a bad setting": lambda r: r | {"settings": {"target": "lots"}},
    "seats a number": lambda r: r | {"seats": 3},
    "not an object": lambda r: [r],
}


@pytest.mark.parametrize("case", list(RECORDS))
def test_replay_of_a_malformed_record_is_one_line_and_status_2(case, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(RECORDS[case](good_record())))
    assert_clear_failure(run("replay", str(path)), str(path))


@pytest.mark.parametrize(
    ("case", "text"),
    [
        ("5,000 digits", '{"format": 1, "seed": ' + "9" * 5000 + "}"),
        ("200,000 deep", "[" * 200_000 + "]" * 200_000),
        ("truncated", '{"format": 1, "variant": "gi'),
        ("empty", ""),
    ],
)
def test_replay_of_a_file_that_is_not_json_is_one_line_and_status_2(case, text, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(text)
    assert_clear_failure(run("replay", str(path)), str(path))
