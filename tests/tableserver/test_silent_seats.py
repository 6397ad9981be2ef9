"""A seat that does not answer is treated like an away seat: the server pings the clients at its
tables; one silent past the table's answer limit is marked away, the computer plays its turns
after the grace period as for a dropped seat, and the seat is its player's again as soon as it
answers. A client answers pings in its reader task, whatever its screen is doing."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import rummy_tui
from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.protocol import encode
from rummy_tui.tableserver.seat import RemoteSeat

LIMIT = 0.6  # the answer limit of these tables, in seconds
GRACE = 0.2
HERE = Path(__file__).parent


async def a_table_for_two(connect, **options) -> tuple[TableClient, str]:
    host = await connect("Anna")
    welcome = await host.create("gin", ["human", "human"], grace=GRACE, answer_limit=LIMIT, **options)
    return host, welcome["table"]


async def silent_player(server, code: str):
    """A raw connection that sits down and then reads nothing and answers nothing."""
    reader, writer = await asyncio.open_unix_connection(str(server.socket_path))
    writer.write(encode({"type": "hello", "name": "Bob"}) + encode({"type": "join", "code": code}))
    await writer.drain()
    while json.loads(await reader.readline())["type"] != "welcome":
        pass
    return reader, writer


async def play_until_seat_1_was_played_for(host: TableClient) -> dict:
    """Anna plays her turns until a move was made while seat 2 was to move (by the computer)."""
    seat = RemoteSeat(host)
    while True:
        view = await host.wait_view(lambda v: v["legal"] or v["observation"]["to_move"] == 1, timeout=10)
        if view["observation"]["to_move"] == 1:
            return await host.wait_view(lambda v, seq=view["seq"]: v["seq"] > seq, timeout=10)
        await seat.apply(view["legal"][0])


async def test_a_silent_seat_is_away_its_turns_played_and_it_is_back_once_it_answers(server, connect):
    host, code = await a_table_for_two(connect)
    server.tables[code].contribution_wait = 0.2  # the first deal would wait 3 s for the silent seat's randomness
    reader, writer = await silent_player(server, code)
    await host.start()
    away = await host.wait_view(lambda v: v["seats"][1]["away"], timeout=LIMIT * 10)
    assert not away["seats"][1]["connected"]
    assert any("not answering" in line["text"] for line in away["log"])
    played = await play_until_seat_1_was_played_for(host)
    assert played["seats"][1]["ai_playing"]

    writer.write(encode({"type": "pong"}))  # it answers again
    await writer.drain()
    back = await host.wait_view(lambda v: v["seats"][1]["connected"] and not v["seats"][1]["away"], timeout=5)
    assert not back["seats"][1]["ai_playing"] and any(line["text"].endswith("is back.") for line in back["log"])
    writer.close()


@pytest.mark.parametrize("nonsense", [0, -1, 100_000])
async def test_a_table_asks_for_a_sensible_answer_limit(connect, nonsense):
    host = await connect("Anna")
    with pytest.raises(TableError, match="unanswered is 0.2 to 600 seconds"):
        await host.create("gin", ["human", "human"], answer_limit=nonsense)


async def test_a_stopped_player_process_is_away_the_computer_plays_and_it_comes_back(server, connect):
    host, code = await a_table_for_two(connect)
    command = [sys.executable, str(HERE / "seat_process.py"), str(server.socket_path), code, "Bob"]
    code_root = str(Path(rummy_tui.__file__).parents[1])  # this checkout's code, not an installed copy
    player = subprocess.Popen(
        command, env=dict(os.environ, PYTHONPATH=code_root), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert (await asyncio.to_thread(player.stdout.readline)).strip() == "seated", player.stderr.read()
        await host.start()
        answering = await host.wait_view(lambda v: v["seats"][1]["connected"], timeout=5)
        await asyncio.sleep(LIMIT * 2)  # nothing to await: a live process answers the pings, so stays
        assert host.view["seats"][1]["connected"] and not host.view["seats"][1]["away"], answering

        player.send_signal(signal.SIGSTOP)
        await host.wait_view(lambda v: v["seats"][1]["away"], timeout=LIMIT * 10)
        played = await play_until_seat_1_was_played_for(host)
        assert played["seats"][1]["ai_playing"]

        player.send_signal(signal.SIGCONT)
        back = await host.wait_view(lambda v: v["seats"][1]["connected"] and not v["seats"][1]["away"], timeout=10)
        assert not back["seats"][1]["ai_playing"]
    finally:
        player.send_signal(signal.SIGCONT)
        player.kill()
        player.wait(10)


async def test_a_table_hosted_with_no_limit_waits_for_its_away_players(server, connect):
    """The Host form's "never: wait for them" is grace None; it used to be left out of the
    message, so the table took the 60-second default."""
    host = await connect("Anna")
    welcome = await host.create("gin", ["human", "human"], grace=None)
    assert server.tables[welcome["table"]].grace is None


async def test_a_client_takes_a_stopped_server_to_be_gone(tmp_path, monkeypatch):
    """The other way round: a server that stops answering (SIGSTOP) is, for its client, a lost
    connection after a few pings' worth of silence, so the game reconnects rather than waiting
    on every key; after SIGCONT the client can connect again."""
    from rummy_tui.tableserver import client as client_module

    monkeypatch.setattr(client_module, "SERVER_SILENCE_FLOOR", 0.0)
    socket_path = tmp_path / "run" / "tables.sock"
    command = [sys.executable, "-m", "rummy_tui", "table-server", "--socket", str(socket_path), "--ai-delay", "0"]
    code_root = str(Path(rummy_tui.__file__).parents[1])
    server = subprocess.Popen(
        command,
        env=dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=code_root),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            try:
                client = await TableClient(record=True).connect(socket_path)
                break
            except OSError:
                await asyncio.sleep(0.05)
        await client.hello("Anna")
        await client.create("gin", ["human", "normal"], answer_limit=LIMIT)
        await client.next_view()
        for _ in range(400):  # until a ping has said how often they come
            if any(message["type"] == "ping" for message in client.received):
                break
            await asyncio.sleep(0.05)
        assert client.connected and any(message["type"] == "ping" for message in client.received)
        server.send_signal(signal.SIGSTOP)
        await asyncio.wait_for(client._reading, LIMIT * 20)  # its reader gives up on the silent server
        assert not client.connected
        server.send_signal(signal.SIGCONT)
        await client.connect(socket_path)
        await client.sit_again()
        assert (await client.next_view())["seats"][0]["connected"]
        await client.close()
    finally:
        server.send_signal(signal.SIGCONT)
        server.kill()
        server.wait(10)
