"""The seat client: what a ``rummy`` process uses to sit at a shared table.

:class:`TableClient` speaks the protocol: connect, hello, create or join, act, and receive
the views the server sends. :mod:`.seat` builds the screen-facing seat on top of it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummy_tui.i18n import N_, _

from .access import check_socket_is_ours
from .protocol import MAX_ASKED, MAX_LINE_BYTES, encode, reason_shown
from .socket_folder import default_socket_path
from .table import LOG_LINES
from .tokens import SeatTokens
from .witness import DealWitness

REPLY_TIMEOUT = 10.0
CONNECT_TIMEOUT = 5.0  # a server that does not even accept the connection in this time is not there
SEND_TIMEOUT = 5.0  # a server that reads nothing of ours this long is treated as gone
CLOSE_TIMEOUT = 1.0  # closing never waits longer for a server that does not read
SERVER_SILENCE = 4  # pings' worth of silence after which a pinging server is taken to be gone...
SERVER_SILENCE_FLOOR = 15.0  # ...but never fewer seconds than this (a busy machine is no lost server)
LOST = N_("The connection to the table server was lost.")
NO_ANSWER = N_("The table server did not answer in time.")
NOT_SENT = N_("Not connected to the table server: that move was not sent.")
NULL_MEANS_SOMETHING = ("grace",)  # sent as null (no limit), not left out (the default)
PUSHED_REFUSALS = ("act", "start", "chat")  # refusals of a request nobody waits on


class TableError(Exception):
    """The server refused a request or reported a bad message; the text is its reason."""


class NoAnswer(TableError):
    """The server did not answer a request in time (it may be busy, or stopped)."""


class ConnectionLost(TableError):
    """The connection to the table server is gone (or the server stopped reading it); the
    text says so in the player's words."""

    def __init__(self, reason: str | None = None) -> None:
        super().__init__(reason or _(LOST))


