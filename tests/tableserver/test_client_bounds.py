"""A table server that stops reading never holds the app: sending gives up after a bound (the
connection counts as lost) and closing never waits long. Unbounded, either one left an app
shutting down with its event loop idle for good (issue #29, item 11)."""

from __future__ import annotations

import asyncio

import pytest

from rummy_tui.tableserver import client as client_module
from rummy_tui.tableserver.client import ConnectionLost, TableClient


@pytest.fixture
async def deaf_server(tmp_path):
    """Accepts connections and never reads a byte from them."""
    held = []

    async def never_read(reader, writer):
        held.append(writer)
        await asyncio.Event().wait()

    path = tmp_path / "deaf.sock"
    server = await asyncio.start_unix_server(never_read, path=str(path))
    yield path
    for writer in held:
        writer.transport.abort()
    server.close()


async def test_sending_to_a_server_that_reads_nothing_ends_as_a_lost_connection(deaf_server, monkeypatch):
    monkeypatch.setattr(client_module, "SEND_TIMEOUT", 0.3)
    client = await TableClient().connect(deaf_server)
    with pytest.raises(ConnectionLost):
        for _ in range(10_000):  # until the socket's buffers are full and the write waits
            await client.send({"type": "chat", "text": "x" * 60_000})
    assert not client.connected or client.writer.transport.is_closing()
    await asyncio.wait_for(client.close(), 5)


async def test_closing_with_unsent_data_never_waits_long(deaf_server, monkeypatch):
    monkeypatch.setattr(client_module, "CLOSE_TIMEOUT", 0.2)
    client = await TableClient().connect(deaf_server)
    client.writer.write(b"x" * 20_000_000)  # far more than the socket takes: it waits in the transport
    await asyncio.wait_for(client.close(), 5)  # wait_closed alone never returned here
    assert client.writer.transport.is_closing()
