"""SSH serving speed: `python bench/serve.py [--runs 3] [--crowd 30] [--idle 20] [--settle 3] [--many 200]`
(not a test; prints a report).

Every figure is read the way a player sees it: the byte stream goes through a pyte terminal
and the clock stops when the output that puts the text on the screen arrives (bench/terminals.py).
Side by side, in the same run, the two ways `rummy serve` starts a game: forked from the game
template (the default) and as a fresh process (`--spawn`), each against its own server:

* connect to a complete start screen (variant list, seats and footer drawn), the median of
  `--starts` visitors (9) one after the other, the two servers taking turns (target: the
  template at most 0.4x the spawn);
* `--crowd` visitors (30) connecting at the same instant: when the last start screen was
  complete (target: within 3 s). Their screens are read through pyte once the crowd's output
  has stopped for a second (the clock is each chunk's arrival all the same): read as it comes,
  the bench's terminals took about a quarter of the two cores from the games they measure,
  which a real visitor's terminal never does (`--read-at-once` reads them so, as before);
* `--idle` sessions (20) open at the start screen: PSS of each game process, and of the
  template shared among them (target: at most 20 MiB a session), `--settle` seconds (3) after
  the last start screen; where the host merges identical pages (KSM, which the template offers
  its heap to), they merge within a minute or two, and ksmd's CPU over the wait is reported;
* `--many` idle sessions (200, template only; `--many-spawn` for both): each, in turn, answers
  a key (down: the next variant) while the others idle (target: every one within 1 s), and
  the total PSS of all the games and the template.

Against `rummy` started in a local PTY (the template server): connect to start screen (target
at most 1.3x) and key to screen update at a Gin table, p50 and p95 (target at most 1.5x).

Visitors playing Gin against the AI at once (`--playing N`): bench/serve_playing.py, which uses
this file's terminal, visitors and server.

For an A/B: `--no-spawn` (the template's server only), `--tree DIR` (the servers run DIR's code:
`git archive main | tar -x -C DIR` and `python3 -m compileall -q DIR`), `--max-starting N`.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from figures import percentile  # noqa: E402
from terminals import TIMEOUT, LocalGame, Lull, SSHGame, Terminal

ROOT = Path(__file__).resolve().parent.parent
START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")
__all__ = ["TIMEOUT", "LocalGame", "Lull", "SSHGame", "Terminal"]  # for the benches built on this one
CROWD_LULL = 1.0  # seconds without output from any of a crowd's visitors before their screens are read
FOLDERS: list[str] = []  # the bench's data folders, removed at exit (after ^C too)


def bench_folder(prefix: str) -> str:
    folder = tempfile.mkdtemp(prefix=prefix)
    FOLDERS.append(folder)
    return folder


@atexit.register
def remove_bench_folders() -> None:
    while FOLDERS:
        shutil.rmtree(FOLDERS.pop(), ignore_errors=True)


def start_server(
    data_dir: str, spawn: bool, tree: Path = ROOT, options: tuple[str, ...] = ()
) -> tuple[subprocess.Popen, int, Path]:
    """`rummy serve` on a free port, running ``tree``'s code (another checkout, for a comparison),
    with ``options`` besides the bench's own."""
    log = Path(data_dir) / "serve.log"
    command = [
        sys.executable,
        "-m",
        "rummy_tui",
        "serve",
        "--port",
        "0",
        "--max-sessions",
        "1000",
        "--max-per-ip",
        "1000",
        "--connections-per-minute",
        "100000",
        *(["--spawn"] if spawn else []),
        *options,
    ]
    environment = os.environ | {"RUMMY_TUI_DATA_DIR": data_dir, "RUMMY_TUI_TABLE_SOCKET": f"{data_dir}/tables.sock"}
    with open(log, "w") as err:
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True, cwd=tree, env=environment)
    for line in server.stdout:
        if match := re.search(r"listening on [\d.]+:(\d+)", line):
            return server, int(match.group(1)), log
    raise SystemExit(f"the server did not start: {log.read_text()}")


