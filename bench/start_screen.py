"""CPU of a game forked from the game template to its start screen, drawn headless:
`python bench/start_screen.py [--runs 7] [--served] [--tree DIR]` (not a test; prints a report).

Less sensitive to the machine's load than `bench/serve.py` (process CPU time, no terminal, no
SSH): the template's preparation runs once (imports, one off-screen start screen, `gc.freeze()`),
then each run forks a game that draws the start screen at 80x24 and reports its own CPU at

* first: the first frame with the title;
* complete: the first frame showing what bench/serve.py calls a complete start screen (the
  title, seat 2, "AI (normal)" and the footer's Start key);
* settled: the whole form built (`--served`: 0.3 s after the complete frame, since a served game
  builds the form below the first screen only when the visitor needs it).

`--served` gives the game the environment `rummy serve` does (a window limit); `--tree DIR`
measures another copy of the code (for example `git archive REV | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")


def game(served: bool, answer: int) -> None:
    """In the forked child: draw the start screen and write the CPU marks to `answer`."""
    from rummy_tui.app import RummyApp

    os.environ["RUMMY_TUI_DATA_DIR"] = tempfile.mkdtemp(prefix="rummy-bench-start-")
    if served:
        os.environ["RUMMY_TUI_SIZE_LIMIT"] = "400x150"
    marks: dict[str, float] = {}
    started = time.process_time()
    app = RummyApp()  # the app a served game runs (a subclass would miss the styles the template worked out)
    display = app._display

    def timed_display(screen, renderable) -> None:
        now = time.process_time() - started
        display(screen, renderable)
        if renderable is None or "complete" in marks:
            return
        text = "\n".join("".join(s.text for s in strip) for strip in app.screen._compositor.render_strips())
        if START_SCREEN[0] in text:
            marks.setdefault("first", now)
        if all(part in text for part in START_SCREEN):
            marks["complete"] = now

    app._display = timed_display  # type: ignore[method-assign]

    async def draw() -> None:
        async with app.run_test(size=(80, 24)):
            while not ("complete" in marks and (served or getattr(app.screen, "form_ready", False))):
                await asyncio.sleep(0.01)
            if served:
                await asyncio.sleep(0.3)
            marks["settled"] = time.process_time() - started

    asyncio.run(draw())
    os.write(answer, json.dumps(marks).encode())


def one_run(served: bool) -> dict[str, float]:
    readable, writable = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(readable)
        try:
            game(served, writable)
        finally:
            os._exit(0)
    os.close(writable)
    data = b""
    while chunk := os.read(readable, 65536):
        data += chunk
    os.close(readable)
    os.waitpid(pid, 0)
    return json.loads(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--served", action="store_true", help="the environment rummy serve gives its games")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    arguments = parser.parse_args()
    sys.path.insert(0, str(arguments.tree))
    os.chdir(arguments.tree)
    from rummy_tui.serve import template

    template.load_the_game()
    template.draw_a_start_screen()
    gc.freeze()
    runs = [one_run(arguments.served) for _ in range(arguments.runs)]
    print(f"{arguments.tree}{' (served)' if arguments.served else ''}: median of {len(runs)} forked games, CPU")
    for mark in ("first", "complete", "settled"):
        values = sorted(run[mark] * 1000 for run in runs)
        print(f"  {mark}: {statistics.median(values):.0f} ms ({', '.join(f'{v:.0f}' for v in values)})")
    print("load average " + " ".join(f"{load:.1f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
