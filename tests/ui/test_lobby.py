"""Host, join, watch and chat at a shared table, through the real app and a real table server
(on a temporary socket, in the test's own event loop)."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual.widgets import Input, OptionList, Select

from rummy_tui.app import RummyApp
from rummy_tui.screens.lobby import HostScreen, LobbyScreen
from rummy_tui.screens.lobby_chat import ChatLine
from rummy_tui.screens.lobby_join import JoinScreen, table_line
from rummy_tui.screens.table import TableScreen
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.protocol import shown_code
from rummy_tui.tableserver.server import TableServer
from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE


@pytest.fixture
async def server(tmp_path, monkeypatch):
    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0)
    await server.start()
    monkeypatch.setenv(SOCKET_VARIABLE, str(server.socket_path))
    yield server
    await server.close()


@pytest.fixture
def player(server):
    """``await player("Bob")``: another seat client, as a second `rummy` would be."""
    clients: list[TableClient] = []

    async def connected(name: str) -> TableClient:
        client = await TableClient().connect(server.socket_path)
        await client.hello(name)
        clients.append(client)
        return client

    yield connected
    for client in clients:
        client.writer.close()


LOADED_MACHINE_SECONDS = 30.0  # a busy machine (CI, parallel workers) may take this long for what is quick here


async def until(pilot, condition, what: str, tries: int = 400):
    """Wait until ``condition()`` holds, looking every 10 ms while the app and the server run:
    at least ``tries`` looks, and on a slow machine at least LOADED_MACHINE_SECONDS.

    The app runs in this event loop, so a plain sleep lets it handle its messages and draw on
    its own timer. Not pilot.pause(): each pause walks every widget of the screen (8 ms of CPU
    on the start form's hundred widgets), and a hundred of them cost more than what they waited for."""
    deadline = time.monotonic() + LOADED_MACHINE_SECONDS
    tried = 0
    while tried < tries or time.monotonic() < deadline:
        if result := condition():
            return result
        await asyncio.sleep(0.01)
        tried += 1
    raise AssertionError(f"never happened: {what}")


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def lobby_up(app) -> LobbyScreen | None:
    """The lobby, once it shows its table (it fills in when mounted)."""
    screen = app.screen
    if isinstance(screen, LobbyScreen) and screen.is_mounted and shown(screen, "#lobby-title"):
        return screen
    return None


async def host_form(pilot) -> HostScreen:
    await pilot.press("f2")
    host = await until(
        pilot,
        lambda: isinstance(pilot.app.screen, HostScreen) and pilot.app.screen.form_ready and pilot.app.screen,
        "the host form",
    )
    return host


async def hosted_lobby(pilot, name: str) -> LobbyScreen:
    """Host a table with the form's defaults, as ``name``; the lobby once it shows."""
    host = await host_form(pilot)
    host.query_one("#host-name", Input).value = name
    await pilot.press("ctrl+s")
    return await until(pilot, lambda: lobby_up(pilot.app), "the lobby")


async def test_host_a_table_see_a_player_join_and_start(server, player):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        host = await host_form(pilot)
        host.query_one("#players", Select).value = 2
        await until(pilot, lambda: host.form_ready, "the form rebuilt")
        host.query_one("#host-name", Input).value = "[b]Anna"
        await pilot.press("ctrl+s")
        lobby = await until(pilot, lambda: lobby_up(app), "the lobby")
        code = lobby.client.table
        assert shown_code(code) in shown(lobby, "#lobby-code") and len(code) == 8
        assert "[b]Anna" in shown(lobby, "#lobby-seats") and "open" in shown(lobby, "#lobby-seats")
        assert "[b]Anna sits down." in shown(lobby, "#lobby-log")  # markup stays text
        table = server.tables[code]
        assert (table.game.variant.key, len(table.seats), table.grace) == ("gin", 2, 60)
        assert not table.public and table.watchable  # the defaults under `rummy serve` (its socket named)
        assert "private: only players given its code" in shown(lobby, "#lobby-code")

        bob = await player("Bob")
        await bob.join(code)
        await until(pilot, lambda: "Bob" in shown(lobby, "#lobby-seats"), "Bob in the lobby")
        await pilot.press("ctrl+s")
        view = await bob.wait_view(lambda v: v["started"])
        assert view["seats"][0]["name"] == "[b]Anna" and table.started
        screen = await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen, "the table")
        await until(pilot, lambda: screen.is_mounted and screen.seat.observation.get("hand"), "Anna's hand")
        hands = table.game.state.hands
        assert sorted(screen.seat.observation["hand"]) == sorted(hands[0])  # her own hand, not Bob's
        assert sorted(view["observation"]["hand"]) == sorted(hands[1])


