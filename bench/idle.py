"""What a game costs while it waits for a key, and what one move costs: the real app in a PTY.

    python bench/idle.py                 # 3 sessions idle for 60 s, then 20 moves of Gin
    python bench/idle.py --seconds 20 --sessions 2 --moves 10
    python bench/idle.py --against ad619c7   # and that commit's code, after this tree's

* idle: ``--sessions`` games at once (a start screen, and a Gin table waiting for the human's
  move), each left alone for ``--seconds``; its CPU time (user + system, every thread, from
  /proc) over that time as a share of one core, and the bytes it wrote to its terminal
  (target: at most 0.1% of a core, and nothing written);
* per move: at a Gin table against the AI (seed 3), each of the human's keys (take or pass,
  draw, discard the card under the cursor) until the human's turn comes back (the AI's move
  and its 0.6 s pause included): the game's CPU time and the bytes it wrote to the terminal.

Each figure is the median over sessions or moves; the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_ab import extract  # noqa: E402
from pty_app import ROOT, PtyApp  # noqa: E402

TABLE = ("play", "--variant", "gin", "--seed", "3")
KEYS_BY_HINT = (("(p)", "p"), ("(d)", "d"), ("(x)", "x"), ("(v)", "v"))  # pass, draw, discard, void


def header(text: str) -> str:
    return text.splitlines()[0] if text else ""


def human_key(text: str) -> str | None:
    """The key that plays on when the header says it is the human's turn (take or pass: pass)."""
    line = header(text)
    if "You:" not in line:
        return None
    return next((key for hint, key in KEYS_BY_HINT if hint in line), None)


def hand_over(text: str) -> bool:
    return "⏎ Next" in text.splitlines()[-1]


def idle_figures(
    kind: str, args: tuple[str, ...], sessions: int, seconds: float, tree: Path
) -> list[tuple[float, int]]:
    """(CPU seconds, bytes written) of each session left alone for ``seconds``."""
    apps = [PtyApp(*args, tree=tree) for _ in range(sessions)]
    try:
        for app in apps:
            if kind == "table":
                app.wait_for(lambda text: human_key(text) is not None, timeout=60)
            else:
                app.wait_for(lambda text: len(text.split()) > 20, timeout=60)
        for app in apps:
            app.wait_quiet(2.0, timeout=60)
        before = [(app.cpu(), app.bytes_out) for app in apps]
        time.sleep(seconds)
        return [(app.cpu() - cpu, app.bytes_out - out) for app, (cpu, out) in zip(apps, before, strict=True)]
    finally:
        for app in apps:
            app.close()


def move_figures(moves: int, tree: Path) -> list[tuple[float, int, str]]:
    """(CPU seconds, bytes written, key) of each human move, key to the human's next turn."""
    app = PtyApp(*TABLE, tree=tree)
    figures = []
    try:
        text = app.wait_for(lambda text: human_key(text) is not None, timeout=60)
        app.wait_quiet(1.0)
        for _ in range(moves):
            key = human_key(text)
            cpu, written, asked = app.cpu(), app.bytes_out, header(text)
            app.send(key)
            app.wait_for(lambda now, asked=asked: header(now) != asked and (human_key(now) or hand_over(now)), 20)
            app.wait_quiet(0.5)
            figures.append((app.cpu() - cpu, app.bytes_out - written, key))
            text = app.text()
            if hand_over(text):
                app.send("\r")  # on to the next hand
                text = app.wait_for(lambda now: human_key(now) is not None, timeout=20)
                app.wait_quiet(0.5)
                text = app.text()
    finally:
        app.close()
    return figures


def report(name: str, options: argparse.Namespace, tree: Path) -> None:
    if not options.skip_idle:
        for kind, args in (("start screen", ()), ("table", TABLE)):
            figures = idle_figures(kind, args, options.sessions, options.seconds, tree)
            shares = [cpu / options.seconds * 100 for cpu, _ in figures]
            print(
                f"{name}: idle at the {kind}: {statistics.median(shares):.3f}% of a core (sessions: "
                f"{', '.join(f'{s:.3f}' for s in shares)}), bytes written: {[b for _, b in figures]} "
                f"over {options.seconds:g} s",
                flush=True,
            )
    if options.moves:
        moves = move_figures(options.moves, tree)
        if moves:
            cpu = [c * 1000 for c, _, _ in moves]
            written = [b for _, b, _ in moves]
            print(
                f"{name}: per move at the Gin table ({len(moves)} moves, key to the next turn, the AI's reply "
                f"included): CPU p50 {statistics.median(cpu):.0f} ms (max {max(cpu):.0f}), "
                f"bytes written p50 {statistics.median(written):.0f} (max {max(written)}); keys "
                + "".join(key for _, _, key in moves),
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--skip-idle", action="store_true")
    parser.add_argument("--against", help="a git revision to compare with (measured after this tree)")
    options = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory(prefix="idle-") as scratch:
        report("this tree", options, ROOT)
        if options.against:
            report(options.against, options, extract(options.against, Path(scratch)))
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
