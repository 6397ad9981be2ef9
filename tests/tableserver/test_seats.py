"""The seat a screen talks to, local or remote, and the AI seats behind the server."""

from __future__ import annotations

import threading

import pytest

from rummy_tui.engine import Game
from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.seat import LocalSeat, RemoteSeat, SeatView
from rummy_tui.tableserver.tokens import SeatTokens

from .players import seat_everyone


async def test_a_local_seat_offers_moves_only_to_the_mover_and_refuses_with_the_engines_reason():
    game = Game("gin", 2, seed=4)
    mover, other = LocalSeat(game, game.current_seat), LocalSeat(game, 1 - game.current_seat)
    assert mover.legal == game.legal_actions() and other.legal == []
    assert mover.observation == game.observation(mover.seat)
    with pytest.raises(TableError, match="not your turn"):
        await other.apply(game.legal_actions()[0])
    with pytest.raises(TableError) as refused:
        await mover.apply("knock:2C")
    assert str(refused.value) == game.why_not("knock:2C")
    await mover.apply(game.legal_actions()[0])
    assert len(game.record["actions"]) == 1


async def test_a_remote_seat_shows_what_a_local_seat_at_the_same_game_would(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=False)
    table = server.tables[clients[0].table]
    for client in clients:
        remote = RemoteSeat(client)
        await client.wait_view(lambda v: v["started"])
        local = LocalSeat(table.game, client.seat)
        assert remote.observation == local.observation and remote.legal == local.legal
    seats: list[SeatView] = [RemoteSeat(clients[0]), LocalSeat(table.game, 0)]
    assert all(isinstance(seat.legal, list) for seat in seats)


async def test_ai_seats_think_off_the_event_loop_and_a_bad_ai_move_is_not_played(server, connect, monkeypatch):
    host = await connect("Anna")
    await host.create("gin", ["human", "normal"])
    table = next(iter(server.tables.values()))
    threads = []

    def confused_ai(observation, legal, level, rng):
        threads.append(threading.current_thread())
        return "meld:nonsense"

    monkeypatch.setattr(table.game.variant, "choose_ai_action", confused_ai)
    await host.start()
    while len(table.game.record["actions"]) < 6:  # the table goes on
        view = await host.wait_view(lambda v: v["legal"] or v["seq"] >= 6)
        if view["legal"]:
            await RemoteSeat(host).apply(view["legal"][0])
    assert threads and all(thread is not threading.main_thread() for thread in threads)
    assert "meld:nonsense" not in table.game.record["actions"]


async def test_a_kept_seat_token_takes_the_seat_back_in_a_new_process(server, tmp_path):
    tokens = SeatTokens(tmp_path / "data" / "seat-tokens.json")
    first = await TableClient(tokens=tokens).connect(server.socket_path)
    await first.hello("Anna")
    welcome = await first.create("gin", ["human", "human"])
    guest = await TableClient(tokens=SeatTokens(tmp_path / "guest.json")).connect(server.socket_path)
    await guest.hello("Béla")
    await guest.join(welcome["table"])
    first.writer.close()
    assert tokens.path.stat().st_mode & 0o777 == 0o600
    assert tokens.token_for(welcome["table"].lower()) == welcome["token"]

    again = await TableClient(tokens=SeatTokens(tokens.path)).connect(server.socket_path)
    await again.hello("Anna")
    assert (await again.join(welcome["table"]))["seat"] == 0
    again.writer.close()
    guest.writer.close()


async def test_the_same_identity_takes_the_seat_back(server, connect):
    first = await TableClient().connect(server.socket_path)
    await first.hello("Anna", identity="SHA256:anna-key")
    welcome = await first.create("gin", ["human", "human"])
    first.writer.close()
    stranger = await connect("Mallory")
    assert (await stranger.join(welcome["table"]))["seat"] == 1, "a stranger gets the free seat, not Anna's"
    again = await TableClient().connect(server.socket_path)
    await again.hello("Anna", identity="SHA256:anna-key")
    assert (await again.join(welcome["table"]))["seat"] == 0
    again.writer.close()


async def test_the_first_hand_is_dealt_with_the_names_of_the_players_who_sat_down(server, connect):
    from rummy_tui.i18n import english

    clients = await seat_everyone(connect, "hungarian", 3, record=False)
    await clients[0].wait_view(lambda view: view["started"])
    table = server.tables[clients[0].table]
    lines = [english(event) for event in table.game.state.events]
    assert lines[0].startswith("Deal sealed: ")  # the commitment comes before any card
    deal_line = next(line for line in lines if line.startswith("Hand 1:"))
    names = [seat.name for seat in table.seats]
    assert not any("Player" in line for line in lines)
    assert any(name in deal_line for name in names)
    fresh = Game(
        "hungarian",
        3,
        table.game.record["settings"],
        seed=table.game.record["seed"],
        chosen_seed=False,
        contributions={1: table.game.deal_entry(1)["contributions"]},
    )
    assert table.game.state.hands == fresh.state.hands  # the same deal, only named
