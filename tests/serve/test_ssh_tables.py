"""Shared tables through `rummy serve`: visitors at their own SSH terminals sit at one table on
the serve process's own table service (their games are told its socket and their key)."""

from __future__ import annotations

import re

import asyncssh
import pytest

from rummy_tui.serve.identity import key_identity

from .sshplay import Terminal, connect, running_server

CTRL_S, F2, F3 = b"\x13", b"\x1bOQ", b"\x1bOR"
TABLE_TITLE = re.compile(r"Table ([A-Z]{4}-[A-Z]{4}): ")


@pytest.fixture
def server(tmp_path):
    yield from running_server(tmp_path)


async def host_a_gin_table(terminal: Terminal) -> str:
    """F2 on the start screen, Host with the form as it comes (Gin, seat 2 open, the SSH user's
    name); the table code, read off the lobby."""
    await terminal.wait_for("Rummy: five variants", "f2 Host")
    terminal.press(F2)
    await terminal.wait_for("Host a table", "you, the host", "Open: a player may sit here")
    terminal.press(CTRL_S)
    screen = await terminal.wait_for("Players join with the code")
    return TABLE_TITLE.search(screen).group(1)


async def test_two_ssh_visitors_sit_at_one_table(server):
    anna_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    anna = await Terminal.open(await connect(server, "anna", anna_key), 80, 24)
    code = await host_a_gin_table(anna)
    await anna.wait_for("anna", "(you)", "open (the computer")

    bob = await Terminal.open(await connect(server, "bob", bob_key), 80, 24)
    await bob.wait_for("Rummy: five variants", "f3 Join")
    bob.press(F3)
    await bob.wait_for("Join a table")  # a private table (the default under `rummy serve`): not in the list
    bob.press(code.encode())
    bob.press(CTRL_S)
    await bob.wait_for(f"Table {code}", "Waiting for the host", "bob", "(you)")
    await anna.wait_for("bob  here", "bob sits down.")

    # the table lives in the serve process: its save names who sits where, and by which key
    seats = (server.data_dir / "serve" / "tables" / f"{code.replace('-', '')}.table").read_text()
    assert key_identity(anna_key.get_fingerprint("sha256")) in seats
    assert key_identity(bob_key.get_fingerprint("sha256")) in seats
