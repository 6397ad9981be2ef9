"""The real `rummy` in a pseudo-terminal, read through pyte: a helper of the bench scripts.

The game runs as its own process (its own session, an 80x24 PTY, a fresh data folder); a thread
drains its output into a pyte screen, counting bytes and stamping the last change. Its CPU time
is read from /proc (user + system, all threads).
"""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (every thread), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class PtyApp:
    """``python -m rummy_tui ARGS`` in a PTY of ``columns`` x ``rows``, run from ``tree``."""

    def __init__(
        self, *args: str, columns: int = 80, rows: int = 24, env: dict[str, str] | None = None, tree: Path = ROOT
    ):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environment = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        environment |= {"TERM": "xterm-256color", "RUMMY_TUI_DATA_DIR": tempfile.mkdtemp(prefix="bench-")}
        environment |= env or {}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=tree,  # the tree whose code runs (another checkout, for a before/after comparison)
            env=environment,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_out = 0
        self.output_times: list[float] = []  # when each chunk of output arrived
        self.changed_at = time.monotonic()
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            with self.changed:
                self.changed_at = time.monotonic()
                if data:
                    self.stream.feed(data)
                    self.bytes_out += len(data)
                    self.output_times.append(self.changed_at)
                self.changed.notify_all()
            if not data:
                return

    def text(self) -> str:
        with self.changed:
            return "\n".join(self.screen.display)

    def wait_for(self, predicate: Callable[[str], bool], timeout: float = 30.0) -> str:
        """The screen's text once ``predicate`` holds for it; TimeoutError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                text = "\n".join(self.screen.display)
                if predicate(text):
                    return text
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise TimeoutError(f"the screen never showed what was awaited:\n{text}")
                self.changed.wait(left)

    def wait_quiet(self, quiet: float = 0.5, timeout: float = 30.0) -> None:
        """Until the game has written nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.changed:
                still = time.monotonic() - self.changed_at
            if still >= quiet:
                return
            time.sleep(quiet - still)
        raise TimeoutError("the game kept writing")

    def send(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def cpu(self) -> float:
        return cpu_seconds(self.pid)

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.pid, signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.process.wait()
        os.close(self.master)
