"""Random legal play, hands per second: this tree against another revision, runs interleaved.

    python bench/engine_ab.py                        # this tree alone, Gin, median of 5 runs
    python bench/engine_ab.py --against ad619c7      # and the engine of that commit, A B A B ...
    python bench/engine_ab.py --variant basic --players 4 --runs 7 --seconds 3

On a machine shared with other work one tree measured after the other compares two different
loads; so each run is a fresh process of one tree, the trees take turns, and each tree's figure
is the median of its runs. A run is ``--seconds`` of CPU time (``time.process_time``) of whole
hands, every seat playing a random legal action (a fixed seed per run, the same for both trees).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def hands_per_second(key: str, players: int, seconds: float, seed: int) -> float:
    """Runs in the worker process, with the tree to measure first on sys.path."""
    from rummy_tui.engine import Game
    from variants import registry

    registry()
    rng = random.Random(seed)
    game = Game(key, players, seed=seed)
    hands = 0
    started = time.process_time()
    while True:
        state = game.state
        marker = (state.hand_no, len(state.sheet), game.is_over)
        while (game.state.hand_no, len(game.state.sheet), game.is_over) == marker:
            game.apply(rng.choice(game.legal_actions()))
        hands += 1
        if game.is_over:
            seed += 1
            game = Game(key, players, seed=seed)
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return hands / elapsed


def measure(tree: Path, options: argparse.Namespace, seed: int) -> float:
    command = [sys.executable, __file__, "--worker", str(tree), options.variant, str(options.players)]
    command += [str(options.seconds), str(seed)]
    output = subprocess.run(command, check=True, capture_output=True, text=True, cwd=tree).stdout
    return float(output.strip())


def extract(revision: str, into: Path) -> Path:
    """The revision's tree, from ``git archive`` (no worktree, nothing shared is touched)."""
    archive = into / "tree.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(HERE), "archive", revision], check=True, stdout=out)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")
    return into / "tree"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a git revision to compare with (its engine and variants)")
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of play per run")
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        tree, key, players, seconds, seed = options.worker
        sys.path.insert(0, tree)
        print(hands_per_second(key, int(players), float(seconds), int(seed)))
        return

    with tempfile.TemporaryDirectory(prefix="engine-ab-") as scratch:
        trees = {"this tree": HERE}
        if options.against:
            trees[options.against] = extract(options.against, Path(scratch))
        rates: dict[str, list[float]] = {name: [] for name in trees}
        loads = []
        for run in range(options.runs):
            for name, tree in trees.items():
                rates[name].append(measure(tree, options, seed=run + 1))
            loads.append(os.getloadavg()[0])
        print(
            f"{options.variant}, {options.players} players, random legal play: hands/s, median of {options.runs} "
            f"interleaved runs of {options.seconds:g} CPU s (load average {min(loads):.1f}-{max(loads):.1f})"
        )
        for name, values in rates.items():
            shown = ", ".join(f"{v:.0f}" for v in values)
            print(f"  {name:<12} {statistics.median(values):7.0f}   (runs: {shown})")


if __name__ == "__main__":
    main()
