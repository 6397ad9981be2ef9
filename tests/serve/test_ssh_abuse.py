"""A hostile visitor against the real server: a huge terminal at login or at a resize, a flood
of keys, a flood of environment variables. Each ends with a bounded game that still plays (and
a bounded server), and a line in the log where there is something to say. The tests share
one server (each reads its own part of the log, each visitor has a name of its own)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .sshplay import Terminal, connect, game_pids, running_server, shared_server, wait_until

START_SCREEN = ("Rummy: five variants", "^s Start")
TOLD = "Your terminal is larger than this server draws: the game uses 400×150 characters of it."
CTRL_S = b"\x13"


@pytest.fixture(scope="module")
def one_server(tmp_path_factory):
    yield from running_server(tmp_path_factory.mktemp("serve"))


@pytest.fixture
def server(one_server):
    yield from shared_server(one_server)


async def open_terminal(conn, asked: tuple[int, int], shown: tuple[int, int] = (440, 170)) -> Terminal:
    """A session that asks the server for `asked`, read through a screen of `shown` (a pyte
    screen of 20000x20000 would only be slow)."""
    process = await conn.create_process(term_type="xterm-256color", term_size=asked, encoding=None)
    return Terminal(process, *shown)


async def press_until_seen(terminal: Terminal, key: bytes, text: str, tries: int = 30) -> None:
    for _ in range(tries):
        terminal.press(key)
        try:
            await terminal.wait_for(text, timeout=2)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{key!r} never showed {text!r}:\n{terminal.text()}")


def footer_row(terminal: Terminal) -> int:
    return next(row for row, line in enumerate(terminal.screen.display) if "^s Start" in line)


def told(terminal: Terminal) -> str:
    """The text of the toasts on the screen (a toast's lines start after its "▌" edge)."""
    inside = (line.rpartition("▌")[2].strip() for line in terminal.screen.display if "▌" in line)
    return " ".join(part for part in inside if part)


async def test_a_huge_terminal_at_login_gets_the_largest_window_and_is_told(server):
    async with await connect(server, "huge") as conn:
        terminal = await open_terminal(conn, (20000, 20000))
        await terminal.wait_for(*START_SCREEN)
        await wait_until(lambda: footer_row(terminal) == 149, message=terminal.text())
        assert all(not line.strip() for line in terminal.screen.display[150:])
        assert all(not line[400:].strip() for line in terminal.screen.display)
        await wait_until(lambda: TOLD in told(terminal), message=terminal.text())
    await wait_until(lambda: "game-over" in server.log(), message=server.log())
    assert "window-clamped ip=127.0.0.1 identity=guest-huge asked=20000x20000 size=400x150" in server.log()


async def test_a_resize_past_65535_is_clamped_not_fatal_and_told_once(server):
    async with await connect(server, "wide") as conn:
        terminal = await Terminal.open(conn, 80, 24)
        await terminal.wait_for(*START_SCREEN)
        assert TOLD not in told(terminal)
        terminal.screen.resize(170, 440)
        terminal.process.change_terminal_size(70000, 70000)
        await wait_until(
            lambda: "^s Start" in terminal.text() and footer_row(terminal) == 149,
            message=f"the game did not take 400x150:\n{terminal.text()}",
        )
        await wait_until(lambda: TOLD in told(terminal), message=terminal.text())
        terminal.process.change_terminal_size(10000, 10000)  # again: not told again
        terminal.process.change_terminal_size(0, 0)  # not a size: ignored
        terminal.resize(80, 24)
        await wait_until(
            lambda: "^s Start" in terminal.text() and footer_row(terminal) == 23,
            message=f"the game did not come back to 80x24:\n{terminal.text()}",
        )
        terminal.press(CTRL_S)
        await terminal.wait_for("You ·")  # still playing
    await wait_until(lambda: "game-over" in server.log(), message=server.log())
    assert server.log().count("window-clamped") == 1
    assert "asked=70000x70000" in server.log()


async def test_a_megabyte_of_keys_is_dropped_past_the_burst_and_the_game_plays_on(server):
    async with await connect(server, "flood") as conn:
        terminal = await Terminal.open(conn, 80, 24)
        await terminal.wait_for(*START_SCREEN)
        terminal.press(b"x" * 1_000_000)
        await terminal.process.stdin.drain()  # the server has read it all
        await wait_until(lambda: "input-dropped" in server.log(), message=server.log())
        await press_until_seen(terminal, CTRL_S, "You ·")  # a key just after the flood is dropped with it
    await wait_until(lambda: "game-over" in server.log(), message=server.log())
    log = server.log()
    assert log.count("input-dropped ip=127.0.0.1 identity=guest-flood") == 1
    dropped = int(re.search(r"game-over .* dropped=(\d+)", log).group(1))
    assert dropped >= 900_000  # a burst of 16 KiB and 4 KiB a second got through, no more


def resident_mib(pid: int) -> float:
    return int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1)) / 1024


async def test_a_flood_of_environment_variables_is_not_kept(server):
    before = resident_mib(server.process.pid)
    flood = {f"JUNK{number}": "x" * 16000 for number in range(3000)}  # 48 MB, all of it kept by asyncssh alone
    async with await connect(server, "junk") as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None, env={**flood, "COLORTERM": "truecolor"}
        )
        terminal = Terminal(process, 80, 24)
        await terminal.wait_for(*START_SCREEN)
        grown = resident_mib(server.process.pid) - before
        [game] = game_pids(server)
        environment = Path(f"/proc/{game}/environ").read_bytes().split(b"\0")
    assert grown < 24, f"the server grew by {grown:.0f} MiB"
    assert b"\x1b[38;2;" in terminal.output  # what the game may have still gets through: truecolor
    assert not any(variable.startswith(b"JUNK") for variable in environment)