class Served:
    """One `rummy serve` for the bench, started one way."""

    def __init__(self, spawn: bool, tree: Path = ROOT, options: tuple[str, ...] = ()) -> None:
        self.way = "spawn" if spawn else "template"
        self.data_dir = bench_folder(f"rummy-serve-bench-{self.way}-")
        self.server, self.port, self.log = start_server(self.data_dir, spawn, tree, options)
        self.visitors = 0

    def name(self, label: str) -> str:
        self.visitors += 1
        return f"{label}{self.visitors}"

    def game_pids(self) -> list[int]:
        return game_pids(self.log)

    def slots_given_back(self, pids: list[int]) -> Counter[str]:
        """How the games `pids` gave their start slots back (the log's `started ... how=`)."""
        wanted = {str(pid) for pid in pids}
        return Counter(
            how for pid, how in re.findall(r" started .* pid=(\d+) .* how=(\w+)", self.log.read_text()) if pid in wanted
        )

    def template_pids(self) -> list[int]:
        return [int(pid) for pid in re.findall(r" template-ready .* pid=(\d+)", self.log.read_text())]

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=120)


async def time_start(open_game, lull: Lull | None = None) -> tuple[float, Terminal]:
    """Seconds from connecting to the arrival of the output that completed the start screen;
    with a `lull`, the screen is read only once it has come (see bench/terminals.py)."""
    started = time.perf_counter()
    game = await open_game()
    if lull is not None:
        await lull.over()
    drawn = await game.wait_for(*START_SCREEN)
    return drawn - started, game


async def sit_at_gin(game: Terminal) -> None:
    game.press(b"\x13")  # ctrl+s: Gin against the computer
    await game.wait_for("sorted by suit")


async def key_latencies(game: Terminal, presses: int) -> list[float]:
    """`s` at a Gin table, each time until the hand's caption flips."""
    samples = []
    for number in range(presses):
        expected = "sorted by rank" if number % 2 == 0 else "sorted by suit"
        await asyncio.sleep(0.05)
        pressed = time.perf_counter()
        game.press(b"s")
        samples.append(await game.wait_for(expected) - pressed)
    return samples


def memory_of(pid: int) -> tuple[float, float]:
    """(RSS, PSS) in MiB."""
    rss = int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1))
    pss = int(re.search(r"Pss:\s+(\d+)", Path(f"/proc/{pid}/smaps_rollup").read_text()).group(1))
    return rss / 1024, pss / 1024


def game_pids(log: Path) -> list[int]:
    return [int(pid) for pid in re.findall(r" play .* pid=(\d+)", log.read_text())]


async def against_local(served: Served, presses: int) -> dict:
    """Local and SSH, one after the other, in the same conditions."""
    local_start, local = await time_start(lambda: _local())
    try:
        return await _against_local(served, presses, local_start, local)
    finally:
        await local.close()


async def _against_local(served: Served, presses: int, local_start: float, local: LocalGame) -> dict:
    ssh_start, remote = await time_start(lambda: _ssh(served.port, served.name("bench")))
    await sit_at_gin(local)
    local_keys = await key_latencies(local, presses)
    await sit_at_gin(remote)
    game = served.game_pids()[-1]
    await asyncio.sleep(2)  # the AI's first move, if it deals first
    before = cpu_seconds(game)
    ssh_keys = await key_latencies(remote, presses)
    key_cpu = (cpu_seconds(game) - before) / presses
    rss, pss = memory_of(game)
    await remote.close()
    return {
        "local_start": local_start,
        "ssh_start": ssh_start,
        "local_keys": local_keys,
        "ssh_keys": ssh_keys,
        "key_cpu": key_cpu,
        "rss": rss,
        "pss": pss,
    }


async def _local() -> LocalGame:
    game = LocalGame()
    await game.start(bench_folder("rummy-bench-"))
    return game


async def _ssh(port: int, username: str, lull: Lull | None = None) -> SSHGame:
    game = SSHGame(lull=lull)
    await game.start(port, username)
    return game


async def one_start(served: Served) -> float:
    took, game = await time_start(lambda: _ssh(served.port, served.name("single")))
    await game.close()
    await until_games_gone(served)
    return took


async def interleaved_starts(servers: list[Served], pairs: int) -> dict[str, list[float]]:
    """One visitor at a time, the servers taking turns (ABBA...: a change in the machine's load
    falls on both ways alike)."""
    starts: dict[str, list[float]] = {served.way: [] for served in servers}
    for number in range(pairs):
        for served in servers if number % 2 == 0 else servers[::-1]:
            starts[served.way].append(await one_start(served))
    return starts


