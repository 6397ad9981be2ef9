"""SSH serving speed: `python bench/serve.py [--runs 3] [--crowds 10,30]` (not a test; prints a report).

Everything is measured in the same run against `rummy` started locally in a PTY, and read the
way a player sees it: the byte stream goes through a pyte terminal and the clock stops when
the text appears.

* connect to a complete start screen (variant list, seats and footer drawn) over SSH, against a
  local start in a PTY (target: at most 1.3x);
* key to screen update at a Gin table (`s` flips "sorted by suit"/"sorted by rank"), p50 and
  p95, over SSH against local (target: at most 1.5x);
* RSS and PSS of each session's game process;
* 10 and 30 sessions opened at the same instant: how many got drawn, and when the last one was.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pty
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")
TIMEOUT = 180.0


class Terminal:
    """A pyte screen fed by a session; `wait_for` wakes on every chunk of output."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self.changed.set()

    def shows(self, *texts: str) -> bool:
        text = "\n".join(self.screen.display)
        return all(part in text for part in texts)

    async def wait_for(self, *texts: str, timeout: float = TIMEOUT) -> float:
        """Wait until every one of `texts` is on screen; returns the perf_counter time it appeared."""
        deadline = time.perf_counter() + timeout
        while not self.shows(*texts):
            self.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"never saw {texts}:\n" + "\n".join(self.screen.display))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return time.perf_counter()


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


def start_server(data_dir: str) -> tuple[subprocess.Popen, int, Path]:
    log = Path(data_dir) / "serve.log"
    command = [
        sys.executable,
        "-m",
        "rummy_tui",
        "serve",
        "--port",
        "0",
        "--max-sessions",
        "200",
        "--max-per-ip",
        "200",
        "--connections-per-minute",
        "10000",
    ]
    with open(log, "w") as err:
        server = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            cwd=ROOT,
            env=os.environ | {"RUMMY_TUI_DATA_DIR": data_dir},
        )
    for line in server.stdout:
        if match := re.search(r"listening on [\d.]+:(\d+)", line):
            return server, int(match.group(1)), log
    raise SystemExit(f"the server did not start: {log.read_text()}")


async def time_start(open_game) -> tuple[float, Terminal]:
    started = time.perf_counter()
    game = await open_game()
    drawn = await game.wait_for(*START_SCREEN)
    return drawn - started, game


async def key_latencies(game: Terminal, presses: int) -> list[float]:
    """`s` at a Gin table, each time until the hand's caption flips."""
    game.press(b"\x13")  # ctrl+s: Gin against the computer
    await game.wait_for("sorted by suit")
    samples = []
    for number in range(presses):
        expected = "sorted by rank" if number % 2 == 0 else "sorted by suit"
        await asyncio.sleep(0.05)
        pressed = time.perf_counter()
        game.press(b"s")
        samples.append(await game.wait_for(expected) - pressed)
    return samples


def memory_of(pid: int) -> tuple[float, float]:
    """(RSS, PSS) in MiB."""
    rss = int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1))
    pss = int(re.search(r"Pss:\s+(\d+)", Path(f"/proc/{pid}/smaps_rollup").read_text()).group(1))
    return rss / 1024, pss / 1024


def game_pids(log: Path) -> list[int]:
    return [int(pid) for pid in re.findall(r" play .* pid=(\d+)", log.read_text())]


async def one_run(port: int, log: Path, presses: int) -> dict:
    """Local and SSH, one after the other, in the same conditions."""
    local_start, local = await time_start(lambda: _local())
    ssh_start, remote = await time_start(lambda: _ssh(port, f"bench{time.monotonic_ns()}"))
    local_keys = await key_latencies(local, presses)
    ssh_keys = await key_latencies(remote, presses)
    rss, pss = memory_of(game_pids(log)[-1])
    await local.close()
    await remote.close()
    return {
        "local_start": local_start,
        "ssh_start": ssh_start,
        "local_keys": local_keys,
        "ssh_keys": ssh_keys,
        "rss": rss,
        "pss": pss,
    }


async def _local() -> LocalGame:
    game = LocalGame()
    await game.start(tempfile.mkdtemp(prefix="rummy-bench-"))
    return game


async def _ssh(port: int, username: str) -> SSHGame:
    game = SSHGame()
    await game.start(port, username)
    return game


async def crowd(port: int, size: int) -> tuple[int, float, float]:
    """`size` sessions at once: (how many were drawn, first and last seconds to a complete start screen)."""
    results = await asyncio.gather(
        *(time_start(lambda n=n: _ssh(port, f"crowd{size}-{n}")) for n in range(size)), return_exceptions=True
    )
    times = [result[0] for result in results if not isinstance(result, BaseException)]
    await asyncio.gather(*(result[1].close() for result in results if not isinstance(result, BaseException)))
    await asyncio.sleep(2)  # let the hung-up games go before the next crowd
    return len(times), min(times, default=float("nan")), max(times, default=float("nan"))


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main(runs: int, presses: int, crowds: list[int]) -> None:
    data_dir = tempfile.mkdtemp(prefix="rummy-serve-bench-")
    server, port, log = start_server(data_dir)
    try:
        measured = [await one_run(port, log, presses) for _ in range(runs)]
        crowd_results = {size: await crowd(port, size) for size in crowds}
    finally:
        server.terminate()
        server.wait(timeout=60)
    report(measured, crowd_results)


def report(measured: list[dict], crowds: dict[int, tuple[int, float, float]]) -> None:
    def median(name: str) -> float:
        return statistics.median(run[name] for run in measured)

    def key_median(name: str, fraction: float) -> float:
        return statistics.median(percentile(run[name], fraction) for run in measured) * 1000

    local, ssh = median("local_start"), median("ssh_start")
    print(
        f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end; "
        f"median of {len(measured)} runs"
    )
    print(
        f"connect to complete start screen: SSH {ssh * 1000:.0f} ms, local PTY {local * 1000:.0f} ms, "
        f"ratio {ssh / local:.2f} (target <= 1.3) {'OK' if ssh / local <= 1.3 else 'OVER'}"
    )
    for label, fraction in (("p50", 0.5), ("p95", 0.95)):
        remote, here = key_median("ssh_keys", fraction), key_median("local_keys", fraction)
        print(
            f"key to screen update {label}: SSH {remote:.1f} ms, local {here:.1f} ms, ratio {remote / here:.2f} "
            f"(target <= 1.5) {'OK' if remote / here <= 1.5 else 'OVER'}"
        )
    print(f"memory per session (the game process): RSS {median('rss'):.0f} MiB, PSS {median('pss'):.0f} MiB")
    for size, (drawn, first, last) in crowds.items():
        print(
            f"{size} sessions opened at once: {drawn}/{size} drawn, first after {first:.1f} s, last after {last:.1f} s"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--crowds", default="10,30", help="comma-separated session counts opened at once ('' for none)")
    arguments = parser.parse_args()
    os.chdir(ROOT)
    asyncio.run(main(arguments.runs, arguments.presses, [int(n) for n in arguments.crowds.split(",") if n]))
