"""The seat client: what a ``rummy`` process uses to sit at a shared table.

:class:`TableClient` speaks the protocol: connect, hello, create or join, act, and receive
the views the server sends. :mod:`.seat` builds the screen-facing seat on top of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummy_tui.i18n import N_, _

from .protocol import MAX_ASKED, MAX_LINE_BYTES, encode, reason_shown
from .server import default_socket_path
from .table import LOG_LINES
from .tokens import SeatTokens

REPLY_TIMEOUT = 10.0
LOST = N_("The connection to the table server was lost.")
NO_ANSWER = N_("The table server did not answer in time.")
PUSHED_REFUSALS = ("act", "start", "chat")  # refusals of a request nobody waits on


class TableError(Exception):
    """The server refused a request or reported a bad message; the text is its reason."""


class TableClient:
    """One connection to the table server. Views and other pushed messages arrive on
    :attr:`messages`; replies to requests are returned by the request methods."""

    def __init__(self, record: bool = False, tokens: SeatTokens | None = None) -> None:
        self.tokens = tokens  # where seat tokens are kept between runs, if anywhere
        self.received: list[dict[str, Any]] | None = [] if record else None  # every message, for tests
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.view: dict[str, Any] | None = None  # the latest view
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.chat_refused: Callable[[str], Any] | None = None  # told why a chat line was refused
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

    async def hello(self, name: str, token: str | None = None, identity: str | None = None,
                    address: str | None = None) -> str:
        message = {"type": "hello", "name": name, "token": token, "identity": identity, "address": address}
        reply = await self.request(message, "hello")
        return reply["name"]

    async def create(self, variant: str, seats: list[str], settings: dict | None = None,
                     grace: float | None = 60.0, ai_level: str | None = None, public: bool = False,
                     watchable: bool = True) -> dict[str, Any]:
        message = {"type": "create", "variant": variant, "seats": seats, "settings": settings or {}, "grace": grace,
                   "ai_level": ai_level, "public": public, "watchable": watchable}
        return self._seated(await self.request(message, "welcome"))

    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
        """Sit at table ``code``: the seat a token (given, or kept in :attr:`tokens`) reclaims,
        else seat ``seat`` or the first free one."""
        if token is None and self.tokens is not None:
            token = self.tokens.token_for(code)
        message = {"type": "join", "code": code, "seat": seat, "token": token}
        return self._seated(await self.request(message, "welcome"))

    async def watch(self, code: str) -> dict[str, Any]:
        """Look on at table ``code``: its public view, no hand; TableError if there is none."""
        welcome = await self.request({"type": "watch", "code": code}, "welcome")
        self.table, self.seat = welcome["table"], None
        return welcome

    async def lobby(self) -> list[dict[str, Any]]:
        return (await self.request({"type": "lobby"}, "lobby"))["tables"]

    async def why_not(self, action: str) -> str | None:
        return reason_shown(await self.request({"type": "why_not", "action": action}, "why_not"))

    async def allowed(self, actions: list[str]) -> list[str]:
        """Those of ``actions`` this seat may play now: one question per 500 actions."""
        playable = []
        for start in range(0, len(actions), MAX_ASKED):
            reply = await self.request({"type": "allowed", "actions": actions[start:start + MAX_ASKED]}, "allowed")
            playable += reply["actions"]
        return playable

    async def choices(self, action: str) -> list[str]:
        """The forms a legal ``action`` can take, the plain action first (Gin's knock melds)."""
        return (await self.request({"type": "choices", "action": action}, "choices"))["forms"]

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

    @property
    def connected(self) -> bool:
        return self._reading is not None and not self._reading.done()

    async def request(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        await self.send(message)
        while True:
            try:
                reply = await asyncio.wait_for(self._replies.get(), REPLY_TIMEOUT)
            except asyncio.TimeoutError:
                raise TableError(_(LOST) if not self.connected else _(NO_ANSWER)) from None
            if reply["type"] == answer:
                return reply
            if reply["type"] in ("refused", "error"):
                raise TableError(reason_shown(reply))

    # --- what arrives ---------------------------------------------------------------------

    async def next_view(self, after: int | None = None, timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The latest view once its seq is past ``after`` (any view if None)."""
        return await self.wait_view(lambda view: after is None or view["seq"] > after, timeout)

    async def wait_view(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The latest view once ``wanted(view)`` is true, looking at each view as it arrives;
        TableError once the connection is gone and no view will come."""
        async def arrived() -> dict[str, Any]:
            while self.view is None or not wanted(self.view):
                if not self.connected:
                    raise TableError(_(LOST))
                self._changed.clear()
                await self._changed.wait()
            return self.view
        try:
            return await asyncio.wait_for(arrived(), timeout)
        except asyncio.TimeoutError:
            raise TableError(_(NO_ANSWER)) from None

    async def _read(self) -> None:
        try:
            await self._read_lines()
        except (ConnectionError, OSError, ValueError):
            pass  # the server went away (or sent what it never sends): the connection is lost
        finally:
            self._changed.set()
            self._replies.put_nowait({"type": "error", "reason": _(LOST)})

    async def _read_lines(self) -> None:
        while line := await self.reader.readline():
            message = json.loads(line)
            if self.received is not None:
                self.received.append(message)
            if message["type"] == "line":
                message = self._view_with_line(message["line"])
                if message is None:
                    continue
            if message["type"] == "view":
                self.view = message
                self._changed.set()
            if message.get("re") == "chat" and self.chat_refused is not None:
                self.chat_refused(reason_shown(message))
            if message["type"] == "view" or message.get("re") in PUSHED_REFUSALS:
                self.messages.put_nowait(message)
            else:
                self._replies.put_nowait(message)

    def _view_with_line(self, line: dict[str, Any]) -> dict[str, Any] | None:
        """The latest view with a table log line (a chat line) added: the server sends a chat
        line as a small ``line`` event, and a screen sees it as a new view."""
        if self.view is None:
            return None
        return {**self.view, "log": [*self.view["log"], line][-LOG_LINES:]}

    def _seated(self, welcome: dict[str, Any]) -> dict[str, Any]:
        self.table, self.seat, self.token = welcome["table"], welcome["seat"], welcome["token"] or self.token
        if self.tokens is not None and welcome["token"]:
            self.tokens.remember(self.table, self.seat, welcome["token"])
        return welcome
