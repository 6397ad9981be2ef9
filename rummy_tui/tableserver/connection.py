"""One client of the table service: its lines read within the bounds, messages sent to it,
its rate, and the pings that find a client who stopped answering."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from .access import connection_address, peer_uid
from .limits import TokenBucket
from .protocol import MAX_LINE_BYTES, encode

if TYPE_CHECKING:
    from .server import TableServer
    from .table import Table

SEND_BUFFER_LIMIT = 4 * 1024 * 1024  # a client this far behind is not reading: drop it
READ_CHUNK = 16 * 1024
PINGS_PER_LIMIT = 4  # pings sent within a table's answer limit: a few lost to a slow link do no harm


class Connection:
    """One client: reads its lines, sends it messages, remembers who it is and where it sits."""

    def __init__(self, server: TableServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.server, self.reader, self.writer = server, reader, writer
        self.name = ""
        self.identity: str | None = None
        self.token: str | None = None
        self.peer_uid = peer_uid(writer)
        self.address = connection_address(self.peer_uid, None)  # until a served game's hello names its visitor's
        self.table: Table | None = None
        self.closed = False
        self.last_heard = self.last_pinged = time.monotonic()  # the client's last line; our last ping
        self.silent = False  # its table counts it away until it answers
        limits = server.limits
        self.rate = TokenBucket(limits.messages_per_second, limits.message_burst)
        self.dropped = 0  # messages over the rate since the client was last told
        self.told_at = float("-inf")

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        self.writer.write(encode(message))
        if self.writer.transport.get_write_buffer_size() > SEND_BUFFER_LIMIT:
            self.close()

    def heard(self) -> None:
        """A line arrived: the client is answering (and a silent seat is back)."""
        self.last_heard = time.monotonic()
        if self.silent:
            self.silent = False
            if self.table is not None:
                self.table.post("answered", self)

    def ping_or_give_up(self, now: float) -> None:
        """Ping a client at a table now and then; one silent past its table's answer limit is
        reported to the table (once)."""
        if self.table is None:
            return
        limit = self.table.answer_limit
        if now - self.last_pinged >= limit / PINGS_PER_LIMIT:
            self.last_pinged = now
            self.send({"type": "ping", "every": limit / PINGS_PER_LIMIT})
        if not self.silent and now - self.last_heard > limit:
            self.silent = True
            self.table.post("silent", self)

    def close(self) -> None:
        self.closed = True
        self.writer.close()

    async def lines(self):
        """The client's lines; a line longer than the limit is reported and skipped."""
        buffer, skipping = bytearray(), False
        while not self.closed:
            chunk = await self.reader.read(READ_CHUNK)
            if not chunk:
                return
            buffer += chunk
            while (end := buffer.find(b"\n")) >= 0:
                line, buffer = bytes(buffer[:end]), buffer[end + 1 :]
                if skipping:
                    skipping = False
                elif line.strip():
                    yield line
            if len(buffer) > MAX_LINE_BYTES:
                if not skipping:
                    self.send(error(f"a line longer than {MAX_LINE_BYTES} bytes; it was dropped"))
                buffer, skipping = bytearray(), True

    def within_rate(self) -> bool:
        """Whether the next message may be handled; over the rate it is dropped unread, and
        the client hears of it at most once a second."""
        if self.rate.take():
            return True
        self.dropped += 1
        now = time.monotonic()
        if now - self.told_at >= 1.0:
            self.send(
                error(
                    f"too many messages (at most {self.server.limits.messages_per_second:g} a second); "
                    f"{self.dropped} dropped unread"
                )
            )
            self.server.refusals.write("message-rate", self.address, f"dropped={self.dropped}")
            self.told_at, self.dropped = now, 0
        return False


def error(reason: str) -> dict[str, str]:
    return {"type": "error", "reason": reason}
