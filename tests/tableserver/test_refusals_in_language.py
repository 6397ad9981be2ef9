"""Issue 12: the table server words no refusal in a language. It sends a template and its values
(and the English text); each client shows the reason in its own player's language, since two
visitors at one table may read two languages."""

from __future__ import annotations

import pytest

from rummy_tui.i18n import english, render, set_language
from rummy_tui.tableserver.client import TableError
from rummy_tui.tableserver.seat import RemoteSeat
from tests.support.words import import_the_screens_in_english

from .players import seat_everyone


@pytest.fixture
def languages():
    """``languages("hu")`` switches this process (server and clients alike) to Hungarian."""
    import_the_screens_in_english()
    yield set_language
    set_language("en")


def last_reply(client, kind: str) -> dict:
    return [message for message in client.received if message["type"] == kind][-1]


async def test_a_hungarian_client_reads_the_table_is_full_in_hungarian(server, connect, languages):
    host = await connect("Anna")
    welcome = await host.create("gin", ["human", "human"])
    await (await connect("Béla")).join(welcome["table"])
    visitor = await connect("Cili", record=True)
    languages("hu")
    with pytest.raises(TableError) as refused:
        await visitor.join(welcome["table"])
    assert str(refused.value) == "Az asztal megtelt."
    wire = last_reply(visitor, "refused")
    assert wire["message"] == {"text": "The table is full."} and wire["reason"] == "The table is full."
    languages("en")
    with pytest.raises(TableError, match="^The table is full.$"):
        await (await connect("Dani")).join(welcome["table"])


async def test_a_missing_table_and_a_late_start_are_refused_in_the_clients_language(server, connect, languages):
    languages("hu")
    client = await connect("Anna", record=True)
    with pytest.raises(TableError) as refused:
        await client.join("ZZZZ")
    assert str(refused.value) == "Itt nincs 'ZZZZ' kódú asztal."
    assert last_reply(client, "refused")["message"] == {
        "text": "There is no table '{code}' here.",
        "values": {"code": "ZZZZ"},
    }


async def test_the_engines_reason_reaches_each_client_in_its_own_language(server, connect, languages):
    clients = await seat_everyone(connect, "gin", 2)
    view = await clients[0].wait_view(lambda v: v["started"])
    table = server.tables[clients[0].table]
    mover = clients[view["observation"]["to_move"]]
    await mover.wait_view(lambda v: v["legal"])
    in_english = table.game.why_not("knock:2C")
    languages("hu")  # the server's process in Hungarian too: what it sends stays language-neutral
    in_hungarian = table.game.why_not("knock:2C")
    assert in_english and in_hungarian and in_english != in_hungarian
    mover.received = []
    assert await RemoteSeat(mover).why_not("knock:2C") == in_hungarian
    wire = last_reply(mover, "why_not")
    assert wire["reason"] == in_english and english(wire["message"]) == in_english
    with pytest.raises(TableError) as refused:
        await RemoteSeat(mover).apply("knock:2C")
    assert str(refused.value) == in_hungarian
    languages("en")
    assert render(wire["message"]) == in_english
    with pytest.raises(TableError) as refused:
        await RemoteSeat(mover).apply("knock:2C")
    assert str(refused.value) == in_english
