"""What one client may send the table service: bounded lines, a bounded message rate, shallow
JSON, finite numbers in range; anything else gets a clear answer and the connection goes on."""

from __future__ import annotations

import asyncio

import pytest

from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.limits import TableLimits
from rummy_tui.tableserver.protocol import BadMessage, decode, nesting_depth
from rummy_tui.tableserver.server import TableServer


async def reply_to(client: TableClient, line: bytes) -> dict:
    client.writer.write(line)
    await client.writer.drain()
    return await asyncio.wait_for(client._replies.get(), 5)


def test_nesting_is_measured_without_parsing_and_brackets_in_strings_do_not_count():
    assert nesting_depth(b'{"a": [[["x"]]]}') == 4
    assert nesting_depth(b'{"text": "[[[[[[[[[[[[ \\" {{{{{{{{{{"}') == 1
    assert nesting_depth(b"[" * 100_000) == 100_000
    with pytest.raises(BadMessage, match="deep"):
        decode(b'{"type": "chat", "text": ' + b"[" * 50_000 + b"]" * 50_000 + b"}")


async def test_deep_nesting_nan_and_huge_numbers_get_an_error_and_the_connection_goes_on(server, connect):
    client = await connect("Anna")
    deep = b'{"type": "create", "variant": "gin", "seats": ' + b"[" * 30_000 + b"]" * 30_000 + b"}\n"
    assert "deep" in (await reply_to(client, deep))["reason"]
    for number in (b"NaN", b"Infinity", b"-Infinity", b"1e999"):
        line = b'{"type": "create", "variant": "gin", "seats": ["human", "normal"], "grace": ' + number + b"}\n"
        assert "number" in (await reply_to(client, line))["reason"]
    huge = b'{"type": "act", "seq": ' + b"9" * 20_000 + b', "action": "draw"}\n'
    assert (await reply_to(client, huge))["type"] == "error"
    assert not server.tables
    assert await client.lobby() == []  # still connected, still served


@pytest.mark.parametrize("grace", [-1, 3601, 1e300])
async def test_a_grace_period_out_of_range_is_refused_with_its_range(server, connect, grace):
    client = await connect("Anna")
    with pytest.raises(TableError, match="0 to 3600 seconds"):
        await client.create("gin", ["human", "normal"], grace=grace)
    assert not server.tables


async def test_too_many_seats_and_settings_out_of_range_are_refused(server, connect):
    client = await connect("Anna")
    with pytest.raises(TableError, match="at most 8"):
        await client.create("hungarian", ["human"] * 10_000)
    with pytest.raises(TableError, match="'deals' is at most 100000"):
        await client.create("hungarian", ["human", "normal"], settings={"deals": 10**12})
    with pytest.raises(TableError, match="deals"):
        await client.create("hungarian", ["human", "normal"], settings={"deals": 2.5})
    assert not server.tables
    assert (await client.create("hungarian", ["human", "normal"], settings={"deals": 1}, grace=0))["seat"] == 0


async def test_a_flood_of_messages_is_dropped_past_the_burst_and_the_client_is_told(tmp_path, capsys):
    limits = TableLimits(messages_per_second=1, message_burst=20)
    server = TableServer(tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0, limits=limits)
    await server.start()
    try:
        client = await TableClient().connect(server.socket_path)
        await client.hello("Anna")  # one of the burst
        client.writer.write(b'{"type": "lobby"}\n' * 500)
        await client.writer.drain()
        replies = [await asyncio.wait_for(client._replies.get(), 5)]
        while replies[-1]["type"] == "lobby":
            replies.append(await asyncio.wait_for(client._replies.get(), 5))
        answered, warning = replies[:-1], replies[-1]
        assert warning["type"] == "error" and "too many messages" in warning["reason"]
        assert 19 <= len(answered) <= 21, len(answered)  # the rest of the burst (and a token refilled)
        assert client._replies.empty()  # one warning for the whole flood, not one a message
        assert capsys.readouterr().err.count("table-service refused kind=message-rate") == 1  # and one log line
        await asyncio.sleep(1.1)  # the rate refills: served again
        assert await client.lobby() == []
        client.writer.close()
    finally:
        await server.close()


async def test_a_line_longer_than_the_limit_is_dropped_whole_and_the_connection_goes_on(server, connect):
    client = await connect("Anna")
    line = b'{"type": "chat", "text": "' + b"x" * (4 * 1024 * 1024) + b'"}\n'
    reply = await reply_to(client, line)
    assert "longer than" in reply["reason"]
    assert await client.lobby() == []


def test_refusals_are_logged_at_most_once_a_minute_per_kind_and_address():
    import io

    from rummy_tui.tableserver.limits import RefusalLog

    now = [0.0]
    stream = io.StringIO()
    log = RefusalLog(stream=stream, clock=lambda: now[0])
    assert log.write("wrong-codes", "visitor 192.0.2.1", "identity=-")
    assert not log.write("wrong-codes", "visitor 192.0.2.1")  # the same flood: not again
    assert log.write("wrong-codes", "visitor 192.0.2.2") and log.write("table-cap", "visitor 192.0.2.1")
    now[0] = 61.0
    assert log.write("wrong-codes", "visitor 192.0.2.1")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 4
    assert lines[0] == "table-service refused kind=wrong-codes address='visitor 192.0.2.1' identity=-"
