"""`rummy ratings`: this machine's boards, your own place, hiding; `rummy play-now`'s bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rummy_tui.cli import main
from rummy_tui.storage.ratings import LOCAL_PLAYER, Entrant, RatingStore, ratings_path


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="rummy", terminal_width=100)


def played(data, ranks_by_game: list[list[int]]) -> RatingStore:
    store = RatingStore(ratings_path(data / "tables"))
    entrants = [
        Entrant("Me", identity=LOCAL_PLAYER),
        Entrant("Zoé", identity="key-z"),
        Entrant("Ádám", identity="key-a"),
    ]
    for number, ranks in enumerate(ranks_by_game):
        store.record_game(f"g{number}", "basic", entrants, ranks)
    return store


def test_no_ratings_yet_says_how_to_get_one(data):
    result = run("ratings")
    assert result.exit_code == 0, result.output
    assert "No rated games here yet" in result.output


def test_the_board_in_order_with_provisional_marks_and_your_place(data):
    played(data, [[3, 1, 2], [3, 1, 2]])
    result = run("ratings", "--variant", "basic")
    assert result.exit_code == 0, result.output
    assert result.output.index("Zoé") < result.output.index("Ádám") < result.output.index("Me")
    assert "Ratings: Rummy, against people" in result.output
    assert "Your place: 3" in result.output and "?" in result.output
    assert "Provisional (?)" in result.output


def test_hiding_keeps_you_on_your_own_board_only(data):
    store = played(data, [[1, 2, 3]])
    result = run("ratings", "--variant", "basic", "--hide", "--json")
    assert result.exit_code == 0, result.output
    (board,) = json.loads(result.output)
    assert board["hidden"] and board["mine"]["place"] == 1 and board["rows"][0]["me"]
    assert [row.name for row in store.board("basic", viewer="key-z").rows] == ["Zoé", "Ádám"]
    assert not json.loads(run("ratings", "--show", "--json").output)[0]["hidden"]


def test_play_now_refuses_a_count_the_variant_is_not_played_by(data):
    result = run("play-now", "gin", "--players", "4")
    assert result.exit_code == 2 and "2 to 2 players" in result.output
    assert run("play-now", "chess").exit_code == 2
