"""Visitors playing Gin against the AI at once over `rummy serve`: key to screen under a crowd.

    python bench/serve_playing.py                      # 30 visitors, 60 s, 3 runs
    python bench/serve_playing.py --playing 10 --seconds 30 --runs 1
    python bench/serve_playing.py --playing 10,20,30   # the curve, one server per size

`--playing` asyncssh visitors connect to a fresh `rummy serve` (the game template; `--spawn` for a
fresh process per game), each starts Gin against the computer (normal) from the start screen
(ctrl+s) and plays real moves by keys, reading its screen through pyte as a player would: pass
the upcard, draw from the stock, move the cursor (left/right, one key each) to the discard that
leaves the least deadwood, then knock (k) or go gin (g) when the header offers it and the discard
allows it, else discard (x) (a knock's choice of melds: the first, Enter); void (v) when offered;
Enter at the end of a hand. Between keys
each visitor thinks `--think` seconds (uniform in 0.5x-1.5x, from a fixed seed per visitor).

Each key is timed from sending it on the SSH channel to the change it causes on that visitor's
screen: for a cursor key the cursor on its new card, for any other key a new header or message
line (a move shown, or a refusal). The AI's reply (its 0.6 s pause included) is not in a key's
time; it is reported on its own, from the key that ended the visitor's turn to the visitor's next
turn on screen. Only keys pressed in the `--seconds` window that opens once every visitor is
seated count; p50/p95/p99 are over all visitors' keys of a run, and the report gives the median
over `--runs` runs, with the load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine_ab import extract  # noqa: E402
from figures import percentile  # noqa: E402
from serve import START_SCREEN, Served, SSHGame, _ssh, close_all, cpu_seconds, until_games_gone  # noqa: E402

from rummy_tui.engine.cards import CardError, parse_face  # noqa: E402
from variants.gin.scoring import card_points, deadwood_after_discards  # noqa: E402

LEFT, RIGHT, ENTER = b"\x1b[D", b"\x1b[C", b"\r"
KEY_NAMES = {LEFT: "left", RIGHT: "right", ENTER: "enter"}
TRACE = os.environ.get("BENCH_TRACE") == "1"  # print every key, its time and the header it changed
STUCK = 60.0
KNOCK_PICKER = "which melds do you show?"  # a visitor whose screen offers nothing for this long is reported and dropped


@dataclass
class Visitor:
    """One player's screen and keys, and what was measured for it."""

    game: SSHGame
    rng: random.Random
    keys: list[tuple[float, str, float]] = field(default_factory=list)  # (pressed at, key, seconds to screen)
    replies: list[tuple[float, float]] = field(default_factory=list)  # (pressed at, seconds to the next turn)
    timeouts: int = 0
    refused: set[str] = field(default_factory=set)  # keys refused at the present header

    def lines(self) -> list[str]:
        """The screen's rows (the changed ones read again at each piece of output)."""
        return self.game.lines()

    def header(self) -> str:
        return self.lines()[0]

    def message(self) -> str:
        """The line above the hand's box: a move told, or a refusal."""
        lines = self.lines()
        box = next((row for row, line in enumerate(lines) if line.lstrip().startswith("╭─ You")), None)
        return lines[box - 1] if box else ""

    def my_turn(self) -> bool:
        return "You:" in self.header()

    def hand_over(self) -> bool:
        return "Next" in self.lines()[-1] and "Score sheet" in "\n".join(self.lines())

    def hand(self) -> tuple[list[int], int | None]:
        """The cards in the hand's row, left to right, and the index of the one under the cursor
        (drawn in reverse video)."""
        lines = self.lines()
        box = next((row for row, line in enumerate(lines) if line.lstrip().startswith("╭─ You")), None)
        if box is None:
            return [], None
        row = self.game.screen.buffer[box + 2]
        text = lines[box + 2]
        cards, cursor, column = [], None, 0
        for token in text.strip("│ ").split():
            column = text.index(token, column)
            try:
                cards.append(parse_face(token))
            except CardError:
                continue
            if row[column].reverse:
                cursor = len(cards) - 1
            column += len(token)
        return cards, cursor

    def choosing(self) -> bool:
        """A knock asks which melds to show (its first choice: the least deadwood)."""
        return any(KNOCK_PICKER in line for line in self.lines())

    def next_keys(self) -> list[bytes]:
        """The keys a player presses now (cursor keys, then the move), or none (not our turn)."""
        if self.hand_over() or self.choosing():
            return [ENTER]
        if not self.my_turn():
            return []
        header = self.header()
        for hint, key in (("(v)", b"v"), ("(p)", b"p"), ("(d)", b"d")):
            if hint in header and key.decode() not in self.refused:
                return [key]
        if "(x)" in header:
            return self.discard(header)
        return []

    def discard(self, header: str) -> list[bytes]:
        cards, cursor = self.hand()
        if len(cards) != 11 or cursor is None:
            return []  # the hand's row is not drawn yet after the draw
        left = deadwood_after_discards(cards)
        best = min(left.values())
        choice = max((card for card in cards if left[card] == best), key=card_points)
        target = cards.index(choice)
        moves = [RIGHT if target > cursor else LEFT] * abs(target - cursor)
        if best == 0 and "(g)" in header and "g" not in self.refused:
            return [*moves, b"g"]
        if "(k)" in header and "k" not in self.refused and best <= 10:
            return [*moves, b"k"]
        return [*moves, b"x"]

    async def changed(self, test, timeout: float) -> float | None:
        """When `test()` became true (perf_counter), or None after `timeout`."""
        deadline = time.perf_counter() + timeout
        while not test():
            self.game.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            try:
                await asyncio.wait_for(self.game.changed.wait(), remaining)
            except TimeoutError:
                return None
        return time.perf_counter()

    async def press(self, key: bytes) -> float | None:
        """Send `key`; seconds until the screen shows what it changes."""
        header, message = self.header(), self.message()
        if key in (LEFT, RIGHT):
            before = self.hand()[1]
            step = 1 if key == RIGHT else -1

            def test() -> bool:
                return self.hand()[1] == (before or 0) + step

        else:

            def test() -> bool:
                return (self.header(), self.message(), self.choosing(), self.hand_over()) != shown

            shown = (header, message, self.choosing(), self.hand_over())

        pressed = time.perf_counter()
        self.game.press(key)
        seen = await self.changed(test, STUCK)
        if seen is None:
            self.timeouts += 1
            print(f"no change after {key!r}:\n" + "\n".join(self.lines()), file=sys.stderr)
            return None
        if key not in (LEFT, RIGHT, ENTER) and self.header() == header and not self.choosing():
            self.refused.add(key.decode())  # told why not: the next try is another key
        else:
            self.refused.clear()
        took = seen - pressed
        if TRACE:
            print(f"{key!r} {took * 1000:.0f} ms: {header.strip()} -> {self.header().strip()}", file=sys.stderr)
        self.keys.append((pressed, KEY_NAMES.get(key, key.decode()), took))
        return took

    async def think(self, seconds: float) -> None:
        await asyncio.sleep(seconds * self.rng.uniform(0.5, 1.5))

    async def play(self, until: float, think: float) -> None:
        """Play by keys until `until` (perf_counter), reading the screen again after every key."""
        while time.perf_counter() < until:
            if not await self.changed(lambda: bool(self.next_keys()), STUCK):
                self.timeouts += 1
                print("a visitor found nothing to press:\n" + "\n".join(self.lines()), file=sys.stderr)
                return
            key = self.next_keys()[0]
            await self.think(think / 3 if key in (LEFT, RIGHT) else think)
            if time.perf_counter() >= until:
                return
            if self.next_keys()[:1] != [key]:
                continue  # the screen moved on while the player thought: look again
            pressed = time.perf_counter()
            if await self.press(key) is None:
                continue
            if key in (b"x", b"k", b"g", b"p") and not self.my_turn():
                seen = await self.changed(lambda: self.my_turn() or self.hand_over(), STUCK)
                if seen is not None:
                    self.replies.append((pressed, seen - pressed))


