"""Saving, listing, loading and deleting games, and what happens to files that cannot be trusted."""

from __future__ import annotations

import json

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.storage.saves import BadSave, SaveStore, check_game_id, new_game_id

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Béla", "kind": "human"}]


def played(actions: int, seed: int = 5, seats=None) -> Game:
    game = Game("toy", 2, seed=seed, seats=seats if seats is not None else SEATS)
    for _ in range(actions):
        game.apply(choose_action(game, game.current_seat))
    return game


def finished(seed: int = 5) -> Game:
    game = Game("toy", 2, seed=seed, seats=SEATS)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat))
    return game


def test_a_loaded_game_is_the_saved_game_with_the_same_seat_to_move():
    store = SaveStore()
    game = played(37)
    store.save("g1", game)
    loaded = store.load("g1")
    assert loaded.record == game.record
    assert loaded.current_seat == game.current_seat
    assert loaded.state.hands == game.state.hands
    assert loaded.legal_actions() == game.legal_actions()


def test_the_default_directory_is_the_overridden_data_dir(data_dir):
    store = SaveStore()
    store.save("g1", played(3))
    assert (data_dir / "saves" / "g1.json").exists()


def test_saving_again_replaces_the_file_and_leaves_no_temporary_files(data_dir):
    store = SaveStore()
    game = played(0)
    for _ in range(10):
        game.apply(choose_action(game, game.current_seat))
        store.save("g1", game)
    assert sorted(p.name for p in (data_dir / "saves").iterdir()) == ["g1.json"]
    assert len(store.load("g1").record["actions"]) == 10


def test_list_describes_each_game_newest_first():
    store = SaveStore()
    store.save("older", played(4, seed=1))
    store.save("newer", finished(seed=2))
    listed = store.list()
    assert [info.id for info in listed] == ["newer", "older"]
    by_id = {info.id: info for info in listed}
    older = by_id["older"]
    assert (older.variant, older.players, older.seats, older.actions) == ("toy", 2, ["Anna", "Béla"], 4)
    mover = ["Anna", "Béla"][played(4, seed=1).current_seat]
    assert older.progress == f"hand 1, {mover} to move"
    assert not older.finished
    assert by_id["newer"].finished
    assert by_id["newer"].progress.startswith("finished, ")


def test_seats_without_names_get_the_variants_names():
    store = SaveStore()
    store.save("g", played(2, seats=[]))
    assert store.info("g").seats == ["North", "East"]


def test_latest_is_the_newest_unfinished_game():
    store = SaveStore()
    assert store.latest() is None
    store.save("playing", played(6))
    store.save("done", finished())
    assert store.latest().id == "playing"


def test_delete_removes_the_save():
    store = SaveStore()
    store.save("g1", played(2))
    store.delete("g1")
    assert store.list() == []
    with pytest.raises(FileNotFoundError):
        store.load("g1")


@pytest.mark.parametrize("bad_id", ["../escape", "", "a/b", ".hidden"])
def test_game_ids_cannot_name_other_paths(bad_id):
    with pytest.raises(ValueError):
        check_game_id(bad_id)


def test_new_game_ids_are_valid_and_distinct():
    ids = {new_game_id() for _ in range(50)}
    assert len(ids) == 50
    assert all(check_game_id(game_id) for game_id in ids)


def test_play_time_is_kept_across_saves():
    store = SaveStore()
    game = played(2)
    store.save("g1", game)
    first_created = store.created("g1")
    game.apply(choose_action(game, game.current_seat))
    store.save("g1", game)
    assert store.created("g1") == first_created
    assert store.played_seconds("g1") >= 0.0


# --- bad files: a clear message naming the file, moved aside, never deleted ---------------


def _damage(data_dir, change) -> tuple[SaveStore, str]:
    store = SaveStore()
    store.save("victim", played(21))
    store.save("healthy", played(8, seed=9))
    path = data_dir / "saves" / "victim.json"
    change(path)
    return store, path.read_bytes()


