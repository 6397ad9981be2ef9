"""Reaching the table service from a player's `rummy`: where it is, starting it if it may be
started, and who this player is.

Under `rummy serve` the game is told the socket of the serve process's own table service
(``RUMMY_TUI_TABLE_SOCKET``) and the visitor's SSH key (``RUMMY_TUI_IDENTITY``); that service
is never started from a game. Locally, the first `rummy` that hosts or joins starts a
`rummy table-server` in the background, which stops by itself once no player has been
connected for a while (its tables are saved and resume when it starts again).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from rummy_tui.i18n import _

from .client import TableClient
from .protocol import BadMessage, clean_name
from .server import SOCKET_VARIABLE, default_socket_path
from .tokens import SeatTokens

IDENTITY_VARIABLE = "RUMMY_TUI_IDENTITY"  # e.g. `key-<fingerprint>`: the same key reclaims its seat
NAME_VARIABLE = "RUMMY_TUI_PLAYER_NAME"  # a default name to offer (the SSH user name)
ADDRESS_VARIABLE = "RUMMY_TUI_ADDRESS"  # the SSH visitor's address: wrong table codes are counted per address
IDLE_EXIT_SECONDS = 600
START_WAIT = 10.0  # a background server this slow to listen is reported as not starting

_started: list[subprocess.Popen] = []  # kept, so the background server is not reaped as garbage


class NoTableServer(Exception):
    """No table service could be reached; the text says so in the player's words."""


def identity() -> str | None:
    return os.environ.get(IDENTITY_VARIABLE) or None


def address() -> str | None:
    return os.environ.get(ADDRESS_VARIABLE) or None


def default_name() -> str:
    """The name to offer: the SSH user's under `rummy serve`, else the login name, if usable."""
    name = os.environ.get(NAME_VARIABLE) or os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    try:
        return clean_name(name)
    except BadMessage:
        return ""


def may_start_a_server() -> bool:
    """Only a local player's `rummy` starts one; a served game uses its server's service."""
    return not os.environ.get(SOCKET_VARIABLE)


async def open_client(path: str | os.PathLike | None = None, start_server: bool | None = None) -> TableClient:
    """A connected client (no hello yet), starting a local table server first if need be."""
    path = Path(path) if path else default_socket_path()
    start_server = may_start_a_server() if start_server is None else start_server
    try:
        return await TableClient(tokens=SeatTokens()).connect(path)
    except OSError:
        if not start_server:
            raise NoTableServer(_("The table service of this server is not running. Ask whoever runs "
                                  "`rummy serve` to restart it.")) from None
    start_background_server(path)
    return await _connect_when_listening(path)


def start_background_server(path: Path) -> subprocess.Popen:
    """`rummy table-server` in its own session, its output in the data folder's log."""
    from rummy_tui.storage.paths import data_dir

    log_path = data_dir() / "table-server.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "rummy_tui", "table-server", "--socket", str(path),
               "--exit-when-idle", str(IDLE_EXIT_SECONDS)]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    _started.append(process)
    return process


async def _connect_when_listening(path: Path) -> TableClient:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_WAIT
    while True:
        try:
            return await TableClient(tokens=SeatTokens()).connect(path)
        except OSError:
            if loop.time() > deadline or any(p.poll() is not None for p in _started[-1:]):
                raise NoTableServer(_("No table server is running, and one could not be started here. "
                                      "Start one with `rummy table-server` (its log: table-server.log "
                                      "in the data folder).")) from None
            await asyncio.sleep(0.1)
