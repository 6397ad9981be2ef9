"""Shared-table speed: the action round trip, and one server carrying 50 busy tables.

    nice -n 19 python bench/table.py            # median of 3 runs of each, about 2 minutes
    nice -n 19 python bench/table.py --quick    # one short run of each

The table server runs as its own process (``rummy table-server``), as it does for players,
saving every table after every move (written before the views go out, flushed to the disk
right after). Two measurements:

* **Round trip**, 4 seats at one Römi table: the time from a seat sending its action until
  every seat (the mover included) has received the new view. Actions are chosen before the
  clock starts. Target: p99 at most 20 ms.
* **50 tables** of 4 seats, every seat played by the AI (the host leaves, so the AI covers
  for it) with the server's usual 0.5 s AI pause: the server's CPU (share of one core) and
  memory (RSS and PSS), and whether any table missed a turn (stalled for more than
  ``STALL_SECONDS`` while its game was not over).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile  # noqa: E402

from rummy_tui.tableserver.client import NoAnswer, TableClient  # noqa: E402

SEATS = 4
STALL_SECONDS = 5.0
TICKS = os.sysconf("SC_CLK_TCK")


class ServerProcess:
    """``rummy table-server`` in a fresh data folder (removed when it stops), on a socket of its
    own; ``options`` besides the bench's own."""

    def __init__(self, ai_delay: float, tree: Path | None = None, options: tuple[str, ...] = ()):
        self.folder = Path(tempfile.mkdtemp(prefix="rummy-bench-"))
        self.socket = self.folder / "run" / "tables.sock"
        environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(self.folder / "data"))
        command = [
            sys.executable,
            "-m",
            "rummy_tui",  # (rummy_tui.cli has no __main__ in older trees)
            "table-server",
            "--socket",
            str(self.socket),
            "--ai-delay",
            str(ai_delay),
            *options,
        ]
        self.process = subprocess.Popen(
            command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tree
        )

    async def client(self, name: str) -> TableClient:
        for _ in range(400):
            try:
                client = await TableClient().connect(self.socket)
                await client.hello(name)
                return client
            except (FileNotFoundError, ConnectionRefusedError):
                await asyncio.sleep(0.05)
        raise RuntimeError("the table server did not start")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def memory_mib(self) -> dict[str, float]:
        found = {}
        for line in Path(f"/proc/{self.process.pid}/smaps_rollup").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("Rss", "Pss"):
                found[name.lower()] = round(int(value.split()[0]) / 1024, 1)
        return found

    def stop(self) -> str:
        self.process.kill()
        _, errors = self.process.communicate(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)
        return errors.decode("utf-8", "replace")


# --- round trip ------------------------------------------------------------------------------


async def round_trips(samples: int, seed: int) -> list[float]:
    server = ServerProcess(ai_delay=0)
    try:
        clients = [await server.client(f"Seat {n + 1}") for n in range(SEATS)]
        welcome = await clients[0].create("hungarian", ["human"] * SEATS)
        for guest in clients[1:]:
            await guest.join(welcome["table"])
        await clients[0].start()
        rng, times = random.Random(seed), []
        view = await clients[0].wait_view(lambda v: v["started"])
        while len(times) < samples and view["observation"]["result"] is None:
            mover = clients[view["observation"]["to_move"]]
            mine = await mover.wait_view(lambda v, seq=view["seq"]: v["legal"] and v["seq"] == seq)
            action, seq = rng.choice(mine["legal"]), mine["seq"]
            started = time.perf_counter()
            await mover.act(action, seq)
            for client in clients:
                await client.wait_view(lambda v, seq=seq: v["seq"] > seq)
            times.append((time.perf_counter() - started) * 1000)
            view = clients[0].view
        for client in clients:
            await client.close()
        return times
    finally:
        server.stop()


# --- 50 tables -------------------------------------------------------------------------------


async def busy_tables(tables: int, seconds: float) -> dict:
    # every host here is the bench, one player to the server: allowed as many open tables as it hosts
    server = ServerProcess(ai_delay=0.5, options=("--max-tables-per-player", str(tables)))
    try:
        watchers, hosts = [], []
        for number in range(tables):
            host = await server.client(f"Host {number + 1}")
            welcome = await host.create("hungarian", ["human"] + ["normal"] * (SEATS - 1), grace=0)
            await host.start()
            await host.leave()  # the AI covers the host's seat from now on
            watcher = await server.client(f"Watcher {number + 1}")
            await watcher.send({"type": "watch", "code": welcome["table"]})
            hosts.append(host)
            watchers.append(watcher)
        moves = {id(w): [] for w in watchers}
        stop = time.monotonic() + seconds

        async def follow(watcher: TableClient) -> None:
            seq = -1
            while time.monotonic() < stop:
                try:
                    view = await watcher.wait_view(lambda v, seq=seq: v["seq"] > seq, timeout=stop - time.monotonic())
                except (NoAnswer, ValueError):  # no move before the window closed (NoAnswer), or a bad view
                    return
                seq = view["seq"]
                moves[id(watcher)].append((time.monotonic(), view["observation"]["result"] is not None))

        cpu_before, wall_before = server.cpu_seconds(), time.monotonic()
        await asyncio.gather(*(follow(w) for w in watchers))
        cpu = (server.cpu_seconds() - cpu_before) / (time.monotonic() - wall_before)
        memory = server.memory_mib()
        stalled = 0
        for seen in moves.values():
            stamps = [wall_before] + [stamp for stamp, _ in seen] + [stop]
            over = bool(seen) and seen[-1][1]
            longest = max(b - a for a, b in zip(stamps, stamps[1:], strict=False))
            stalled += longest > STALL_SECONDS and not over
        total = sum(len(seen) for seen in moves.values())
        for client in watchers + hosts:
            await client.close()
        return {
            "cpu_share_of_one_core": round(cpu, 3),
            **memory,
            "moves": total,
            "moves_per_second": round(total / seconds, 1),
            "tables_that_missed_a_turn": stalled,
        }
    finally:
        errors = server.stop()
        if "Traceback" in errors:
            print(errors[-2000:], file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short run of each")
    options = parser.parse_args()
    runs, samples, seconds = (1, 200, 10) if options.quick else (3, 500, 20)
    print(f"{platform.node()}: {os.cpu_count()} cores, load average {os.getloadavg()}, nice {os.nice(0)}")
    p50s, p99s = [], []
    for run in range(runs):
        times = asyncio.run(round_trips(samples, seed=run))
        p50s.append(percentile(times, 0.50))
        p99s.append(percentile(times, 0.99))
        print(f"round trip run {run + 1}: {len(times)} actions, p50 {p50s[-1]:.2f} ms, p99 {p99s[-1]:.2f} ms")
    busy = []
    for run in range(runs):
        busy.append(asyncio.run(busy_tables(50, seconds)))
        print(f"50 tables run {run + 1}: {json.dumps(busy[-1])}")
    summary = {
        "round_trip_ms": {
            "p50": round(statistics.median(p50s), 2),
            "p99": round(statistics.median(p99s), 2),
            "target_p99": 20,
        },
        "fifty_tables": {key: statistics.median(run[key] for run in busy) for key in busy[0]},
        "runs": runs,
        "load_average_after": os.getloadavg(),
    }
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
