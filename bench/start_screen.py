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

`--pty`: the game is what the template forks for a visitor (`become_the_game`: the command line,
the terminal driver, a PTY of 80x24 read by this process) and reports its CPU when it says its
first screen is complete (on the pipe the server reads, rummy_tui/served.py), with its wall time
from the fork to then, the first output and the bytes written by then. `--pty --calls`: the
Python calls the game makes from the fork to then (sys.setprofile), which do not move with the
machine's load or speed.
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
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True):  # as App.run has them
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


def one_run_on_a_terminal(template, tree: Path, calls: bool = False) -> dict[str, float]:
    """A game forked as the template forks it, on a PTY of 80x24; its marks (`calls`: the Python
    calls it made to its complete start screen, counted with sys.setprofile, not its CPU)."""
    import pty
    import select
    import signal

    from rummy_tui.serve.child import set_window_size

    master, terminal = pty.openpty()
    set_window_size(terminal, 80, 24)
    readable, writable = os.pipe()
    folder = tempfile.mkdtemp(prefix="rummy-bench-start-")
    environment = {
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "HOME": folder,
        "RUMMY_TUI_DATA_DIR": folder,
        "PYTHONPATH": str(tree),
        "RUMMY_TUI_SIZE_LIMIT": "400x150",
    }
    began = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(master)
        os.close(readable)
        from rummy_tui import served

        counted = [0]

        def count(frame, event: str, argument) -> None:
            if event == "call":
                counted[0] += 1

        def complete() -> None:  # served.first_screen_complete, saying the game's CPU too
            cpu = time.process_time()
            if calls:
                sys.setprofile(None)
                cpu = counted[0] / 1000  # on the same scale as seconds of CPU: main() multiplies by 1000
            descriptor, served._started_pipe = served._started_pipe, None
            if descriptor is not None:
                os.write(descriptor, served.COMPLETE + json.dumps(cpu).encode())
                os.close(descriptor)

        served.first_screen_complete = complete
        if calls:
            sys.setprofile(count)
        try:
            template.become_the_game(template.Job([], environment, folder, terminal, writable))
        finally:
            os._exit(0)
    os.close(terminal)
    os.close(writable)
    written, first, said = 0, None, b""
    while not said:
        ready, _, _ = select.select([master, readable], [], [], 30)
        if not ready:
            break
        if master in ready:
            try:
                written += len(os.read(master, 65536))
            except OSError:
                break
            first = first if first is not None else time.monotonic() - began
        if readable in ready:
            said = os.read(readable, 64)
            if not said:
                break
    wall = time.monotonic() - began
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(master)
    os.close(readable)
    if not said:
        raise SystemExit("the game never said its first screen was complete")
    return {"complete": json.loads(said[1:]), "wall": wall, "first output": first or wall, "bytes": written}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--served", action="store_true", help="the environment rummy serve gives its games")
    parser.add_argument("--pty", action="store_true", help="the game a visitor gets, on a terminal (implies --served)")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument(
        "--calls",
        action="store_true",
        help="with --pty: Python calls to the complete start screen (sys.setprofile), not CPU",
    )
    arguments = parser.parse_args()
    sys.path.insert(0, str(arguments.tree))
    os.chdir(arguments.tree)
    from rummy_tui.serve import template

    template.load_the_game()
    template.draw_a_start_screen()
    if arguments.pty:  # as the template's main does before it freezes its heap
        import ctypes  # noqa: F401  (the template names itself with it)

        template.forget_the_off_screen_app()
        gc.collect()
    gc.freeze()
    if arguments.pty:
        runs = [one_run_on_a_terminal(template, arguments.tree, arguments.calls) for _ in range(arguments.runs)]
        marks = {
            "complete": ("Python calls" if arguments.calls else "ms CPU", 1000),
            "wall": ("ms", 1000),
            "first output": ("ms", 1000),
            "bytes": ("", 1),
        }
        print(f"{arguments.tree} (on a terminal): median of {len(runs)} forked games to the complete start screen")
    else:
        runs = [one_run(arguments.served) for _ in range(arguments.runs)]
        marks = {"first": ("ms", 1000), "complete": ("ms", 1000), "settled": ("ms", 1000)}
        print(f"{arguments.tree}{' (served)' if arguments.served else ''}: median of {len(runs)} forked games, CPU")
    for mark, (unit, scale) in marks.items():
        values = sorted(run[mark] * scale for run in runs)
        print(f"  {mark}: {statistics.median(values):.0f} {unit} ({', '.join(f'{v:.0f}' for v in values)})")
    print("load average " + " ".join(f"{load:.1f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
