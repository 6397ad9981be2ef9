"""The UI thread's CPU per key at a Gin table, in process: `python bench/table_cpu.py`.

    python bench/table_cpu.py                       # 150 keys, 3 runs
    python bench/table_cpu.py --against 0faa909     # and that commit's code, interleaved
    python bench/table_cpu.py --profile 25          # and the 25 costliest functions (own tree)

The real app at 80x24 (``run_test``, instant AI), Gin against the normal AI, seed 3. The
human's moves are the normal AI's choices, made by keys as a player would: p, t, d, one arrow
key at a time to the card to throw and x (k or g for a knock or gin, Enter for a knock's
choice of melds), Enter after a hand. The figure is the thread CPU time (``time.thread_time``)
of the thread that runs the app, over the keys, divided by their number: the keys' handling,
the table's update, the panels' drawing, the footer, Textual's layout and frames (headless:
the frame is composed but not turned into terminal bytes), and the AI's reply as far as it
runs on that thread (its choice runs in a worker thread). Each run is a fresh process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engine_ab import extract  # noqa: E402

SIDE = "RUMMY_TABLE_CPU_SIDE"


async def quiet(pilot) -> None:
    """Until the AI has answered and the screen in front is drawn."""
    app = pilot.app
    for _ in range(400):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(worker.is_running for worker in app.workers):
            await pilot.pause()
            return


def arrows(cursor: int, index: int) -> list[str]:
    return ["right" if index > cursor else "left"] * abs(index - cursor)


async def next_keys(app) -> list[str]:
    """The keys of the human's next move (arrows and the move's key), or Enter on a results page."""
    from rummy_tui.engine.ai import choose_action
    from rummy_tui.engine.cards import face_of, parse_face
    from rummy_tui.screens.table import TableScreen
    from rummy_tui.widgets.hand import HandView

    screen = app.screen
    if not isinstance(screen, TableScreen):
        return ["enter"]
    if screen.to_move != screen.viewer or not screen.seat.legal:
        return []
    code = choose_action(screen.game, screen.viewer, "normal")
    verb, _sep, card = code.partition(":")
    plain = {"draw": "d", "take": "t", "pass": "p", "void": "v"}
    if verb in plain:
        return [plain[verb]]
    hand = screen.query_one(HandView)
    face = parse_face(card.partition("/")[0])
    index = next(i for i, held in enumerate(hand.order) if face_of(held) == face)
    return [*arrows(hand.cursor, index), {"discard": "x", "knock": "k", "gin": "g"}[verb]]


async def measure(keys: int, profile: int) -> dict:
    from rummy_tui.app import RummyApp

    seats = [{"name": "You", "kind": "human", "level": None}, {"name": "North", "kind": "ai", "level": "normal"}]
    options = {"variant": "gin", "players": 2, "settings": {}, "seed": 3, "seats": seats}
    app = RummyApp(ai_delay=0.0, table_options=options)
    pressed = moves = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        started = time.thread_time()
        while pressed < keys:
            plan = await next_keys(app)
            if not plan:
                await quiet(pilot)
                plan = await next_keys(app)
                if not plan:
                    break
            for key in plan:
                await pilot.press(key)
                pressed += 1
                moves += key not in ("left", "right")
            await quiet(pilot)
        spent = time.thread_time() - started
        if profiler is not None:
            import pstats

            profiler.disable()
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(profile)
    return {"keys": pressed, "moves": moves, "cpu": spent}


def one_run(tree: Path, keys: int, profile: int) -> dict:
    with tempfile.TemporaryDirectory() as data:
        environ = {**os.environ, SIDE: "1", "PYTHONPATH": str(tree), "XDG_DATA_HOME": data, "HOME": data}
        command = [sys.executable, str(HERE / "table_cpu.py"), "--keys", str(keys), "--profile", str(profile)]
        done = subprocess.run(command, cwd=tree, env=environ, capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(done.stderr)
        if profile:
            print(done.stderr, file=sys.stderr)
        return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=150)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", help="a git revision to run interleaved with this tree")
    parser.add_argument("--profile", type=int, default=0, help="print this many costliest functions")
    options = parser.parse_args()
    if os.environ.get(SIDE):
        print(json.dumps(asyncio.run(measure(options.keys, options.profile))))
        return
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"this tree": HERE.parent}
        if options.against:
            trees[options.against] = extract(options.against, Path(scratch))
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for _run in range(options.runs):
            for name, tree in trees.items():
                runs[name].append(one_run(tree, options.keys, options.profile if name == "this tree" else 0))
                print(f"{name}: {runs[name][-1]}  load {os.getloadavg()[0]:.1f}", flush=True)
    for name, results in runs.items():
        per_key = [result["cpu"] / result["keys"] * 1000 for result in results]
        per_move = [result["cpu"] / result["moves"] * 1000 for result in results]
        print(
            f"{name}: UI thread CPU per key {statistics.median(per_key):.1f} ms "
            f"({min(per_key):.1f}-{max(per_key):.1f}), per move key {statistics.median(per_move):.1f} ms, "
            f"{results[0]['keys']} keys ({results[0]['moves']} moves) per run, median of {len(results)}"
        )


if __name__ == "__main__":
    main()
