"""The bench's terminals (bench/serve.py and the benches built on it): a pyte screen fed by a
game's output, the way a player's terminal shows it.

Each chunk of output is timed as it arrives and reaches the pyte screen only when someone looks
(`wait_for`, `lines`), one chunk at a time: the time a text appeared is the arrival of the chunk
that completed it, however late the bench reads it. So a crowd's screens can be read once the
crowd's output has stopped (`Lull`): reading them through pyte costs the bench's CPU, about
40 ms a start screen, which the games starting on the same two cores would otherwise lose (a
real visitor's terminal runs on the visitor's machine).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pty
import subprocess
import sys
import time
from collections import deque

import asyncssh
import pyte
from wcwidth import wcwidth

TIMEOUT = 180.0


class Lull:
    """The output of a group of terminals: `over` returns once none has had any for `seconds`."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.last = time.perf_counter()
        self.cpu_at_first_lull: float | None = None  # the bench's CPU seconds when it first came

    def heard(self) -> None:
        self.last = time.perf_counter()

    async def over(self) -> None:
        while (left := self.last + self.seconds - time.perf_counter()) > 0:
            await asyncio.sleep(left)
        if self.cpu_at_first_lull is None:
            self.cpu_at_first_lull = time.process_time()


class Terminal:
    """A pyte screen fed by a session; `wait_for` wakes on every chunk of output."""

    def __init__(self, width: int = 80, height: int = 24, lull: Lull | None = None) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.chunks = 0  # how many pieces of output it has taken: a reader can tell a new screen
        self.arrived: deque[tuple[float, bytes]] = deque()  # (perf_counter time, chunk) not read yet
        self.lull = lull
        self._lines: list[str] = []

    def feed(self, data: bytes) -> None:
        """A chunk of output, timed now; read when someone looks at the screen."""
        self.arrived.append((time.perf_counter(), data))
        self.chunks += 1
        if self.lull is not None:
            self.lull.heard()
        self.changed.set()

    def _read_one(self) -> float:
        """The oldest chunk not read yet onto the screen; returns when it arrived."""
        at, data = self.arrived.popleft()
        self.stream.feed(data)
        return at

    def shows(self, *texts: str) -> bool:
        text = "\n".join(self.lines())
        return all(part in text for part in texts)

    def lines(self) -> list[str]:
        """The screen's lines with every chunk so far read."""
        while self.arrived:
            self._read_one()
        return self._screen_lines()

    def _shows_now(self, texts: tuple[str, ...]) -> bool:
        text = "\n".join(self._screen_lines())
        return all(part in text for part in texts)

    def _screen_lines(self) -> list[str]:
        """The screen's lines, as pyte's `display` gives them; only the lines pyte marked changed
        since the last call are read again (reading all 24 lines at every chunk cost about 1 ms
        each time)."""
        screen = self.screen
        if len(self._lines) != screen.lines:
            self._lines = [""] * screen.lines
            screen.dirty.update(range(screen.lines))
        for y in screen.dirty:
            if y < screen.lines:
                self._lines[y] = self._line(screen.buffer[y])
        screen.dirty.clear()
        return self._lines

    def _line(self, line) -> str:
        chars, wide = [], False
        for x in range(self.screen.columns):
            if wide:  # the stub after a wide character
                wide = False
                continue
            char = line[x].data
            wide = wcwidth(char[0]) == 2
            chars.append(char)
        return "".join(chars)

    async def wait_for(self, *texts: str, timeout: float = TIMEOUT) -> float:
        """Wait until every one of `texts` is on screen; returns the perf_counter time the chunk
        of output that put the last of them there arrived (now, if they were there already)."""
        deadline = time.perf_counter() + timeout
        if not self.arrived and self._shows_now(texts):
            return time.perf_counter()
        while True:
            while self.arrived:
                at = self._read_one()
                if self._shows_now(texts):
                    return at
            self.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"never saw {texts}:\n" + "\n".join(self.lines()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)


class LocalGame(Terminal):
    """`rummy` in a local PTY: the baseline."""

    async def start(self, data_dir: str) -> None:
        import fcntl
        import struct
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        environment = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": data_dir, "RUMMY_TUI_DATA_DIR": data_dir}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environment,
            cwd=data_dir,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self) -> None:
        try:
            self.feed(os.read(self.master, 65536))
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    async def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)
        self.process.kill()
        self.process.wait()


class SSHGame(Terminal):
    async def start(self, port: int, username: str) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=username,
            known_hosts=None,
            client_keys=None,
            password="",
            agent_path=None,
            connect_timeout=TIMEOUT,
        )
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.feed(data)

    def press(self, keys: bytes) -> None:
        self.process.stdin.write(keys)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
