"""The table server: a unix socket in a private folder, clients speaking JSON lines, and one
:class:`Table` task per table.

A client's bad line (not JSON, too long, an unknown field) gets an ``error`` for that client
only; the connection and every table go on. Tables are saved under ``<data dir>/tables``
after every move, and a server started again resumes them, their players counted as away
until they reconnect with their seat token.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import stat
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import variants  # noqa: F401  (a composition root: the table service finds its variants)
from rummy_tui.engine import Game
from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import N_, msg, texts_as_messages
from rummy_tui.storage.paths import data_dir
from rummy_tui.storage.saves import BadSave, SaveStore, write_atomically

from . import pairing, ratings_desk
from .access import CodeGuard, connection_address, peer_uid
from .clock import BadClock, TurnClock, clock_setting
from .daily_table import DailyHall
from .lifecycle import SWEEP_SECONDS, creator_key, due_for_removal, refusal_to_create
from .limits import RefusalLog, TableLimits, TokenBucket
from .protocol import (
    AI_LEVELS,
    MAX_LINE_BYTES,
    MAX_SEATS,
    MAX_SETTING_NUMBER,
    SEAT_KINDS,
    BadMessage,
    clean_chat,
    clean_name,
    decode,
    encode,
    new_code,
    normal_code,
    refusal,
    shown_code,
)
from .table import DEFAULT_ANSWER_SECONDS, DEFAULT_GRACE_SECONDS, Seat, Table

SOCKET_NAME = "tables.sock"
MAX_CODE_SHOWN = 20  # a wrong code is said back, but not 64 KiB of it
MAX_SOCKET_PATH = 100  # bytes; the system's limit is 107 or 103
SOCKET_VARIABLE = "RUMMY_TUI_TABLE_SOCKET"  # set by `rummy serve` for its games: its own table service
META_SUFFIX = ".table"  # not .json: the save store owns those names
SEND_BUFFER_LIMIT = 4 * 1024 * 1024  # a client this far behind is not reading: drop it
READ_CHUNK = 16 * 1024
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)  # each stops the server cleanly
PINGS_PER_LIMIT = 4  # pings sent within a table's answer limit: a few lost to a slow link do no harm
ANSWER_LIMITS = (0.2, 600.0)  # the answer limit a table may ask for, in seconds


def runtime_folder() -> Path:
    """Where the socket lives: a folder only this user can enter, in the runtime directory
    (XDG_RUNTIME_DIR, else the system's /run/user/<uid> if it is this user's), else in the
    data folder; never the shared temp folder, where another user could be first."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    if not base and _private_to_me(Path(f"/run/user/{os.getuid()}")):
        base = f"/run/user/{os.getuid()}"
    if base:
        return Path(base) / f"rummy-tui-{os.getuid()}"
    folder = data_dir() / "run"
    if len(bytes(folder / SOCKET_NAME)) > MAX_SOCKET_PATH:  # a unix socket path is short
        folder = Path.home() / f".rummy-tui-run-{os.getuid()}"
    return folder


def _private_to_me(folder: Path) -> bool:
    try:
        info = folder.stat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077


def default_socket_path() -> Path:
    """The socket named in the environment (a `rummy serve` game's), else this user's own."""
    named = os.environ.get(SOCKET_VARIABLE)
    return Path(named) if named else runtime_folder() / SOCKET_NAME


