"""The table server: a unix socket in a private folder, clients speaking JSON lines, and one
:class:`Table` task per table.

A client's bad line (not JSON, too long, an unknown field) gets an ``error`` for that client
only; the connection and every table go on. Tables are saved under ``<data dir>/tables``
after every move, and a server started again resumes them, their players counted as away
until they reconnect with their seat token.

Each client is a :class:`~.connection.Connection`; the lobby's requests are answered by
:class:`~.lobby.LobbyDesk`, play now's and the ratings' by their desks, the daily deal's by
:class:`~.daily_table.DailyHall`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import variants  # noqa: F401  (a composition root: the table service finds its variants)
from rummy_tui.engine import Game
from rummy_tui.i18n import N_, msg
from rummy_tui.storage.paths import data_dir
from rummy_tui.storage.saves import BadSave, SaveStore, write_atomically

from . import pairing, ratings_desk
from .access import CodeGuard, connection_address
from .clock import TurnClock
from .connection import PINGS_PER_LIMIT, Connection, error
from .daily_table import DailyHall
from .lifecycle import SWEEP_SECONDS, due_for_removal
from .limits import RefusalLog, TableLimits
from .lobby import LobbyDesk
from .protocol import MAX_LINE_BYTES, BadMessage, clean_chat, clean_name, decode, new_code, refusal
from .socket_folder import default_socket_path, private_folder
from .table import DEFAULT_ANSWER_SECONDS, DEFAULT_GRACE_SECONDS, Table
from .table_deals import first_contributions_saved
from .table_seats import Seat

META_SUFFIX = ".table"  # not .json: the save store owns those names
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)  # each stops the server cleanly


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
        self._sat_down = asyncio.Event()  # a client took a seat: the pings start now, not at the idle pace
        self.dailies = DailyHall(self.tables_dir, ai_delay)
        self.pairing = pairing.PairingDesk(self)
        self.ratings = ratings_desk.RatingsDesk(self.tables_dir, self.limits)
        self.lobby = LobbyDesk(self)

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
            shortest = min(
                (table.answer_limit for c in self._connections if (table := c.table) is not None and not c.closed),
                default=DEFAULT_ANSWER_SECONDS,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._sat_down.wait(), min(max(shortest / PINGS_PER_LIMIT, 0.05), 1.0))
            self._sat_down.clear()
            now = time.monotonic()
            for connection in [c for c in self._connections if c.table is not None and not c.closed]:
                connection.ping_or_give_up(now)

    def sat_down(self) -> None:
        """A client is at a table now: it is pinged from now on at its table's pace."""
        self._sat_down.set()

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
            connection.send({"type": "lobby", "re": "lobby", "tables": self.lobby.listed_for(connection)})
        elif kind == "create":
            await self.lobby.create(connection, message)
        elif kind in ("join", "watch"):
            await self.lobby.sit(connection, kind, message)
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

    # --- for the pairing desk -------------------------------------------------------------

    def add_table(self, game: Game, seats: list[Seat], **options: Any) -> Table:
        return self._new_table(new_code(set(self.tables)), game, seats, **options)

    async def seat(self, connection: Connection, table: Table, number: int) -> None:
        """Seat a paired player at ``table``; one who went meanwhile is away at once."""
        await self.lobby.sit(connection, "join", {"code": table.code, "seat": number})
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
                first_contributions=first_contributions_saved(meta.get("first_contributions"), len(seats)),
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
                left = 5.0 if exit_when_idle is None else exit_when_idle - server.idle_seconds  # idle: to the minute
                await asyncio.wait({serving, stop_asked}, timeout=min(left, 5.0), return_when=asyncio.FIRST_COMPLETED)
                if serving.done() or stop_asked.done():
                    break
        finally:
            serving.cancel()
            stop_asked.cancel()
            await server.close()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve())
