"""A table server on a temporary socket, in the test's own event loop, AI seats without delay."""

from __future__ import annotations

import pytest

from rummy_tui.tableserver.client import TableClient


@pytest.fixture
def connect(server):
    """``await connect("Anna")``: a client that has said hello, closed after the test."""
    clients: list[TableClient] = []

    async def connected(name: str, record: bool = False, token: str | None = None) -> TableClient:
        client = await TableClient(record=record).connect(server.socket_path)
        await client.hello(name, token=token)
        clients.append(client)
        return client

    yield connected
    for client in clients:
        # closed in the loop the test ran in: pytest-asyncio tears this fixture down after it
        client.writer.close()
