"""Table chat: a small line event, not a view; never queued behind moves nor moves behind it;
never synced to the disk line by line; at most so many lines per seat."""

from __future__ import annotations

import asyncio
import threading

import pytest

from rummy_tui.tableserver import table as table_module
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.limits import TableLimits
from rummy_tui.tableserver.protocol import MAX_CHAT_CHARS
from rummy_tui.tableserver.seat import RemoteSeat
from rummy_tui.tableserver.server import TableServer


@pytest.fixture
async def chatty_server(tmp_path):
    """A server whose chat limit a test can flood past (the default allows 5 lines at once)."""
    limits = TableLimits(
        chat_lines_per_minute=60_000, chat_burst=5_000, messages_per_second=10_000, message_burst=5_000
    )
    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0, limits=limits)
    await server.start()
    yield server
    await server.close()


async def seated_pair(server) -> list[TableClient]:
    clients = []
    for name in ("Anna", "Béla"):
        client = await TableClient(record=True).connect(server.socket_path)
        await client.hello(name)
        clients.append(client)
    anna, bela = clients
    await anna.create("gin", ["human", "human"])
    await bela.join(anna.table)
    await anna.start()
    for client in clients:
        await client.wait_view(lambda v: v["started"])
        assert await client.witness.confirmed_for(2)  # the save that keeps its randomness is written before any chat
    return clients


async def test_a_chat_line_is_a_small_line_event_and_shows_as_the_latest_views_log(server, connect):
    anna = await connect("Anna", record=True)
    await anna.create("gin", ["human", "human"])
    bela = await connect("Béla", record=True)
    await bela.join(anna.table)
    await bela.wait_view(lambda v: v["seats"][1]["connected"])
    views_before = sum(message["type"] == "view" for message in bela.received)
    await anna.chat("hello " + "x" * 500)
    view = await bela.wait_view(lambda v: v["log"][-1]["kind"] == "chat")
    assert view["log"][-1]["values"]["text"] == "hello " + "x" * (MAX_CHAT_CHARS - 6)  # cut to the limit
    events = [message for message in bela.received if message["type"] == "line"]
    assert len(events) == 1 and set(events[0]) == {"type", "table", "line"}
    assert sum(message["type"] == "view" for message in bela.received) == views_before  # no view was sent


async def test_chat_is_limited_per_seat_and_the_refusal_says_why(server, connect):
    anna = await connect("Anna", record=True)
    await anna.create("gin", ["human", "human"])
    refusals = []
    anna.chat_refused = refusals.append
    for number in range(8):  # the default burst is 5
        await anna.chat(f"line {number}")
    await anna.why_not("draw")  # a round trip: the refusals came before its answer
    chat = [line for line in server.tables[anna.table].log.lines if line["kind"] == "chat"]
    assert [line["values"]["text"] for line in chat] == [f"line {n}" for n in range(5)]
    assert len(refusals) == 3 and all("too fast" in reason for reason in refusals)


async def test_chat_is_written_late_in_one_go_never_synced_line_by_line(chatty_server, monkeypatch):
    # The fifty lines must all arrive within the delay: 0.2 s was not always enough for fifty
    # round trips on a loaded machine (a second write, [False, False]); 1 s is five times that.
    monkeypatch.setattr(table_module, "LOG_SAVE_DELAY", 1.0)
    anna, bela = await seated_pair(chatty_server)
    table = chatty_server.tables[anna.table]
    saves = []
    real_save = chatty_server._save
    monkeypatch.setattr(
        chatty_server, "_save", lambda table, durable=True: (saves.append(durable), real_save(table, durable))
    )
    table._save = chatty_server._save
    for number in range(50):
        await anna.chat(f"line {number}")
    await bela.wait_view(lambda v: v["log"][-1]["values"].get("text") == "line 49")
    saved = chatty_server.tables_dir / f"{anna.table}.table"
    while "line 49" not in saved.read_text():  # within LOG_SAVE_DELAY
        await asyncio.sleep(0.05)
    assert saves == [False]  # one write for fifty lines, not synced
    for client in (anna, bela):
        client.writer.close()


async def test_chat_goes_through_while_the_table_is_busy_and_a_move_is_not_queued_behind_chat(chatty_server):
    anna, bela = await seated_pair(chatty_server)
    table = chatty_server.tables[anna.table]
    busy, release = threading.Event(), threading.Event()

    def slow_save(saved_table, durable=True):  # the table's task is stuck in a save
        busy.set()
        release.wait(10)

    table._save = slow_save
    table.post("save_log")
    await asyncio.to_thread(busy.wait, 10)
    await anna.chat("while the table saves")
    await bela.wait_view(lambda v: v["log"][-1]["values"].get("text") == "while the table saves")
    release.set()

    posted = []
    real_post = table.post
    table.post = lambda *command: (posted.append(command[0]), real_post(*command))
    mover = next(client for client in (anna, bela) if client.view["legal"])
    chatter = bela if mover is anna else anna
    chatter.writer.write(b"".join(b'{"type": "chat", "text": "flood %d"}\n' % n for n in range(2000)))
    await RemoteSeat(mover).apply(mover.view["legal"][0])
    await chatter.wait_view(lambda v: v["seq"] == 1)
    assert "chat" not in posted and posted.count("act") == 1  # the inbox holds moves, never chat
    await chatter.wait_view(lambda v: v["log"][-1]["values"].get("text") == "flood 1999")
    for client in (anna, bela):
        client.writer.close()


async def test_a_move_after_chat_syncs_nothing_before_the_other_seats_see_it(chatty_server, monkeypatch):
    """The seats file holds the table log: chat changes it, and the next move's save must not
    wait for the disk to sync it (a flush in the background does)."""
    from rummy_tui.tableserver import server as server_module

    anna, bela = await seated_pair(chatty_server)
    writes = []
    real_write = server_module.write_atomically
    monkeypatch.setattr(
        server_module,
        "write_atomically",
        lambda path, data, durable=True: (writes.append((path.suffix, durable)), real_write(path, data, durable)),
    )
    synced = []
    real_flush = chatty_server._flush
    table = chatty_server.tables[anna.table]
    table._flush = lambda flushed: (synced.append(flushed.code), real_flush(flushed))
    await anna.chat("before my move")
    await bela.wait_view(lambda v: v["log"][-1]["values"].get("text") == "before my move")
    mover = next(client for client in (anna, bela) if client.view["legal"])
    await RemoteSeat(mover).apply(mover.view["legal"][0])
    assert (".table", False) in writes and (".table", True) not in writes  # never synced on the way
    while not synced:  # the background flush follows
        await mover.why_not("draw")
    for client in (anna, bela):
        client.writer.close()