async def open_many(
    served: Served, size: int, label: str, lull: Lull | None = None
) -> tuple[list[float], list[Terminal]]:
    """`size` visitors connecting at the same instant: their seconds to a complete start screen
    (with a `lull`, their screens read once the crowd's output has stopped)."""
    results = await asyncio.gather(
        *(time_start(lambda: _ssh(served.port, served.name(label), lull), lull) for _ in range(size)),
        return_exceptions=True,
    )
    failures = [result for result in results if isinstance(result, BaseException)]
    if failures:
        print(f"  {served.way}: {len(failures)} of {size} visitors failed: {failures[0]!r}", file=sys.stderr)
    opened = [result for result in results if not isinstance(result, BaseException)]
    return [took for took, _game in opened], [game for _took, game in opened]


async def close_all(games: list[Terminal]) -> None:
    await asyncio.gather(*(game.close() for game in games), return_exceptions=True)


async def until_games_gone(served: Served, limit: float = 60) -> None:
    """Let the hung-up games go before the next measurement."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in served.game_pids()):
        await asyncio.sleep(0.1)


async def crowd(served: Served, size: int, read_at_once: bool) -> dict:
    """`size` visitors at once: seconds until the last start screen was complete (inf if one
    failed), and the CPU seconds it took: the games', the server's, and this bench's own clients'
    (asyncssh and pyte, on the same cores; pyte's part, reading the screens, comes once the
    crowd's output has stopped unless `read_at_once`)."""
    before = len(served.game_pids())
    server_before, bench_before = cpu_seconds(served.server.pid), time.process_time()
    lull = None if read_at_once else Lull(CROWD_LULL)
    times, games = await open_many(served, size, "crowd", lull)
    server_cpu, bench_cpu = cpu_seconds(served.server.pid) - server_before, time.process_time() - bench_before
    reading = 0.0 if lull is None or lull.cpu_at_first_lull is None else time.process_time() - lull.cpu_at_first_lull
    pids = served.game_pids()[before:]
    games_cpu = sum(cpu_seconds(pid) for pid in pids)
    await close_all(games)
    await until_games_gone(served)
    return {
        "slots": served.slots_given_back(pids),
        "last": max(times) if len(times) == size else float("inf"),
        "games_cpu": games_cpu,
        "server_cpu": server_cpu,
        "bench_cpu": bench_cpu,
        "bench_reading_cpu": reading,
    }


def session_memory(served: Served, pids: list[int]) -> tuple[float, float]:
    """(PSS of the games, PSS of the template) in MiB; the template's shared pages are counted
    in each game's PSS already, in proportion."""
    games = sum(memory_of(pid)[1] for pid in pids)
    template = sum(memory_of(pid)[1] for pid in served.template_pids()[-1:])
    return games, template


def cpu_seconds(pid: int) -> float:
    """User and system CPU the process has used (a forked game's count starts at its fork)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


KSM = Path("/sys/kernel/mm/ksm")


def same_page_merging() -> bool:
    """Whether the kernel merges identical pages (KSM) of the processes that offer theirs."""
    try:
        return (KSM / "run").read_text().strip() == "1"
    except OSError:
        return False


def ksmd_cpu() -> float:
    """CPU seconds of the kernel's page-merging thread so far (0 without one)."""
    for status in Path("/proc").glob("[0-9]*/comm"):
        with contextlib.suppress(OSError):
            if status.read_text().strip() == "ksmd":
                return cpu_seconds(int(status.parent.name))
    return 0.0


async def idle_memory(served: Served, size: int, settle: float) -> tuple[float, float, float]:
    """PSS per idle session (its game plus its share of the template) with `size` sessions open
    `settle` seconds, the median CPU seconds a game used to draw its start screen, and the share
    of one core ksmd used over the wait."""
    before = len(served.game_pids())
    _times, games = await open_many(served, size, "idle")
    merging_before, waited = ksmd_cpu(), time.perf_counter()
    await asyncio.sleep(settle)  # the games settle at their start screens
    merging = (ksmd_cpu() - merging_before) / (time.perf_counter() - waited)
    pids = served.game_pids()[before:]
    games_pss, template_pss = session_memory(served, pids)
    cpu = statistics.median(cpu_seconds(pid) for pid in pids)
    await close_all(games)
    await until_games_gone(served)
    return (games_pss + template_pss) / len(pids), cpu, merging


async def many_idle(served: Served, size: int) -> dict:
    """`size` sessions open; each in turn answers a key while the rest idle."""
    before = len(served.game_pids())
    opened_at = time.perf_counter()
    times, games = [], []
    for start in range(0, size, 20):  # 20 at a time, as visitors trickle in
        batch_times, batch = await open_many(served, min(20, size - start), "many")
        times += batch_times
        games += batch
    opened_after = time.perf_counter() - opened_at
    await asyncio.sleep(3)
    pids = served.game_pids()[before:]
    games_pss, template_pss = session_memory(served, pids)
    answers = []
    for game in games:
        pressed = time.perf_counter()
        game.press(b"\x1b[B")  # down: the next variant is highlighted
        answers.append(await game.wait_for("> Ten-card") - pressed)
    await close_all(games)
    await until_games_gone(served, 120)
    return {
        "open": len(games),
        "opened_after": opened_after,
        "slowest_answer": max(answers, default=float("nan")),
        "p50_answer": statistics.median(answers) if answers else float("nan"),
        "total_pss": games_pss + template_pss,
        "template_pss": template_pss,
    }


async def measure(served: Served, arguments: argparse.Namespace, with_local: bool, many: bool) -> dict:
    print(f"{served.way}: crowd, idle memory...", file=sys.stderr, flush=True)
    figures: dict = {}
    figures["crowds"] = (
        [await crowd(served, arguments.crowd, arguments.read_at_once) for _ in range(arguments.runs)]
        if arguments.crowd
        else []
    )
    figures["idle"] = (
        [await idle_memory(served, arguments.idle, arguments.settle) for _ in range(arguments.runs)]
        if arguments.idle
        else []
    )
    if with_local:
        figures["local"] = [await against_local(served, arguments.presses) for _ in range(arguments.runs)]
    if many and arguments.many:
        print(f"{served.way}: {arguments.many} idle sessions...", file=sys.stderr, flush=True)
        figures["many"] = await many_idle(served, arguments.many)
    return figures


async def main(arguments: argparse.Namespace) -> None:
    options = () if arguments.max_starting is None else ("--max-starting", str(arguments.max_starting))
    servers: list[Served] = []
    try:
        for spawn in (False, True)[: 1 if arguments.no_spawn else 2]:
            servers.append(Served(spawn, arguments.tree.resolve(), options))
        print(f"connects one at a time, {arguments.starts} each...", file=sys.stderr, flush=True)
        starts = await interleaved_starts(servers, arguments.starts)
        measured = {}
        for served in servers:
            many = served.way == "template" or arguments.many_spawn
            local = served.way == "template" and arguments.local
            measured[served.way] = {"starts": starts[served.way], **await measure(served, arguments, local, many)}
    finally:
        for served in servers:
            served.stop()
    report(measured, arguments)


def report(measured: dict, arguments: argparse.Namespace) -> None:
    template = measured["template"]
    ways = list(measured)
    print(
        f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end; "
        f"median of {arguments.runs} runs; code of {arguments.tree.resolve()}"
    )
    fork = statistics.median(template["starts"])
    if "spawn" in measured:
        fresh = statistics.median(measured["spawn"]["starts"])
        pairs = sorted(a / b for a, b in zip(template["starts"], measured["spawn"]["starts"], strict=True))
        print(
            f"connect to complete start screen (median of {len(pairs)}, interleaved): template {fork * 1000:.0f} ms, "
            f"spawn {fresh * 1000:.0f} ms, ratio {fork / fresh:.2f} (target <= 0.4) "
            f"{'OK' if fork / fresh <= 0.4 else 'OVER'}; each pair's ratio {pairs[0]:.2f}-{pairs[-1]:.2f}"
        )
    else:
        print(f"connect to complete start screen (median of {len(template['starts'])}): template {fork * 1000:.0f} ms")
    if arguments.crowd:
        for way in ways:
            crowds = measured[way]["crowds"]
            last = statistics.median(run["last"] for run in crowds)
            runs = ", ".join(f"{run['last']:.2f}" for run in crowds)
            cpu = {name: statistics.median(run[name] for run in crowds) for name in crowds[0] if "cpu" in name}
            slots = ", ".join(
                f"{how} {count}" for how, count in sum((run["slots"] for run in crowds), Counter()).items()
            )
            reading = (
                "as it came"
                if arguments.read_at_once
                else f"{cpu['bench_reading_cpu']:.1f} s of it reading the screens after the crowd's output stopped"
            )
            print(
                f"{arguments.crowd} visitors at once, the last start screen after: {way} {last:.2f} s "
                f"(runs: {runs}) (target <= 3 s) {'OK' if last <= 3 else 'OVER'}; CPU: the games "
                f"{cpu['games_cpu']:.1f} s, the server {cpu['server_cpu']:.1f} s, the bench's clients "
                f"{cpu['bench_cpu']:.1f} s ({reading}); start slots given back: {slots}"
            )
    if arguments.idle:
        merging = "on" if same_page_merging() else "off"
        for way in ways:
            pss = statistics.median(pss for pss, _cpu, _merging in measured[way]["idle"])
            cpu = statistics.median(cpu for _pss, cpu, _merging in measured[way]["idle"])
            ksmd = statistics.median(merging for _pss, _cpu, merging in measured[way]["idle"])
            print(
                f"PSS per idle session, {arguments.idle} open {arguments.settle:.0f} s: {way} {pss:.1f} MiB "
                f"(target <= 20) {'OK' if pss <= 20 else 'OVER'}; CPU of a game to its start screen {cpu:.2f} s; "
                f"same-page merging (KSM) {merging}, ksmd {ksmd * 100:.1f}% of a core"
            )
    for way in ways:
        many = measured[way].get("many")
        if many:
            print(
                f"{arguments.many} idle sessions ({way}): {many['open']} open after {many['opened_after']:.0f} s; "
                f"a key answered in p50 {many['p50_answer'] * 1000:.0f} ms, slowest {many['slowest_answer'] * 1000:.0f} ms "
                f"(target <= 1000) {'OK' if many['slowest_answer'] <= 1 else 'OVER'}; total PSS "
                f"{many['total_pss'] / 1024:.2f} GiB (the template {many['template_pss']:.0f} MiB of it)"
            )
    local = template.get("local")
    if local:
        report_against_local(local)


def report_against_local(measured: list[dict]) -> None:
    def median(name: str) -> float:
        return statistics.median(run[name] for run in measured)

    def key_median(name: str, fraction: float) -> float:
        return statistics.median(percentile(run[name], fraction) for run in measured) * 1000

    local, ssh = median("local_start"), median("ssh_start")
    print(
        f"connect to complete start screen: SSH (template) {ssh * 1000:.0f} ms, local PTY {local * 1000:.0f} ms, "
        f"ratio {ssh / local:.2f} (target <= 1.3) {'OK' if ssh / local <= 1.3 else 'OVER'}"
    )
    for label, fraction in (("p50", 0.5), ("p95", 0.95)):
        remote, here = key_median("ssh_keys", fraction), key_median("local_keys", fraction)
        print(
            f"key to screen update {label}: SSH {remote:.1f} ms, local {here:.1f} ms, ratio {remote / here:.2f} "
            f"(target <= 1.5) {'OK' if remote / here <= 1.5 else 'OVER'}"
        )
    print(f"memory of a game at a Gin table (template): RSS {median('rss'):.0f} MiB, PSS {median('pss'):.0f} MiB")
    print(
        f"CPU of the game per key at the table (s, sort: the hand redrawn; with the 50 ms between keys): "
        f"{median('key_cpu') * 1000:.1f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="crowds and idle rounds of each way")
    parser.add_argument(
        "--starts", type=int, default=9, help="visitors one at a time on each way, the ways taking turns"
    )
    parser.add_argument(
        "--read-at-once",
        action="store_true",
        help="a crowd's screens read through pyte as their output comes (on the games' cores), not once it stops",
    )
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--crowd", type=int, default=30, help="visitors connecting at the same instant (0: none)")
    parser.add_argument("--idle", type=int, default=20, help="idle sessions whose memory is measured (0: none)")
    parser.add_argument(
        "--settle", type=float, default=3.0, help="seconds the idle sessions wait before their memory is read"
    )
    parser.add_argument("--many", type=int, default=200, help="idle sessions that each answer a key (0: none)")
    parser.add_argument("--many-spawn", action="store_true", help="the many idle sessions with the spawn path too")
    parser.add_argument("--no-local", dest="local", action="store_false", help="skip the comparison with a local PTY")
    parser.add_argument("--no-spawn", action="store_true", help="the template's server only (no spawn path)")
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="run the servers from this checkout's code (`git archive main | tar -x -C DIR`, compiled): an A/B",
    )
    parser.add_argument("--max-starting", type=int, help="the servers' --max-starting (their default if left out)")
    arguments = parser.parse_args()
    os.chdir(ROOT)
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))  # the folders go then too
    asyncio.run(main(arguments))
