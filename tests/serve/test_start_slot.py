"""The start slots of `rummy serve` (`--max-starting`): a game holds its slot until it says, on
the pipe the server hands it (rummy_tui/served.py), that its first screen is complete, and the
next visitor's game starts right then; a game slower than that gives it back SETTLE after its
first output (as every game did before the pipe), and so does a game that never says (one from
before the pipe); a game that dies first gives it back at once. No descriptor of it is left in
the server, the template or the game.

Each way of starting a game (forked from the template, `--spawn`) has a server of its own that
starts one game at a time, shared by the tests here; the games that never say run from a copy of
the code whose games do not know the pipe. What the server measured is read from its log:
`started ... output=MSms after=MSms how=...` (from the game's start to its first output, and to
the slot given back)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import time
from collections import Counter
from pathlib import Path

import pytest

from rummy_tui.serve.child import CODE_ROOT
from rummy_tui.serve.session import SETTLE, START_LIMIT

from .sshplay import Terminal, connect, game_pids, running_server, shared_server, template_pids, wait_until

START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")
POLL = 0.002  # these tests time the server's reactions: the pipe and the log are looked at often


def options(way: str) -> tuple[str, ...]:
    return ("--max-starting", "1", *(("--spawn",) if way == "spawn" else ()))


@pytest.fixture(scope="module", params=["template", "spawn"])
def one_at_a_time(request, tmp_path_factory):
    yield from running_server(tmp_path_factory.mktemp("serve"), *options(request.param))


@pytest.fixture
def server(one_at_a_time):
    yield from shared_server(one_at_a_time)


def links(pid: int) -> list[str]:
    """What each open descriptor of `pid` is (`pipe:[inode]`, `socket:[inode]`, a path)."""
    found = []
    for entry in Path(f"/proc/{pid}/fd").iterdir():
        try:
            found.append(os.readlink(entry))
        except OSError:
            continue
    return found


def lone_pipe_ends(pid: int) -> list[str]:
    """The pipes `pid` holds only one end of: a game's start pipe, until it has said (the pipes
    a game makes for itself, it holds both ends of)."""
    held = links(pid)
    return [link for link in held if link.startswith("pipe:") and held.count(link) == 1]


async def until(condition, limit: float = 60.0) -> float:
    """Poll `condition` every POLL seconds; the monotonic time it was first seen to hold."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {limit} s")
        await asyncio.sleep(POLL)
    return time.monotonic()


def handover(server, first_game: int) -> None:
    """Until a second game is started, that it is not started while the first game has not said
    its first screen is complete (still holds its start pipe): watched from a thread of its own,
    every millisecond or two, which the event loop's work (pyte reading the screens) does not
    hold up."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        started = len(game_pids(server)) == 2  # looked at first: a pipe still open after it means too early
        assert not (started and lone_pipe_ends(first_game)), "the second game started before the first said"
        if started:
            return
        time.sleep(0.001)
    raise AssertionError(f"no second game within a minute:\n{server.log()}")


async def slot_given_back(server, pid: int) -> tuple[int, int, str]:
    """From the game's start, milliseconds to its first output and to its start slot given back,
    and how (once the log says)."""
    await until(lambda: started_line(server, pid))
    fields = dict(field.split("=", 1) for field in started_line(server, pid).split()[2:] if "=" in field)
    output = -1 if fields["output"] == "-" else int(fields["output"].removesuffix("ms"))  # "-": no output
    return output, int(fields["after"].removesuffix("ms")), fields["how"]


def started_line(server, pid: int) -> str:
    """The log's line on how the game `pid` gave its start slot back ("" before it has)."""
    return next((line for line in server.log().splitlines() if " started " in line and f" pid={pid} " in line), "")


async def first_of_two(server, first_name: str, second_name: str):
    """Two visitors connected; the first one's terminal opened and its game started (the one game
    so far): (first connection, second connection, first terminal, first game's pid)."""
    first_connection, second_connection = await connect(server, first_name), await connect(server, second_name)
    first = await Terminal.open(first_connection)
    await until(lambda: len(game_pids(server)) == 1)
    [game] = game_pids(server)
    return first_connection, second_connection, first, game


async def test_the_next_game_starts_when_the_first_has_said_its_first_screen_is_complete(server):
    """The first visitor is in line mode: its first screen (a question) is out with its first
    output, so the slot is given back that moment, not SETTLE later."""
    first_connection, second_connection, first, first_game = await first_of_two(server, "first+lines", "second")
    second = await Terminal.open(second_connection)
    await asyncio.to_thread(handover, server, first_game)
    await first.wait_for("What would you like to play?")
    await second.wait_for(*START_SCREEN)
    output, after, how = await slot_given_back(server, first_game)
    assert how == "said" and after - output < SETTLE * 1000, started_line(server, first_game)
    first_connection.close()
    second_connection.close()


