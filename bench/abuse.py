"""A hostile visitor against `rummy serve`: `python bench/abuse.py [--runs 3] [--only NAME,...]`
(not a test; prints a report; loopback only).

Each attack runs against a fresh `rummy serve` on 127.0.0.1 (default limits, except that the
bench may open many connections), for a bounded time and count, while an honest second visitor
plays Gin at their own table, pressing `s` (the hand's caption flips between "sorted by suit"
and "sorted by rank") about five times a second. Per attack it prints:

* the peak RSS (VmHWM) of the attacker's game process and of the server, in MiB;
* the CPU seconds the attacker's game and the server spent during the attack;
* the delay the honest player's key saw, key to screen, p50 and worst;
* what the server said (refusals, drops, clamps) and whether the attacker's session lived.

The SSH attacks: a 20000x20000 terminal at login, resizes to 10000x10000 and past 65535, a
flood of window changes, a 1 MB paste, floods of keys and of mouse reports, 50 sftp requests,
48 MB of environment variables, and session channels opened by the thousand and left idle.

Targets (issue #22): every game under 150 MiB whatever the visitor sends, the server under
150 MiB; an honest move at a table under a chat flood shows at the other seats within 250 ms.
`--runs N` repeats everything and prints each figure's median (and the runs).

The table service's attacks (TABLE_ATTACKS: 2,000 chat lines at the honest players' table, 500
table creates from one identity) speak the table protocol on the server's socket; their honest
players are two seats at a Rummy table, and the server's figures include the table service
(it runs in the serve process).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]
from figures import percentile  # noqa: E402
from serve import SSHGame, start_server  # noqa: E402  (after the path above)

from rummy_tui.tableserver.client import TableClient, TableError  # noqa: E402
from variants import get_variant  # noqa: E402

ATTACK_SECONDS = 12.0  # how long each attack goes on (and the honest player keeps playing)
SETTLE_SECONDS = 2.0  # after the attack, before the figures are read: late effects count too
TICKS = os.sysconf("SC_CLK_TCK")
PAGE_LIMIT = 150  # MiB, the target for a game and for the server


# --- what a process costs ---------------------------------------------------------------------


def peak_rss(pid: int) -> float:
    """VmHWM: the most resident memory the process ever had, in MiB."""
    return int(re.search(r"VmHWM:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1)) / 1024


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def game_pid(log: Path, username: str) -> int | None:
    found = re.findall(rf" play .*identity=guest-{re.escape(username)} pid=(\d+)", log.read_text())
    return int(found[-1]) if found else None


# --- the honest player --------------------------------------------------------------------------


async def honest_player(port: int) -> SSHGame:
    game = SSHGame()
    await game.start(port, "honest")
    await game.wait_for("^s Start", "AI (normal)")
    game.press(b"\x13")  # ctrl+s: Gin against the computer
    await game.wait_for("sorted by suit")
    return game


async def keep_playing(game: SSHGame, until: float, delays: list[float]) -> None:
    """Flip the hand's sorting until `until`, timing each key to its screen update."""
    expected = "sorted by rank"
    while time.perf_counter() < until:
        pressed = time.perf_counter()
        game.press(b"s")
        try:
            delays.append(await game.wait_for(expected, timeout=30) - pressed)
        except TimeoutError:
            delays.append(float("inf"))
            return
        expected = "sorted by suit" if expected == "sorted by rank" else "sorted by rank"
        await asyncio.sleep(0.2)


# --- the attacks --------------------------------------------------------------------------------


@dataclass
class Attacker:
    """One hostile visitor's session (or none, for an attack that never gets a game)."""

    port: int
    username: str = "mallory"
    conn: asyncssh.SSHClientConnection | None = None
    process: asyncssh.SSHClientProcess | None = None
    output_bytes: int = 0
    reader: asyncio.Task | None = None

    async def open(self, size: tuple[int, int] = (80, 24)) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            self.port,
            username=self.username,
            known_hosts=None,
            client_keys=None,
            password="",
            agent_path=None,
        )
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
        self.reader = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        """Read (and count) what the game draws: an attacker that does not read would only be
        slowed down by the SSH window, and that is not the attack measured here."""
        try:
            while data := await self.process.stdout.read(65536):
                self.output_bytes += len(data)
        except (asyncssh.Error, OSError):
            pass

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()


