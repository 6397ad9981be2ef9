"""Sealed deals at a shared table: every seat adds its own randomness, and checks each revealed
hand on its own; a server that lies about a deal is caught (issue #21)."""

from __future__ import annotations

import asyncio
import hashlib

from rummy_tui.engine.deals import short
from rummy_tui.i18n import render_event, set_language

from .players import play_all, seat_everyone, until_hand

AT_LEAST = 2**128


async def test_two_players_each_verify_every_revealed_deal(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=True)
    await play_all(clients, until_hand(3))
    table = server.tables[clients[0].table]
    assert table.game.state.seed >= AT_LEAST and not table.game.chosen_seed
    first, second = table.game.deal_entry(1), table.game.deal_entry(2)
    for seat, client in enumerate(clients):
        # each client's own bytes went into each deal, and the log named nobody as missing
        assert first["contributions"][seat] == client.witness.sent[1]
        assert second["contributions"][seat] == client.witness.sent[2]
        for hand in (1, 2):
            check = await client.witness.check(hand, timeout=20)
            assert check is not None and check.verified and not check.notes, check and check.text()
            assert (
                check.text() == f"Hand {hand}: deal verified ({short(table.game.deal_entry(hand)['deal_commitment'])})"
            )
    assert not [e for e in table.game.state.events if e["text"].startswith("Dealt without")]


async def test_the_commitment_is_shown_before_the_deal_and_the_secret_only_after(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=True)
    await play_all(clients, until_hand(2))
    table = server.tables[clients[0].table]
    secret_one = table.game.deal_entry(1)["deal_secret"]
    for client in clients:
        views = [m for m in client.received if m["type"] == "view"]
        asked = [v["contribute"] for v in views if v.get("contribute")]
        assert asked[0] == {"hand": 1, "deal_commitment": table.game.deal_entry(1)["deal_commitment"]}
        assert not views[0]["started"], "hand 1's commitment came before the game (and its deal) started"
        hand_one = [
            i
            for i, m in enumerate(client.received)
            if m["type"] == "view" and m["started"] and m["observation"]["hand_no"] == 1
        ]
        before_reveal = client.received[: hand_one[-1] + 1]
        assert secret_one not in str(before_reveal) and secret_one[:8] not in str(before_reveal)
        assert hashlib.sha256(bytes.fromhex(secret_one)).hexdigest() == asked[0]["deal_commitment"]


async def test_a_server_that_reveals_another_secret_is_caught(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=True)
    table = server.tables[clients[0].table]
    honest = table._send_reveal

    def lying_reveal() -> None:
        deals = table.game.record["deals"]
        for entry in deals:
            if "deal_secret" in entry and entry["hand"] == 1:
                entry["deal_secret"] = hashlib.sha256(b"another deal").hexdigest()
        honest()

    table._send_reveal = lying_reveal
    await play_all(clients, until_hand(2))
    for client in clients:
        check = await client.witness.check(1, timeout=20)
        assert check is not None and not check.verified
        assert "Hand 1: NOT VERIFIED: the revealed secret" in check.text()


async def test_a_server_that_deals_other_cards_than_it_committed_to_is_caught(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=True)
    await clients[0].wait_view(lambda view: view["started"])
    table = server.tables[clients[0].table]
    hands = table.game.state.hands
    hands[0][0], table.game.state.stock[0] = table.game.state.stock[0], hands[0][0]  # a card swapped in
    table.broadcast()
    await play_all(clients, until_hand(2))
    check = await clients[0].witness.check(1, timeout=20)
    assert check is not None and not check.verified and "you held" in check.text()


async def test_a_silent_player_is_dealt_without_and_the_deal_is_not_held_up(server, connect, monkeypatch):
    from rummy_tui.tableserver.witness import DealWitness

    silent = DealWitness.saw_view
    monkeypatch.setattr(DealWitness, "saw_view", lambda self, view: silent(self, view) and None)
    for table in server.tables.values():
        table.contribution_wait = 0.2
    clients = await seat_everyone(connect, "gin", 2, record=True)
    table = server.tables[clients[0].table]
    table.contribution_wait = 0.2
    started = asyncio.get_running_loop().time()
    await play_all(clients, until_hand(2))
    assert asyncio.get_running_loop().time() - started < 30
    lines = [e for e in table.game.state.events if e["text"].startswith("Dealt without")]
    assert {e["values"]["name"] for e in lines} == {seat.name for seat in table.seats}
    for seat, client in enumerate(clients):  # the table's log says whose, to each in their own words
        names = [entry["name"] for entry in client.view["seats"]]
        events = client.view["observation"]["events"]
        lines = [e for e in events if e["text"].startswith("Dealt without") and e["hand"] == 2]
        mine = [render_event(e, names, seat) for e in lines if e["values"]["name"] == names[seat]]
        assert mine == ["Dealt without your own randomness: it did not come in time."]
        try:
            set_language("hu")
            assert render_event(lines[seat], names, seat).startswith("A saját véletlen bájtjaid nélkül osztottunk")
        finally:
            set_language("en")
    for client in clients:  # a slow seat is no cheat: verified, and each player is told plainly
        check = await client.witness.check(1, timeout=20)
        assert check is not None and check.verified, check and check.text()
        assert check.text().endswith(
            "but your randomness is not in it: it did not reach the table before the cards were dealt; "
            "nobody's own randomness is in it: the server's secret alone chose the cards"
        ), check.text()


