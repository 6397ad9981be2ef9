"""UI speed and memory: `python bench/ui.py` (not a test; prints one report).

* start-up: process start to first frame of `rummy` (start screen), against a bare Textual app
  that shows one Static (target: at most 1.3x);
* key press to refreshed frame, at the table: the key event is stamped when it is dispatched
  (``message_hook``) and the frame in ``call_after_refresh`` (target: p50 <= 16 ms). Pilot's own
  press timing would measure the test harness instead;
* memory while a 4-player Hungarian Römi hand is played at the table.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BARE_APP = """
import time, sys
started = float(sys.argv[1])
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.done)
    def done(self):
        print(time.time() - started)
        self.exit()
Bare().run(headless=True, size=(80, 24))
"""

RUMMY_APP = """
import time, sys
started = float(sys.argv[1])
from rummy_tui.app import RummyApp
from rummy_tui.screens.start import StartScreen
class Timed(RummyApp):
    def on_mount(self):  # Textual also runs RummyApp.on_mount, which opens the start screen
        self.call_after_refresh(self.first_frame)
    def first_frame(self):
        print(time.time() - started)
        self.set_interval(0.001, self.form_ready)
    def form_ready(self):  # the variant list and the form fill in after the first frame
        if isinstance(self.screen, StartScreen) and self.screen.query("#seat-name-0"):
            print(time.time() - started)
            self.exit()
Timed().run(headless=True, size=(80, 24))
"""


def first_frame_seconds(program: str, runs: int = 9) -> list[float]:
    """Median seconds from process start to each time the program prints."""
    samples: list[list[float]] = []
    for _ in range(runs):
        output = subprocess.run(
            [sys.executable, "-c", program, repr(time.time())],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=os.environ | {"RUMMY_TUI_DATA_DIR": tempfile.mkdtemp()},
            check=True,
        )
        samples.append([float(line) for line in output.stdout.split()])
    return [statistics.median(column) for column in zip(*samples, strict=False)]


def latency_hook(app_box: list):
    """A message hook that pairs each key event with the frame after its handling."""
    from textual.events import Key

    arrived: dict = {}  # key event -> when it was first dispatched
    framed: dict = {}  # key event -> when the frame after its handling was done

    def hook(message) -> None:
        if not isinstance(message, Key):
            return
        if message not in arrived:  # first dispatched at the app: the key arrived
            arrived[message] = time.perf_counter()
        # each later dispatch (screen, widget) may change the screen: stamp the frame after it
        app_box[0].screen.call_after_refresh(lambda: framed.__setitem__(message, time.perf_counter()))

    def latencies() -> list[float]:
        return [framed[key] - arrived[key] for key in arrived if key in framed]

    return hook, latencies


async def action_latencies() -> list[float]:
    """Every key of a Gin hand played at the table: cursor, selection and the moves themselves."""
    from rummy_tui.screens.results import EndOfHandScreen
    from tests.ui.driver import make_app, play_until

    app = make_app("gin", 2, ["Ann"], seed=3)
    hook, latencies = latency_hook([app])
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen))
    return latencies()


async def key_latencies(presses: int = 300) -> list[float]:
    """Cursor, selection and sort keys at a 4-player Römi table."""
    from tests.ui.driver import make_app, settle

    app = make_app("hungarian", 4, ["Ann"], seed=3)
    hook, latencies = latency_hook([app])
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await settle(pilot)
        keys = ["right", "right", "space", "left", "s", "space", "right", "escape"]
        for number in range(presses):
            await pilot.press(keys[number % len(keys)])
        await pilot.pause()
    return latencies()


async def play_hungarian_hand() -> tuple[float, float]:
    from rummy_tui.screens.results import EndOfHandScreen
    from tests.ui.driver import make_app, play_until

    tracemalloc.start()
    app = make_app("hungarian", 4, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: isinstance(app.screen, EndOfHandScreen), max_moves=400)
        current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current / 2**20, peak / 2**20


def max_rss_mib() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    os.environ.setdefault("RUMMY_TUI_DATA_DIR", tempfile.mkdtemp())
    (bare,) = first_frame_seconds(BARE_APP)
    rummy, form = first_frame_seconds(RUMMY_APP)
    ratio = rummy / bare
    print(
        f"start-up to first frame: bare Textual {bare * 1000:.0f} ms, rummy {rummy * 1000:.0f} ms, "
        f"ratio {ratio:.2f} (target <= 1.3) {'OK' if ratio <= 1.3 else 'OVER'}; "
        f"start screen complete at {form * 1000:.0f} ms"
    )
    for label, latencies in (
        ("cursor and selection keys, 4-player Römi", asyncio.run(key_latencies())),
        ("every key of a Gin hand, moves included", asyncio.run(action_latencies())),
    ):
        p50 = statistics.median(latencies) * 1000
        p95 = statistics.quantiles(latencies, n=20)[-1] * 1000
        print(
            f"key press to refreshed frame ({label}): {len(latencies)} keys, p50 {p50:.1f} ms, "
            f"p95 {p95:.1f} ms (target p50 <= 16 ms) {'OK' if p50 <= 16 else 'OVER'}"
        )
    current, peak = asyncio.run(play_hungarian_hand())
    print(
        f"memory, 4-player Römi hand at the table: Python heap now {current:.1f} MiB, peak {peak:.1f} MiB; "
        f"process max RSS {max_rss_mib():.0f} MiB"
    )


if __name__ == "__main__":
    main()
