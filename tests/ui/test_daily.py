"""The daily deal as players meet it: `rummy daily` opens today's deal, the player plays its one
hand against the hard computer, and the results take the table's place: on one's own machine
with the hard computer's score in their seat and their own earlier dailies; under `rummy serve`
(the table service's) beside everyone who played it there. Played again the same day, the
results open at once."""

from __future__ import annotations

import asyncio

import pytest
from click.testing import CliRunner

from rummy_tui.app import RummyApp
from rummy_tui.cli import main
from rummy_tui.engine.ai import choose_action
from rummy_tui.screens.daily_result import DailyResultScreen
from rummy_tui.screens.handoff import HandOffScreen
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.daily import DailyBook
from tests.tableserver.players import play_seat

from .driver import press_move, settle
from .screen_text import screen_text
from .test_lobby import until

DAY = "2026-12-02"


async def play_the_daily(variant: str) -> tuple[RummyApp, str]:
    """Open `rummy daily --variant VARIANT` and play its hand with the keys (the normal
    computer's moves); returns the app's text on the results screen."""
    app = RummyApp(ai_delay=0.0, table_options={"daily": variant})
    async with app.run_test(size=(80, 24)) as pilot:
        pressed = -1  # the view answered last
        for _ in range(3000):
            await waiting(pilot)
            table = app.table()
            if isinstance(app.screen, DailyResultScreen):
                break
            if table is not None and app.screen is table and table._legal and table.seat.seq > pressed:
                observation = table.seat.observation
                if observation["hand_no"] == 1 and observation["to_move"] == 0:
                    pressed = table.seat.seq
                    code = choose_action(table.game, 0, "normal") if table.local else _remote_move(table)
                    await press_move(pilot, code)
            elif table is not None and app.screen is not table and not isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")  # the end of the hand
        assert isinstance(app.screen, DailyResultScreen), screen_text(app)
        results = app.screen  # drawn a frame or more after it is in front (a busy machine read it blank)
        await until(pilot, lambda: results.is_mounted and "Daily deal" in screen_text(app), "the results drawn")
        return app, screen_text(app)


async def waiting(pilot) -> None:
    """A local table's AI moves are workers that end; a shared table's view watcher never does."""
    from rummy_tui.screens.daily_result import served

    if not served():
        await settle(pilot)
    else:
        await pilot.pause(0.02)


def _remote_move(table) -> str:
    """The normal computer's move from what a remote seat sees."""
    import random

    from variants import get_variant

    observation = table.seat.observation
    return get_variant(observation["variant"]).choose_ai_action(
        observation, table.seat.legal, "normal", random.Random(0)
    )


@pytest.fixture
def today_is(monkeypatch):
    import rummy_tui.tableserver.daily as daily

    monkeypatch.setattr(daily, "today", lambda now=None: DAY)


async def test_a_local_daily_shows_the_hard_computer_in_your_seat_and_is_kept(today_is, tmp_path):
    app, text = await play_the_daily("gin")
    assert "Daily deal · Gin Rummy (Oklahoma) · 2026-12-02" in text
    assert "You: " in text and "The hard computer in your seat: " in text
    book = DailyBook(tmp_path / "data" / "daily")
    kept = book.result_of(DAY, "gin", "me")
    assert kept is not None and f"You: {kept['points']} point" in text
    assert book.computer(DAY, "gin") is not None

    again = RummyApp(ai_delay=0.0, table_options={"daily": "gin"})  # the same day: the results at once
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, DailyResultScreen)
        assert again.table() is None


async def test_two_players_of_a_served_daily_see_each_others_result(today_is, server, monkeypatch, tmp_path):
    """Anna plays it from her own client; Bob at the screen sees her result beside his, and
    Anna, asking again, sees his beside hers."""
    server.dailies.desk.day = lambda: DAY
    anna = await TableClient().connect(server.socket_path)
    await anna.hello("Anna", identity="key-anna")
    await anna.daily("gin")
    await play_seat(anna, lambda view: view.get("daily", {}).get("over"))

    monkeypatch.setenv("RUMMY_TUI_TABLE_SOCKET", str(server.socket_path))
    monkeypatch.setenv("RUMMY_TUI_PLAYER_NAME", "Bob")
    monkeypatch.setenv("RUMMY_TUI_IDENTITY", "key-bob")
    _app, text = await play_the_daily("gin")
    assert "Your place: " in text and "of 2 players" in text
    assert "Anna" in text and "Bob" in text
    assert "The hard computer in your seat: " in text and "How everyone did" in text

    annas = await anna.daily_result("gin")
    assert {row["name"] for row in annas["rows"]} == {"Anna", "Bob"}
    anna.writer.close()

    refused = await asyncio.to_thread(CliRunner().invoke, main, ["daily", "--verify", DAY, "--variant", "gin"])
    assert refused.exit_code == 2 and "revealed once that day (UTC) is over" in refused.output
    server.dailies.desk.day = lambda: "2026-12-03"  # the next day: the seed is told, Bob checks his deal
    checked = await asyncio.to_thread(CliRunner().invoke, main, ["daily", "--verify", DAY, "--variant", "gin"])
    assert checked.exit_code == 0, checked.output
    assert "is the one sealed at its start" in checked.output
    assert "You were dealt the cards this deal gives seat 1." in checked.output


COMPUTER_KNOCKS_AT_ONCE = 878  # a gin deal whose hard computer takes the upcard and knocks


async def test_a_served_daily_that_ends_before_the_players_first_move_shows_the_results(today_is, server, monkeypatch):
    """The computer knocked before Bob's screen had its first view: the hand is over when the
    table opens, and the results come all the same (the screen waited for a view that never came)."""
    import rummy_tui.tableserver.daily as daily

    game = daily.deal_from_seed("gin", COMPUTER_KNOCKS_AT_ONCE, "Bob")
    while game.state.hand_no == 1 and game.current_seat != 0:
        game.apply(choose_action(game, game.current_seat, "hard"))
    assert game.state.hand_no == 2, "the deal no longer ends before the player's first move"

    monkeypatch.setattr(daily, "daily_seed", lambda variant, day, secret=None: COMPUTER_KNOCKS_AT_ONCE)
    server.dailies.desk.day = lambda: DAY
    monkeypatch.setenv("RUMMY_TUI_TABLE_SOCKET", str(server.socket_path))
    monkeypatch.setenv("RUMMY_TUI_PLAYER_NAME", "Bob")
    monkeypatch.setenv("RUMMY_TUI_IDENTITY", "key-bob")
    _app, text = await play_the_daily("gin")
    assert "Your place: " in text and "The hard computer in your seat: " in text
