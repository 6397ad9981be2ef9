"""A shared table's small things: the AI seats' levels, the knocker's choice of melds, and how
few questions the joker menu asks the server."""

from __future__ import annotations

from textual.widgets import OptionList

from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from rummy_tui.screens.menus import MovesMenu
from rummy_tui.tableserver.client import TableClient
from rummy_tui.widgets.opponents import OpponentsView
from tests.support.words import message_texts

from .driver import select_cards
from .screen_text import screen_lines
from .test_gin_knock_picker import DEFENDER, KNOCKER, shown_melds
from .test_shared_table import shows_latest, until


async def hosted(server, variant: str, seats: list[str], **options) -> tuple[TableClient, object]:
    """Anna hosts a started table of ``seats``; her client counts the questions it sends."""
    anna = await TableClient().connect(server.socket_path)
    await anna.hello("Anna")
    welcome = await anna.create(variant, seats, **options)
    await anna.start()
    anna.sent = []
    send = anna.send

    async def counted(message):
        anna.sent.append(message["type"])
        await send(message)

    anna.send = counted
    return anna, server.tables[welcome["table"]]


async def staged(app, pilot, table, variant: str, **position) -> Game:
    """The server's table goes on from a chosen position, its seats kept; every seat is told,
    and the test waits until Anna's screen shows the new view."""
    before = app.table().seat.view
    table.game = Game.from_position(variant, len(table.seats), **position)
    # No one was asked for randomness for the staged game's next deal (it was never sealed at
    # this table): a move that ends its hand would wait the table's whole contribution_wait.
    table.contribution_wait = 0.0
    table.write_seats_into_record()
    table.broadcast()
    await until(
        [pilot],
        lambda: app.table()._rendered not in (None, before) and shows_latest(app, table),
        "the staged position on screen",
    )
    return table.game


async def at_the_remote_table(app, pilot, client, table) -> None:
    app.call_later(app.open_remote_table, client)
    await until([pilot], lambda: app.table() is not None and shows_latest(app, table), "the table screen")


async def test_the_players_panel_names_each_remote_ai_seats_level(server):
    anna, table = await hosted(server, "basic", ["human", "hard", "easy", "human"], ai_level="hard")
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:  # room for every name and level (at 80 the names come first)
        await at_the_remote_table(app, pilot, anna, table)
        panel = app.table().query_one(OpponentsView)
        text = "\n".join(screen_lines(app)[panel.region.y : panel.region.bottom])
        assert text.count("AI hard") == 2 and text.count("AI easy") == 1 and "normal" not in text, text


async def test_a_remote_knocker_picks_the_melds_he_shows(server):
    anna, table = await hosted(server, "gin", ["human", "normal"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_remote_table(app, pilot, anna, table)
        await staged(
            app, pilot, table, "gin", hands=[KNOCKER, DEFENDER], discard="7D", phase="discard", to_move=0, dealer=1
        )
        await select_cards(pilot, ["KC"])
        await pilot.press("k")
        await until([pilot], lambda: isinstance(app.screen, MovesMenu), "the knock's menu")
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids[0] == "knock:KC" and len(ids) == 3, ids
        for _ in range(ids.index("knock:KC/9S-9D-9C+6H-7H-8H-9H")):
            await pilot.press("down")
        await pilot.press("enter")
        await until([pilot], lambda: table.game.state.last_hand is not None, "the knock played")
        assert message_texts(table.game.state.last_hand["lines"]) == ["knock: 40 - 6 = 34"]
        assert shown_melds(table.game) == [["6H", "7H", "8H", "9H"], ["9C", "9D", "9S"]]


async def test_the_remote_joker_menu_asks_the_server_once_a_joker(server):
    anna, table = await hosted(server, "hungarian", ["human", "normal"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_remote_table(app, pilot, anna, table)
        await staged(
            app, pilot, table, "hungarian", hands=["AH KH QH 10S JK JK 5C", "2D 3D 4D 9C"], phase="play", to_move=0
        )
        await select_cards(pilot, ["AH", "KH", "QH"])
        await pilot.press("plus")
        await select_cards(pilot, ["10S", "JK", "JK"], clear=False)
        anna.sent.clear()
        await pilot.press("j")
        await until([pilot], lambda: isinstance(app.screen, MovesMenu), "the joker menu")
        offered = [code for code, _words in app.screen.moves]
        assert "meld:AH-QH-KH+10S-JK=JS-JK=QS" in offered and "meld:AH-QH-KH+10S-JK=8S-JK=9S" in offered
        assert all(code.count("JK=") == 2 for code in offered), offered
        assert len(anna.sent) <= 2, f"{len(anna.sent)} questions to the server: {sorted(set(anna.sent))}"


async def test_the_servers_names_for_unnamed_seats_are_in_the_players_language(server, hungarian):
    anna, table = await hosted(server, "basic", ["human", "hard"])
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_remote_table(app, pilot, anna, table)
        panel = app.table().query_one(OpponentsView)
        text = "\n".join(screen_lines(app)[panel.region.y : panel.region.bottom])
        assert "2. gép" in text and "Computer" not in text, text
