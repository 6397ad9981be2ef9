"""One session's game: a real PTY and one `rummy` process whose controlling terminal it is.

The PTY is on the child's stdin, stdout and stderr (Textual draws to stderr). Hanging up closes
the master, which sends the child SIGHUP; a child still running after that gets SIGTERM and then
SIGKILL, to its whole process group.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import sys
import termios
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rummy_tui import served

if TYPE_CHECKING:
    from .forks import ForkedProcess, GameTemplate

GRACE = 2.0  # seconds a child gets after each signal before the next, harder one
READ_SIZE = 65536
INPUT_BACKLOG = 64 * 1024  # bytes of input waiting for a game that is not reading its terminal
UTF8_LOCALE = "en_US.UTF-8" if sys.platform == "darwin" else "C.UTF-8"
CLIENT_VARIABLES = ("COLORTERM", "NO_COLOR")  # passed on only when the client sent them
CODE_ROOT = Path(__file__).resolve().parents[2]  # holds rummy_tui and variants: the server's own code


def child_command(options: list[str]) -> list[str]:
    """The project's own CLI, run by this Python; never a shell."""
    return [sys.executable, "-m", "rummy_tui", *options]


def child_environment(
    term: str, folder: Path, client_env: dict[str, str], served: dict[str, str] | None = None
) -> dict[str, str]:
    """Only what the game needs. Never COLUMNS/LINES: they would freeze the window size.
    ``served`` is what the server tells the game: how it reaches the server's table service,
    who the visitor is there, the largest window it gives (see rummy_tui/served.py)."""
    environment = {
        "TERM": term,
        "LANG": UTF8_LOCALE,
        "HOME": str(folder),
        "RUMMY_TUI_DATA_DIR": str(folder),
        "PYTHONPATH": str(CODE_ROOT),  # the games run the server's code, installed or not
        **(served or {}),
    }
    for name in CLIENT_VARIABLES:
        value = client_env.get(name)
        if isinstance(value, str) and value.isprintable() and len(value) < 64:
            environment[name] = value
    return environment


def set_window_size(descriptor: int, width: int, height: int, pixel_width: int = 0, pixel_height: int = 0) -> None:
    """TIOCSWINSZ: the kernel then sends SIGWINCH to the terminal's foreground process group."""
    size = struct.pack("HHHH", max(height, 1), max(width, 1), pixel_width, pixel_height)
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, size)


def _take_the_terminal() -> None:
    """In the child, after setsid: default signal handling (a server started under nohup would
    pass on an ignored SIGHUP and games would outlive their players), and the PTY as the
    controlling terminal."""
    for number in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class GameProcess:
    def __init__(self, process: asyncio.subprocess.Process | ForkedProcess, master: int) -> None:
        self.process = process
        self.pid = process.pid
        self.master = master
        self.writer: asyncio.StreamWriter | None = None
        self.read_transport: asyncio.ReadTransport | None = None
        self.first_output_at: float | None = None  # time.monotonic() of the game's first output

    @classmethod
    async def start(
        cls,
        command: list[str],
        environment: dict[str, str],
        folder: Path,
        size: tuple[int, int, int, int],
        started: int | None = None,
    ) -> GameProcess:
        """`command` in a new PTY; `started` is the write end of the pipe the game closes once its
        first screen is out (rummy_tui/served.py), its only descriptor besides the terminal."""
        master, slave = pty.openpty()
        if started is not None:
            environment = {**environment, served.STARTED_FD_VARIABLE: str(started)}
        try:
            set_window_size(slave, *size)
            process = await asyncio.create_subprocess_exec(
                *command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=environment,
                pass_fds=() if started is None else (started,),
                cwd=folder,
                start_new_session=True,
                preexec_fn=_take_the_terminal,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # only the child holds the slave, so its exit reads as end of file
        game = cls(process, master)
        await game._open_input()
        return game

    @classmethod
    async def fork(
        cls,
        template: GameTemplate,
        options: list[str],
        environment: dict[str, str],
        folder: Path,
        size: tuple[int, int, int, int],
        started: int | None = None,
    ) -> GameProcess | None:
        """The game forked from the template (the same process `start` makes with `python -m
        rummy_tui OPTIONS`, in a fraction of the time), or None when the template cannot."""
        master, slave = pty.openpty()
        try:
            set_window_size(slave, *size)
            process = await template.fork(options, environment, folder, slave, started)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        if process is None:
            os.close(master)
            return None
        game = cls(process, master)
        await game._open_input()
        return game

    async def _open_input(self) -> None:
        loop = asyncio.get_running_loop()
        pipe = os.fdopen(os.dup(self.master), "wb", buffering=0)
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, pipe)
        self.writer = asyncio.StreamWriter(transport, protocol, None, loop)

    async def copy_output(
        self,
        write: Callable[[bytes], None],
        drain: Callable[[], Awaitable[None]],
        first_output: asyncio.Event | None = None,
    ) -> None:
        """Send everything the game draws to `write` until the child lets go of the terminal.
        Waiting on `drain` makes a slow client slow the game's output, not fill the memory."""
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=READ_SIZE)
        pipe = os.fdopen(self.master, "rb", buffering=0)
        self.read_transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
        while True:
            try:
                data = await reader.read(READ_SIZE)
            except OSError:  # EIO: the child has closed the terminal
                return
            if not data:
                return
            if first_output is not None and not first_output.is_set():
                self.first_output_at = time.monotonic()
                first_output.set()
            write(data)
            await drain()

    def send_input(self, data: bytes) -> bool:
        """Hand `data` to the game's terminal without waiting for the game to read it; False,
        and nothing sent, while the game has not taken the last INPUT_BACKLOG bytes. Whoever
        reads the visitor's input must never wait on a busy game: asyncssh re-opens the SSH
        window while input is still queued for a session that paused reading, so a flood
        would then pile up in the server without bound."""
        assert self.writer is not None
        if self.writer.transport.get_write_buffer_size() > INPUT_BACKLOG:
            return False
        self.writer.write(data)
        return True

    def resize(self, width: int, height: int, pixel_width: int = 0, pixel_height: int = 0) -> None:
        set_window_size(self.master, width, height, pixel_width, pixel_height)

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    async def wait(self) -> int:
        return await self.process.wait()

    async def hang_up(self) -> int:
        """End the game: hang up the terminal, then SIGTERM and SIGKILL its process group."""
        self._close_terminal()
        for number in (signal.SIGTERM, signal.SIGKILL):
            if await self._exited_within(GRACE):
                break
            try:
                os.killpg(self.pid, number)
            except ProcessLookupError:
                break
        return await self.process.wait()

    def _close_terminal(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.read_transport is not None:
            self.read_transport.close()
        else:
            with contextlib.suppress(OSError):
                os.close(self.master)

    async def _exited_within(self, seconds: float) -> bool:
        try:
            await asyncio.wait_for(asyncio.shield(self.process.wait()), seconds)
        except TimeoutError:
            return False
        return True