def _corrupt(path):
    path.write_bytes(b"\x00\xff garbage {")


def _truncate(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _empty(path):
    path.write_bytes(b"")


def _future_version(path):
    document = json.loads(path.read_text())
    document["save_format"] = 99
    path.write_text(json.dumps(document))


def _illegal_action_with_matching_checksum(path):
    from rummy_tui.storage.saves import _record_digest

    document = json.loads(path.read_text())
    document["record"]["actions"][5] = "discard:JK"
    document["record_sha256"] = _record_digest(document["record"])
    path.write_text(json.dumps(document))


def _edited_record(path):
    document = json.loads(path.read_text())
    document["record"]["seed"] += 1
    path.write_text(json.dumps(document))


def _unknown_record_format(path):
    from rummy_tui.storage.saves import _record_digest

    document = json.loads(path.read_text())
    document["record"]["format"] = 42
    document["record_sha256"] = _record_digest(document["record"])
    path.write_text(json.dumps(document))


def _position_that_does_not_match(path):
    document = json.loads(path.read_text())
    document["check"]["to_move"] = 1 - document["check"]["to_move"]
    path.write_text(json.dumps(document))


DAMAGE = {
    "corrupt": (_corrupt, "not valid JSON"),
    "truncated": (_truncate, "not valid JSON"),
    "empty": (_empty, "empty"),
    "future version": (_future_version, "unknown save format 99"),
    "illegal action": (_illegal_action_with_matching_checksum, "is not legal"),
    "edited record": (_edited_record, "changed outside the game"),
    "unknown record format": (_unknown_record_format, "unknown record format 42"),
    "position mismatch": (_position_that_does_not_match, "does not match"),
}


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_bad_save_is_named_moved_aside_and_the_rest_still_load(data_dir, kind):
    change, words = DAMAGE[kind]
    store, damaged_bytes = _damage(data_dir, change)
    with pytest.raises(BadSave) as caught:
        store.load("victim")
    message = str(caught.value)
    assert "victim.json" in message and words in message
    moved = list((data_dir / "saves" / "damaged").iterdir())
    assert len(moved) == 1 and moved[0].read_bytes() == damaged_bytes
    assert str(moved[0]) in message
    assert not (data_dir / "saves" / "victim.json").exists()
    assert [info.id for info in store.list()] == ["healthy"]
    assert store.load("healthy").record["actions"]


@pytest.mark.parametrize("kind", ["corrupt", "truncated", "future version", "edited record"])
def test_listing_sets_bad_saves_aside_and_reports_them(data_dir, kind):
    change, words = DAMAGE[kind]
    store, _ = _damage(data_dir, change)
    assert [info.id for info in store.list()] == ["healthy"]
    assert len(store.problems) == 1
    assert "victim.json" in str(store.problems[0]) and words in str(store.problems[0])


def test_two_bad_files_with_the_same_name_are_both_kept(data_dir):
    store = SaveStore()
    for _ in range(2):
        store.save("victim", played(3))
        _corrupt(data_dir / "saves" / "victim.json")
        with pytest.raises(BadSave):
            store.load("victim")
    assert len(list((data_dir / "saves" / "damaged").iterdir())) == 2


def test_a_leftover_temporary_file_is_not_a_save(data_dir):
    store = SaveStore()
    store.save("g1", played(3))
    (data_dir / "saves" / ".writing-g1-abc").write_bytes(b'{"half": ')
    assert [info.id for info in store.list()] == ["g1"]
    assert store.problems == []


def test_seat_entries_fill_in_what_a_record_leaves_out():
    from rummy_tui.storage.saves import seat_entries

    described = {
        "players": 2,
        "variant": "toy",
        "seats": [{"name": "Anna", "kind": "human", "level": None}, {"name": "Bot", "kind": "ai", "level": "easy"}],
    }
    assert seat_entries(described) == described["seats"]
    assert seat_entries({"players": 2, "variant": "toy"}) == [
        {"name": "North", "kind": "human", "level": None},
        {"name": "East", "kind": "human", "level": None},
    ]
