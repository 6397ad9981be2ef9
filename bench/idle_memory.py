"""PSS per idle session of forked games, trees side by side:
`python bench/idle_memory.py [TREE ...] [--rounds 3] [--size 20] [--settle 3]` (not a test).

For each round and each tree in turn (interleaved, so the machine's load falls on all of them
alike): `rummy serve` running that tree's code (its game template, no spawn path), `--size`
visitors at the start screen at once, `--settle` seconds, then the PSS of every game plus the
template's, per session (what `bench/serve.py` reports), and where each game's private memory
lies: Python's arenas and other anonymous mappings, the brk heap, libpython's data. A tree is a
checkout or a `git archive REV | tar -x -C DIR` copy (compile it first, `python -m compileall
-q DIR`: a template that compiles its sources leaves a heap about 1 MiB worse for its games).
Without a tree: this checkout.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
from pathlib import Path

from serve import ROOT, Served, close_all, cpu_seconds, memory_of, one_start, open_many, until_games_gone

MAPPING_START = re.compile(r"^[0-9a-f]+-[0-9a-f]+ ")


def private_by_kind(pid: int) -> dict[str, int]:
    """KiB of `pid`'s private pages in each kind of mapping."""
    kinds: dict[str, int] = {}
    kind = ""
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        if MAPPING_START.match(line):
            fields = line.split()
            name = fields[5] if len(fields) > 5 else ""
            kind = mapping_kind(name, fields[1])
        elif line.startswith(("Private_Dirty:", "Private_Clean:")):
            kinds[kind] = kinds.get(kind, 0) + int(line.split()[1])
    return kinds


def mapping_kind(name: str, permissions: str) -> str:
    if name == "[heap]":
        return "brk heap"
    if name == "":
        return "arenas and anonymous" if permissions.startswith("rw") else "other anonymous"
    if "libpython" in name or name.endswith("python3.11"):
        return "libpython"
    return "stacks and files"


async def one_round(tree: Path, size: int, settle: float) -> tuple[float, dict[str, float], float]:
    """PSS per session, each kind's private MiB per game, and the median CPU of a game so far."""
    served = Served(False, tree)
    try:
        await one_start(served)
        before = len(served.game_pids())
        _times, games = await open_many(served, size, "idle")
        await asyncio.sleep(settle)
        pids = served.game_pids()[before:]
        template = served.template_pids()[-1]
        pss = (sum(memory_of(pid)[1] for pid in pids) + memory_of(template)[1]) / len(pids)
        kinds: dict[str, float] = {}
        for pid in pids:
            for kind, kib in private_by_kind(pid).items():
                kinds[kind] = kinds.get(kind, 0) + kib / 1024 / len(pids)
        cpu = statistics.median(cpu_seconds(pid) for pid in pids)
        await close_all(games)
        await until_games_gone(served)
        return pss, kinds, cpu
    finally:
        served.stop()


async def main(arguments: argparse.Namespace) -> None:
    trees = [Path(tree).resolve() for tree in arguments.trees] or [ROOT]
    measured: dict[Path, list[float]] = {tree: [] for tree in trees}
    for number in range(arguments.rounds):
        for tree in trees:
            load = os.getloadavg()[0]
            pss, kinds, cpu = await one_round(tree, arguments.size, arguments.settle)
            measured[tree].append(pss)
            private = ", ".join(f"{kind} {mib:.2f}" for kind, mib in sorted(kinds.items()))
            print(
                f"round {number} {tree}: {pss:.2f} MiB a session (load {load:.1f}; a game's CPU {cpu:.2f} s; "
                f"private MiB a game: {private})",
                flush=True,
            )
    for tree, values in measured.items():
        runs = ", ".join(f"{value:.2f}" for value in values)
        print(
            f"{tree}: PSS per idle session, {arguments.size} open, median {statistics.median(values):.2f} MiB ({runs})"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", help="checkouts to compare (default: this one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", type=int, default=20, help="idle sessions open at once")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds they idle before their memory is read")
    asyncio.run(main(parser.parse_args()))
