"""Play now and the ratings board through the real app and a real table server (on a temporary
socket, in the test's own event loop)."""

from __future__ import annotations

import sqlite3

import pytest
from textual.widgets import Button

from rummy_tui.app import RummyApp
from rummy_tui.screens.leaderboard import LeaderboardScreen
from rummy_tui.screens.play_now import PlayNowScreen
from rummy_tui.screens.table import TableScreen
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.connect import IDENTITY_VARIABLE, NAME_VARIABLE
from rummy_tui.tableserver.server import TableServer
from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE

from .screen_text import screen_text
from .test_lobby import until


@pytest.fixture
async def server(tmp_path, monkeypatch):
    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0)
    await server.start()
    monkeypatch.setenv(SOCKET_VARIABLE, str(server.socket_path))
    monkeypatch.setenv(IDENTITY_VARIABLE, "key-me")
    monkeypatch.setenv(NAME_VARIABLE, "Anna")
    yield server
    await server.close()


def started_view(app):
    screen = app.screen
    if isinstance(screen, TableScreen) and screen.is_mounted:  # (quitting before its mount ends crashes it)
        view = screen.seat.client.view
        return view if view and view["started"] else None
    return None


async def test_a_lone_player_is_offered_the_computer_after_the_wait_and_sits_down_with_it(server):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, PlayNowScreen), "Play now")
        await app.switch_screen(PlayNowScreen("gin", wait=0.2, level="easy"))
        screen = app.screen
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen.has_class("offered"), "the offer of the computer", tries=2000)
        status = " ".join(screen_text(app).split())
        assert "Nobody else has come yet" in status and "0 other players are waiting for Gin" in status
        await until(pilot, lambda: screen.query_one("#play-now-fill", Button).has_focus, "the offer focused")
        await pilot.press("enter")  # the offer has the focus: Enter takes it
        view = await until(pilot, lambda: started_view(app), "the table, started", tries=2000)
        others = [seat for seat in view["seats"] if seat["kind"] == "ai"]
        assert [(seat["level"]) for seat in others] == ["easy"]
        assert [seat["name"] for seat in view["seats"] if seat["kind"] == "human"] == ["Anna"]


async def test_keep_waiting_puts_the_offer_away_and_a_second_player_is_seated_with_us(server):
    bela = await TableClient().connect(server.socket_path)
    await bela.hello("Bela", identity="key-bela")
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, PlayNowScreen), "Play now")
        await app.switch_screen(PlayNowScreen("gin", wait=0.2))
        screen = app.screen
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen.has_class("offered"), "the offer of the computer", tries=2000)
        await until(pilot, lambda: screen.query_one("#play-now-fill", Button).has_focus, "the offer focused")
        offered_at = screen.deadline
        await pilot.press("tab", "enter")  # Keep waiting, next to the offer: the wait starts again
        await until(pilot, lambda: screen.deadline > offered_at, "the wait started again")
        await until(pilot, lambda: screen.has_class("offered"), "the offer again, after the new wait", tries=2000)
        await bela.seek("gin", 2)
        view = await until(pilot, lambda: started_view(app), "the table, started", tries=2000)
        assert sorted(seat["name"] for seat in view["seats"]) == ["Anna", "Bela"]
        assert view["table"] == (await bela.wait_view(lambda v: v["started"]))["table"]
    await bela.close()


def rate(server: TableServer, identity: str, name: str, mu: float, sigma: float = 3.0) -> None:
    server.ratings.store()
    with sqlite3.connect(server.ratings.path) as connection:
        connection.execute("INSERT OR REPLACE INTO players (identity, name) VALUES (?, ?)", (identity, name))
        connection.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?, 'gin', 'players', ?, ?, 12, '')", (identity, mu, sigma)
        )


async def test_the_board_lists_the_top_players_your_place_and_lets_you_hide(server):
    rate(server, "key-top", "Tamás", 32.0)
    rate(server, "key-me", "Anna", 27.0, sigma=7.0)  # provisional: after the settled ones
    rate(server, "key-mid", "Mari", 26.0)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        board = await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen) and app.screen, "the board")
        await until(pilot, lambda: board.board is not None, "the board's rows")
        await until(pilot, lambda: "Your place" in (text := screen_text(app)) and "Tamás" in text, "the board")
        text = screen_text(app)
        assert text.index("Tamás") < text.index("Mari") < text.index("Anna")
        assert "1280" in text and "1080?" in text
        assert "Your place: 3, rating 1080." in text
        await pilot.press("h")
        await until(pilot, lambda: "only you see" in screen_text(app), "hidden")
        assert server.ratings.store().is_hidden("key-me")
        assert [row.name for row in server.ratings.store().board("gin", viewer="key-top").rows] == ["Tamás", "Mari"]
        await pilot.press("right")
        await until(pilot, lambda: "Ratings: Ten-card" in screen_text(app), "the next variant's board")
        await pilot.press("left")
        await until(pilot, lambda: "Nobody is rated" not in screen_text(app), "gin's board again")
        await pilot.press("c")
        await until(pilot, lambda: board.board["pool"] == "computer", "the board against the computer")
        await until(pilot, lambda: "no rating in Gin" in screen_text(app), "no rating against the computer")


async def test_the_end_of_a_shared_game_shows_the_new_ratings(server):
    from rummy_tui.screens.results import EndOfGameScreen, EndOfHandScreen
    from tests.tableserver.players import play_all

    bela, anna = TableClient(), TableClient()
    for client, name in ((bela, "Bela"), (anna, "Anna")):
        await client.connect(server.socket_path)
        await client.hello(name, identity=f"key-{name.lower()}")
    welcome = await bela.create("gin", ["human", "human"], {"single_hand": True})
    await anna.join(welcome["table"])
    await bela.start()
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen_stack[1:], "the start screen")
        app.open_remote_table(anna)  # Anna's seat on the table screen
        await play_all([bela, anna], lambda view: view["observation"]["result"] is not None)
        for _ in range(3):  # the hand's end first, then the game's
            await until(pilot, lambda: isinstance(app.screen, (EndOfHandScreen, EndOfGameScreen)), "an end", tries=2000)
            if isinstance(app.screen, EndOfGameScreen):
                break
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, EndOfHandScreen), "the hand's end closed")
        assert isinstance(app.screen, EndOfGameScreen)
        text = await until(pilot, lambda: "Your first rating: " in (t := screen_text(app)) and t, "the ratings")
        assert "Bela's first rating: " in text and "?" in text
    await bela.close()