async def test_the_host_form_checks_the_name_and_makes_the_table_it_shows(server, player):
    """One walk through the host's form: the variant and seat count rebuild it, a bad name is
    refused with its reason and creates nothing, and every choice reaches the table."""
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        host = await host_form(pilot)
        assert host.query_one("#public", Select).value is False  # private by default under `rummy serve`
        assert host.query_one("#answer-limit", Select).value == 20  # the table service's default
        host.choose_variant("hungarian")
        await until(pilot, lambda: host.form_ready and host.variant.key == "hungarian", "Römi's form")
        host.query_one("#players", Select).value = 4
        await until(pilot, lambda: host.form_ready and host.query("#seat-kind-3"), "four seats")

        host.query_one("#host-name", Input).value = "   "
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "1 to 16 printable" in shown(host, "#start-error"), "the empty-name reason")
        host.query_one("#host-name", Input).value = "An\u200bna"  # a format character
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "printable characters only" in shown(host, "#start-error"), "the reason")
        assert host.query_one("#host-name", Input).max_length == 16
        host.query_one("#variant").focus()
        await pilot.press("tab")
        await until(pilot, lambda: app.focused is host.query_one("#players"), "Tab to the next field")
        assert not server.tables  # nothing was created

        host.query_one("#host-name", Input).value = "Anna"
        host.query_one("#seat-kind-2", Select).value = "easy"
        host.query_one("#open-level", Select).value = "hard"
        host.query_one("#grace", Select).value = 30
        host.query_one("#answer-limit", Select).value = 60
        host.query_one("#public", Select).value = True
        host.query_one("#watchable", Select).value = False
        await pilot.press("ctrl+s")
        lobby = await until(pilot, lambda: lobby_up(app), "the lobby")
        table = server.tables[lobby.client.table]
        assert [(seat.kind, seat.level) for seat in table.seats] == [
            ("human", "hard"),
            ("human", "hard"),
            ("ai", "easy"),
            ("human", "hard"),
        ]
        assert table.grace == 30 and table.game.variant.key == "hungarian" and table.answer_limit == 60
        assert table.public and not table.watchable
        seats = shown(lobby, "#lobby-seats")
        assert "Computer (easy)" in seats and seats.count("open") == 2
        assert "in the Join list of everyone" in shown(lobby, "#lobby-code") and "Watching is off" in shown(
            lobby, "#lobby-code"
        )
        bob = await player("Bob")
        listed = await bob.lobby()
        assert [entry["code"] for entry in listed] == [table.code]
        assert "no watching" in str(table_line(listed[0]))  # the Join list says so before anyone tries


async def join_form(pilot) -> JoinScreen:
    await pilot.press("f3")
    join = await until(pilot, lambda: isinstance(pilot.app.screen, JoinScreen) and pilot.app.screen, "the join form")
    await until(pilot, lambda: join.client is not None and join.client.connected, "the join form connected")
    return join


async def test_join_a_table_by_its_code_once_a_wrong_code_and_a_taken_seat_are_refused(server, player):
    anna = await player("Anna")
    await anna.create("gin", ["human", "human"])
    bob = await player("Bob")
    await bob.join(anna.table)  # Anna's table is full
    dora = await player("Dora")
    await dora.create("hungarian", ["human", "human", "human"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        join = await join_form(pilot)
        join.query_one("#join-name", Input).value = "Cecil"
        join.query_one("#join-code", Input).value = "ZZ"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "8 letters" in shown(join, "#join-error"), "the code's reason")
        join.query_one("#join-code", Input).value = anna.table
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "full" in shown(join, "#join-error"), "the full table's reason")
        assert isinstance(app.screen, JoinScreen)
        join.query_one("#join-code", Input).value = dora.table.lower()
        await pilot.press("ctrl+s")
        lobby = await until(pilot, lambda: lobby_up(app), "the lobby")
        assert lobby.client.seat == 1 and "Waiting for the host" in shown(lobby, "#lobby-code")
        view = await dora.wait_view(lambda v: v["seats"][1]["name"] == "Cecil")
        assert view["seats"][1]["connected"]


