"""The join form and the lobby by keyboard alone (issue 27): every field reached with Tab in a
natural order and edited where the cursor is, chat focused when the lobby opens, and no key
that acts on a screen below the one in front."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Select

from rummy_tui.app import RummyApp
from rummy_tui.screens.lobby_chat import ChatLine
from rummy_tui.screens.start import StartScreen
from rummy_tui.tableserver.protocol import shown_code

from .test_lobby import hosted_lobby, join_form, lobby_up, player, server, shown, until

__all__ = ["player", "server"]  # the fixtures, used by name


def focused_id(app) -> str | None:
    return app.focused.id if app.focused is not None else None


async def test_the_join_form_by_keyboard_alone(server, player):
    anna = await player("Anna")
    await anna.create("basic", ["human", "human", "human"], public=True)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        join = await join_form(pilot)
        listing = join.query_one("#join-tables", OptionList)
        await until(pilot, lambda: listing.option_count and listing.get_option_at_index(0).id == anna.table, "list")
        assert focused_id(app) == "join-code"
        await pilot.press(*anna.table[:4].lower())
        order = []
        for _ in range(6):
            await pilot.press("tab")
            order.append(focused_id(app))
        assert order[:3] == ["join-tables", "join-name", "join-seat"], order
        back = []
        assert join.query_one("#join-code", Input).value == anna.table[:4].lower()  # passing the list kept it
        for _ in range(8):  # back to the code with shift+tab: typing goes on where it was
            await pilot.press("shift+tab")
            back.append(focused_id(app))
            if focused_id(app) == "join-code":
                break
        await pilot.press(*anna.table[4:].lower())
        assert join.query_one("#join-code", Input).value.replace("-", "").upper() == anna.table, (order, back)
        await pilot.press("tab", "tab")  # past the list, to the name: its text is not replaced by typing
        assert focused_id(app) == "join-name"
        before = join.query_one("#join-name", Input).value
        await pilot.press(*"x")
        assert join.query_one("#join-name", Input).value == before + "x"
        await pilot.press("tab")
        assert focused_id(app) == "join-seat"
        await pilot.press("enter")  # the seat list opens; escape closes only the list
        await until(pilot, lambda: join.query_one("#join-seat", Select).expanded, "the seat list open")
        await pilot.press("escape")
        await until(pilot, lambda: not join.query_one("#join-seat", Select).expanded, "the seat list closed")
        assert app.screen is join
        await pilot.press("ctrl+s")
        lobby = await until(pilot, lambda: lobby_up(app), "the lobby")
        assert lobby.client.table == anna.table


async def test_picking_a_table_from_the_list_by_enter_fills_in_its_code(server, player):
    anna = await player("Anna")
    await anna.create("basic", ["human", "human"], public=True)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        join = await join_form(pilot)
        listing = join.query_one("#join-tables", OptionList)
        await until(pilot, lambda: listing.option_count and listing.get_option_at_index(0).id == anna.table, "list")
        await pilot.press("tab", "enter")
        await until(pilot, lambda: join.query_one("#join-code", Input).value == shown_code(anna.table), "the code")


async def test_escape_then_ctrl_s_does_not_start_a_game_by_mistake(server):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await join_form(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "back at the start screen")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen), app.screen


async def test_the_lobby_opens_with_the_chat_line_focused(server, player):
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await hosted_lobby(pilot, "Anna")
        bob = await player("Bob")
        await bob.join(lobby.client.table)
        assert isinstance(app.focused, ChatLine)
        await pilot.press(*"hello", "enter")
        await until(pilot, lambda: "Anna: hello" in shown(lobby, "#lobby-log"), "the chat line sent")
