"""`rummy ratings`: this machine's boards, your own place, hiding; `rummy play-now`'s bad input."""

from __future__ import annotations

import asyncio
import json

import pytest
from click.testing import CliRunner

from rummy_tui.cli import main
from rummy_tui.storage.ratings import LOCAL_PLAYER, Entrant, RatingStore, ratings_path
from rummy_tui.tableserver.connect import IDENTITY_VARIABLE
from rummy_tui.tableserver.server import TableServer
from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(SOCKET_VARIABLE, str(tmp_path / "run" / "none.sock"))  # no table service running
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


async def test_a_running_table_service_answers_with_its_own_board(data, monkeypatch):
    """`rummy serve`'s table service (here a table server on a socket of its own) keeps the
    server's ratings: the host's `rummy ratings` reads them from it, as its visitors do."""
    server = TableServer(data / "run" / "served.sock", data / "serve" / "tables", ai_delay=0)
    await server.start()
    monkeypatch.setenv(SOCKET_VARIABLE, str(server.socket_path))
    monkeypatch.setenv(IDENTITY_VARIABLE, "key-z")
    try:
        entrants = [Entrant("Zoé", identity="key-z"), Entrant("Ádám", identity="key-a")]
        await asyncio.to_thread(lambda: server.ratings.store().record_game("g", "gin", entrants, [1, 2]))
        result = await asyncio.to_thread(run, "ratings", "--json")
        (board,) = json.loads(result.output)
        assert [row["name"] for row in board["rows"]] == ["Zoé", "Ádám"] and board["mine"]["me"]
        await asyncio.to_thread(run, "ratings", "--hide")
        assert server.ratings.store().is_hidden("key-z")
    finally:
        await server.close()


def test_the_table_server_takes_the_number_of_waiting_players(data, monkeypatch):
    from rummy_tui.tableserver import server

    seen = {}
    monkeypatch.setattr(server, "run", lambda *args, limits=None, **options: seen.update(limits=limits))
    assert run("table-server", "--max-seekers", "7").exit_code == 0
    assert seen["limits"].max_seekers == 7
    assert run("table-server", "--max-seekers", "0").exit_code == 2
