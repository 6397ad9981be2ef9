"""A table survives its clients and its server: drops, reconnects, garbage, SIGKILL."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys

from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.protocol import MAX_LINE_BYTES
from rummy_tui.tableserver.seat import RemoteSeat

from .players import seat_everyone

GRACE = 0.3


async def test_a_dropped_player_is_covered_by_the_ai_then_gets_the_seat_back(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=False, grace=GRACE)
    table = server.tables[clients[0].table]
    view = await clients[0].wait_view(lambda v: v["started"])
    mover = view["observation"]["to_move"]
    staying, leaving = clients[1 - mover], clients[mover]
    token, seat = leaving.token, leaving.seat
    seq = view["seq"]
    leaving.writer.close()  # drops mid-turn

    away = await staying.wait_view(lambda v: v["seats"][seat]["away"])
    assert not away["seats"][seat]["connected"] and away["seq"] == seq
    played = await staying.wait_view(lambda v: v["seq"] > seq, timeout=5)
    assert any("computer plays for" in line["text"] for line in played["log"])
    assert played["seats"][seat]["ai_playing"]

    back = await TableClient().connect(server.socket_path)
    await back.hello("Seat 2", token=token)
    welcome = await back.join(staying.table)
    assert welcome["seat"] == seat
    view = await back.next_view()
    assert view["observation"]["hand"] == table.game.state.hands[seat]
    assert view["seq"] == table.seq and view["seats"][seat]["connected"]
    assert any(line["text"].endswith("is back.") for line in view["log"])
    seen = await staying.wait_view(lambda v: v["seats"][seat]["connected"])
    assert not seen["seats"][seat]["away"]
    back.writer.close()


async def test_garbage_gets_an_error_for_that_client_only_and_the_table_goes_on(server, connect):
    clients = await seat_everyone(connect, "gin", 2, record=False)
    view = await clients[0].wait_view(lambda v: v["started"])
    mover = clients[view["observation"]["to_move"]]
    vandal = clients[1 - view["observation"]["to_move"]]
    errors = []
    for line in (
        b"this is not json\n",
        b"[1, 2]\n",
        b'{"type": "act", "seq": 1, "action": "x", "evil": 1}\n',
        b'{"type": "teleport"}\n',
        b'{"type": "act", "seq": "one", "action": "x"}\n',
        b'{"type": "chat", "text": "' + b"x" * (MAX_LINE_BYTES * 2) + b'"}\n',
        b"\xff\xfe\n",
    ):
        vandal.writer.write(line)
        await vandal.writer.drain()
        errors.append(await asyncio.wait_for(vandal._replies.get(), 5))
    reasons = [error["reason"] for error in errors]
    assert all(error["type"] == "error" for error in errors), errors
    assert "not a JSON line" in reasons[0] and "JSON object" in reasons[1]
    assert "evil" in reasons[2] and "teleport" in reasons[3] and "wrong type" in reasons[4]
    assert "longer than" in reasons[5] and "not a JSON line" in reasons[6]
    assert not mover._replies.qsize(), "the other client heard nothing of it"
    legal = (await mover.wait_view(lambda v: v["legal"]))["legal"]
    await RemoteSeat(mover).apply(legal[0])  # the table goes on
    assert await vandal.lobby() == []  # and so does the vandal's connection (a private table is not listed)


async def test_the_server_killed_mid_hand_resumes_from_the_last_move(tmp_path):
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path / "data"))
    socket_path = tmp_path / "run" / "tables.sock"

    def start_server() -> subprocess.Popen:
        command = [
            sys.executable,
            "-m",
            "rummy_tui.cli",
            "table-server",
            "--socket",
            str(socket_path),
            "--ai-delay",
            "0",
        ]
        process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return process

    async def connected() -> TableClient:
        for _ in range(600):  # a loaded machine may take seconds to start Python
            try:
                return await TableClient().connect(socket_path)
            except (FileNotFoundError, ConnectionRefusedError):
                await asyncio.sleep(0.05)
        raise AssertionError("the table server did not come up")

    process = start_server()
    try:
        client = await connected()
        await client.hello("Anna")
        welcome = await client.create("hungarian", ["human", "normal", "normal"])
        await client.start()
        for _ in range(3):  # a few moves of ours, the AI seats moving in between
            legal = (await client.wait_view(lambda v: v["legal"]))["legal"]
            await RemoteSeat(client).apply(legal[0])
        before = await client.wait_view(lambda v: v["legal"])
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        client.writer.close()

        process = start_server()
        again = await connected()
        await again.hello("Anna", token=welcome["token"])
        assert (await again.join(welcome["table"]))["seat"] == 0
        after = await again.wait_view(lambda v: v["legal"])
        assert after["seq"] == before["seq"]
        assert after["observation"] == before["observation"] | {"events": after["observation"]["events"]}
        assert after["observation"]["events"][-5:] == before["observation"]["events"][-5:]
        assert any("restarted" in line["text"] for line in after["log"])
        await RemoteSeat(again).apply(after["legal"][0])
        assert again.view["seq"] > before["seq"]
        saved = json.loads((tmp_path / "data" / "tables" / f"{welcome['table']}.table").read_text())
        assert welcome["token"] not in json.dumps(saved), "the seat token itself is never written"
        again.writer.close()
    finally:
        process.kill()
        process.wait(10)
