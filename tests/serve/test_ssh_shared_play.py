"""Over SSH, at one shared table on the serve process's own table service (the visitors' games
are told its socket and their key): two visitors sit down, each sees their own hand and never
the other's; one drops, shows as away, and the same key takes the seat back."""

from __future__ import annotations

import re

import asyncssh
import pytest

from rummy_tui.serve.identity import key_identity
from rummy_tui.storage.saves import SaveStore
from rummy_tui.widgets.cards import card_label

from .sshplay import Terminal, connect, running_server

CARD = re.compile(r"(10|[2-9AJQK])[SHDC]|JK")
CTRL_S, F2, F3 = b"\x13", b"\x1bOQ", b"\x1bOR"
TABLE_TITLE = re.compile(r"Table ([A-Z]{4}-[A-Z]{4}): ")


@pytest.fixture
def server(tmp_path):
    yield from running_server(tmp_path, "--ascii")  # cards as plain text (10H), easy to read off the screen


async def host_a_gin_table(terminal: Terminal) -> str:
    """F2 on the start screen, Host with the form as it comes (Gin, seat 2 open, the SSH user's
    name); the table code, read off the lobby."""
    await terminal.wait_for("Rummy: five variants", "f2 Host")
    terminal.press(F2)
    await terminal.wait_for("Host a table", "you, the host", "Open: a player may sit here")
    terminal.press(CTRL_S)
    screen = await terminal.wait_for("Players join with the code")
    return TABLE_TITLE.search(screen).group(1)


def hand_on_screen(terminal: Terminal, name: str) -> list[str]:
    """The card labels in the hand box titled with ``name`` (drawn in ASCII: ``+- anna . 10 cards``)."""
    lines = terminal.screen.display
    top = next(index for index, line in enumerate(lines) if f"+- {name} . " in line)
    cards = []
    for line in lines[top + 1 :]:
        if line.strip().startswith("+"):
            break
        cards += [word for word in line.replace("|", " ").split() if CARD.fullmatch(word)]  # not the === meld marks
    return sorted(cards)


def labels(cards) -> list[str]:
    return sorted(card_label(card, ascii_only=True) for card in cards)


async def join_by_code(terminal: Terminal, code: str) -> None:
    await terminal.wait_for("Rummy: five variants", "f3 Join")
    terminal.press(F3)
    await terminal.wait_for("Join a table")  # private under `rummy serve`: not in the list, joined by its code
    terminal.press(code.encode() + CTRL_S)


async def test_two_ssh_visitors_each_see_only_their_own_hand_and_one_comes_back(server):
    anna_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    anna = await Terminal.open(await connect(server, "anna", anna_key), 80, 24)
    code = await host_a_gin_table(anna)
    await anna.wait_for("anna", "(you)", "open (the computer")
    bob_connection = await connect(server, "bob", bob_key)
    bob = await Terminal.open(bob_connection, 80, 24)
    await join_by_code(bob, code)
    await bob.wait_for(f"Table {code}", "Waiting for the host", "bob", "(you)")
    await anna.wait_for("bob  here", "bob sits down.")
    # the table lives in the serve process: its save names who sits where, and by which key
    seats = (server.data_dir / "serve" / "tables" / f"{code.replace('-', '')}.table").read_text()
    assert key_identity(anna_key.get_fingerprint("sha256")) in seats
    assert key_identity(bob_key.get_fingerprint("sha256")) in seats
    anna.press(CTRL_S)  # start
    await anna.wait_for("+- anna . 10 cards")
    await bob.wait_for("+- bob . 10 cards")

    game = SaveStore(server.data_dir / "serve" / "tables").load(code.replace("-", ""))
    hands = game.state.hands
    assert hand_on_screen(anna, "anna") == labels(hands[0])
    assert hand_on_screen(bob, "bob") == labels(hands[1])
    for terminal, other in ((anna, hands[1]), (bob, hands[0])):
        public = re.sub(r"\bcut \S+", "", terminal.text())  # the cut for the deal was face up, before the deal
        words = {word for word in re.split(r"[^0-9A-Z]+", public) if CARD.fullmatch(word)}
        assert not words & set(labels(other))  # the other hand is nowhere on the screen

    bob_connection.close()  # bob drops
    await anna.wait_for("bob is away.")
    bob = await Terminal.open(await connect(server, "bob-again", bob_key), 80, 24)  # the same key
    await join_by_code(bob, code)
    await bob.wait_for("+- bob . 10 cards")  # his seat, under the name he sat down with
    await anna.wait_for("bob is back.")
    assert hand_on_screen(bob, "bob") == labels(hands[1])
