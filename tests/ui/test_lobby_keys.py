"""The join form by keyboard alone (issue 27): every field reached with Tab in a natural order
and edited where the cursor is. The rest of that item is in test_lobby.py: a table picked from
the Join list by Tab and Enter, the chat focused when the lobby opens, and Escape then ctrl+s
starting no game (a key on one screen never acts on the screen below)."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Select

from rummy_tui.app import RummyApp

from .test_lobby import join_form, lobby_up, player, server, until

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
