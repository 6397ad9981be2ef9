"""Keys at the table while the disk misbehaves: `python bench/disk.py [--runs 3]` (not a test;
prints one report).

Three Gin hands and the first moves of the next are played with keys at an 80x24 table, three times:
with a healthy data folder, with the history held locked by another program for the whole
time (a second `rummy` writing it, a backup tool), and with a slow disk (every fsync takes
200 ms). Each key is timed from its dispatch to the refreshed frame after its handling (the
hook of bench/ui.py). Target (issue #29): the disk never delays a key by more than a frame,
so the three rows match; before the disk writer a locked history held every key after a
hand's end for 15 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

LOCKER = ROOT / "tests" / "storage" / "history_locker.py"
SLOW_FSYNC_SECONDS = 0.2
HANDS = 3


async def play_keys() -> list[float]:
    """Every key of three Gin hands and of the next hand's first six moves; seconds per key."""
    from ui.driver import make_app, play_until

    from bench.ui import latency_hook

    app = make_app("gin", 2, ["Ann"], seed=3)
    hook, latencies = latency_hook([app])
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        game = app.table().game
        await play_until(pilot, lambda: len(game.state.sheet) >= HANDS, max_moves=1000)
        actions = len(game.record["actions"])
        await play_until(pilot, lambda: len(game.record["actions"]) >= actions + 6)
        app.table().disk_writer().flush(timeout=30)
    return latencies()


def with_healthy_disk() -> list[float]:
    return asyncio.run(play_keys())


def with_locked_history() -> list[float]:
    from rummy_tui.storage.history import History

    History()  # the file exists, as after any earlier game
    locker = subprocess.Popen(
        [sys.executable, str(LOCKER), str(History().path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert locker.stdout.readline().strip() == "locked"
        return asyncio.run(play_keys())
    finally:
        locker.kill()
        locker.wait()


def with_slow_disk() -> list[float]:
    real_fsync = os.fsync

    def slow_fsync(descriptor: int) -> None:
        time.sleep(SLOW_FSYNC_SECONDS)
        real_fsync(descriptor)

    os.fsync = slow_fsync
    try:
        return asyncio.run(play_keys())
    finally:
        os.fsync = real_fsync


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    for label, play in (
        ("healthy disk", with_healthy_disk),
        ("history locked by another program", with_locked_history),
        (f"slow disk ({SLOW_FSYNC_SECONDS * 1000:.0f} ms per fsync)", with_slow_disk),
    ):
        p50s, p95s, worsts, counts = [], [], [], []
        for _ in range(runs):
            os.environ["RUMMY_TUI_DATA_DIR"] = tempfile.mkdtemp()  # a fresh data folder per run
            latencies = play()
            p50s.append(statistics.median(latencies) * 1000)
            p95s.append(statistics.quantiles(latencies, n=20, method="inclusive")[-1] * 1000)
            worsts.append(max(latencies) * 1000)
            counts.append(len(latencies))
        print(
            f"{label}: {statistics.median(counts):.0f} keys, key to frame p50 {statistics.median(p50s):.1f} ms, "
            f"p95 {statistics.median(p95s):.1f} ms, worst {statistics.median(worsts):.0f} ms "
            f"(median of {runs} runs; worst per run: {', '.join(f'{w:.0f}' for w in worsts)} ms)"
        )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
