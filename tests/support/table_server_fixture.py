"""The ``server`` fixture: a table server on a temporary socket, in the test's own event loop,
AI seats without delay. Import it into a test module or conftest to use it."""

from __future__ import annotations

import pytest

from rummy_tui.tableserver.server import TableServer


@pytest.fixture
async def server(tmp_path):
    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0)
    await server.start()
    yield server
    await server.close()
