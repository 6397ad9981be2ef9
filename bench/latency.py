"""Seat to seat: a move key at one seat of a shared table to the change on another seat's screen.

    python bench/latency.py               # 3 runs of 40 moves, the median of each figure
    python bench/latency.py --runs 1 --moves 20
    python bench/latency.py --against ad619c7   # and that commit's code, runs interleaved

A table server runs as its own process (``rummy table-server``, no AI pause); a script creates
a 3-seat Rummy table and plays its own seat at once whenever its turn comes; two real games
(``rummy join CODE``, each in an 80x24 PTY read through pyte) take the other two seats and
play with keys: draw (d), then discard the card under the cursor (x). For each key: the time
from writing it to the mover's PTY until the other seat's screen changed (seat to seat), and
until the mover's own screen changed (key to screen). The machine's load is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_ab import extract  # noqa: E402
from figures import percentile  # noqa: E402
from pty_app import ROOT, PtyApp  # noqa: E402
from table import ServerProcess  # noqa: E402

KEYS_BY_HINT = (("(d)", "d"), ("(x)", "x"), ("x discard", "x"))
NAMES = ("Anna", "Bela")


def header(text: str) -> str:
    return text.splitlines()[0] if text else ""


def key_for(text: str, name: str) -> str | None:
    line = header(text)
    if f"{name}:" not in line:
        return None
    return next((key for hint, key in KEYS_BY_HINT if hint in line), None)


class Host:
    """The script's seat: creates the table, starts it, and plays its own turns at once."""

    def __init__(self, server: ServerProcess):
        self.server = server
        self.code: str | None = None
        self.ready = threading.Event()
        self.stop = False
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.run(),), daemon=True)
        self.thread.start()
        self.ready.wait(60)

    async def run(self) -> None:
        client = await self.server.client("Host")
        welcome = await client.create("basic", ["human"] * 3, grace=600)
        self.code = welcome["table"]
        self.ready.set()
        await client.wait_view(lambda view: all(seat.get("connected") for seat in view["seats"]), timeout=120)
        await client.start()
        rng = random.Random(5)
        while not self.stop:
            try:
                view = await client.wait_view(lambda v: bool(v["legal"]) or v["observation"]["result"], timeout=1)
            except Exception:  # no turn of ours within a second: look at the stop flag again
                continue
            if view["observation"]["result"] is not None:
                return
            await client.act(rng.choice(view["legal"]), view["seq"])
            await client.wait_view(lambda v, seq=view["seq"]: v["seq"] > seq, timeout=30)


def one_run(moves: int, tree: Path = ROOT) -> tuple[list[float], list[float]]:
    """Seat-to-seat and key-to-own-screen times (ms) of ``moves`` keys, with the code of ``tree``."""
    server = ServerProcess(ai_delay=0, tree=tree)
    host = Host(server)
    env = {"RUMMY_TUI_TABLE_SOCKET": str(server.socket)}
    seats = {
        name: PtyApp("join", host.code or "", env={**env, "RUMMY_TUI_PLAYER_NAME": name}, tree=tree) for name in NAMES
    }
    across, own = [], []
    try:
        for app in seats.values():
            app.wait_for(lambda text: "Your name" in text, timeout=60)
            app.send("\x13")  # ctrl+s: join
            app.wait_for(lambda text: "(you)" in text or "Rummy ·" in header(text), timeout=60)
        for name, app in seats.items():
            app.wait_for(lambda text, name=name: "Rummy ·" in header(text), timeout=60)
        while len(across) < moves:
            mover = None
            deadline = time.monotonic() + 30
            while mover is None and time.monotonic() < deadline:
                for each in seats.values():
                    each.wait_quiet(0.3)
                mover = next((name for name, app in seats.items() if key_for(app.text(), name)), None)
            if mover is None:
                break  # the hand or the game is over
            other = next(name for name in NAMES if name != mover)
            app, watcher = seats[mover], seats[other]
            mine, theirs = app.text(), watcher.text()
            started = time.monotonic()
            app.send(key_for(mine, mover) or "")
            try:
                watcher.wait_for(lambda text, before=theirs: text != before, timeout=10)
                app.wait_for(lambda text, before=mine: text != before, timeout=10)
            except TimeoutError:
                print("  a key changed nothing (skipped):", header(mine).strip(), flush=True)
                continue
            across.append((first_change(watcher, started) - started) * 1000)
            own.append((first_change(app, started) - started) * 1000)
    finally:
        host.stop = True
        for app in seats.values():
            app.close()
        server.stop()
    return across, own


def first_change(app: PtyApp, after: float) -> float:
    return min(stamp for stamp in app.output_times if stamp >= after)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--against", help="a git revision to compare with, runs interleaved (this tree first)")
    options = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs", flush=True)
    with tempfile.TemporaryDirectory(prefix="latency-") as scratch:
        trees = {"this tree": ROOT}
        if options.against:
            trees[options.against] = extract(options.against, Path(scratch))
        figures = {name: collections.defaultdict(list) for name in trees}
        for run in range(options.runs):
            for name, tree in trees.items():
                across, own = one_run(options.moves, tree)
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
            f"{name}, median of {options.runs} runs: seat to seat p50 {median['across p50']:.0f} ms, "
            f"p99 {median['across p99']:.0f} ms; key to own screen p50 {median['own p50']:.0f} ms, "
            f"p99 {median['own p99']:.0f} ms"
        )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