def private_folder(folder: Path) -> Path:
    """Create ``folder`` with mode 0700, or make sure an existing one is ours and private."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = folder.stat()
    if info.st_uid != os.getuid():
        raise PermissionError(f"{folder} belongs to another user; not using it for the table socket")
    if stat.S_IMODE(info.st_mode) != 0o700:
        folder.chmod(0o700)
    return folder


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


class TableServer:
    def __init__(
        self,
        socket_path: str | os.PathLike | None = None,
        tables_dir: str | os.PathLike | None = None,
        ai_delay: float = 0.5,
        limits: TableLimits | None = None,
    ):
        self.limits = limits or TableLimits()
        self.socket_path = Path(socket_path) if socket_path else default_socket_path()
        self.tables_dir = Path(tables_dir) if tables_dir else data_dir() / "tables"
        self.ai_delay = ai_delay
        self.tables: dict[str, Table] = {}
        self.store: SaveStore | None = None
        self._server: asyncio.base_events.Server | None = None
        self._connections: set[Connection] = set()
        self._handlers: set[asyncio.Task] = set()
        self._meta_written: dict[str, bytes] = {}  # table code -> what its seats file holds
        self.code_guard = CodeGuard(self.limits)
        self.refusals = RefusalLog()
        self._sweeping: asyncio.Task | None = None
        self._last_client_left = time.monotonic()
        self._pinging: asyncio.Task | None = None
        self.dailies = DailyHall(self.tables_dir, ai_delay)
        self.pairing = pairing.PairingDesk(self)
        self.ratings = ratings_desk.RatingsDesk(self.tables_dir, self.limits)

    @property
    def _chat_limit(self) -> tuple[float, int]:
        return self.limits.chat_lines_per_minute, self.limits.chat_burst

    @property
    def idle_seconds(self) -> float:
        """How long no client has been connected (0 while one is)."""
        return 0.0 if self._connections else time.monotonic() - self._last_client_left

    # --- running --------------------------------------------------------------------------

    async def start(self) -> None:
        private_folder(self.socket_path.parent)
        private_folder(self.tables_dir)
        self.store = SaveStore(self.tables_dir)
        self._clear_stale_socket()
        self._server = await asyncio.start_unix_server(self._serve, path=str(self.socket_path), limit=MAX_LINE_BYTES)
        os.chmod(self.socket_path, 0o600)
        for table in self._resume_tables():
            self.tables[table.code] = table
            table.start_task()
        self._pinging = asyncio.get_running_loop().create_task(self._ping_forever())
        self._sweeping = asyncio.get_running_loop().create_task(self._sweep_every(SWEEP_SECONDS))
        self.pairing.start()

    async def serve_forever(self) -> None:
        """Serve until cancelled; :meth:`start` first."""
        if self._server is None:
            raise RuntimeError("start the table server before serving")
        await self._server.serve_forever()

    async def close(self) -> None:
        """Stop listening, let the clients go, stop every table and save it to the disk."""
        if self._server:
            self._server.close()
        if self._pinging is not None:
            self._pinging.cancel()
        if self._sweeping is not None:
            self._sweeping.cancel()
        self.pairing.stop()
        for connection in list(self._connections):
            connection.close()  # its reader sees the end of the stream and its task ends
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=2)
        for table in self.tables.values():
            await table.stop()
            await asyncio.to_thread(self._save_durably, table)
        await self.dailies.close()
        await self.ratings.stop()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    def _save_durably(self, table: Table) -> None:
        try:
            self._save(table, durable=True)
        except OSError as problem:  # its last move's save is in place; only its flush failed
            print(f"table {table.code} could not be saved at the stop: {problem}", file=sys.stderr)

    def _clear_stale_socket(self) -> None:
        if not self.socket_path.exists():
            return
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(self.socket_path))
        except OSError:
            self.socket_path.unlink()  # left behind by a server that died
        else:
            raise RuntimeError(f"a table server is already running on {self.socket_path}")
        finally:
            probe.close()

    async def _ping_forever(self) -> None:
        """Ping the clients at tables, so a seat whose player stopped answering (a frozen or
        stopped process, a dead link) is treated as away, like a dropped one."""
        while True:
            at_tables = [c for c in self._connections if c.table is not None and not c.closed]
            shortest = min(
                (table.answer_limit for c in at_tables if (table := c.table) is not None),
                default=DEFAULT_ANSWER_SECONDS,
            )
            await asyncio.sleep(min(max(shortest / PINGS_PER_LIMIT, 0.05), 1.0))
            now = time.monotonic()
            for connection in at_tables:
                if connection.table is not None and not connection.closed:
                    connection.ping_or_give_up(now)

    # --- one client -----------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(self, reader, writer)
        self._connections.add(connection)
        handler = asyncio.current_task()
        assert handler is not None  # a coroutine run by the unix server's task
        self._handlers.add(handler)
        try:
            async for line in connection.lines():
                connection.heard()
                if not connection.within_rate():
                    continue
                try:
                    await self._handle(connection, decode(line))
                except BadMessage as problem:
                    connection.send(error(str(problem)))
                except Exception as problem:  # a message nobody foresaw: that client hears of it, no one else
                    connection.send(
                        error(f"the server could not handle that message ({type(problem).__name__}: {problem})")
                    )
        except (ConnectionError, OSError):
            pass
        finally:
            self._connections.discard(connection)
            self._last_client_left = time.monotonic()
            self._handlers.discard(handler)
            self.pairing.forget(connection)
            if connection.table is not None:
                connection.table.post("dropped", connection)
            connection.closed = True
            with contextlib.suppress(Exception):
                writer.close()

    async def _handle(self, connection: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "pong":
            return  # heard: that is all a pong is for
        if kind == "hello":
            connection.name = clean_name(message["name"])
            connection.identity, connection.token = message.get("identity"), message.get("token")
            connection.address = connection_address(connection.peer_uid, message.get("address"))
            connection.send({"type": "hello", "re": "hello", "name": connection.name})
        elif not connection.name:
            connection.send(refusal(kind, msg(N_("Say who you are first: the table service answers after a hello."))))
        elif kind == "lobby":
            connection.send({"type": "lobby", "re": "lobby", "tables": self._listed_for(connection)})
        elif kind == "create":
            await self._create(connection, message)
        elif kind in ("join", "watch"):
            await self._sit(connection, kind, message)
        elif kind == "daily":
            await self.dailies.open(connection, message["variant"])
        elif kind == "daily_result":
            connection.send(await self.dailies.results(connection, message["variant"], message.get("day")))
        elif kind in pairing.KINDS:
            await self.pairing.handle(connection, kind, message)
        elif kind in ratings_desk.KINDS:
            await self.ratings.handle(connection, kind, message, set(pairing.variant_rules()))
        elif connection.table is None:
            raise BadMessage(f"{kind} needs a table: create or join one first")
        else:
            self._forward(connection, connection.table, kind, message)

    def _forward(self, connection: Connection, table: Table, kind: str, message: dict[str, Any]) -> None:
        if kind == "act":
            table.post("act", connection, message["seq"], message["action"])
        elif kind == "why_not":
            table.post("why_not", connection, message["action"])
        elif kind == "allowed":
            table.post("allowed", connection, message["actions"])
        elif kind == "choices":
            table.post("choices", connection, message["action"])
        elif kind == "chat":
            table.chat(connection, clean_chat(message["text"]))
        elif kind == "contribute":
            table.contribute(connection, message["hand"], message["data"])
        elif kind == "start":
            table.post("start", connection)
        elif kind == "back":
            table.post("back", connection)
        elif kind == "leave":
            table.post("leave", connection)
            connection.table = None

    async def _create(self, connection: Connection, message: dict[str, Any]) -> None:
        creator = creator_key(connection.identity, connection.address)
        too_many = refusal_to_create(self.tables, creator, self.limits)
        if too_many is not None:
            connection.send(refusal("create", too_many))
            self.refusals.write("table-cap", connection.address, f"identity={connection.identity or '-'}")
            return
        kinds = message["seats"]
        if any(kind not in SEAT_KINDS for kind in kinds) or not kinds or kinds[0] != "human" or len(kinds) > MAX_SEATS:
            raise BadMessage(
                f"seats is a list of at most {MAX_SEATS} of {', '.join(SEAT_KINDS)}, and seat 1 is the host's (human)"
            )
        open_level = message.get("ai_level", "normal")
        if open_level not in AI_LEVELS:
            raise BadMessage(f"ai_level is one of {', '.join(AI_LEVELS)}")
        grace = message.get("grace", DEFAULT_GRACE_SECONDS)
        most = self.limits.max_grace_seconds
        if grace is not None and not 0 <= grace <= most:  # NaN never reaches here: decode refuses it
            connection.send(
                refusal(
                    "create",
                    msg(N_("The wait for an away player is 0 to {most} seconds, or no limit."), most=f"{most:g}"),
                )
            )
            return
        answer_limit = message.get("answer_limit", DEFAULT_ANSWER_SECONDS)
        if not ANSWER_LIMITS[0] <= answer_limit <= ANSWER_LIMITS[1]:
            connection.send(
                refusal(
                    "create",
                    msg(
                        N_("The time a player may leave the server unanswered is {least} to {most} seconds."),
                        least=f"{ANSWER_LIMITS[0]:g}",
                        most=f"{ANSWER_LIMITS[1]:g}",
                    ),
                )
            )
            return
        too_large = next(
            (
                name
                for name, value in (message.get("settings") or {}).items()
                if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_SETTING_NUMBER
            ),
            None,
        )
        if too_large is not None:
            connection.send(
                refusal(
                    "create",
                    msg(N_("The setting '{name}' is at most {most}."), name=too_large, most=MAX_SETTING_NUMBER),
                )
            )
            return
        try:
            clock = clock_setting(message.get("clock"))
        except BadClock as problem:
            raise BadMessage(str(problem)) from None
        with texts_as_messages() as message_of:  # a setting's reason, for the player's language
            try:
                game = Game(message["variant"], len(kinds), message.get("settings") or {}, seed=None)  # unpredictable
            except (SettingError, ValueError) as problem:
                connection.send(refusal("create", message_of(str(problem))))
                return
        seats = [
            Seat("human", f"Seat {i + 1}", level=open_level)
            if kind == "human"
            else Seat("ai", f"Computer {i + 1}", level=kind)
            for i, kind in enumerate(kinds)
        ]
        table = self._new_table(
            new_code(set(self.tables)),
            game,
            seats,
            grace=grace,
            answer_limit=answer_limit,
            public=message.get("public", False),
            watchable=message.get("watchable", True),
            creator=creator,
            clock=TurnClock(clock, len(kinds)) if clock else None,
        )
        await self._sit(connection, "join", {"code": table.code, "seat": 0})

    def _listed_for(self, connection: Connection) -> list[dict[str, Any]]:
        """The tables in this player's Join list: the public ones still being played, and
        those where their identity holds a seat."""
        return [
            table.summary()
            for table in self.tables.values()
            if not table.game.is_over and (table.public or table.seats_identity(connection.identity))
        ]

    async def _sit(self, connection: Connection, kind: str, message: dict[str, Any]) -> None:
        throttled = self.code_guard.refusal(connection.identity, connection.address)
        if throttled is not None:
            connection.send(refusal(kind, throttled))
            self.refusals.write("wrong-codes", connection.address, f"identity={connection.identity or '-'}")
            return
        table = self.tables.get(normal_code(message["code"]))
        if table is None:
            self.code_guard.wrong_code(connection.identity, connection.address)
            shown = shown_code(normal_code(message["code"]))[:MAX_CODE_SHOWN]
            connection.send(refusal(kind, msg(N_("There is no table '{code}' here."), code=shown)))
            return
        if kind == "watch" and not table.watchable:
            connection.send(refusal(kind, msg(N_("The host has turned watching off at this table."))))
            return
        if connection.table is not None and connection.table is not table:
            connection.table.post("leave", connection)
        if kind == "watch":
            connection.table = table
            table.post("watch", connection)
            return
        seated = asyncio.get_running_loop().create_future()
        token = message.get("token") or connection.token
        table.post("join", connection, message.get("seat"), token, connection.identity, seated)
        if await seated is not None:
            connection.table = table

    # --- for the pairing desk -------------------------------------------------------------

    def add_table(self, game: Game, seats: list[Seat], **options: Any) -> Table:
        return self._new_table(new_code(set(self.tables)), game, seats, **options)

    async def seat(self, connection: Connection, table: Table, number: int) -> None:
        """Seat a paired player at ``table``; one who went meanwhile is away at once."""
        await self._sit(connection, "join", {"code": table.code, "seat": number})
        if connection.closed and connection.table is table:
            table.post("dropped", connection)

    # --- tables that go -------------------------------------------------------------------

    async def _sweep_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.sweep()
            except Exception:  # a sweep that fails (a full disk, say) is tried again next time
                traceback.print_exc()

    async def sweep(self, now: float | None = None, wall_now: float | None = None) -> list[str]:
        """Remove the finished tables past their retention and the unstarted ones nobody is
        at; returns their codes."""
        gone = [code for code, table in self.tables.items() if due_for_removal(table, self.limits, now, wall_now)]
        for code in gone:
            await self._remove_table(code)
        return gone

    async def _remove_table(self, code: str) -> None:
        table = self.tables.pop(code)
        await table.stop()
        for connection in self._connections:
            if connection.table is table:
                connection.table = None
        self._meta_written.pop(code, None)
        await asyncio.to_thread(self._delete_files, code)

    @property
    def saves(self) -> SaveStore:
        """The tables' save store, once :meth:`start` has opened it."""
        if self.store is None:
            raise RuntimeError("the table server has not started")
        return self.store

    def _delete_files(self, code: str) -> None:
        for path in (self.saves.path_of(code), self.tables_dir / f"{code}{META_SUFFIX}"):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    # --- tables on disk -------------------------------------------------------------------

    def _new_table(self, code: str, game: Game, seats: list[Seat], **options: Any) -> Table:
        table = Table(
            code,
            game,
            seats,
            ai_delay=self.ai_delay,
            save=self._save,
            flush=self._flush,
            chat_limit=self._chat_limit,
            finished=self.ratings.finished,
            **options,
        )
        table.write_seats_into_record()
        self.tables[code] = table
        table.start_task()
        return table

    def _save(self, table: Table, durable: bool = True) -> None:
        """The game through the atomic save store, and the seats (token hashes, never tokens)
        and table log next to it; run in a worker thread by the table's task."""
        self.saves.save(table.code, table.game, durable=durable)
        meta = json.dumps(table.saved(), separators=(",", ":")).encode("utf-8")
        if self._meta_written.get(table.code) != meta:  # most moves change only the game
            write_atomically(self.tables_dir / f"{table.code}{META_SUFFIX}", meta, durable)
            self._meta_written[table.code] = meta

    def _flush(self, table: Table) -> None:
        """Flush the game and the seats file written with ``durable=False`` to the disk."""
        self.saves.make_durable(table.code)
        with contextlib.suppress(FileNotFoundError):
            descriptor = os.open(self.tables_dir / f"{table.code}{META_SUFFIX}", os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)

    def _resume_tables(self) -> list[Table]:
        resumed = []
        for path in sorted(self.tables_dir.glob(f"*{META_SUFFIX}")):
            code = path.name[: -len(META_SUFFIX)]
            try:
                meta = json.loads(path.read_text("utf-8"))
                game = self.saves.load(code)
                seats = [Seat(**seat) for seat in meta["seats"]]
            except (OSError, ValueError, KeyError, TypeError, BadSave) as problem:
                print(f"table {code} cannot be resumed: {problem}", file=sys.stderr)
                continue
            for seat in seats:
                if seat.kind == "human" and seat.token_hash:
                    seat.away_since = time.monotonic()  # its player has to reconnect
            table = Table(
                code,
                game,
                seats,
                grace=meta.get("grace", DEFAULT_GRACE_SECONDS),
                started=bool(meta.get("started")),
                log=meta.get("log"),
                events=meta.get("events"),
                ai_delay=self.ai_delay,
                save=self._save,
                flush=self._flush,
                public=bool(meta.get("public")),
                watchable=meta.get("watchable", True) is not False,
                creator=meta.get("creator"),
                chat_limit=self._chat_limit,
                finished_at=meta.get("finished_at"),
                answer_limit=meta.get("answer_limit", DEFAULT_ANSWER_SECONDS),
                clock=TurnClock.from_saved(meta.get("clock"), game.record["players"]),
                autostart=meta.get("autostart") is True,
                finished=self.ratings.finished,
            )
            if game.is_over and table.finished_at is None:
                table.finished_at = time.time()  # finished before tables kept the time: kept from now
            table.log.add(N_("The table server restarted; players, please reconnect."))
            resumed.append(table)
        return resumed