async def test_join_a_table_picked_from_the_list_at_a_chosen_seat(server, player):
    anna = await player("Anna")
    await anna.create("basic", ["human", "human", "human", "normal"], public=True)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        join = await join_form(pilot)
        listing = join.query_one("#join-tables", OptionList)
        await until(
            pilot,
            lambda: listing.option_count and listing.get_option_at_index(0).id == anna.table,
            "the table in the list",
        )
        assert "Anna" in str(listing.get_option_at_index(0).prompt) and "2 seats free" in str(
            listing.get_option_at_index(0).prompt
        )
        await pilot.press("tab", "enter")  # from the code to the list, and its first table
        await until(
            pilot, lambda: join.query_one("#join-code", Input).value == shown_code(anna.table), "the code filled in"
        )
        seat = join.query_one("#join-seat", Select)
        await until(pilot, lambda: [value for _words, value in seat._options] == [-1, 1, 2], "the free seats")
        seat.value = 2
        join.query_one("#join-name", Input).value = "Cecil"
        await pilot.press("ctrl+s")
        lobby = await until(pilot, lambda: lobby_up(app), "the lobby")
        assert lobby.client.seat == 2 and server.tables[anna.table].seats[2].name == "Cecil"


async def test_watch_a_table_without_a_seat(server, player):
    anna = await player("Anna")
    await anna.create("gin", ["human", "normal"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        join = await join_form(pilot)
        join.query_one("#join-code", Input).value = anna.table
        await pilot.press("ctrl+o")
        lobby = await until(pilot, lambda: lobby_up(app), "the lobby")
        assert lobby.watching and not lobby.query(ChatLine)
        assert "watching" in shown(lobby, "#lobby-code")
        assert lobby.client.view["observation"]["hand"] == [] and lobby.client.view["seat"] is None


async def test_chat_in_the_lobby_has_the_focus_reaches_every_seat_and_is_limited(server, player):
    """What the host types on arriving goes to the chat, to every seat with the sender's name,
    up to the table's limit (then the refusal says why); quitting closes the connection."""
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await hosted_lobby(pilot, "Anna")
        server.tables[lobby.client.table].chat_limit = (0.001, 2)  # two lines, then none for a long while
        bob = await player("Bob")
        await bob.join(lobby.client.table)
        assert isinstance(app.focused, ChatLine)
        await pilot.press(*"hi [red]Bob", "enter")
        view = await bob.wait_view(lambda v: any(line["kind"] == "chat" for line in v["log"]))
        assert view["log"][-1]["text"] == "Anna: hi \\[red]Bob"  # escaped for markup
        await until(pilot, lambda: "Anna: hi [red]Bob" in shown(lobby, "#lobby-log"), "the chat line shown")
        assert lobby.query_one(ChatLine).value == ""
        await bob.chat("hello Anna")
        await until(pilot, lambda: "Bob: hello Anna" in shown(lobby, "#lobby-log"), "Bob's line")
        for number in (1, 2):
            await pilot.press(*f"line {number}", "enter")
        await until(
            pilot, lambda: any("too fast" in str(note.message) for note in app._notifications), "the refusal shown"
        )
        assert "Anna: line 1" in shown(lobby, "#lobby-log") and "line 2" not in shown(lobby, "#lobby-log")
        await bob.wait_view(lambda v: v["seats"][0]["connected"])
    view = await bob.wait_view(lambda v: not v["seats"][0]["connected"])  # quitting from the lobby
    assert view["seats"][1]["connected"]


async def test_no_table_server_is_a_message_not_a_traceback(tmp_path, monkeypatch):
    monkeypatch.setenv(SOCKET_VARIABLE, str(tmp_path / "nobody-here.sock"))
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        host = await host_form(pilot)
        host.query_one("#host-name", Input).value = "Anna"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "not running" in shown(host, "#start-error"), "the host's message")
        await pilot.press("escape")
        await pilot.press("f3")
        join = await until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen, "the join form")
        await until(pilot, lambda: "not running" in shown(join, "#join-error"), "the join message")
        join.query_one("#join-code", Input).value = "KDFM"
        join.query_one("#join-name", Input).value = "Bob"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "Not connected" in shown(join, "#join-error"), "no connection yet")
        assert app.return_code is None  # still running, nothing crashed
        await pilot.press("escape")  # a key on one screen never acts on the screen below
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", "back at the start screen")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen", app.screen  # ctrl+s started no game by mistake


async def test_rummy_join_code_opens_the_join_form_with_the_code(server, player):
    anna = await player("Anna")
    await anna.create("gin", ["human", "human"], public=True)
    app = RummyApp(ai_delay=0.0, table_options={"shared": ("join", anna.table.lower())})
    async with app.run_test(size=(80, 24)) as pilot:
        join = await until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen, "the join form")
        assert join.query_one("#join-code", Input).value == shown_code(anna.table)
        await until(pilot, lambda: join.query_one("#join-seat", Select)._options[-1][1] == 1, "seat 2 offered")
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", "the start screen")