async def seat(served: Served, number: int, seed: int) -> Visitor:
    game = await _ssh(served.port, served.name("player"))
    await game.wait_for(*START_SCREEN)
    game.press(b"\x13")  # ctrl+s: Gin against the computer (normal)
    visitor = Visitor(game, random.Random(seed * 1000 + number))
    # The table, or already the end of the hand (the AI took the upcard and knocked at once).
    if await visitor.changed(lambda: game.shows("sorted by suit") or visitor.hand_over(), STUCK) is None:
        raise TimeoutError("never saw the table:\n" + "\n".join(game.lines()))
    return visitor


async def one_run(served: Served, size: int, seconds: float, think: float, seed: int) -> dict:
    before = len(served.game_pids())
    visitors = await asyncio.gather(*(seat(served, number, seed) for number in range(size)))
    pids = served.game_pids()[before:]
    load_before = os.getloadavg()[0]
    games_before = sum(cpu_seconds(pid) for pid in pids)
    server_before, bench_before = cpu_seconds(served.server.pid), time.process_time()
    opened = time.perf_counter()
    await asyncio.gather(*(visitor.play(opened + seconds, think) for visitor in visitors))
    keys = [took for visitor in visitors for _at, _key, took in visitor.keys]
    figures = {
        "keys": keys,
        "moves": [took for v in visitors for _at, key, took in v.keys if key not in ("left", "right")],
        "replies": [took for visitor in visitors for _at, took in visitor.replies],
        "timeouts": sum(visitor.timeouts for visitor in visitors),
        "games_cpu": sum(cpu_seconds(pid) for pid in pids if Path(f"/proc/{pid}").exists()) - games_before,
        "server_cpu": cpu_seconds(served.server.pid) - server_before,
        "bench_cpu": time.process_time() - bench_before,
        "load": (load_before, os.getloadavg()[0]),
        "seconds": time.perf_counter() - opened,
    }
    await close_all([visitor.game for visitor in visitors])
    await until_games_gone(served)
    return figures


