"""No card of another seat's hidden hand, nor of the stock, ever reaches a seat.

A recording client sits at every seat (and one looks on) while whole hands are played
through the server. Afterwards the game is replayed move by move, and every message each
client received is checked against what that seat could know at that moment, with the same
:mod:`leakcheck` the engine's observation test uses.
"""

from __future__ import annotations

import pytest

from rummy_tui.engine import Game
from tests.support.leakcheck import Knowledge, leaks

from .players import play_all, seat_everyone, until_hand


def messages_by_seq(received: list[dict]) -> list[tuple[int, dict]]:
    """Each message with the state version it was sent at: its own seq for a view, else the
    seq of the view before it."""
    seq, tagged = 0, []
    for message in received:
        seq = message.get("seq", seq) if message["type"] == "view" else seq
        tagged.append((seq, message))
    return tagged


def assert_no_message_leaks(record: dict, clients: dict) -> int:
    """``clients`` maps a seat (None: a spectator) to its recording client; returns how many
    messages were checked."""
    game = Game.replay({**record, "actions": []})  # the same deal: seed, and the players' randomness
    knowledge = Knowledge(game)
    pending = {seat: messages_by_seq(client.received) for seat, client in clients.items()}
    checked = 0
    for seq in range(len(record["actions"]) + 1):
        if seq:
            game.apply(record["actions"][seq - 1])
            knowledge.update(game)
        for seat, messages in pending.items():
            hidden = knowledge.hidden_faces(game, seat)
            while messages and messages[0][0] == seq:
                _, message = messages.pop(0)
                found = leaks(message, hidden, game.state.hand_no)
                assert not found, f"seat {seat} was sent hidden cards at seq {seq}: {found}"
                checked += 1
    assert not any(pending.values()), "messages from a state the record never reached"
    return checked


@pytest.mark.parametrize("variant, players", [("hungarian", 4), ("ten-card", 3)])
async def test_no_seat_is_ever_sent_a_hidden_card(server, connect, variant, players):
    clients = await seat_everyone(connect, variant, players)
    watcher = await connect("Watcher", record=True)
    await watcher.send({"type": "watch", "code": clients[0].table})
    await play_all(clients, until_hand(2))
    table = server.tables[clients[0].table]
    assert table.game.state.hand_no >= 2 or table.game.is_over, "a whole hand was played"
    await clients[0].chat("good game")
    await clients[0].next_view(after=table.seq - 1)
    by_seat = dict(enumerate(clients)) | {None: watcher}
    checked = assert_no_message_leaks(table.game.record, by_seat)
    assert checked == sum(len(client.received) for client in by_seat.values())
    actions = len(table.game.record["actions"])
    for client in clients:  # every move reached every seat, with that seat's own hand
        views = [m for m in client.received if m["type"] == "view"]
        assert len(views) >= actions and all(
            m["observation"]["hand"] or m["observation"]["result"] for m in views if m["started"]
        )
        assert not any(m["observation"]["hand"] for m in views if not m["started"]), "no hand before the start"
    assert all(not m["observation"]["hand"] for m in watcher.received if m["type"] == "view")


async def test_the_check_catches_a_server_that_sends_the_wrong_hand(server, connect):
    """The test above can fail: a view built for the wrong seat is found."""
    clients = await seat_everyone(connect, "gin", 2)
    table = server.tables[clients[0].table]
    await clients[0].wait_view(lambda view: view["started"])
    wrong = table.view(1)
    clients[0].received.append(wrong)
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_no_message_leaks(table.game.record, {0: clients[0]})
