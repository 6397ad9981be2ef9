"""A seat's randomness reaches the deal after its table server restarts: the restarted server
has lost what the client gave it (the first deal's is not saved; a later hand's is saved with
the next move, lost if the server is killed before), so the reconnected client gives the same
bytes again when asked, and the deal neither waits for them nor goes without them."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

from rummy_tui.tableserver import connect
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.server import TableServer

LONG_WAIT = 600.0  # a deal still missing a connected player's randomness would hold up the test


async def reconnected(client: TableClient) -> None:
    """Take the seat back on the restarted server, and have its server read whatever the
    client answered to the first view of the new connection."""
    before = client.view
    await connect.reconnect(client, start_server=False)
    await client.wait_view(lambda view: view is not before)
    await client.lobby()  # answered after what the client sent before it on this connection


async def test_the_first_deal_gets_the_hosts_randomness_after_a_restart(tmp_path):
    socket_path, tables = tmp_path / "run" / "tables.sock", tmp_path / "tables"
    server = TableServer(socket_path, tables, ai_delay=0)
    await server.start()
    client = await TableClient().connect(socket_path)
    await client.hello("Anna")
    code = (await client.create("gin", ["human", "normal"]))["table"]
    await client.lobby()
    assert server.tables[code].first_contributions == {0: client.witness.sent[1]}
    await server.close()

    server = TableServer(socket_path, tables, ai_delay=0)
    await server.start()
    try:
        table = server.tables[code]
        assert table.first_contributions == {}  # what the restart lost
        table.contribution_wait = LONG_WAIT
        await reconnected(client)
        assert table.first_contributions == {0: client.witness.sent[1]}, "the same bytes again, before the start"
        await client.start()
        await client.wait_view(lambda view: view["started"])
        assert table.game.deal_entry(1)["contributions"] == [client.witness.sent[1], None]
        assert not [e for e in table.game.state.events if e["text"].startswith("Dealt without")]
    finally:
        await client.close()
        await server.close()


async def test_the_next_deal_gets_both_players_randomness_after_the_server_is_killed(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    socket_path = tmp_path / "run" / "tables.sock"
    command = [sys.executable, "-m", "rummy_tui", "table-server", "--socket", str(socket_path), "--ai-delay", "0"]
    killed = subprocess.Popen(command, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    clients: list[TableClient] = []
    server = None
    try:
        for name in ("Anna", "Bea"):
            client = await up_and_connected(socket_path)
            await client.hello(name)
            clients.append(client)
        host, guest = clients
        code = (await host.create("gin", ["human", "human"]))["table"]
        await guest.join(code)
        await host.start()
        for client in clients:
            await client.wait_view(lambda view: view["started"])  # which asks for hand 2's randomness
            await client.lobby()
        killed.send_signal(signal.SIGKILL)  # nobody has moved: the last save was the start's
        killed.wait(10)

        server = TableServer(socket_path, tmp_path / "data" / "tables", ai_delay=0)
        await server.start()
        table = server.tables[code]
        assert table.game.deal_entry(2)["contributions"] == [None, None]  # what the kill lost
        for client in clients:
            await reconnected(client)
        given = [client.witness.sent[2] for client in clients]
        assert table.game.deal_entry(2)["contributions"] == given, "the same bytes again, before hand 2 is dealt"
    finally:
        for client in clients:
            await client.close()
        if server is not None:
            await server.close()
        killed.kill()
        killed.wait(10)


async def up_and_connected(socket_path) -> TableClient:
    for _ in range(600):  # a loaded machine may take seconds to start Python
        try:
            return await TableClient().connect(socket_path)
        except OSError:
            await asyncio.sleep(0.05)
    raise AssertionError("the table server did not come up")
