"""What a table refuses and what it tells its players: stale or illegal moves, names, chat."""

from __future__ import annotations

import asyncio

import pytest

from rummy_tui.tableserver.client import TableError
from rummy_tui.tableserver.protocol import BadMessage, clean_name
from rummy_tui.tableserver.seat import RemoteSeat

from .players import seat_everyone


async def mover_and_other(server, clients):
    view = await clients[0].wait_view(lambda v: v["started"])
    mover = view["observation"]["to_move"]
    table = server.tables[clients[0].table]
    return clients[mover], clients[1 - mover], table


async def test_a_stale_sequence_number_is_refused_and_changes_nothing(server, connect):
    clients = await seat_everyone(connect, "gin", 2)
    mover, _, table = await mover_and_other(server, clients)
    view = await mover.wait_view(lambda v: v["legal"])
    await RemoteSeat(mover).apply(view["legal"][0])
    mover, _, table = await mover_and_other(server, clients)
    view = await mover.wait_view(lambda v: v["legal"])
    before = table.game.to_json()
    with pytest.raises(TableError, match="moved on"):
        await RemoteSeat(mover).apply_at(view["seq"] - 1, view["legal"][0])
    assert table.game.to_json() == before


async def test_an_illegal_action_gets_the_engines_reason_and_changes_nothing(server, connect):
    clients = await seat_everyone(connect, "gin", 2)
    mover, other, table = await mover_and_other(server, clients)
    await mover.wait_view(lambda v: v["legal"])
    before = table.game.to_json()
    expected = table.game.why_not("knock:2C")
    assert expected
    assert await RemoteSeat(mover).why_not("knock:2C") == expected
    with pytest.raises(TableError) as refused:
        await RemoteSeat(mover).apply("knock:2C")
    assert str(refused.value) == expected
    with pytest.raises(TableError, match="not your turn"):
        await RemoteSeat(other).apply(table.game.legal_actions()[0])
    assert table.game.to_json() == before


async def test_only_the_mover_is_offered_moves_and_a_spectator_sees_no_hand(server, connect):
    clients = await seat_everyone(connect, "hungarian", 3)
    watcher = await connect("Watcher")
    await watcher.send({"type": "watch", "code": clients[0].table})
    view = await watcher.next_view()
    assert view["observation"]["hand"] == [] and view["legal"] == [] and view["seat"] is None
    mover = view["observation"]["to_move"]
    for seat, client in enumerate(clients):
        seen = await client.wait_view(lambda v: v["started"])
        assert bool(seen["legal"]) == (seat == mover)


def test_names_are_one_to_sixteen_printable_characters():
    assert clean_name("  Anna   Kiss ") == "Anna Kiss"
    for bad in ("", "   ", "x" * 17, "bell\x07", "new\u200bline"):
        with pytest.raises(BadMessage):
            clean_name(bad)


async def test_chat_and_names_reach_the_log_with_markup_escaped(server, connect):
    host = await connect("[bold]Anna")
    welcome = await host.create("gin", ["human", "normal"])
    assert len(welcome["table"]) == 8 and welcome["table"].isalpha() and welcome["table"].isupper()
    await host.chat("hi [red]all[/red]")
    view = await host.wait_view(lambda v: any(line["kind"] == "chat" for line in v["log"]))
    chat = [line for line in view["log"] if line["kind"] == "chat"][-1]
    assert chat["text"] == "\\[bold]Anna: hi \\[red]all\\[/red]"
    assert view["seats"][0]["name"] == "[bold]Anna"  # plain text in the seat list


async def test_a_bad_name_is_refused_with_a_reason(server, connect):
    client = await connect("Anna")
    with pytest.raises(TableError, match="at most 16"):
        await client.hello("x" * 40)


async def test_joining_a_full_or_missing_table_is_refused(server, connect):
    host = await connect("Anna")
    welcome = await host.create("gin", ["human", "human"], public=True)
    await (await connect("Béla")).join(welcome["table"])
    with pytest.raises(TableError, match="full"):
        await (await connect("Cili")).join(welcome["table"])
    with pytest.raises(TableError, match="no table"):
        await (await connect("Dani")).join("ZZZZ")
    tables = await host.lobby()
    assert [t["code"] for t in tables] == [welcome["table"]]


async def test_empty_seats_become_ai_at_the_start_and_play(server, connect):
    host = await connect("Anna")
    await host.create("hungarian", ["human", "human", "easy"])
    await host.start()
    view = await host.wait_view(lambda v: v["started"])
    assert [seat["kind"] for seat in view["seats"]] == ["human", "ai", "ai"]
    await asyncio.wait_for(host.wait_view(lambda v: v["legal"]), 10)


async def test_the_socket_lives_in_a_folder_only_its_user_can_enter(server, tmp_path):
    assert server.socket_path.parent.stat().st_mode & 0o777 == 0o700
    assert server.socket_path.stat().st_mode & 0o777 == 0o600


def test_an_existing_open_folder_is_made_private(tmp_path):
    from rummy_tui.tableserver.socket_folder import private_folder

    folder = tmp_path / "run"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    assert private_folder(folder).stat().st_mode & 0o777 == 0o700


async def test_a_player_who_leaves_is_replaced_by_the_ai_at_once(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=False, grace=3600)
    view = await clients[0].wait_view(lambda v: v["started"])
    mover = view["observation"]["to_move"]
    await clients[mover].leave()
    other = clients[1 - mover]
    moved = await other.wait_view(lambda v: v["seq"] > view["seq"], timeout=5)
    texts = [line["text"] for line in moved["log"]]
    assert f"Seat {mover + 1} left the table." in texts
    assert any("computer plays for" in text for text in texts)


async def test_a_table_of_an_unknown_variant_or_bad_seats_is_refused(server, connect):
    client = await connect("Anna")
    with pytest.raises(TableError, match="unknown variant 'poker'"):
        await client.create("poker", ["human", "normal"])
    with pytest.raises(TableError, match="has no setting 'nope'"):
        await client.create("gin", ["human", "normal"], {"nope": 1})
    with pytest.raises(TableError, match="seat 1 is the host"):
        await client.create("gin", ["normal", "human"])
    assert server.tables == {}
