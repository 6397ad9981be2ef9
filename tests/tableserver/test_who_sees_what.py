"""Who sees which table: the list answers only after a hello and shows only public tables
still being played (and a player's own), a private table is reached by its code, watching
can be turned off, and wrong codes are throttled per identity and per address."""

from __future__ import annotations

import pytest

from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.limits import TableLimits
from rummy_tui.tableserver.protocol import CODE_LETTERS, code_typed_well, normal_code, shown_code
from rummy_tui.tableserver.server import TableServer

from .players import play_all


async def test_the_table_list_needs_a_hello_first(server, connect):
    host = await connect("Anna")
    await host.create("gin", ["human", "human"], public=True)
    stranger = await TableClient().connect(server.socket_path)
    with pytest.raises(TableError, match="hello"):
        await stranger.lobby()
    with pytest.raises(TableError, match="hello"):
        await stranger.watch(host.table)
    await stranger.hello("Stranger")
    assert [table["code"] for table in await stranger.lobby()] == [host.table]
    stranger.writer.close()


async def test_a_private_table_is_not_listed_but_its_code_seats_and_shows_it(server, connect):
    host = await connect("Anna")
    await host.create("gin", ["human", "human"])  # private unless the host says otherwise
    public = await connect("Béla")
    await public.create("gin", ["human", "human"], public=True)
    guest = await connect("Cili")
    assert [table["code"] for table in await guest.lobby()] == [public.table]
    assert (await guest.join(host.table))["seat"] == 1
    watcher = await connect("Dani")
    await watcher.watch(host.table)
    assert (await watcher.next_view())["observation"]["hand"] == []


async def test_an_identitys_own_private_table_is_in_its_list(server):
    clients = []
    for name, identity in (("Anna", "key-SHA256:anna"), ("Béla", "key-SHA256:bela")):
        client = await TableClient().connect(server.socket_path)
        await client.hello(name, identity=identity)
        clients.append(client)
    anna, bela = clients
    await anna.create("gin", ["human", "human"])
    assert [table["code"] for table in await anna.lobby()] == [anna.table]
    assert await bela.lobby() == []
    for client in clients:
        client.writer.close()


async def test_a_host_can_turn_watching_off(server, connect):
    host = await connect("Anna")
    await host.create("gin", ["human", "human"], public=True, watchable=False)
    watcher = await connect("Béla")
    assert (await watcher.lobby())[0]["watchable"] is False
    with pytest.raises(TableError, match="watching off"):
        await watcher.watch(host.table)
    assert not server.tables[host.table].spectators
    assert (await watcher.join(host.table))["seat"] == 1  # a seat is still there for the taking


async def test_a_finished_table_leaves_the_list_at_once(server, connect):
    host = await connect("Anna")
    await host.create("gin", ["human", "normal"], settings={"single_hand": True}, public=True)
    watcher = await connect("Béla")
    assert len(await watcher.lobby()) == 1
    await host.start()
    await play_all([host], lambda view: view["observation"]["result"] is not None)
    assert server.tables[host.table].game.is_over
    assert await watcher.lobby() == []


async def wrong_code(client: TableClient) -> str:
    with pytest.raises(TableError) as refused:
        await client.join("BCDF-GHJK")
    return str(refused.value)


async def test_wrong_codes_are_throttled_per_identity_even_for_the_right_code(tmp_path):
    limits = TableLimits(wrong_codes_per_minute=1, wrong_code_burst=3)
    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0, limits=limits)
    await server.start()
    clients = []
    try:

        async def hello(name: str, identity: str | None = None, address: str | None = None) -> TableClient:
            client = await TableClient().connect(server.socket_path)
            await client.hello(name, identity=identity, address=address)
            clients.append(client)
            return client

        host = await hello("Anna", address="192.0.2.1")
        await host.create("hungarian", ["human", "human", "human"])
        guesser = await hello("Guesser", identity="key-SHA256:guess", address="198.51.100.7")
        for _ in range(3):
            assert "no table 'BCDF-GHJK'" in await wrong_code(guesser)  # as the player would type it
        assert "Too many wrong table codes" in await wrong_code(guesser)
        with pytest.raises(TableError, match="Too many wrong"):
            await guesser.join(host.table)  # throttled: even the right code is not tried
        again = await hello("Guesser", identity="key-SHA256:guess", address="203.0.113.9")
        assert "Too many wrong" in await wrong_code(again)  # a new connection, a new address: same identity

        other_key = await hello("Other", identity="key-SHA256:other", address="198.51.100.7")
        assert "Too many wrong" in await wrong_code(other_key)  # a new key from the same address
        honest = await hello("Béla", address="192.0.2.50")
        assert (await honest.join(shown_code(host.table)))["seat"] == 1  # others are not held up
    finally:
        for client in clients:
            client.writer.close()
        await server.close()


def test_codes_are_long_enough_and_typed_forgivingly():
    assert len(CODE_LETTERS) ** 8 > 2.5e10  # at 6 wrong codes a minute, a year of guessing finds 1 in 8,000
    code = "KDFMTQRB"
    assert shown_code(code) == "KDFM-TQRB"
    assert normal_code(" kdfm-tqrb ") == normal_code("KDFM TQRB") == code
    assert code_typed_well(code) and code_typed_well("KDFM")  # a table from before codes grew
    assert not code_typed_well("KDF") and not code_typed_well("KDFM1234")


async def test_only_the_servers_own_user_may_name_a_visitors_address(server, connect):
    import os

    from rummy_tui.tableserver.access import connection_address

    assert connection_address(os.getuid(), "192.0.2.1") == "visitor 192.0.2.1"  # a served game
    assert connection_address(os.getuid() + 1, "192.0.2.1") == f"local user {os.getuid() + 1}"  # not believed
    assert connection_address(os.getuid(), None) == f"local user {os.getuid()}"
    client = await connect("Anna")
    connection = next(iter(server._connections))
    assert connection.peer_uid == os.getuid()  # the kernel's word (SO_PEERCRED), not the client's
    await client.hello("Anna", address="198.51.100.7")
    assert connection.address == "visitor 198.51.100.7"
