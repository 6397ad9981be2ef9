"""Test helpers: a real `rummy serve` in a subprocess, and a real SSH client whose terminal is
a pyte screen, so tests read what a player would see."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import pyte

WAIT = 60.0  # generous: the suite runs on a loaded 2-core machine
LISTENING = re.compile(r"listening on [\d.]+:(\d+)")


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    fingerprint: str
    data_dir: Path
    log_path: Path
    options: tuple[str, ...] = ()
    log_start: int = 0  # where this test's part of a shared server's log begins

    @property
    def players(self) -> Path:
        return self.data_dir / "serve" / "players"

    def log(self) -> str:
        """The log since this test began (what earlier tests did on a shared server is not in it)."""
        return self.whole_log()[self.log_start :]

    def whole_log(self) -> str:
        return self.log_path.read_text()

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=30)
        finally:
            self.process.stdout.close()


def start_server(data_dir: Path, *options: str, under_nohup: bool = False, code: Path | None = None) -> Server:
    """`rummy serve --port 0 ...` with its own data folder; waits for the listening line.
    `under_nohup`: started with SIGHUP ignored, as nohup does (its games must not inherit that).
    `code`: a folder holding another copy of rummy_tui and variants to run (the server and its games)."""
    log_path = data_dir / f"serve-{time.monotonic_ns()}.log"
    # its own table socket: a test server never takes this user's usual one from a real player
    environment = dict(
        os.environ, RUMMY_TUI_DATA_DIR=str(data_dir), RUMMY_TUI_TABLE_SOCKET=str(data_dir / "tables.sock")
    )
    command = [sys.executable, "-m", "rummy_tui", "serve", "--port", "0", "--connections-per-minute", "1000", *options]
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            command,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            cwd=code,
            preexec_fn=(lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN)) if under_nohup else None,
        )
    port = fingerprint = None
    deadline = time.monotonic() + WAIT
    while fingerprint is None and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if match := LISTENING.search(line):
            port = int(match.group(1))
        if line.startswith("host key fingerprint:"):
            fingerprint = line.split()[3]
    if port is None or fingerprint is None:
        process.kill()
        raise AssertionError(f"the server did not start: {log_path.read_text()}")
    return Server(process, port, fingerprint, data_dir, log_path, options)


async def connect(server: Server, username: str = "guest", key=None) -> asyncssh.SSHClientConnection:
    """A key-holding visitor, or (without a key) a guest through an empty keyboard-interactive round."""
    keys = {"client_keys": [key]} if key is not None else {"client_keys": None, "password": ""}
    return await asyncssh.connect(
        "127.0.0.1", server.port, username=username, known_hosts=None, agent_path=None, connect_timeout=WAIT, **keys
    )


class Terminal:
    """A PTY session on the server, drawn into a pyte screen."""

    def __init__(self, process: asyncssh.SSHClientProcess, width: int, height: int) -> None:
        self.process = process
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.stderr_seen = ""  # the server's own one-line messages arrive on stderr
        self.output = bytearray()  # every byte the game drew, as sent
        self.readers = [asyncio.create_task(self._read(stream)) for stream in (process.stdout, process.stderr)]

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, width: int = 80, height: int = 24) -> Terminal:
        process = await conn.create_process(term_type="xterm-256color", term_size=(width, height), encoding=None)
        return cls(process, width, height)

    async def _read(self, stream: asyncssh.SSHReader) -> None:
        """stdout and stderr both reach the screen, as in a real terminal."""
        while data := await stream.read(65536):
            if stream is self.process.stderr:
                self.stderr_seen += data.decode(errors="replace")
            else:
                self.output += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, *texts: str, timeout: float = WAIT) -> str:
        """Poll the screen until every one of `texts` is on it."""
        deadline = time.monotonic() + timeout
        while not all(text in self.text() for text in texts):
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {texts!r} on the screen:\n{self.text()}")
            await asyncio.sleep(0.05)
        return self.text()

    def press(self, keys: bytes) -> None:
        self.process.stdin.write(keys)

    def resize(self, width: int, height: int) -> None:
        self.process.change_terminal_size(width, height)
        self.screen.resize(height, width)

    def line_with(self, text: str) -> str:
        return next(line for line in self.screen.display if text in line)


def processes_using(folder: Path) -> list[int]:
    """Pids of live processes whose environment names `folder` (a spawned game's data dir) or
    whose working directory is in it (a game forked from the template keeps the template's
    environment block in /proc, but works in its data folder)."""
    needle = str(folder).encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "environ").read_bytes() or Path(os.readlink(entry / "cwd")).is_relative_to(folder):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def template_pids(server: Server) -> list[int]:
    """The game templates the server started, in order (a restarted one comes later)."""
    return [int(pid) for pid in re.findall(r" template-ready .* pid=(\d+)", server.whole_log())]


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])


def running(pid: int) -> bool:
    """Alive and not a zombie (the server reaps its games)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def game_pids(server: Server) -> list[int]:
    return [int(pid) for pid in re.findall(r" play .* pid=(\d+)", server.log())]


async def wait_until(condition, timeout: float = WAIT, message: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(message or "timed out")
        await asyncio.sleep(0.05)


def running_server(tmp_path, *options: str, under_nohup: bool = False, code: Path | None = None):
    """For a fixture: a started ``rummy serve`` (with ``options``), stopped after the test, which
    fails if the server did not stop cleanly or left a game process behind."""
    server = start_server(tmp_path, *options, under_nohup=under_nohup, code=code)
    yield server
    assert server.stop() == 0
    assert processes_using(server.players) == []


def shared_server(server: Server):
    """For a test's fixture over a server its module shares (a module-scoped ``running_server``,
    where the tests do not change its settings): the server as this test sees it, its log from
    now on. After the test, every game it started has ended (its visitors are gone)."""
    view = dataclasses.replace(server, log_start=len(server.whole_log()))
    yield view
    deadline = time.monotonic() + WAIT
    while left := [pid for pid in game_pids(view) if running(pid) or f"pid={pid} " not in ended_games(view)]:
        assert time.monotonic() < deadline, f"games outlived their test: {left}\n{view.log()}"
        time.sleep(0.05)


def ended_games(server: Server) -> str:
    """The log's game-over lines (the server writes one once a session's seat is given back)."""
    return "".join(line for line in server.log().splitlines(keepends=True) if " game-over " in line)
