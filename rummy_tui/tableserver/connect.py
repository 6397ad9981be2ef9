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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummy_tui.i18n import _

from .access import UnsafeSocket
from .client import ConnectionLost, NoAnswer, TableClient, TableError
from .protocol import BadMessage, clean_name
from .socket_folder import SOCKET_VARIABLE, default_socket_path
from .tokens import SeatTokens

IDENTITY_VARIABLE = "RUMMY_TUI_IDENTITY"  # e.g. `key-<fingerprint>`: the same key reclaims its seat
NAME_VARIABLE = "RUMMY_TUI_PLAYER_NAME"  # a default name to offer (the SSH user name)
ADDRESS_VARIABLE = "RUMMY_TUI_ADDRESS"  # the SSH visitor's address: wrong table codes are counted per address
IDLE_EXIT_SECONDS = 600
START_WAIT = 10.0  # a background server this slow to listen is reported as not starting
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 15.0)  # before each attempt: about 46 s in all

_started: list[subprocess.Popen[bytes]] = []  # kept, so the background server is not reaped as garbage


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


def keep_in_history(code: str, record: dict[str, Any]) -> bool:
    """A finished shared game into this player's own history (their data folder), as a game
    played here would be; the server's copy is removed after its retention period. False if
    it could not be kept (a record this version cannot read, a history that cannot be written)."""
    import sqlite3

    from rummy_tui.engine import Game
    from rummy_tui.engine.records import RecordError
    from rummy_tui.storage.history import History, HistoryError

    try:
        History().record_game(f"shared-{code}", Game.replay(record))
    except (RecordError, HistoryError, sqlite3.Error, OSError, ValueError):
        return False
    return True


async def open_client(path: str | os.PathLike | None = None, start_server: bool | None = None) -> TableClient:
    """A connected client (no hello yet), starting a local table server first if need be."""
    client = TableClient(tokens=SeatTokens(), keep_record=keep_in_history)
    await _connect(client, Path(path) if path else default_socket_path(), start_server)
    return client


async def reconnect(client: TableClient, start_server: bool | None = None) -> None:
    """Connect ``client`` again after its connection was lost, starting the local table server
    again where joining would have, and take its seat back (its token) or watch again.
    NoTableServer or ConnectionLost (OSError) if the server is not there (yet); TableError if
    it refuses the seat."""
    await _connect(client, client.path or default_socket_path(), start_server)
    await client.sit_again()


async def reconnect_with_backoff(client: TableClient, trying: Callable[[int, int], Any] | None = None) -> str | None:
    """:func:`reconnect`, again and again after the waits of :data:`RECONNECT_DELAYS`; calls
    ``trying(attempt, attempts)`` as each wait begins. None once reconnected, else why not."""
    reason = _("The table server could not be reached.")
    for attempt, delay in enumerate(RECONNECT_DELAYS, 1):
        if trying is not None:
            trying(attempt, len(RECONNECT_DELAYS))
        await asyncio.sleep(delay)
        try:
            await reconnect(client)
            return None
        except (NoTableServer, ConnectionLost, NoAnswer) as problem:
            reason = str(problem)
        except OSError as problem:
            reason = _("The table server could not be reached: {reason}", reason=problem.strerror or problem)
        except TableError as refused:  # the server is there, but will not seat us: trying again will not help
            return str(refused)
    return reason


async def _connect(client: TableClient, path: Path, start_server: bool | None) -> None:
    start_server = may_start_a_server() if start_server is None else start_server
    try:
        await client.connect(path)
        return
    except UnsafeSocket as problem:  # starting a server of our own there would not help
        raise NoTableServer(str(problem)) from None
    except OSError:
        if not start_server:
            raise NoTableServer(
                _("The table service of this server is not running. Ask whoever runs `rummy serve` to restart it.")
            ) from None
    if not _starting(path):
        start_background_server(path)
    await _connect_when_listening(client, path)


def _starting(path: Path) -> bool:
    """A server this process started for ``path`` is still running (perhaps not listening yet)."""
    return any(process.poll() is None and _socket_of(process) == str(path) for process in _started)


def _socket_of(process: subprocess.Popen[bytes]) -> object:
    command = process.args  # the list start_background_server gave
    return command[command.index("--socket") + 1] if isinstance(command, list) else None


def start_background_server(path: Path) -> subprocess.Popen[bytes]:
    """`rummy table-server` in its own session, its output in the data folder's log."""
    from rummy_tui.storage.paths import data_dir

    log_path = data_dir() / "table-server.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "rummy_tui",
        "table-server",
        "--socket",
        str(path),
        "--exit-when-idle",
        str(IDLE_EXIT_SECONDS),
    ]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    _started.append(process)
    return process


async def _connect_when_listening(client: TableClient, path: Path) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_WAIT
    while True:
        try:
            await client.connect(path)
            return
        except UnsafeSocket as problem:
            raise NoTableServer(str(problem)) from None
        except OSError:
            if loop.time() > deadline or (_started and not _starting(path)):
                raise NoTableServer(
                    _(
                        "No table server is running, and one could not be started here. "
                        "Start one with `rummy table-server` (its log: table-server.log "
                        "in the data folder)."
                    )
                ) from None
            await asyncio.sleep(0.1)