async def test_a_game_slower_than_settle_gives_its_slot_back_settle_after_its_first_output(server):
    first_connection, second_connection, first, slow = await first_of_two(server, "slow", "quick")
    await until(lambda: first.output)
    os.kill(slow, signal.SIGSTOP)  # not done with its start screen for as long as it stays stopped
    try:
        assert lone_pipe_ends(slow), "the game said it was started at its first output"
        second = await Terminal.open(second_connection)
        await until(lambda: len(game_pids(server)) == 2, limit=START_LIMIT / 2)
        assert lone_pipe_ends(slow), "the first game said it was started while it was stopped"
    finally:
        os.kill(slow, signal.SIGCONT)
    output, after, how = await slot_given_back(server, slow)
    assert how == "settled" and after - output >= SETTLE * 1000, started_line(server, slow)
    await first.wait_for(*START_SCREEN)
    await second.wait_for(*START_SCREEN)
    await until(lambda: lone_pipe_ends(slow) == [], limit=10)  # it says so all the same, and closes the pipe
    first_connection.close()
    second_connection.close()


async def test_a_game_that_dies_before_saying_gives_its_slot_back(server):
    first_connection, second_connection, first, doomed = await first_of_two(server, "doomed", "next")
    os.kill(doomed, signal.SIGSTOP)
    assert lone_pipe_ends(doomed), "the game said it was started before it could have"
    second = await Terminal.open(second_connection)
    os.kill(doomed, signal.SIGKILL)
    await until(lambda: len(game_pids(server)) == 2, limit=START_LIMIT / 2)
    assert (await slot_given_back(server, doomed))[2] == "gone", started_line(server, doomed)
    await second.wait_for(*START_SCREEN)
    await first.process.wait_closed()
    second_connection.close()


async def test_no_descriptor_of_a_start_is_left_in_the_server_the_template_or_the_game(server):
    before = Counter(links(server.process.pid))
    templates = template_pids(server)
    template_before = Counter(links(templates[-1])) if templates else Counter()
    for name in ("one", "two", "three"):
        connection = await connect(server, name)
        terminal = await Terminal.open(connection)
        await terminal.wait_for(*START_SCREEN)
        game = game_pids(server)[-1]
        await until(lambda game=game: started_line(server, game))
        await until(lambda game=game: lone_pipe_ends(game) == [], limit=10)  # closed once said
        if templates:
            assert Counter(links(templates[-1])) == template_before  # it closed its copies
        connection.close()
    await wait_until(
        lambda: Counter(links(server.process.pid)) <= before,
        timeout=10,
        message=f"the server kept descriptors: {Counter(links(server.process.pid)) - before}",
    )


@pytest.fixture(scope="module")
def code_without_the_start_pipe(tmp_path_factory) -> Path:
    """A copy of the code whose games never take the start pipe, as games from before it."""
    code = tmp_path_factory.mktemp("older-code")
    for package in ("rummy_tui", "variants"):
        shutil.copytree(CODE_ROOT / package, code / package)
    with open(code / "rummy_tui" / "served.py", "a") as served:
        served.write(
            "\n\ndef take_the_start_pipe() -> None:  # (the test's copy) the pipe is never taken\n"
            "    os.environ.pop(STARTED_FD_VARIABLE, None)\n"
        )
    return code


@pytest.mark.parametrize("way", ["template", "spawn"])
async def test_a_game_that_never_says_gives_its_slot_back_settle_after_its_first_output(
    way, code_without_the_start_pipe, tmp_path
):
    for server in running_server(tmp_path, *options(way), code=code_without_the_start_pipe):
        first_connection, second_connection = await connect(server, "older"), await connect(server, "later")
        first = await Terminal.open(first_connection)
        await until(lambda server=server: len(game_pids(server)) == 1)
        second = await Terminal.open(second_connection)
        await first.wait_for(*START_SCREEN)
        await second.wait_for(*START_SCREEN)
        older, later = game_pids(server)
        for game in (older, later):
            output, after, how = await slot_given_back(server, game)
            assert how == "settled" and after - output >= SETTLE * 1000, started_line(server, game)
        assert len(lone_pipe_ends(later)) == 1  # held, never taken: the game's exit closes it
        first_connection.close()
        second_connection.close()
