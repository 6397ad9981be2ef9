"""SSH serving speed: `python bench/serve.py [--runs 3] [--crowd 30] [--idle 20] [--settle 3] [--many 200]`
(not a test; prints a report).

Every figure is read the way a player sees it: the byte stream goes through a pyte terminal
and the clock stops when the text appears. Side by side, in the same run, the two ways
`rummy serve` starts a game: forked from the game template (the default) and as a fresh
process (`--spawn`), each against its own server:

* connect to a complete start screen (variant list, seats and footer drawn), the median of
  `--runs` visitors one after the other (target: the template at most 0.4x the spawn);
* `--crowd` visitors (30) connecting at the same instant: when the last start screen was
  complete (target: within 3 s);
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
import contextlib
import os
import pty
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte
from figures import percentile  # noqa: E402
from wcwidth import wcwidth

ROOT = Path(__file__).resolve().parent.parent
START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")
TIMEOUT = 180.0


class Terminal:
    """A pyte screen fed by a session; `wait_for` wakes on every chunk of output."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.chunks = 0  # how many pieces of output it has taken: a reader can tell a new screen
        self._lines: list[str] = []

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self.chunks += 1
        self.changed.set()

    def shows(self, *texts: str) -> bool:
        text = "\n".join(self.lines())
        return all(part in text for part in texts)

    def lines(self) -> list[str]:
        """The screen's lines, as pyte's `display` gives them; only the lines pyte marked changed
        since the last call are read again (the bench's clients share the cores with the games
        they measure: reading all 24 lines at every chunk cost about 1 ms each time)."""
        screen = self.screen
        if len(self._lines) != screen.lines:
            self._lines = [""] * screen.lines
            screen.dirty.update(range(screen.lines))
        for y in screen.dirty:
            if y < screen.lines:
                self._lines[y] = self._line(screen.buffer[y])
        screen.dirty.clear()
        return self._lines

    def _line(self, line) -> str:
        chars, wide = [], False
        for x in range(self.screen.columns):
            if wide:  # the stub after a wide character
                wide = False
                continue
            char = line[x].data
            wide = wcwidth(char[0]) == 2
            chars.append(char)
        return "".join(chars)

    async def wait_for(self, *texts: str, timeout: float = TIMEOUT) -> float:
        """Wait until every one of `texts` is on screen; returns the perf_counter time it appeared."""
        deadline = time.perf_counter() + timeout
        while not self.shows(*texts):
            self.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"never saw {texts}:\n" + "\n".join(self.lines()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return time.perf_counter()


class LocalGame(Terminal):
    """`rummy` in a local PTY: the baseline."""

    async def start(self, data_dir: str) -> None:
        import fcntl
        import struct
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        environment = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": data_dir, "RUMMY_TUI_DATA_DIR": data_dir}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environment,
            cwd=data_dir,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self) -> None:
        try:
            self.feed(os.read(self.master, 65536))
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    async def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)
        self.process.kill()
        self.process.wait()


class SSHGame(Terminal):
    async def start(self, port: int, username: str) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=username,
            known_hosts=None,
            client_keys=None,
            password="",
            agent_path=None,
            connect_timeout=TIMEOUT,
        )
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.feed(data)

    def press(self, keys: bytes) -> None:
        self.process.stdin.write(keys)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


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
        self.data_dir = tempfile.mkdtemp(prefix=f"rummy-serve-bench-{self.way}-")
        self.server, self.port, self.log = start_server(self.data_dir, spawn, tree, options)
        self.visitors = 0

    def name(self, label: str) -> str:
        self.visitors += 1
        return f"{label}{self.visitors}"

    def game_pids(self) -> list[int]:
        return game_pids(self.log)

    def template_pids(self) -> list[int]:
        return [int(pid) for pid in re.findall(r" template-ready .* pid=(\d+)", self.log.read_text())]

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=120)


async def time_start(open_game) -> tuple[float, Terminal]:
    started = time.perf_counter()
    game = await open_game()
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
    await local.close()
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
    await game.start(tempfile.mkdtemp(prefix="rummy-bench-"))
    return game


async def _ssh(port: int, username: str) -> SSHGame:
    game = SSHGame()
    await game.start(port, username)
    return game


async def one_start(served: Served) -> float:
    took, game = await time_start(lambda: _ssh(served.port, served.name("single")))
    await game.close()
    return took


async def open_many(served: Served, size: int, label: str) -> tuple[list[float], list[Terminal]]:
    """`size` visitors connecting at the same instant: their seconds to a complete start screen."""
    results = await asyncio.gather(
        *(time_start(lambda: _ssh(served.port, served.name(label))) for _ in range(size)), return_exceptions=True
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


async def crowd(served: Served, size: int) -> dict:
    """`size` visitors at once: seconds until the last start screen was complete (inf if one
    failed), and the CPU seconds it took: the games', the server's, and this bench's own clients'
    (asyncssh and pyte, on the same cores)."""
    before = len(served.game_pids())
    server_before, bench_before = cpu_seconds(served.server.pid), time.process_time()
    times, games = await open_many(served, size, "crowd")
    server_cpu, bench_cpu = cpu_seconds(served.server.pid) - server_before, time.process_time() - bench_before
    games_cpu = sum(cpu_seconds(pid) for pid in served.game_pids()[before:])
    await close_all(games)
    await until_games_gone(served)
    return {
        "last": max(times) if len(times) == size else float("inf"),
        "games_cpu": games_cpu,
        "server_cpu": server_cpu,
        "bench_cpu": bench_cpu,
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
    print(f"{served.way}: starts, crowd, idle memory...", file=sys.stderr, flush=True)
    figures: dict = {"starts": [await one_start(served) for _ in range(arguments.runs)]}
    figures["crowds"] = [await crowd(served, arguments.crowd) for _ in range(arguments.runs)] if arguments.crowd else []
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
    measured = {}
    options = () if arguments.max_starting is None else ("--max-starting", str(arguments.max_starting))
    for spawn in (False, True)[: 1 if arguments.no_spawn else 2]:
        served = Served(spawn, arguments.tree.resolve(), options)
        try:
            measured[served.way] = await measure(
                served, arguments, with_local=not spawn and arguments.local, many=not spawn or arguments.many_spawn
            )
        finally:
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
        print(
            f"connect to complete start screen: template {fork * 1000:.0f} ms, spawn {fresh * 1000:.0f} ms, "
            f"ratio {fork / fresh:.2f} (target <= 0.4) {'OK' if fork / fresh <= 0.4 else 'OVER'}"
        )
    else:
        print(f"connect to complete start screen: template {fork * 1000:.0f} ms")
    if arguments.crowd:
        for way in ways:
            crowds = measured[way]["crowds"]
            last = statistics.median(run["last"] for run in crowds)
            runs = ", ".join(f"{run['last']:.1f}" for run in crowds)
            cpu = {name: statistics.median(run[name] for run in crowds) for name in crowds[0] if name != "last"}
            print(
                f"{arguments.crowd} visitors at once, the last start screen after: {way} {last:.1f} s "
                f"(runs: {runs}) (target <= 3 s) {'OK' if last <= 3 else 'OVER'}; CPU: the games "
                f"{cpu['games_cpu']:.1f} s, the server {cpu['server_cpu']:.1f} s, the bench's clients "
                f"{cpu['bench_cpu']:.1f} s"
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
    parser.add_argument("--runs", type=int, default=3)
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
    asyncio.run(main(arguments))