async def test_a_server_that_dealt_with_other_bytes_than_it_confirmed_is_caught(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=True)
    table = server.tables[clients[0].table]
    honest = table._gather_contributions

    async def replacing_the_second_seats(hand: int) -> None:
        await honest(hand)
        if hand == 2:  # confirmed to Seat 2 as it came in; replaced just before the deal
            table.game.deal_entry(2)["contributions"][1] = "0" * 32

    table._gather_contributions = replacing_the_second_seats
    await play_all(clients, until_hand(3))
    check = await clients[1].witness.check(2, timeout=20)
    assert check is not None and check.text() == (
        "Hand 2: NOT VERIFIED: the deal was not made with your randomness: the server used other bytes in its place"
    )


async def test_a_server_that_drops_a_confirmed_randomness_is_caught(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=True)
    table = server.tables[clients[0].table]
    honest = table._gather_contributions

    async def dropping_the_second_seats(hand: int) -> None:
        await honest(hand)
        if hand == 2:  # confirmed to Seat 2 as it came in; left out just before the deal
            table.game.deal_entry(2)["contributions"][1] = None

    table._gather_contributions = dropping_the_second_seats
    table.contribution_wait = 0.2  # Seat 2 gave its bytes once: each later move of hand 1 would wait for them
    await play_all(clients, until_hand(3))
    assert 2 in clients[1].witness.confirmed
    dropped = await clients[1].witness.check(2, timeout=20)
    assert dropped is not None and dropped.outcome == "failed"
    assert dropped.text() == (
        "Hand 2: NOT VERIFIED: the deal was made without your randomness, which the server had confirmed it held"
    )
    other = await clients[0].witness.check(2, timeout=20)  # Seat 1 cannot tell a lie from a slow seat
    assert (
        other is not None
        and other.verified
        and other.notes == [("it was dealt without {name}'s randomness", {"name": "Seat 2"})]
    )
    for client in clients:
        clean = await client.witness.check(1, timeout=20)
        assert clean is not None and clean.verified and not clean.notes, clean and clean.text()


async def test_a_server_that_ignores_everyones_randomness_is_told_on_every_deal(server, connect, monkeypatch):
    from rummy_tui.tableserver.table import Table

    monkeypatch.setattr(Table, "contribute", lambda table, member, hand, data: None)  # never used nor confirmed
    host = await connect("Anna", record=True)
    code = (await host.create("gin", ["human", "human"]))["table"]
    server.tables[code].contribution_wait = 0.2
    guest = await connect("Bea", record=True)
    await guest.join(code)
    await host.start()
    await play_all([host, guest], until_hand(3))
    for client in (host, guest):
        for hand in (1, 2):
            check = await client.witness.check(hand, timeout=20)
            assert check is not None and check.warned, check and check.text()
            assert [template for template, _ in check.notes] == [
                "your randomness is not in it: it did not reach the table before the cards were dealt",
                "nobody's own randomness is in it: the server's secret alone chose the cards",
            ]


async def test_a_player_back_from_another_program_is_warned_not_told_the_deal_is_false(server, connect):
    """The seat's bytes for hand 2 came from the program that left; the one back in its seat
    (by the seat's token) sends its own, which the deal cannot take any more: an honest
    server, so a warning, not a failure."""
    clients = await seat_everyone(connect, "gin", 2, record=True)
    await clients[1].wait_view(lambda view: view["started"])
    assert await clients[1].witness.confirmed_for(2)
    token, code = clients[1].token, clients[1].table
    clients[1].writer.close()
    back = await connect("Seat 2", record=True, token=token)
    await back.join(code, token=token)
    await play_all([clients[0], back], until_hand(3))
    check = await back.witness.check(2, timeout=20)
    assert check is not None and check.warned, check and check.text()
    assert check.notes == [
        (
            "the randomness in it for your seat is not the bytes this program sent (perhaps an earlier run of it sent those)",
            {},
        )
    ]
    assert server.tables[code].game.deal_entry(2)["contributions"][1] == clients[1].witness.sent[2]
