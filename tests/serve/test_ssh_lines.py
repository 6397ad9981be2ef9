"""Line mode over `rummy serve`: the user name `anna+lines` (or `lines`) gets `rummy --lines`,
read by a real asyncssh client as raw text: a whole Gin hand by typing, never a cursor move."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from rummy_tui.serve.identity import account_name, guest_identity, player_name, wants_line_mode
from tests.support.linepty import MOVE, SCREEN_CONTROL, choose

from .sshplay import WAIT, Terminal, connect, running_server, wait_until

PROMPT = re.compile(r"\n> $")


@pytest.fixture
def ssh_server(tmp_path):
    yield from running_server(tmp_path)


def test_the_user_name_asks_for_line_mode_and_is_the_same_player():
    assert wants_line_mode("lines") and wants_line_mode("anna+lines")
    assert not wants_line_mode("anna") and not wants_line_mode("linesman")
    assert account_name("anna+lines") == "anna" and player_name("anna+lines") == "anna"
    assert guest_identity("anna+lines") == guest_identity("anna")


async def said_until(terminal: Terminal, pattern: re.Pattern[str], start: int) -> tuple[str, int]:
    """The text the game wrote from ``start`` up to ``pattern`` (the terminal's raw output)."""
    deadline = time.monotonic() + WAIT
    while True:
        text = terminal.output.decode(errors="replace").replace("\r\n", "\n")
        found = pattern.search(text, start)
        if found:
            return text[start : found.end()], found.end()
        assert time.monotonic() < deadline, f"never saw {pattern.pattern!r}:\n{text[-2000:]}"
        await asyncio.sleep(0.02)


async def test_a_gin_hand_in_line_mode_over_ssh(ssh_server):
    conn = await connect(ssh_server, username="anna+lines")
    try:
        terminal = await Terminal.open(conn)
        said, at = await said_until(terminal, PROMPT, 0)
        assert "What would you like to play?" in said
        await wait_until(lambda: " started " in ssh_server.log(), message="the start slot was never given back")
        assert " how=said" in ssh_server.log()  # the game said its first question was out
        for answer in ("1", "1", "1"):  # a new game, Gin, the easy computer
            terminal.press(answer.encode() + b"\r")
            said, at = await said_until(terminal, PROMPT, at)
        for _turn in range(300):
            if "Hand 1 is over." in said:
                break
            assert "Your turn:" in said, said
            terminal.press(b"moves\r")
            listing, at = await said_until(terminal, PROMPT, at)
            moves = {words.strip(): number for number, words in MOVE.findall(listing)}
            terminal.press(choose(moves, "en").encode() + b"\r")
            said, at = await said_until(terminal, PROMPT, at)
        assert "Hand 1 is over." in said and "Totals: " in said
        terminal.press(b"quit\r")
        await said_until(terminal, re.compile("continue it with"), at)
    finally:
        conn.close()
    output = bytes(terminal.output)
    assert not SCREEN_CONTROL.search(output), SCREEN_CONTROL.search(output)
    assert list((ssh_server.players / guest_identity("anna")).rglob("*.json")), "the game is saved in anna's folder"
