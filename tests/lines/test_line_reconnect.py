"""A line-mode seat at a shared table outlives its table server: killed, the game says so in a
line, connects again once the server is back (its tables resume from their saves) and takes its
seat back: "Reconnected", and the game goes on."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE
from tests.support.linepty import LineTerminal, line_environment
from tests.ui.test_reconnect import connected


def table_server(socket_path, data_dir) -> subprocess.Popen:
    command = [sys.executable, "-m", "rummy_tui", "table-server", "--socket", str(socket_path), "--ai-delay", "0"]
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(data_dir))
    return subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def test_the_line_seat_reconnects_after_its_server_is_killed(tmp_path):
    socket_path, data_dir = tmp_path / "run" / "tables.sock", tmp_path / "data"
    socket_path.parent.mkdir(mode=0o700)
    first = table_server(socket_path, data_dir)
    second = None
    anna = await connected(socket_path)
    environment = line_environment(tmp_path / "bob") | {
        SOCKET_VARIABLE: str(socket_path),
        "RUMMY_TUI_PLAYER_NAME": "Bob",
    }
    bob = None
    try:
        await anna.hello("Anna")
        welcome = await anna.create("gin", ["human", "human"])
        bob = LineTerminal(["--lines", "join", welcome["table"]], environment)
        await anna.wait_view(lambda view: any(seat.get("name") == "Bob" for seat in view["seats"]))
        await anna.start()
        await asyncio.to_thread(bob.read_until, re.compile(rb"(Your turn|Anna to play)[^\n]*\n> $"))
        await anna.close()
        first.send_signal(signal.SIGKILL)
        first.wait()
        await asyncio.to_thread(bob.read_until, b"The connection to the table is lost: reconnecting.")
        second = table_server(socket_path, data_dir)
        await asyncio.to_thread(bob.read_until, b"Reconnected.")
        bob.type("hand")
        said = await asyncio.to_thread(bob.read_until, re.compile(rb"Your hand, 1[01] cards: [^\n]*\n"))
        assert b"Your hand" in said
        bob.type("quit")
    finally:
        if bob is not None:
            await asyncio.to_thread(bob.finish)
        for server in (first, second):
            if server is not None and server.poll() is None:
                server.send_signal(signal.SIGTERM)
                server.wait(timeout=30)