def summary(size: int, run: dict) -> str:
    def ms(values: list[float], share: float) -> str:
        return f"{percentile(values, share) * 1000:.0f}"

    keys, moves, replies = run["keys"], run["moves"], run["replies"]
    return (
        f"{size} playing: {len(keys)} keys in {run['seconds']:.0f} s, key to screen p50 {ms(keys, 0.5)} / "
        f"p95 {ms(keys, 0.95)} / p99 {ms(keys, 0.99)} ms; moves only ({len(moves)}) p50 {ms(moves, 0.5)} / "
        f"p99 {ms(moves, 0.99)} ms; the AI's reply p50 {ms(replies, 0.5)} / p99 {ms(replies, 0.99)} ms; "
        f"timeouts {run['timeouts']}; CPU s: games {run['games_cpu']:.1f}, server {run['server_cpu']:.1f}, "
        f"bench {run['bench_cpu']:.1f}; load {run['load'][0]:.1f}-{run['load'][1]:.1f}"
    )


async def main(options: argparse.Namespace, trees: dict[str, Path]) -> None:
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}", flush=True)
    for size in options.playing:
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for number in range(options.runs):
            for name, tree in trees.items():  # interleaved: each run of one tree next to the other's
                served = Served(options.spawn, tree)
                try:
                    runs[name].append(await one_run(served, size, options.seconds, options.think, number))
                finally:
                    served.stop()
                print(f"  run {number + 1}, {name}: {summary(size, runs[name][-1])}", flush=True)
        for name, measured in runs.items():
            report(size, name, "spawn" if options.spawn else "template", measured)


def report(size: int, name: str, way: str, runs: list[dict]) -> None:
    p50, p95, p99 = (median_of(runs, "keys", share) for share in (0.5, 0.95, 0.99))
    verdict = "OK" if p50 <= 150 and p99 <= 600 else "OVER"
    cpu = statistics.median(run["games_cpu"] / max(len(run["moves"]), 1) for run in runs) * 1000
    print(
        f"{size} visitors playing Gin ({name}, {way}), median of {len(runs)} runs: key to screen p50 {p50:.0f} ms, "
        f"p95 {p95:.0f} ms, p99 {p99:.0f} ms (target p50 <= 150, p99 <= 600: {verdict}); the AI's reply "
        f"p50 {median_of(runs, 'replies', 0.5):.0f} ms; the games' CPU per move key (its arrows and the AI's reply included) "
        f"{cpu:.0f} ms; load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def median_of(runs: list[dict], name: str, share: float) -> float:
    """The median over runs of one percentile of a figure, in ms."""
    return statistics.median(percentile(run[name], share) for run in runs) * 1000


def sizes(text: str) -> list[int]:
    return [int(size) for size in text.split(",")]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playing", type=sizes, default=[30], help="visitors playing at once (10,20,30: each)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window, once all are seated")
    parser.add_argument("--think", type=float, default=1.0, help="a visitor's mean pause before a move key")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--spawn", action="store_true", help="games as fresh processes (rummy serve --spawn)")
    parser.add_argument("--against", help="a git revision to compare with, runs interleaved (this tree first)")
    options = parser.parse_args()
    os.chdir(ROOT)
    with tempfile.TemporaryDirectory(prefix="serve-playing-") as scratch:
        trees = {"this tree": ROOT}
        if options.against:
            trees[options.against] = extract(options.against, Path(scratch))
        asyncio.run(main(options, trees))