def run(
    socket_path: str | None = None,
    ai_delay: float = 0.5,
    exit_when_idle: float | None = None,
    limits: TableLimits | None = None,
) -> None:
    """``rummy table-server``: serve tables until interrupted (Ctrl+C, SIGTERM or SIGHUP), or
    until no client has been connected for ``exit_when_idle`` seconds. Either way its tables
    are saved, and resume at the next start."""
    server = TableServer(socket_path, ai_delay=ai_delay, limits=limits)

    async def serve() -> None:
        await server.start()
        print(
            f"rummy table server on {server.socket_path} (tables saved in {server.tables_dir}); Ctrl+C stops it",
            flush=True,
        )
        loop = asyncio.get_running_loop()
        stopping = asyncio.Event()
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, stopping.set)
        serving = loop.create_task(server.serve_forever())
        stop_asked = loop.create_task(stopping.wait())
        try:
            while exit_when_idle is None or server.idle_seconds < exit_when_idle:
                await asyncio.wait(
                    {serving, stop_asked}, timeout=min(exit_when_idle or 5.0, 5.0), return_when=asyncio.FIRST_COMPLETED
                )
                if serving.done() or stop_asked.done():
                    break
        finally:
            serving.cancel()
            stop_asked.cancel()
            await server.close()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve())