async def until_deadline(deadline: float, step: Callable[[], Awaitable[None]]) -> int:
    count = 0
    while time.perf_counter() < deadline:
        await step()
        count += 1
    return count


async def attack_idle(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    await asyncio.sleep(max(deadline - time.perf_counter(), 0))
    return "an ordinary visitor at the start screen (the baseline)"


async def attack_huge_login(attacker: Attacker, deadline: float) -> str:
    await attacker.open((20000, 20000))
    await asyncio.sleep(max(deadline - time.perf_counter(), 0))
    return "asked for 20000x20000 at login"


async def attack_huge_resize(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    await asyncio.sleep(2)
    attacker.process.change_terminal_size(10000, 10000)
    await asyncio.sleep(max(deadline - time.perf_counter(), 0))
    return "resized to 10000x10000"


async def attack_resize_65536(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    await asyncio.sleep(2)
    attacker.process.change_terminal_size(70000, 70000)
    await asyncio.sleep(max(deadline - time.perf_counter(), 0))
    return "resized to 70000x70000 (past the kernel's 16 bits)"


async def attack_resize_flood(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    sizes = [(80, 24), (400, 150), (120, 40), (20000, 20000)]

    async def resize() -> None:
        for _ in range(50):
            attacker.process.change_terminal_size(*sizes[int(time.perf_counter() * 1000) % len(sizes)])
        await asyncio.sleep(0.01)

    count = await until_deadline(deadline, resize)
    return f"{count * 50} window changes"


async def attack_paste(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    await asyncio.sleep(2)
    attacker.process.stdin.write(b"x" * 1_000_000)
    await attacker.process.stdin.drain()
    await asyncio.sleep(max(deadline - time.perf_counter(), 0))
    return "1 MB of keys in one write"


async def attack_key_flood(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    await asyncio.sleep(2)
    keys = b"\x1b[B\x1b[A" * 2000  # down, up: the variant list moves and the form is rebuilt

    async def flood() -> None:
        attacker.process.stdin.write(keys)
        await attacker.process.stdin.drain()

    count = await until_deadline(deadline, flood)
    return f"{count * len(keys) // 1024} KiB of arrow keys, as fast as they go"


async def attack_mouse_flood(attacker: Attacker, deadline: float) -> str:
    await attacker.open()
    await asyncio.sleep(2)
    moves = b"".join(b"\x1b[<35;%d;%dM" % (1 + n % 80, 1 + n % 24) for n in range(2000))

    async def flood() -> None:
        attacker.process.stdin.write(moves)
        await attacker.process.stdin.drain()

    count = await until_deadline(deadline, flood)
    return f"{count * 2000} mouse moves"


async def attack_sftp(attacker: Attacker, deadline: float) -> str:
    attacker.conn = await asyncssh.connect(
        "127.0.0.1",
        attacker.port,
        username=attacker.username,
        known_hosts=None,
        client_keys=None,
        password="",
        agent_path=None,
    )
    refused = 0
    for _ in range(50):
        if time.perf_counter() >= deadline:
            break
        result = await attacker.conn.run(subsystem="sftp")
        refused += result.exit_status == 1 and "offers no sftp" in result.stderr
    return f"{refused} of 50 sftp requests refused with the message"


async def attack_env_flood(attacker: Attacker, deadline: float) -> str:
    attacker.conn = await asyncssh.connect(
        "127.0.0.1",
        attacker.port,
        username=attacker.username,
        known_hosts=None,
        client_keys=None,
        password="",
        agent_path=None,
    )
    flood = {f"JUNK{number}": "x" * 16000 for number in range(3000)}
    attacker.process = await attacker.conn.create_process(
        term_type="xterm-256color", term_size=(80, 24), encoding=None, env=flood
    )
    attacker.reader = asyncio.create_task(attacker._drain())
    await asyncio.sleep(max(deadline - time.perf_counter(), 0))
    return "3,000 environment variables of 16 KB (48 MB) before the session"


async def attack_channel_flood(attacker: Attacker, deadline: float) -> str:
    """Session channels opened and left without a request (asyncssh's client has no public
    call for that, hence its channel class)."""
    from asyncssh.channel import SSHClientChannel

    attacker.conn = await asyncssh.connect(
        "127.0.0.1",
        attacker.port,
        username=attacker.username,
        known_hosts=None,
        client_keys=None,
        password="",
        agent_path=None,
    )
    opened = refused = 0
    while opened + refused < 20000 and time.perf_counter() < deadline:
        channel = SSHClientChannel(attacker.conn, asyncio.get_running_loop(), "strict", None, "strict", 2**20, 32768)
        try:
            await channel._open(b"session")
            opened += 1
        except asyncssh.ChannelOpenError:
            refused += 1
    return f"{opened + refused} session channels opened and left idle on one connection: {opened} opened"


ATTACKS: dict[str, Callable[[Attacker, float], Awaitable[str]]] = {
    "idle": attack_idle,
    "huge-login": attack_huge_login,
    "huge-resize": attack_huge_resize,
    "resize-65536": attack_resize_65536,
    "resize-flood": attack_resize_flood,
    "paste-1MB": attack_paste,
    "key-flood": attack_key_flood,
    "mouse-flood": attack_mouse_flood,
    "sftp": attack_sftp,
    "env-flood": attack_env_flood,
    "channel-flood": attack_channel_flood,
}


# --- the table service's attacks ----------------------------------------------------------------
# They speak the table protocol on the server's socket, as any program of a local user (or a
# game changed by its visitor) could. The honest players are two seats of a three-seat Rummy
# table, each move timed from the act until it shows at the other honest seat.


def choose(view: dict, rng: random.Random) -> str:
    observation = view["observation"]
    return get_variant(observation["variant"]).choose_ai_action(observation, view["legal"], "easy", rng)


async def table_client(socket_path: Path, name: str) -> TableClient:
    client = TableClient(record=True)
    await client.connect(socket_path)
    await client.hello(name, identity=f"bench-{name.lower()}")
    return client


async def play(
    me: TableClient,
    until: float,
    seed: int,
    other: TableClient | None = None,
    delays: list[float] | None = None,
    resend: bool = False,
) -> None:
    """Play `me`'s turns until `until`; with `other`, time each move until `other` sees it.
    With `resend`, a move the server dropped (over the connection's message rate) is sent again."""
    rng = random.Random(seed)
    answered = -1
    while (left := until - time.perf_counter()) > 0:
        try:
            view = await me.wait_view(
                lambda view, after=answered: (
                    view["observation"]["result"] is not None or (view["legal"] and view["seq"] > after)
                ),
                timeout=min(left, 1.0) if resend and answered >= 0 else left,
            )
        except TableError:
            if not resend or not me.connected:
                return
            if me.view["seq"] == answered and me.view["legal"]:  # nothing came of the move: again
                await me.act(choose(me.view, rng), answered)
            continue
        if view["observation"]["result"] is not None:
            return
        answered = view["seq"]
        sent = time.perf_counter()
        await me.act(choose(view, rng), answered)
        if other is not None:
            try:
                await other.wait_view(lambda view, after=answered: view["seq"] > after, timeout=30)
            except TableError:
                delays.append(float("inf"))
                return
            delays.append(time.perf_counter() - sent)


async def honest_table(socket_path: Path, seats: list[str]) -> tuple[TableClient, TableClient, str]:
    ann, ben = await table_client(socket_path, "Ann"), await table_client(socket_path, "Ben")
    code = (await ann.create("basic", seats, grace=None))["table"]
    await ben.join(code)
    return ann, ben, code


async def attack_chat_flood(socket_path: Path, deadline: float, delays: list[float]) -> str:
    ann, ben, code = await honest_table(socket_path, ["human"] * 3)
    mallory = await table_client(socket_path, "Mallory")
    await mallory.join(code)
    await ann.start()
    lines = 0

    async def flood() -> None:
        """2,000 lines at once, then 15 a second: over the chat limit all along, yet within the
        connection's message rate, so that Mallory's own moves still get through and the
        table is not simply stalled on her turn."""
        nonlocal lines
        while lines < 2000 and time.perf_counter() < deadline:
            await mallory.chat(f"spam {lines} " + "x" * 150)
            lines += 1
        while time.perf_counter() < deadline:
            await mallory.chat(f"spam {lines} " + "x" * 150)
            lines += 1
            await asyncio.sleep(1 / 15)

    await asyncio.gather(
        flood(),
        play(mallory, deadline, 3, resend=True),
        play(ann, deadline, 1, ben, delays),
        play(ben, deadline, 2, ann, delays),
    )
    shown = sum(1 for message in ann.received if message["type"] == "line" and "spam" in str(message))
    for client in (ann, ben, mallory):
        await client.close()
    return f"{lines} chat lines of 157 characters sent; {shown} reached the other seats"


async def attack_table_creates(socket_path: Path, deadline: float, delays: list[float]) -> str:
    ann, ben, _ = await honest_table(socket_path, ["human", "human", "easy"])
    await ann.start()
    mallory = await table_client(socket_path, "Mallory")

    async def create() -> None:
        """500 create requests, each sent without waiting for the answer to the one before."""
        for _ in range(500):
            await mallory.send({"type": "create", "variant": "gin", "seats": ["human", "normal"]})

    await asyncio.gather(create(), play(ann, deadline, 1, ben, delays), play(ben, deadline, 2, ann, delays))
    answers = [message["type"] for message in mallory.received if message["type"] in ("welcome", "refused", "error")]
    for client in (ann, ben, mallory):
        await client.close()
    made, refused = answers.count("welcome"), answers.count("refused")
    return (
        f"500 table creates from one identity, sent at once: {made} made, {refused} refused, the other "
        f"{500 - made - refused} dropped unread over the connection's message rate"
    )


TABLE_ATTACKS: dict[str, Callable[[Path, float, list[float]], Awaitable[str]]] = {
    "chat-flood": attack_chat_flood,
    "table-creates": attack_table_creates,
}


# --- one attack, measured -----------------------------------------------------------------------


@dataclass
class Outcome:
    attack: str
    what: str = ""
    game_peak: float | None = None  # MiB
    game_cpu: float | None = None  # s
    server_peak: float = 0.0
    server_cpu: float = 0.0
    honest: list[float] = field(default_factory=list)  # s
    survived: bool | None = None
    said: dict[str, int] = field(default_factory=dict)


async def run_attack(name: str) -> Outcome:
    data_dir = tempfile.mkdtemp(prefix="rummy-abuse-")
    socket_path = Path(data_dir) / "tables.sock"
    os.environ["RUMMY_TUI_TABLE_SOCKET"] = str(socket_path)  # the server's own, never this user's usual one
    server, port, log = start_server(data_dir)
    outcome = Outcome(name)
    try:
        if name in TABLE_ATTACKS:
            server_cpu = cpu_seconds(server.pid)
            deadline = time.perf_counter() + ATTACK_SECONDS
            outcome.what = await asyncio.wait_for(
                TABLE_ATTACKS[name](socket_path, deadline, outcome.honest), ATTACK_SECONDS * 3
            )
            outcome.server_peak = peak_rss(server.pid)
            outcome.server_cpu = cpu_seconds(server.pid) - server_cpu
            return outcome
        honest = await honest_player(port)
        attacker = Attacker(port)
        server_cpu = cpu_seconds(server.pid)
        started = time.perf_counter()
        deadline = started + ATTACK_SECONDS
        playing = asyncio.create_task(keep_playing(honest, deadline + SETTLE_SECONDS, outcome.honest))
        try:
            outcome.what = await asyncio.wait_for(ATTACKS[name](attacker, deadline), ATTACK_SECONDS * 3)
        finally:
            await asyncio.sleep(max(deadline - time.perf_counter(), 0) + SETTLE_SECONDS)
            await playing
            pid = game_pid(log, attacker.username)
            if pid is not None and alive(pid):
                outcome.game_peak, outcome.game_cpu = peak_rss(pid), cpu_seconds(pid)
                outcome.survived = attacker.process is not None and not attacker.process.is_closing()
            elif pid is not None:
                outcome.survived = False
            outcome.server_peak = peak_rss(server.pid)
            outcome.server_cpu = cpu_seconds(server.pid) - server_cpu
            await attacker.close()
            await honest.close()
    finally:
        server.terminate()
        server.wait(timeout=60)
        server.stdout.close()
        text = log.read_text()
        for event in ("window-clamped", "input-dropped", "refused", "start-failed"):
            if count := text.count(f" {event} "):
                outcome.said[event] = count
    return outcome


# --- the report ---------------------------------------------------------------------------------


def median(values: list[float]) -> float | None:
    present = [value for value in values if value is not None]
    return statistics.median(present) if present else None


def shown(value: float | None, unit: str = "") -> str:
    return "-" if value is None else f"{value:.1f}{unit}" if value != float("inf") else "never"


def report(outcomes: dict[str, list[Outcome]]) -> None:
    load = os.getloadavg()
    print(
        f"\nrummy serve under attack, loopback; load average now {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} "
        f"on {os.cpu_count()} CPUs; medians of {max(len(runs) for runs in outcomes.values())} run(s)\n"
    )
    header = (
        "attack",
        "game peak MiB",
        "game CPU s",
        "server peak MiB",
        "server CPU s",
        "honest p50 ms",
        "honest p95 ms",
        "honest worst ms",
        "session",
        "server said",
    )
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name, runs in outcomes.items():
        honest_p50 = median([statistics.median(run.honest) * 1000 if run.honest else None for run in runs])
        honest_p95 = median([percentile(run.honest, 0.95) * 1000 if run.honest else None for run in runs])
        honest_worst = median([max(run.honest) * 1000 if run.honest else None for run in runs])
        survived = {run.survived for run in runs}
        session = (
            "lived"
            if survived == {True}
            else "ended"
            if survived == {False}
            else "-"
            if survived == {None}
            else "mixed"
        )
        said = ", ".join(f"{event} x{count}" for event, count in runs[-1].said.items()) or "-"
        print(
            f"| {name} | {shown(median([run.game_peak for run in runs]))} | {shown(median([run.game_cpu for run in runs]))}"
            f" | {shown(median([run.server_peak for run in runs]))} | {shown(median([run.server_cpu for run in runs]))}"
            f" | {shown(honest_p50)} | {shown(honest_p95)} | {shown(honest_worst)} | {session} | {said} |"
        )
    print()
    for name, runs in outcomes.items():
        peaks = ", ".join(shown(run.game_peak) for run in runs)
        print(f"{name}: {runs[-1].what}; game peaks per run: {peaks}")
    worst_game = max((run.game_peak or 0 for runs in outcomes.values() for run in runs), default=0)
    worst_server = max((run.server_peak for runs in outcomes.values() for run in runs), default=0)
    print(
        f"\nworst game peak {worst_game:.1f} MiB, worst server peak {worst_server:.1f} MiB "
        f"(target: both under {PAGE_LIMIT} MiB)"
    )


async def main(runs: int, only: list[str]) -> None:
    outcomes: dict[str, list[Outcome]] = {name: [] for name in only}
    for run in range(runs):
        for name in only:
            outcome = await run_attack(name)
            outcomes[name].append(outcome)
            print(
                f"run {run + 1} {name}: game {shown(outcome.game_peak)} MiB, server {outcome.server_peak:.1f} MiB, "
                f"honest p50 {shown(statistics.median(outcome.honest) * 1000 if outcome.honest else None)} ms",
                flush=True,
            )
    report(outcomes)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default=",".join([*ATTACKS, *TABLE_ATTACKS]), help="attacks to run, comma-separated")
    arguments = parser.parse_args()
    chosen = [name.strip() for name in arguments.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in ATTACKS and name not in TABLE_ATTACKS]
    if unknown:
        parser.error(f"unknown attack(s): {', '.join(unknown)}; known: {', '.join([*ATTACKS, *TABLE_ATTACKS])}")
    asyncio.run(main(arguments.runs, chosen))
