"""One SSH session, from its request to its end: refuse what is not a game, take a seat, start
the game in its own PTY and pass bytes both ways until one side goes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from rummy_tui import served
from rummy_tui.tableserver.connect import ADDRESS_VARIABLE, IDENTITY_VARIABLE, NAME_VARIABLE
from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE

from .child import GameProcess, child_command, child_environment
from .eventlog import EventLog
from .forks import GameTemplate
from .identity import player_dir, player_name, safe_text, wants_line_mode
from .inputgate import InputGate
from .limits import Limits, SessionSeats, Window, fit_window
from .started import StartedPipe

# Undo what a game that did not get to clean up leaves on: alternate screen, mouse and focus
# reports, bracketed paste, hidden cursor, colours.
RESTORE_TERMINAL = (
    b"\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l\x1b[?25h\x1b[0m"
)
DEFAULT_TERM = "xterm-256color"
SETTLE = 0.3  # a start slot is given back this long after the game's first output, said or not
START_LIMIT = 8.0  # a start slot is given back after this long in any case
READ_SIZE = 16384  # at most this much of the visitor's input is read at a time
RESIZE_INTERVAL = 0.1  # seconds between two window changes passed to a game (the last one wins)


@dataclass
class Visit:
    """What the connection knows about the visitor when a session starts."""

    ip: str
    identity: str
    username: str = ""
    key_fingerprint: str | None = None  # None for a guest


class Session:
    def __init__(
        self,
        process: asyncssh.SSHServerProcess,
        visit: Visit,
        seats: SessionSeats,
        players_root: Path,
        game_options: list[str],
        idle_timeout: float,
        log: EventLog,
        table_socket: Path | None = None,
        limits: Limits | None = None,
        template: GameTemplate | None = None,
    ) -> None:
        self.process = process
        self.visit = visit
        self.seats = seats
        self.players_root = players_root
        self.game_options = game_options
        self.idle_timeout = idle_timeout
        self.log = log
        self.table_socket = table_socket
        self.template = template  # None: every game a fresh process (`rummy serve --spawn`)
        self.game: GameProcess | None = None
        self.incoming: asyncio.Task | None = None
        self.stopping: str | None = None  # why the server ends this session, if it does
        self.limits = limits = limits or Limits()
        self.gate = InputGate(limits.keys_per_second, limits.bytes_per_second, limits.input_burst_seconds)
        self.window: Window | None = None  # the game's window now
        self.next_window: Window | None = None
        self.resize_handle: asyncio.TimerHandle | None = None
        self.last_resize = 0.0
        self.told_size_limit = False

    # --- refusals -------------------------------------------------------------------------

    def refusal(self) -> tuple[str, str, int] | None:
        """(log reason, message, exit status) for a request that is not an interactive game."""
        process = self.process
        if process.subsystem:
            return (
                "subsystem",
                f"this server offers no {safe_text(process.subsystem)}; connect with plain ssh to play",
                1,
            )
        if process.command:
            return "exec", "this server only plays rummy: connect without a command (ssh -p PORT HOST)", 2
        if process.get_terminal_type() is None:
            return "no-pty", "the game needs a terminal: connect without -T (or add -t)", 1
        return None

    def say(self, message: str) -> None:
        """A one-line message to the visitor, on stderr."""
        ending = "\r\n" if self.process.get_terminal_type() else "\n"
        self.process.stderr.write(f"rummy: {message}{ending}".encode())

    def refuse(self, reason: str, message: str, status: int) -> None:
        self.log.write("refused", self.visit.ip, identity=self.visit.identity, reason=reason)
        self.say(message)
        self.process.exit(status)

    # --- the game -------------------------------------------------------------------------

    async def run(self) -> None:
        refusal = self.refusal()
        if refusal:
            self.refuse(*refusal)
            return
        full = self.seats.take(self.visit.ip)
        if full:
            self.refuse("full", full, 1)
            return
        started = time.monotonic()
        status = None
        try:
            status = await self._play()
        finally:
            self.seats.give_back(self.visit.ip)
            if self.resize_handle is not None:
                self.resize_handle.cancel()
            self.log.write(
                "game-over",
                self.visit.ip,
                identity=self.visit.identity,
                pid=self.game.pid if self.game else "-",
                status=status,
                duration=time.monotonic() - started,
                dropped=self.gate.dropped_bytes,
            )

    async def _play(self) -> int | None:
        starting = self.seats.starting
        if starting.locked():
            self.say("a moment: other players are sitting down")
        async with starting:
            if self.process.is_closing():
                return None  # gone while waiting its turn: no game to start
            if self.stopping:
                self.say(self.stopping)
                self.process.exit(1)
                return None
            try:
                started = StartedPipe()
            except OSError as error:  # out of descriptors
                self._could_not_start(error)
                return None
            try:
                try:
                    self.game = await self._start_game(started)
                except OSError as error:  # out of processes, descriptors or memory
                    self._could_not_start(error)
                    return None
                began = time.monotonic()
                first_output = asyncio.Event()
                output = asyncio.create_task(
                    self.game.copy_output(self.process.stdout.write, self.process.stdout.drain, first_output)
                )
                how = await self._settled(first_output, started)
            finally:
                started.close()
            self._log_started(began, how)
        self.incoming = incoming = asyncio.create_task(self._copy_input())
        if self.stopping:
            incoming.cancel()
        try:
            await asyncio.wait({output, incoming}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            status = await self._finish(output, incoming)
        return status

    def _log_started(self, began: float, how: str) -> None:
        """How the game gave its start slot back, after how long, and when its first output came."""
        game = self._running
        output = "-" if game.first_output_at is None else f"{(game.first_output_at - began) * 1000:.0f}ms"
        after = f"{(time.monotonic() - began) * 1000:.0f}ms"
        self.log.write(
            "started", self.visit.ip, identity=self.visit.identity, pid=game.pid, output=output, after=after, how=how
        )

    def _could_not_start(self, error: OSError) -> None:
        self.log.write("start-failed", self.visit.ip, identity=self.visit.identity, error=error.errno)
        self.say("the server could not start a game just now; try again in a while")
        self.process.exit(1)

    @property
    def _running(self) -> GameProcess:
        """The game, once started (the visitor's keys and window changes are read only then)."""
        if self.game is None:
            raise RuntimeError("no game started in this session yet")
        return self.game

    async def _start_game(self, started: StartedPipe) -> GameProcess:
        process = self.process
        folder = player_dir(self.players_root, self.visit.identity)
        term = process.get_terminal_type() or DEFAULT_TERM
        if not term.isprintable() or len(term) > 64:
            term = DEFAULT_TERM
        width, height, pixel_width, pixel_height = process.get_terminal_size()
        self.window, clamped = fit_window(width, height, pixel_width, pixel_height, self.limits)
        environment = child_environment(
            term, folder, dict(process.env), {**self._tables(), **self._size_limit(clamped)}
        )
        game, start = None, "spawn"
        options = self.game_options + (["--lines"] if wants_line_mode(self.visit.username) else [])
        if self.template is not None and self.template.ready:
            game = await GameProcess.fork(self.template, options, environment, folder, self.window, started.write_end)
            start = "template" if game is not None else "spawn"
        if game is None:
            game = await GameProcess.start(child_command(options), environment, folder, self.window, started.write_end)
        started.handed_over()
        self.log.write(
            "play",
            self.visit.ip,
            identity=self.visit.identity,
            pid=game.pid,
            size=f"{self.window[0]}x{self.window[1]}",
            term=term,
            start=start,
        )
        if clamped:
            self._log_clamp(width, height)
        return game

    def _size_limit(self, clamped: bool) -> dict[str, str]:
        """The largest window this server gives, and whether the visitor asked for more already."""
        variables = {served.SIZE_LIMIT_VARIABLE: f"{self.limits.max_width}x{self.limits.max_height}"}
        if clamped:
            variables[served.SIZE_CLAMPED_VARIABLE] = "1"
        return variables

    def _tables(self) -> dict[str, str]:
        """The table service's socket, and the visitor's key (a guest has none: only its seat
        token, kept in the guest folder, brings a guest back to a seat)."""
        if self.table_socket is None:
            return {}
        tables = {
            SOCKET_VARIABLE: str(self.table_socket),
            ADDRESS_VARIABLE: self.visit.ip,
        }  # wrong codes counted per address
        if self.visit.key_fingerprint:
            tables[IDENTITY_VARIABLE] = self.visit.identity
        name = player_name(self.visit.username)
        if name:
            tables[NAME_VARIABLE] = name
        return tables

    @staticmethod
    async def _settled(first_output: asyncio.Event, started: StartedPipe) -> str:
        """Hold the start slot while the game starts (start-up is the CPU-heavy part): until it
        says its first screen is out ("said": the next game starts at once, and two starting
        games do not share a core), or is gone ("gone"); at most until SETTLE after its first
        output ("settled": a game that slow is held back by a busy machine, and then more games
        starting at once get more of it), START_LIMIT in any case ("limit"). Returns which."""

        async def settled() -> None:
            await first_output.wait()
            await asyncio.sleep(SETTLE)

        waits = {asyncio.create_task(started.done.wait()), asyncio.create_task(settled())}
        try:
            done, _pending = await asyncio.wait(waits, timeout=START_LIMIT, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
        if started.done.is_set():
            return "said" if started.said else "gone"
        return "settled" if done else "limit"

    async def _copy_input(self) -> None:
        """Keys and window changes from the visitor, until they go or stay idle too long. Keys
        beyond the session's rate are dropped (see inputgate.py)."""
        stdin = self.process.stdin
        while True:
            try:
                data = await asyncio.wait_for(stdin.read(READ_SIZE), self.idle_timeout)
            except asyncssh.TerminalSizeChanged as change:
                self._resize(change.width, change.height, change.pixwidth, change.pixheight)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except TimeoutError:
                self.stopping = f"closed after {_duration(self.idle_timeout)} without a key; your game is saved"
                return
            except (asyncssh.Error, OSError):
                return
            if not data:
                return
            bursts = self.gate.bursts
            keys = self.gate.admit(data)
            if self.gate.bursts != bursts:
                self.log.write(
                    "input-dropped",
                    self.visit.ip,
                    identity=self.visit.identity,
                    limit=f"{self.limits.keys_per_second}keys/s,{self.limits.bytes_per_second}B/s",
                )
            if keys and not self._running.send_input(keys):  # never waits: see GameProcess.send_input
                self.gate.dropped_bytes += len(keys)

    # --- window changes ---------------------------------------------------------------------

    def _resize(self, width: int, height: int, pixel_width: int, pixel_height: int) -> None:
        """A window change from the visitor, fitted to the limits. Changes are passed on at most
        every RESIZE_INTERVAL (each one makes the game lay out its screen again); the last wins."""
        fitted = fit_window(width, height, pixel_width, pixel_height, self.limits, default=None)
        if fitted is None:
            return  # 0 columns or rows: not a size
        self.next_window, clamped = fitted
        if clamped and not self.told_size_limit:
            self._log_clamp(width, height)
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._running.pid, served.SIZE_CLAMPED_SIGNAL)  # the game says so, once
        if self.resize_handle is None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, self.last_resize + RESIZE_INTERVAL - loop.time())
            self.resize_handle = loop.call_later(delay, self._apply_resize)

    def _apply_resize(self) -> None:
        self.resize_handle = None
        self.last_resize = asyncio.get_running_loop().time()
        if self.next_window is None or self.next_window == self.window:
            return
        self.window = self.next_window
        with contextlib.suppress(OSError):  # the game may have just let go of its terminal
            self._running.resize(*self.window)

    def _log_clamp(self, width: int, height: int) -> None:
        self.told_size_limit = True
        self.log.write(
            "window-clamped",
            self.visit.ip,
            identity=self.visit.identity,
            asked=f"{width}x{height}",
            size=f"{self.limits.max_width}x{self.limits.max_height}",
        )

    async def _finish(self, output: asyncio.Task, incoming: asyncio.Task) -> int:
        """Whoever went first, the game ends: hang up (immediate when it already exited)."""
        for task in (incoming, output):
            task.cancel()
        await asyncio.gather(incoming, output, return_exceptions=True)
        status = await asyncio.shield(self._running.hang_up())
        if not self.process.is_closing():
            try:
                self.process.stdout.write(RESTORE_TERMINAL)
                if self.stopping:
                    self.say(self.stopping)
                self.process.exit(status if status >= 0 else 128 - status)
            except (asyncssh.Error, OSError):
                pass  # the visitor is already gone
        return status

    def stop(self, reason: str) -> None:
        """The server is shutting down: end this session (its game is saved)."""
        self.stopping = reason
        if self.incoming is not None:
            self.incoming.cancel()


def _duration(seconds: float) -> str:
    return f"{seconds / 60:g} minutes" if seconds >= 60 else f"{seconds:g} seconds"
