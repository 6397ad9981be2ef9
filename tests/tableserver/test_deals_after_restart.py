"""A seat's randomness reaches the deal after its table server restarts: what the server
confirmed it had is in the table's save (the first deal's too, before the game starts), and a
reconnected client gives the same bytes again when asked, so the deal neither waits for them
nor goes without them; a player who is not back yet when the deal is made is in it all the same,
and their own check of it passes without a warning."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys

from rummy_tui.tableserver import connect
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.server import TableServer

from .players import play_all, until_hand

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
    assert await client.witness.confirmed_for(1)
    assert server.tables[code].first_contributions == {0: client.witness.sent[1]}
    await server.close()

    server = TableServer(socket_path, tables, ai_delay=0)
    await server.start()
    try:
        table = server.tables[code]
        assert table.first_contributions == {0: client.witness.sent[1]}, "kept in the table's save"
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
    async with a_gin_table_on_a_killable_server(tmp_path, monkeypatch) as run:
        host, _guest = clients = run.clients
        await host.start()
        for client in clients:
            await client.wait_view(lambda view: view["started"])  # which asks for hand 2's randomness
            assert await client.witness.confirmed_for(2)
        table = await run.kill_and_restart()  # nobody has moved: what was confirmed is in the save
        assert table.game.deal_entry(2)["contributions"] == [client.witness.sent[2] for client in clients]
        for client in clients:
            await reconnected(client)
        given = [client.witness.sent[2] for client in clients]
        assert table.game.deal_entry(2)["contributions"] == given, "the same bytes again, before hand 2 is dealt"


class KillableRun:
    """A table server in a process of its own (killed with SIGKILL), then one in this test."""

    def __init__(self, tmp_path, socket_path) -> None:
        self.tmp_path, self.socket_path = tmp_path, socket_path
        command = [sys.executable, "-m", "rummy_tui", "table-server", "--socket", str(socket_path), "--ai-delay", "0"]
        self.process = subprocess.Popen(
            command, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.clients: list[TableClient] = []
        self.server: TableServer | None = None
        self.code = ""

    async def kill_and_restart(self):
        """SIGKILL the server process, start one in this test on its save; the table."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.server = TableServer(self.socket_path, self.tmp_path / "data" / "tables", ai_delay=0)
        await self.server.start()
        return self.server.tables[self.code]


@contextlib.asynccontextmanager
async def a_gin_table_on_a_killable_server(tmp_path, monkeypatch):
    """Anna's Gin table, Bea seated at it, on a table server in a process of its own."""
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    run = KillableRun(tmp_path, tmp_path / "run" / "tables.sock")
    try:
        for name in ("Anna", "Bea"):
            client = await up_and_connected(run.socket_path)
            await client.hello(name)
            run.clients.append(client)
        host, guest = run.clients
        run.code = (await host.create("gin", ["human", "human"]))["table"]
        await guest.join(run.code)
        yield run
    finally:
        for client in run.clients:
            await client.close()
        if run.server is not None:
            await run.server.close()
        run.process.kill()
        run.process.wait(10)


async def up_and_connected(socket_path) -> TableClient:
    for _ in range(600):  # a loaded machine may take seconds to start Python
        try:
            return await TableClient().connect(socket_path)
        except OSError:
            await asyncio.sleep(0.05)
    raise AssertionError("the table server did not come up")


async def test_a_player_not_back_after_a_kill_before_the_start_is_in_the_first_deal(tmp_path, monkeypatch):
    """Both players' randomness for hand 1 is confirmed, the server is killed before the start;
    the host reconnects and starts before the guest is back: the guest's bytes are in the deal
    (from the table's save), and both checks of it pass with no warning."""
    async with a_gin_table_on_a_killable_server(tmp_path, monkeypatch) as run:
        host, guest = clients = run.clients
        for client in clients:
            assert await client.witness.confirmed_for(1)
        table = await run.kill_and_restart()
        await reconnected(host)
        await host.start()
        await host.wait_view(lambda view: view["started"])
        assert table.game.deal_entry(1)["contributions"] == [client.witness.sent[1] for client in clients]
        await reconnected(guest)
        await play_all(clients, until_hand(2))
        for client in clients:
            check = await client.witness.check(1, timeout=20)
            assert check is not None and check.verified and not check.notes, check and check.text()
