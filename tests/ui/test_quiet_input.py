"""A game waiting for its player sleeps (rummy_tui/quiet_driver.py): its input thread wakes for
a key, a lone Escape still arrives, and quitting does not wait for a tick."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pyte
from textual._xterm_parser import XTermParser

from rummy_tui.quiet_driver import QuietLinuxDriver
from rummy_tui.quiet_input import QuietInput

ROOT = Path(__file__).resolve().parents[2]


def test_the_input_thread_sleeps_until_input_unless_an_escape_sequence_is_unfinished():
    parser = XTermParser()
    assert QuietLinuxDriver._wait_for(parser) is None  # nothing pending: no timeout at all
    list(parser.feed("\x1b"))  # Escape alone, or the start of a sequence: the parser has a deadline
    wait = QuietLinuxDriver._wait_for(parser)
    assert wait is not None and 0 <= wait <= 1
    list(parser.feed("[A"))  # the rest of an arrow key: nothing pending again
    assert QuietLinuxDriver._wait_for(parser) is None


def test_the_app_reads_keys_with_the_quiet_driver_on_a_terminal():
    from textual.drivers.linux_driver import LinuxDriver

    class Base:
        def get_driver_class(self):
            return LinuxDriver

    class Other:
        def get_driver_class(self):
            return object

    assert type("App", (QuietInput, Base), {})().get_driver_class() is QuietLinuxDriver
    assert type("App", (QuietInput, Other), {})().get_driver_class() is object  # a web or headless driver stays


class Terminal:
    def __init__(self, data_dir: Path) -> None:
        self.leader, follower = pty.openpty()
        environment = {**os.environ, "RUMMY_TUI_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui", "play", "--variant", "gin", "--seed", "3"],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=environment,
            cwd=ROOT,
            close_fds=True,
        )
        os.close(follower)
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def read(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.leader], [], [], left)
            if ready:
                try:
                    self.stream.feed(os.read(self.leader, 65536))
                except OSError:
                    return

    def wait_for(self, words: str, present: bool = True, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while (words in self.text()) != present:
            assert time.monotonic() < deadline, f"{'no' if present else 'still'} {words!r} on\n{self.text()}"
            self.read(0.1)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wakeups(self) -> int:
        """Context switches of every thread of the game so far."""
        total = 0
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
        return total

    def wait_until_quiet(self, window: float = 1.5, most: int = 5, seconds: float = 60) -> None:
        """Until the game goes a whole ``window`` waking fewer than ``most`` times (Textual's own
        input thread would wake 15 times in 1.5 s). The start's last frames and threads end
        later on a loaded machine, and a busy process is also switched out more there, so the
        windows follow one another until the start is over; a game that wakes on a timer has
        no quiet window at all."""
        deadline = time.monotonic() + seconds
        while True:
            before = self.wakeups()
            self.read(window)
            woke = self.wakeups() - before
            if woke < most:
                return
            assert time.monotonic() < deadline, f"the waiting game still woke {woke} times in {window} s"


def test_a_game_waiting_for_a_key_does_not_wake_and_still_takes_escape_and_quits(tmp_path):
    terminal = Terminal(tmp_path / "data")
    try:
        terminal.wait_for("take the upcard (t) or pass (p)")
        terminal.wait_until_quiet()
        os.write(terminal.leader, b"?")
        terminal.wait_for("Draw the top card of the stock")
        os.write(terminal.leader, b"\x1b")  # a lone Escape closes the keys
        terminal.wait_for("Draw the top card of the stock", present=False)
        os.write(terminal.leader, b"\x11")  # ctrl+q
        terminal.read(0.5)
        assert terminal.process.wait(timeout=30) == 0
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()
        os.close(terminal.leader)
