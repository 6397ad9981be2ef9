"""`rummy serve` end to end: a real server, a real SSH client, the screen read through pyte.

The visitor who plays and the two who sit down at once share one server that starts one game
at a time (each test reads its own part of the log); a spawned game (`--spawn`) is compared
with a forked one in test_template.py."""

from __future__ import annotations

import asyncio
import signal

import asyncssh
import pytest

from rummy_tui.serve.identity import key_identity

from .sshplay import (
    Terminal,
    connect,
    game_pids,
    processes_using,
    running,
    running_server,
    shared_server,
    start_server,
    wait_until,
)

START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")  # the form is built
CTRL_S, CTRL_O = b"\x13", b"\x0f"


@pytest.fixture(scope="module")
def one_start_at_a_time(tmp_path_factory):
    yield from running_server(tmp_path_factory.mktemp("serve"), "--max-starting", "1")


@pytest.fixture
def server(one_start_at_a_time):
    yield from shared_server(one_start_at_a_time)


@pytest.fixture(scope="module")
def alice_key():
    return asyncssh.generate_private_key("ssh-ed25519")


async def start_gin(terminal: Terminal) -> None:
    await terminal.wait_for(*START_SCREEN)
    terminal.press(CTRL_S)  # Gin is the first variant: you against the computer
    await terminal.wait_for("You · 10 cards")


async def make_a_move(terminal: Terminal) -> None:
    """Pass on the upcard or draw, whichever is ours (the deal, and so who starts, is random)."""
    await wait_until(
        lambda: "pass (p)" in terminal.text() or "draw (d)" in terminal.text(),
        message=f"never our turn:\n{terminal.text()}",
    )
    terminal.press(b"p" if "pass (p)" in terminal.text() else b"d")


async def test_a_visitor_plays_resizes_leaves_and_continues(server, alice_key):
    conn = await connect(server, "alice", alice_key)
    terminal = await Terminal.open(conn, 80, 24)
    await start_gin(terminal)
    assert len(terminal.line_with("╭─ You").rstrip()) == 80

    terminal.resize(100, 30)
    await wait_until(
        lambda: "╭─ You" in terminal.text() and len(terminal.line_with("╭─ You").rstrip()) == 100,
        message=f"no 100-column layout:\n{terminal.text()}",
    )

    await make_a_move(terminal)  # so the game is saved
    folder = server.players / key_identity(alice_key.get_fingerprint("sha256"))
    await wait_until(lambda: any((folder / "saves").glob("*.json")), message="no save after a move")
    [pid] = game_pids(server)
    assert "start=template" in server.log()

    conn.close()
    await conn.wait_closed()
    await wait_until(lambda: not processes_using(folder), message=f"games left running: {processes_using(folder)}")
    await wait_until(lambda: not running(pid), message=f"the game {pid} outlived its player")
    assert list((folder / "saves").glob("*.json"))

    again = await connect(server, "alice-on-her-laptop", alice_key)  # same key, same person
    terminal = await Terminal.open(again, 80, 24)
    await terminal.wait_for(*START_SCREEN)
    terminal.press(CTRL_O)
    await terminal.wait_for("Saved games", "Gin", "Enter continues the highlighted game")
    terminal.press(b"\r")
    await terminal.wait_for("╭─ You · 1", " cards")  # 10 or 11, as it was left
    again.close()

    stranger = await connect(server, "bob")
    terminal = await Terminal.open(stranger, 80, 24)
    await terminal.wait_for(*START_SCREEN)
    terminal.press(CTRL_O)
    await terminal.wait_for("Saved games", "No saved games yet.")
    stranger.close()


async def test_an_idle_session_is_closed_and_a_stopping_server_hangs_up(tmp_path):
    server = start_server(tmp_path, "--idle-minutes", "0.02")  # 1.2 seconds
    try:
        idle = await connect(server, "sleepy")
        terminal = await Terminal.open(idle, 80, 24)
        await terminal.process.wait_closed()  # however far its start screen got: a loaded machine may take longer
        assert "closed after 1.2 seconds without a key; your game is saved" in terminal.text()
        assert len(game_pids(server)) == 1

        busy = await connect(server, "busy")
        terminal = await Terminal.open(busy, 80, 24)
        stirring = asyncio.create_task(stir(terminal))  # not idle, however slowly its game starts
        await terminal.wait_for(*START_SCREEN)
        server.process.send_signal(signal.SIGTERM)
        await terminal.process.wait_closed()
        stirring.cancel()
        assert "the server is stopping; your game is saved" in terminal.text()
        assert server.process.wait(timeout=60) == 0
        assert processes_using(server.players) == []
    finally:
        server.stop()


async def stir(terminal: Terminal) -> None:
    """A visitor who is there: the same window size, told again ten times a second, far within
    the idle limit (a window change counts as activity, and changes nothing on the screen)."""
    while not terminal.process.is_closing():
        terminal.process.change_terminal_size(terminal.screen.columns, terminal.screen.lines)
        await asyncio.sleep(0.1)


async def test_games_start_one_at_a_time_and_the_later_visitor_is_told(server):
    first, second = [await connect(server, name) for name in ("ann", "ben")]
    terminals = [await Terminal.open(conn, 80, 24) for conn in (first, second)]
    for terminal in terminals:
        await terminal.wait_for(*START_SCREEN)
    assert len(game_pids(server)) == 2
    assert "other players are sitting down" in terminals[1].stderr_seen
    first.close()
    second.close()
