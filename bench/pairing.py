"""Play now: how soon two players asking for the same game sit at one started table.

    nice -n 19 python bench/pairing.py            # median of 3 runs of 30 pairs, 40 at once
    nice -n 19 python bench/pairing.py --quick    # one run of 10 pairs, 20 at once

The table server runs as its own process (``rummy table-server``), as it does for players.

* **A pair**: one player waits for gin; a second asks. The time from the second one's request
  until both have their seat and a view of the started game (the deal waits for both players'
  own randomness). The issue's goal: within a second.
* **A crowd**: N players (ratings left at the newcomer's) ask for gin at the same moment;
  the time until every one of them sits at a started table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.table import ServerProcess, percentile  # noqa: E402
from rummy_tui.tableserver.client import TableClient  # noqa: E402


async def player(server: ServerProcess, name: str) -> TableClient:
    client = await server.client(name)
    await client.hello(name, identity=f"key-{name}")
    return client


async def seated_and_started(client: TableClient) -> None:
    while (await client.news(timeout=30))["type"] != "welcome":
        pass
    await client.wait_view(lambda view: view["started"], timeout=30)


async def pairs(count: int) -> list[float]:
    server = ServerProcess(ai_delay=0)
    times = []
    try:
        for number in range(count):
            first, second = await player(server, f"a{number}"), await player(server, f"b{number}")
            await first.seek("gin", 2)
            started = time.perf_counter()
            await second.seek("gin", 2)
            await asyncio.gather(seated_and_started(first), seated_and_started(second))
            times.append((time.perf_counter() - started) * 1000)
            await first.close()
            await second.close()
        return times
    finally:
        server.stop()


async def crowd(count: int) -> float:
    server = ServerProcess(ai_delay=0)
    try:
        clients = [await player(server, f"p{number}") for number in range(count)]
        started = time.perf_counter()
        await asyncio.gather(*(client.seek("gin", 2) for client in clients))
        await asyncio.gather(*(seated_and_started(client) for client in clients))
        elapsed = (time.perf_counter() - started) * 1000
        for client in clients:
            await client.close()
        return elapsed
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    runs, count, crowd_size = (1, 10, 20) if arguments.quick else (3, 30, 40)
    pair_runs, crowd_runs = [], []
    for _ in range(runs):
        times = asyncio.run(pairs(count))
        pair_runs.append({"median_ms": statistics.median(times), "p95_ms": percentile(times, 0.95)})
        crowd_runs.append(asyncio.run(crowd(crowd_size)))
    print(
        json.dumps(
            {
                "machine": platform.platform(),
                "pair_median_ms": statistics.median(run["median_ms"] for run in pair_runs),
                "pair_p95_ms": statistics.median(run["p95_ms"] for run in pair_runs),
                "crowd": crowd_size,
                "crowd_all_seated_ms": statistics.median(crowd_runs),
                "runs": runs,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
