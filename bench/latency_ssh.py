"""Seat to seat over SSH: a move key at one visitor of `rummy serve` to the change on the other's.

    python bench/latency_ssh.py                 # 3 runs of 30 keys, the median of each figure
    python bench/latency_ssh.py --runs 1 --moves 20
    python bench/latency_ssh.py --against ad619c7   # and that commit's `rummy serve`, interleaved

A real `rummy serve` (its own data folder and table service) and two real SSH clients
(asyncssh, each screen read through pyte, as in tests/serve): anna hosts a Gin table, bob joins
it by its code, anna starts it, and both play with keys (pass, draw, discard the card under the
cursor, void). For each key: the time from sending it on the mover's SSH channel until the other
visitor's first bytes arrived (seat to seat), and the mover's own (key to screen). This is
bench/latency.py's measurement with the SSH leg and the serve process's PTY relay included.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from engine_ab import extract  # noqa: E402
from figures import percentile  # noqa: E402

from tests.serve.sshplay import Terminal, connect, start_server  # noqa: E402
from tests.serve.test_ssh_shared_play import join_by_code  # noqa: E402
from tests.serve.test_ssh_tables import CTRL_S, host_a_gin_table  # noqa: E402

KEYS_BY_HINT = (("(p)", b"p"), ("(d)", b"d"), ("(x)", b"x"), ("(v)", b"v"))
NAMES = ("anna", "bob")


class TimedTerminal(Terminal):
    """A Terminal that stamps when each chunk of the game's output arrived."""

    def __init__(self, *args, **kwargs) -> None:
        self.arrivals: list[float] = []
        super().__init__(*args, **kwargs)

    async def _read(self, stream: asyncssh.SSHReader) -> None:
        while data := await stream.read(65536):
            if stream is not self.process.stderr:
                self.arrivals.append(time.monotonic())
                self.output += data
            self.stream.feed(data)


def key_for(text: str, name: str) -> bytes | None:
    header = text.splitlines()[0] if text else ""
    if f"{name}:" not in header:
        return None
    return next((key for hint, key in KEYS_BY_HINT if hint in header), None)


async def quiet(*terminals: TimedTerminal, still: float = 0.3) -> None:
    while True:
        last = max((t.arrivals[-1] if t.arrivals else 0.0) for t in terminals)
        if time.monotonic() - last >= still:
            return
        await asyncio.sleep(still / 3)


async def one_run(moves: int, tree: Path = ROOT) -> tuple[list[float], list[float]]:
    """Seat-to-seat and key-to-own-screen times (ms) of ``moves`` keys, served by ``tree``'s code."""
    here = os.getcwd()
    os.chdir(tree)  # `python -m rummy_tui serve` runs the code of the folder it starts in
    try:
        server = start_server(Path(tempfile.mkdtemp(prefix="latency-ssh-")))
    finally:
        os.chdir(here)
    across: list[float] = []
    own: list[float] = []
    try:
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in NAMES]
        seats = {}
        for name, key in zip(NAMES, keys, strict=True):
            connection = await connect(server, name, key)
            process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
            seats[name] = TimedTerminal(process, 80, 24)
        code = await host_a_gin_table(seats["anna"])
        await join_by_code(seats["bob"], code)
        await seats["anna"].wait_for("bob  here")
        seats["anna"].press(CTRL_S)  # start
        for name in NAMES:
            await seats[name].wait_for("10 cards")
        while len(across) < moves:
            mover = None
            deadline = time.monotonic() + 30
            while mover is None and time.monotonic() < deadline:
                await quiet(*seats.values())
                mover = next((name for name in NAMES if key_for(seats[name].text(), name)), None)
            if mover is None:
                break  # the hand is over
            other = next(name for name in NAMES if name != mover)
            app, watcher = seats[mover], seats[other]
            key = key_for(app.text(), mover) or b""
            seen_mine, seen_theirs = len(app.arrivals), len(watcher.arrivals)
            started = time.monotonic()
            app.press(key)
            while (len(watcher.arrivals) == seen_theirs or len(app.arrivals) == seen_mine) and (
                time.monotonic() - started < 10
            ):
                await asyncio.sleep(0.002)
            if len(watcher.arrivals) == seen_theirs or len(app.arrivals) == seen_mine:
                continue  # the key changed nothing (a refusal shown only on one side)
            across.append((watcher.arrivals[seen_theirs] - started) * 1000)
            own.append((app.arrivals[seen_mine] - started) * 1000)
    finally:
        server.stop()
    return across, own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--against", help="a git revision to compare with, runs interleaved (this tree first)")
    options = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs", flush=True)
    with tempfile.TemporaryDirectory(prefix="latency-ssh-") as scratch:
        trees = {"this tree": ROOT}
        if options.against:
            trees[options.against] = extract(options.against, Path(scratch))
        figures = {name: collections.defaultdict(list) for name in trees}
        for run in range(options.runs):
            for name, tree in trees.items():
                across, own = asyncio.run(one_run(options.moves, tree))
                row = {
                    "across p50": percentile(across, 0.5),
                    "across p99": percentile(across, 0.99),
                    "own p50": percentile(own, 0.5),
                    "own p99": percentile(own, 0.99),
                }
                for figure, value in row.items():
                    figures[name][figure].append(value)
                shown = ", ".join(f"{k} {v:.0f} ms" for k, v in row.items())
                print(f"run {run + 1}, {name}: {len(across)} keys; {shown}", flush=True)
    for name, values in figures.items():
        median = {figure: statistics.median(numbers) for figure, numbers in values.items()}
        print(
            f"{name}, median of {options.runs} runs: seat to seat p50 {median['across p50']:.0f} ms, p99 "
            f"{median['across p99']:.0f} ms; key to own screen p50 {median['own p50']:.0f} ms, p99 "
            f"{median['own p99']:.0f} ms"
        )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