def test_rummy_join_refuses_a_code_that_is_not_eight_letters():
    from click.testing import CliRunner

    from rummy_tui.cli import main

    result = CliRunner().invoke(main, ["join", "AB1"])
    assert result.exit_code == 2 and "8 letters" in result.output


async def test_rummy_host_options_preset_the_form(server):
    app = RummyApp(ai_delay=0.0, table_options={"shared": ("host", None, {"public": True, "watchable": False})})
    async with app.run_test(size=(80, 24)) as pilot:
        host = await until(
            pilot, lambda: isinstance(app.screen, HostScreen) and app.screen.form_ready and app.screen, "the host form"
        )
        assert host.query_one("#public", Select).value is True
        assert host.query_one("#watchable", Select).value is False


async def join_by_code(pilot, code: str, name: str) -> LobbyScreen:
    join = await join_form(pilot)
    join.query_one("#join-code", Input).value = code
    join.query_one("#join-name", Input).value = name
    await pilot.press("ctrl+s")
    return await until(pilot, lambda: lobby_up(pilot.app), "the lobby")


async def test_a_player_who_leaves_takes_the_same_seat_back_with_the_kept_token(server, player):
    anna = await player("Anna")
    await anna.create("basic", ["human", "human", "human"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await join_by_code(pilot, anna.table, "Bob")
        assert lobby.client.seat == 1
        await pilot.press("escape")  # leave the lobby: the seat stays Bob's
        await anna.wait_view(lambda v: v["seats"][1]["away"])
        lobby = await join_by_code(pilot, anna.table, "Bob")
        assert lobby.client.seat == 1  # not the free seat 3
        view = await anna.wait_view(lambda v: not v["seats"][1]["away"])
        assert "Bob is back." in [line["text"] for line in view["log"]]


async def test_the_same_ssh_key_takes_its_seat_back_without_a_token(server, player, monkeypatch, private_data_dir):
    monkeypatch.setenv("RUMMY_TUI_IDENTITY", "key-abc")
    anna = await player("Anna")
    await anna.create("basic", ["human", "human", "human"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await join_by_code(pilot, anna.table, "Bob")
        await pilot.press("escape")
        await anna.wait_view(lambda v: v["seats"][1]["away"])
        (private_data_dir / "seat-tokens.json").unlink()  # another machine, the same key
        lobby = await join_by_code(pilot, anna.table, "Bob")
        assert lobby.client.seat == 1


async def test_a_lobby_opened_after_the_start_goes_straight_to_the_table(server, player):
    anna = await player("Anna")
    await anna.create("gin", ["human", "human"])
    bob = await player("Bob")
    await bob.join(anna.table)
    await anna.start()
    await bob.wait_view(lambda v: v["started"])  # started before Bob's lobby is up
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        opened = []
        app.open_remote_table = opened.append
        app.push_screen(LobbyScreen(bob))
        await until(pilot, lambda: opened == [bob], "the table opened")


async def test_a_hidden_chat_line_takes_no_keys_until_opened(server, player):
    from textual.app import App

    anna = await player("Anna")
    await anna.create("gin", ["human", "normal"])

    class TableLike(App):
        def compose(self):
            yield ChatLine(anna, hiding=True, id="chat")

    app = TableLike()
    async with app.run_test(size=(80, 24)) as pilot:
        chat = app.query_one(ChatLine)
        await pilot.pause()
        assert app.focused is None and not chat.display  # the table's keys stay the table's
        chat.open()
        await until(pilot, lambda: app.focused is chat and chat.display, "the line open")
        await pilot.press(*"hi", "enter")
        await until(pilot, lambda: app.focused is None and not chat.display, "the line closed")
        view = await anna.wait_view(lambda v: v["log"][-1]["kind"] == "chat")
        assert view["log"][-1]["text"] == "Anna: hi"
        chat.open()
        await pilot.press("x", "escape")
        await until(pilot, lambda: app.focused is None and chat.value == "", "closed by Escape, unsent")


@pytest.mark.parametrize(
    "arguments, options",
    [
        ([], {"public": None, "watchable": True}),
        (["--public", "--no-watching"], {"public": True, "watchable": False}),
        (["--private"], {"public": False, "watchable": True}),
    ],
)
def test_rummy_host_passes_its_options_to_the_host_form(monkeypatch, arguments, options):
    from click.testing import CliRunner

    import rummy_tui.app
    from rummy_tui.cli import main

    asked = {}
    monkeypatch.setattr(rummy_tui.app, "run_app", lambda **kwargs: asked.update(kwargs) or 0)
    result = CliRunner().invoke(main, ["host", *arguments])
    assert result.exit_code == 0, result.output
    assert asked["shared"] == ("host", None, options)
