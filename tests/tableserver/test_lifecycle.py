"""Table caps and lifecycle: open tables capped per player and per server, finished tables out
of the list at once and off the disk after the retention period, unstarted tables nobody is
at closed after a while."""

from __future__ import annotations

import time

import pytest

from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.limits import TableLimits
from rummy_tui.tableserver.server import META_SUFFIX, TableServer

from .players import play_all

ROOMY = {"messages_per_second": 10_000, "message_burst": 10_000}


@pytest.fixture
async def make_server(tmp_path):
    servers = []

    async def started(**limits) -> TableServer:
        server = TableServer(
            tmp_path / "run" / "tables.sock", tmp_path / "tables", ai_delay=0, limits=TableLimits(**limits)
        )
        await server.start()
        servers.append(server)
        return server

    yield started
    for server in servers:
        await server.close()


async def hello(server: TableServer, name: str, identity: str | None = None, address: str | None = None):
    client = await TableClient().connect(server.socket_path)
    await client.hello(name, identity=identity, address=address)
    return client


def files_of(server: TableServer, code: str) -> list[str]:
    return sorted(path.name for path in server.tables_dir.iterdir() if path.name.startswith(code))


async def test_five_hundred_creates_from_one_identity_leave_the_cap_open(make_server):
    server = await make_server(max_tables_per_player=3, **ROOMY)
    anna = await hello(server, "Anna", identity="key-SHA256:anna")
    refused = []
    for _ in range(500):
        try:
            await anna.create("gin", ["human", "normal"])
        except TableError as problem:
            refused.append(str(problem))
    assert len(server.tables) == 3 and len(refused) == 497
    assert refused[0] == "You already host 3 open tables here; finish or leave one before hosting another."
    again = await hello(server, "Anna", identity="key-SHA256:anna", address="192.0.2.9")
    with pytest.raises(TableError, match="already host 3"):  # a new connection is the same player
        await again.create("gin", ["human", "normal"])
    bela = await hello(server, "Béla", identity="key-SHA256:bela")
    assert (await bela.create("gin", ["human", "normal"]))["seat"] == 0  # others are not held up
    for client in (anna, again, bela):
        client.writer.close()


async def test_without_an_identity_the_address_is_capped_and_the_server_has_a_cap_of_its_own(make_server):
    server = await make_server(max_tables=3, max_tables_per_player=2)
    guest = await hello(server, "Guest", address="198.51.100.7")
    for _ in range(2):
        await guest.create("gin", ["human", "normal"])
    with pytest.raises(TableError, match="already host 2"):
        await guest.create("gin", ["human", "normal"])
    other = await hello(server, "Other", address="203.0.113.1")
    await other.create("gin", ["human", "normal"])
    with pytest.raises(TableError, match="This server has 3 open tables"):
        await other.create("gin", ["human", "normal"])
    for client in (guest, other):
        client.writer.close()


async def test_a_finished_table_leaves_the_list_and_counts_no_more_and_its_files_go_after_the_retention(make_server):
    server = await make_server(max_tables_per_player=1, keep_finished_minutes=60)
    anna = await hello(server, "Anna")
    await anna.create("gin", ["human", "normal"], settings={"single_hand": True}, public=True)
    code = anna.table
    await anna.start()
    await play_all([anna], lambda view: view["observation"]["result"] is not None)
    await server.sweep()
    assert files_of(server, code) == [f"{code}.json", f"{code}{META_SUFFIX}"]  # a last look at the result
    assert await anna.lobby() == []
    await anna.create("gin", ["human", "normal"])  # the finished one no longer counts
    assert await server.sweep(wall_now=time.time() + 59 * 60) == []
    assert await server.sweep(wall_now=time.time() + 61 * 60) == [code]
    assert files_of(server, code) == [] and code not in server.tables
    anna.writer.close()


async def test_a_table_nobody_is_at_before_its_start_is_closed_after_a_while(make_server):
    server = await make_server(unjoined_minutes=30)
    anna = await hello(server, "Anna")
    await anna.create("gin", ["human", "human"])
    waiting = anna.table
    bela = await hello(server, "Béla")
    await bela.create("gin", ["human", "human"])
    left = bela.table
    bela.writer.close()
    for _ in range(200):  # round trips until the server has seen Béla go
        if not server.tables[left].members:
            break
        await anna.why_not("draw")
    later = time.monotonic() + 31 * 60
    assert await server.sweep(now=later) == [left]  # Anna still waits at hers: it stays
    assert list(server.tables) == [waiting] and files_of(server, left) == []
    anna.writer.close()


@pytest.mark.parametrize("option", ["--keep-finished", "--close-unjoined", "--ai-delay", "--exit-when-idle"])
@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_rummy_table_server_refuses_a_time_that_is_not_a_finite_amount(option, value):
    from click.testing import CliRunner

    from rummy_tui.cli import main

    result = CliRunner().invoke(main, ["table-server", option, value])
    assert result.exit_code == 2 and "is not a number of at least 0" in result.output


def test_rummy_table_server_refuses_a_cap_below_one():
    from click.testing import CliRunner

    from rummy_tui.cli import main

    result = CliRunner().invoke(main, ["table-server", "--max-tables-per-player", "0"])
    assert result.exit_code == 2 and "max-tables-per-player" in result.output
