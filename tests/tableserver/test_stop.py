"""The table server stops promptly and cleanly when told to (SIGTERM, as a service manager or
the test suite does): its tables saved, its socket removed, exit status 0."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys

import pytest

from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.seat import RemoteSeat

STOP_LIMIT = 10.0  # far more than a clean stop takes; the default SIGTERM death leaves the socket behind


async def connected(socket_path, process) -> TableClient:
    for _ in range(600):  # a loaded machine may take seconds to start Python
        try:
            return await TableClient().connect(socket_path)
        except (FileNotFoundError, ConnectionRefusedError):
            assert process.poll() is None, process.stderr.read()
            await asyncio.sleep(0.05)
    raise AssertionError("the table server did not come up")


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
async def test_the_table_server_stops_cleanly_on_a_signal_with_its_tables_saved(tmp_path, stop):
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path / "data"))
    socket_path = tmp_path / "run" / "tables.sock"
    command = [
        sys.executable,
        "-m",
        "rummy_tui",
        "table-server",
        "--socket",
        str(socket_path),
        "--ai-delay",
        "0",
        "--exit-when-idle",
        "600",
    ]
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        client = await connected(socket_path, process)
        await client.hello("Anna")
        welcome = await client.create("gin", ["human", "normal"])
        await client.start()
        legal = (await client.wait_view(lambda v: v["legal"]))["legal"]
        await RemoteSeat(client).apply(legal[0])
        seq = client.view["seq"]

        process.send_signal(stop)  # with the client still connected
        status = await asyncio.to_thread(process.wait, STOP_LIMIT)
        assert status == 0, process.stderr.read()
        assert not socket_path.exists()
        saved = json.loads((tmp_path / "data" / "tables" / f"{welcome['table']}.json").read_text())
        assert len(saved["record"]["actions"]) >= seq
        await client.close()
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
