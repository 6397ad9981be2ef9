"""The seat client: what a ``rummy`` process uses to sit at a shared table.

:class:`TableClient` speaks the protocol (connect, hello, create or join, act, receive views).
:class:`SeatView` is what a table screen needs from a seat, wherever the game lives:
what this seat sees, what it may do, why not, and playing an action. :class:`RemoteSeat`
is that seat over the socket: it only ever holds what the server sent to this seat, so a
screen built on it cannot show another seat's cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from collections.abc import Callable
from typing import Any, Protocol

from .protocol import MAX_LINE_BYTES, encode
from .server import default_socket_path

REPLY_TIMEOUT = 10.0
PUSHED_REFUSALS = ("act", "start", "chat")  # refusals of a request nobody waits on


class TableError(Exception):
    """The server refused a request or reported a bad message; the text is its reason."""


class SeatView(Protocol):
    """One seat at one game, as a screen sees it."""

    @property
    def observation(self) -> dict[str, Any]: ...  # Game.observation(seat): this seat's view

    @property
    def legal(self) -> list[str]: ...  # the actions offered, empty unless this seat is to move

    async def why_not(self, action: str) -> str | None: ...

    async def apply(self, action: str) -> None: ...  # raises TableError with the reason if refused


class TableClient:
    """One connection to the table server. Views and other pushed messages arrive on
    :attr:`messages`; replies to requests are returned by the request methods."""

    def __init__(self, record: bool = False) -> None:
        self.received: list[dict[str, Any]] | None = [] if record else None  # every message, for tests
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.view: dict[str, Any] | None = None  # the latest view
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self._changed = asyncio.Event()
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reading: asyncio.Task | None = None

    async def connect(self, path: str | Path | None = None) -> TableClient:
        self.reader, self.writer = await asyncio.open_unix_connection(
            str(path or default_socket_path()), limit=MAX_LINE_BYTES * 64)
        self._reading = asyncio.get_running_loop().create_task(self._read())
        return self

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self.writer.wait_closed()
        if self._reading is not None:
            self._reading.cancel()

    # --- requests -------------------------------------------------------------------------

    async def hello(self, name: str, token: str | None = None, identity: str | None = None) -> str:
        reply = await self.request({"type": "hello", "name": name, "token": token, "identity": identity}, "hello")
        return reply["name"]

    async def create(self, variant: str, seats: list[str], settings: dict | None = None,
                     grace: float | None = 60.0) -> dict[str, Any]:
        message = {"type": "create", "variant": variant, "seats": seats, "settings": settings or {}, "grace": grace}
        return self._seated(await self.request(message, "welcome"))

    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
        message = {"type": "join", "code": code, "seat": seat, "token": token}
        return self._seated(await self.request(message, "welcome"))

    async def lobby(self) -> list[dict[str, Any]]:
        return (await self.request({"type": "lobby"}, "lobby"))["tables"]

    async def why_not(self, action: str) -> str | None:
        return (await self.request({"type": "why_not", "action": action}, "why_not"))["reason"]

    async def act(self, action: str, seq: int | None = None) -> None:
        """Send an action answering the latest view (or view ``seq``); a refusal arrives as
        a ``refused`` message, the new state as a view."""
        await self.send({"type": "act", "seq": self.view["seq"] if seq is None else seq, "action": action})

    async def start(self) -> None:
        await self.send({"type": "start"})

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    async def leave(self) -> None:
        await self.send({"type": "leave"})

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode({key: value for key, value in message.items() if value is not None}))
        await self.writer.drain()

    async def request(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        await self.send(message)
        while True:
            reply = await asyncio.wait_for(self._replies.get(), REPLY_TIMEOUT)
            if reply["type"] == answer:
                return reply
            if reply["type"] in ("refused", "error"):
                raise TableError(reply["reason"])

    # --- what arrives ---------------------------------------------------------------------

    async def next_view(self, after: int | None = None, timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The latest view once its seq is past ``after`` (any view if None)."""
        return await self.wait_view(lambda view: after is None or view["seq"] > after, timeout)

    async def wait_view(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The latest view once ``wanted(view)`` is true, looking at each view as it arrives."""
        async def arrived() -> dict[str, Any]:
            while self.view is None or not wanted(self.view):
                self._changed.clear()
                await self._changed.wait()
            return self.view
        return await asyncio.wait_for(arrived(), timeout)

    async def _read(self) -> None:
        while line := await self.reader.readline():
            message = json.loads(line)
            if self.received is not None:
                self.received.append(message)
            if message["type"] == "view":
                self.view = message
                self._changed.set()
            if message["type"] == "view" or message.get("re") in PUSHED_REFUSALS:
                self.messages.put_nowait(message)
            else:
                self._replies.put_nowait(message)
        self._changed.set()

    def _seated(self, welcome: dict[str, Any]) -> dict[str, Any]:
        self.table, self.seat, self.token = welcome["table"], welcome["seat"], welcome["token"] or self.token
        return welcome


class RemoteSeat:
    """A :class:`SeatView` over a :class:`TableClient`: the seat the server gave us."""

    def __init__(self, client: TableClient):
        self.client = client

    @property
    def observation(self) -> dict[str, Any]:
        return self.client.view["observation"] if self.client.view else {}

    @property
    def legal(self) -> list[str]:
        return list(self.client.view["legal"]) if self.client.view else []

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.client.view["seats"] if self.client.view else []

    async def why_not(self, action: str) -> str | None:
        return await self.client.why_not(action)

    async def apply(self, action: str) -> None:
        """Play ``action`` and wait until the table has moved on; TableError if refused."""
        await self.apply_at(self.client.view["seq"], action)

    async def apply_at(self, seq: int, action: str) -> None:
        """Play ``action`` as the answer to view ``seq`` (the server refuses a stale one)."""
        while not self.client.messages.empty():  # what arrived before this move says nothing about it
            self.client.messages.get_nowait()
        await self.client.act(action, seq)
        while True:
            message = await asyncio.wait_for(self.client.messages.get(), REPLY_TIMEOUT)
            if message["type"] == "refused" and message.get("re") == "act" and message.get("action") == action:
                raise TableError(message["reason"])
            if message["type"] == "view" and message["seq"] > seq:
                return