class TableClient:
    """One connection to the table server. Views and other pushed messages arrive on
    :attr:`messages`; replies to requests are returned by the request methods."""

    def __init__(
        self,
        record: bool = False,
        tokens: SeatTokens | None = None,
        keep_record: Callable[[str, dict[str, Any]], Any] | None = None,
    ) -> None:
        self.tokens = tokens  # where seat tokens are kept between runs, if anywhere
        self.keep_record = keep_record  # given a finished game's table code and record (in a worker thread)
        self.kept: list[asyncio.Task] = []
        self.path: Path | None = None  # the socket, to connect again after a lost connection
        self.name: str | None = None  # as the server accepted it at hello
        self.identity: str | None = None
        self.address: str | None = None
        self.closed = False  # closed here, on purpose: nothing to reconnect
        self.received: list[dict[str, Any]] | None = [] if record else None  # every message, for tests
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.view: dict[str, Any] | None = None  # the latest view
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.chat_refused: Callable[[str], Any] | None = None  # told why a chat line was refused
        self.witness = DealWitness()  # adds this seat's randomness to each deal, and checks each reveal
        self._changed = asyncio.Event()
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reading: asyncio.Task | None = None

    async def connect(self, path: str | Path | None = None) -> TableClient:
        """Connect (again, after a lost connection: the old one is closed first); OSError
        if nothing listens there, or nothing accepts in time, and UnsafeSocket (a
        PermissionError) if the socket or its folder could be someone else's."""
        await self.close()
        self.closed = False
        self.path = Path(path) if path else self.path or default_socket_path()
        check_socket_is_ours(self.path)
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(self.path), limit=MAX_LINE_BYTES * 64), CONNECT_TIMEOUT
            )
        except TimeoutError:
            raise TimeoutError(f"the table server at {self.path} did not accept the connection") from None
        self._replies = asyncio.Queue()  # a request of the old connection has had its answer: lost
        self.witness.connected_again()
        self.reader, self.writer = reader, writer
        self._reading = asyncio.get_running_loop().create_task(self._read(reader, writer, self._replies))
        return self

    async def close(self) -> None:
        """Close the connection; never waits long for a server that does not read."""
        self.closed = True
        if self.writer is not None:
            self.writer.close()
            try:
                await asyncio.wait_for(self.writer.wait_closed(), CLOSE_TIMEOUT)
            except (TimeoutError, ConnectionError, OSError):
                self.writer.transport.abort()  # what it would not read is dropped
        if self._reading is not None:
            self._reading.cancel()

    # --- requests -------------------------------------------------------------------------

    async def hello(
        self, name: str, token: str | None = None, identity: str | None = None, address: str | None = None
    ) -> str:
        message = {"type": "hello", "name": name, "token": token, "identity": identity, "address": address}
        reply = await self.request(message, "hello")
        self.name, self.identity, self.address = reply["name"], identity, address
        return reply["name"]

    async def sit_again(self) -> dict[str, Any] | None:
        """After :meth:`connect` again: say hello as before and take the same seat back with
        its token (or watch the same table again). The welcome, or None if there was no table."""
        if self.name is None:
            return None
        await self.hello(self.name, token=self.token, identity=self.identity, address=self.address)
        if self.table is None:
            return None
        if self.seat is None:
            return await self.watch(self.table)
        return await self.join(self.table, token=self.token)

    async def create(
        self,
        variant: str,
        seats: list[str],
        settings: dict | None = None,
        grace: float | None = 60.0,
        ai_level: str | None = None,
        public: bool = False,
        watchable: bool = True,
        answer_limit: float | None = None,
        clock: dict[str, float] | None = None,
    ) -> dict[str, Any]:
        message = {
            "type": "create",
            "variant": variant,
            "seats": seats,
            "settings": settings or {},
            "grace": grace,
            "ai_level": ai_level,
            "public": public,
            "watchable": watchable,
            "answer_limit": answer_limit,
            "clock": clock,
        }
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

    async def seek(self, variant: str, players: int, fill_ai: str | None = None) -> dict[str, Any]:
        """Play now: wait to be paired (``fill_ai``, a level: be seated at once, the computer in
        the seats nobody waiting takes); the first ``seeking`` (the counts). :meth:`news` then."""
        return await self.request(
            {"type": "seek", "variant": variant, "players": players, "fill_ai": fill_ai}, "seeking"
        )

    async def news(self, timeout: float | None = None) -> dict[str, Any]:
        """While waiting to be paired: the next ``seeking`` (new counts), or the ``welcome`` at
        the table (then this client is seated); NoAnswer if nothing came within ``timeout``."""
        reply = await self.reply("seeking", "welcome", timeout=timeout)
        return self._seated(reply) if reply["type"] == "welcome" else reply

    async def unseek(self) -> dict[str, Any] | None:
        """Stop waiting to be paired; the welcome if the client was seated just before."""
        await self.send({"type": "unseek"})
        reply = await self.reply("unseeking", "welcome")
        return self._seated(reply) if reply["type"] == "welcome" else None

    async def ratings(self, variant: str, computer: bool = False) -> dict[str, Any]:
        """A variant's board (against people, or against the computer) and this player's place."""
        return await self.request({"type": "ratings", "variant": variant, "computer": computer}, "ratings")

    async def hide_rating(self, hidden: bool) -> bool:
        return (await self.request({"type": "hide_rating", "hidden": hidden}, "hidden"))["hidden"]

    async def why_not(self, action: str) -> str | None:
        return reason_shown(await self.request({"type": "why_not", "action": action}, "why_not"))

    async def allowed(self, actions: list[str]) -> list[str]:
        """Those of ``actions`` this seat may play now: one question per 500 actions."""
        playable = []
        for start in range(0, len(actions), MAX_ASKED):
            reply = await self.request({"type": "allowed", "actions": actions[start : start + MAX_ASKED]}, "allowed")
            playable += reply["actions"]
        return playable

    async def choices(self, action: str) -> list[str]:
        """The forms a legal ``action`` can take, the plain action first (Gin's knock melds)."""
        return (await self.request({"type": "choices", "action": action}, "choices"))["forms"]

    async def act(self, action: str, seq: int | None = None) -> None:
        """Send an action answering the latest view (or view ``seq``); a refusal arrives as
        a ``refused`` message, the new state as a view."""
        if seq is None:
            if self.view is None:
                raise TableError("no view to answer yet")
            seq = self.view["seq"]
        await self.send({"type": "act", "seq": seq, "action": action})

    async def start(self) -> None:
        await self.send({"type": "start"})

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    async def daily(self, variant: str) -> dict[str, Any]:
        """Today's daily deal of ``variant``: its ``daily`` answer (day, commitment, played)
        with, unless it was played already, ``welcome`` (seated at a daily table)."""
        answer = await self.request({"type": "daily", "variant": variant}, "daily")
        if not answer["played"]:
            answer["welcome"] = self._seated(await self.reply("welcome"))
        return answer

    async def daily_result(self, variant: str, day: str | None = None) -> dict[str, Any]:
        return await self.request({"type": "daily_result", "variant": variant, "day": day}, "daily_result")

    async def back(self) -> None:
        """Back at the table after the clock marked this seat away."""
        await self.send({"type": "back"})

    async def leave(self) -> None:
        await self.send({"type": "leave"})

    async def send(self, message: dict[str, Any]) -> None:
        """ConnectionLost if the connection is gone, or the server has read nothing for a while."""
        writer = self.writer
        if writer is None or not self.connected:
            raise ConnectionLost()
        try:
            writer.write(
                encode(
                    {key: value for key, value in message.items() if value is not None or key in NULL_MEANS_SOMETHING}
                )
            )
            await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
        except (TimeoutError, ConnectionError, OSError):
            writer.transport.abort()  # the reader task ends, and everyone waiting hears of it
            raise ConnectionLost() from None

    @property
    def connected(self) -> bool:
        return self._reading is not None and not self._reading.done()

    async def request(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        await self.send(message)
        return await self.reply(answer)

    async def reply(self, *answers: str, timeout: float | None = REPLY_TIMEOUT) -> dict[str, Any]:
        """The next reply of one of these types (others are passed over); TableError for a
        refusal or an error, NoAnswer after ``timeout`` seconds."""
        while True:
            try:
                reply = await asyncio.wait_for(self._replies.get(), timeout)
            except TimeoutError:
                if not self.connected:
                    raise ConnectionLost() from None
                raise NoAnswer(_(NO_ANSWER)) from None
            if reply["type"] in answers:
                return reply
            if reply["type"] == "lost":
                raise ConnectionLost()
            if reply["type"] in ("refused", "error"):
                raise TableError(reason_shown(reply))

    # --- what arrives ---------------------------------------------------------------------

    async def next_view(self, after: int | None = None, timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        """The latest view once its seq is past ``after`` (any view if None)."""
        return await self.wait_view(lambda view: after is None or view["seq"] > after, timeout)

    async def wait_view(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float | None = REPLY_TIMEOUT
    ) -> dict[str, Any]:
        """The latest view once ``wanted(view)`` is true, looking at each view as it arrives;
        TableError once the connection is gone and no view will come."""

        async def arrived() -> dict[str, Any]:
            while self.view is None or not wanted(self.view):
                if not self.connected:
                    raise ConnectionLost()
                self._changed.clear()
                await self._changed.wait()
            return self.view

        try:
            return await asyncio.wait_for(arrived(), timeout)
        except TimeoutError:
            raise NoAnswer(_(NO_ANSWER)) from None

    async def _read(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, replies: asyncio.Queue) -> None:
        """One connection's reader task (its own queue of replies: a connection made again
        has a new one). The server's pings are answered here, whatever the screen is doing."""
        silence = None  # how long the server may stay silent, once it has said how often it pings
        try:
            while line := await asyncio.wait_for(reader.readline(), silence):
                message = json.loads(line)
                if self.received is not None:
                    self.received.append(message)
                if message["type"] == "ping":
                    writer.write(encode({"type": "pong"}))
                    if isinstance(message.get("every"), (int, float)):
                        silence = max(SERVER_SILENCE * message["every"], SERVER_SILENCE_FLOOR)
                    continue
                if message["type"] == "record":
                    self._keep(message)
                    continue
                if message["type"] == "line":
                    message = self._view_with_line(message["line"])
                    if message is None:
                        continue
                if message["type"] == "reveal":
                    self.witness.saw_reveal(message, self.seat)
                    continue
                if message["type"] == "contributed":
                    self.witness.saw_confirmation(message)
                    continue
                if message["type"] == "view":
                    self.view = message
                    contribution = self.witness.saw_view(message)
                    if contribution is not None:
                        writer.write(encode(contribution))
                    self._changed.set()
                refusal = reason_shown(message) if message.get("re") == "chat" else None
                if refusal is not None and self.chat_refused is not None:
                    self.chat_refused(refusal)
                if message["type"] == "view" or message.get("re") in PUSHED_REFUSALS:
                    self.messages.put_nowait(message)
                else:
                    replies.put_nowait(message)
        except TimeoutError:  # (an OSError too) a stopped or frozen server: lost, as if it closed
            writer.transport.abort()
        except (ConnectionError, OSError, ValueError):
            pass  # the server went away (or sent what it never sends): the connection is lost
        finally:
            self._changed.set()
            replies.put_nowait({"type": "lost"})  # for a request waiting on an answer
            self.messages.put_nowait({"type": "lost"})  # for a move waiting on its view

    def _keep(self, message: dict[str, Any]) -> None:
        """A finished game's record goes to :attr:`keep_record`, off the event loop."""
        if self.keep_record is not None and isinstance(message.get("record"), dict):
            record = message["record"]
            if self.seat is not None:  # what only this seat knows, for `rummy verify` to check again
                record = {**record, "my_randomness": self.witness.knowledge(self.seat, record)}
            self.kept.append(
                asyncio.get_running_loop().create_task(
                    asyncio.to_thread(self.keep_record, str(message.get("table")), record)
                )
            )

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
