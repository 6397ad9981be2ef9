"""The daily deal at the table service, over real sockets: two players play today's deal (the
same cards), each sees the other's result beside theirs and the hard computer's in their seat;
a player plays it once a day; nothing sent to them carries the seed."""

from __future__ import annotations

import asyncio
import json

import pytest

from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.daily import daily_seed

from .players import play_seat

DAY = "2026-12-02"


@pytest.fixture
def on_one_day(server):
    server.dailies.desk.day = lambda: DAY
    return server


async def player(server, name: str) -> TableClient:
    client = await TableClient(record=True).connect(server.socket_path)
    await client.hello(name, identity=f"key-{name.lower()}")
    return client


def daily_over(view) -> bool:
    return bool(view.get("daily", {}).get("over"))


async def play_the_daily(client: TableClient, variant: str, seed: int) -> dict:
    answer = await client.daily(variant)
    assert not answer["played"] and answer["welcome"]["seat"] == 0
    first = await client.wait_view(lambda v: v["started"], timeout=10)
    await play_seat(client, daily_over, seed=seed)
    return {"answer": answer, "first": first}


async def test_two_players_play_todays_deal_and_see_each_others_result(on_one_day):
    server = on_one_day
    anna, bob = await player(server, "Anna"), await player(server, "Bob")
    annas = await play_the_daily(anna, "gin", seed=1)
    bobs = await play_the_daily(bob, "gin", seed=2)
    assert annas["answer"]["commitment"] == bobs["answer"]["commitment"] == server.dailies.desk.seal("gin")
    assert annas["first"]["observation"]["hand"] == bobs["first"]["observation"]["hand"]  # the same cards

    for client, me in ((bob, "Bob"), (anna, "Anna")):  # Bob's asking waits for his own result to be kept
        result = await client.daily_result("gin")
        assert result["players"] == 2 and {row["name"] for row in result["rows"]} == {"Anna", "Bob"}
        mine = next(row for row in result["rows"] if row["me"])
        assert mine["name"] == me and result["rank"] == mine["rank"]
        assert isinstance(result["computer"], int)  # the hard computer in seat 1 of the same deal
        assert result["seed"] is None  # the day is not over
        assert sum(count for _points, count in result["distribution"]) == 2

    again = await anna.daily("gin")
    assert again["played"] and "welcome" not in again

    seed = str(daily_seed("gin", DAY, server.dailies.desk.secret))
    for client in (anna, bob):
        assert seed not in json.dumps(client.received)  # views, answers, results: no seed
    for client in (anna, bob):
        client.writer.close()


async def test_the_seed_is_told_once_the_day_is_over(on_one_day):
    server = on_one_day
    anna = await player(server, "Anna")
    await play_the_daily(anna, "basic", seed=3)
    server.dailies.desk.day = lambda: "2026-12-03"
    result = await anna.daily_result("basic", DAY)
    assert result["seed"] == daily_seed("basic", DAY, server.dailies.desk.secret)
    assert result["players"] == 1
    anna.writer.close()


@pytest.mark.parametrize("day", ["../../etc", "2026-12-2", "yesterday"])
async def test_a_day_is_a_date(on_one_day, day):
    anna = await player(on_one_day, "Anna")
    with pytest.raises(TableError, match="day is a date"):
        await anna.daily_result("gin", day)
    anna.writer.close()


async def test_an_unknown_variant_is_refused(on_one_day):
    anna = await player(on_one_day, "Anna")
    with pytest.raises(TableError, match="unknown variant"):
        await anna.daily("chess")
    anna.writer.close()


async def test_a_player_who_drops_does_not_deal_it_again_the_computer_plays_it_out(on_one_day):
    server = on_one_day
    server.dailies.ai_delay = 0.02  # the computer's moves take a while: Anna asks again meanwhile
    anna = await player(server, "Anna")
    await anna.daily("basic")
    await anna.wait_view(lambda v: v["started"], timeout=10)
    (table,) = server.dailies.tables.values()
    anna.writer.close()  # gone mid-hand: the easy computer plays her hand out, and that counts
    again = await player(server, "Anna")
    with pytest.raises(TableError, match="still being played"):
        await again.daily("basic")
    await asyncio.wait_for(table.task, 30)  # played out, its result kept, the table gone
    result = await again.daily_result("basic")
    assert result["players"] == 1 and result["rows"][0]["name"] == "Anna" and result["rows"][0]["me"]
    assert (await again.daily("basic"))["played"]
    assert not server.dailies.tables
    again.writer.close()
