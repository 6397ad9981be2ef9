"""A clocked shared table, over real sockets: every seat is sent the clock to count down from;
a turn out of time is played by the computer (a draw and the safest discard) and the log says
so; three in a row make the player away until they say they are back. The table's clock reads
a time source the test moves by hand, and the test posts the timer's wake-up itself: no sleeping."""

from __future__ import annotations

import pytest

from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.clock import AWAY_AFTER_TIMEOUTS
from rummy_tui.tableserver.seat import RemoteSeat


class FakeTime:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


async def clocked_table(
    server, connect, seats: list[str], clock: dict, *others: TableClient
) -> tuple[TableClient, object, FakeTime]:
    host = await connect("Anna")
    welcome = await host.create("basic", seats, clock=clock, ai_level="hard")
    table = server.tables[welcome["table"]]
    time_source = FakeTime()
    table.clock.now = time_source
    for other in others:
        await other.join(table.code)
    await host.start()
    return host, table, time_source


async def my_turn(client: TableClient) -> dict:
    return await client.wait_view(lambda v: bool(v["legal"]), timeout=10)


async def run_out_of_time(client: TableClient, table, time_source: FakeTime, seconds: float) -> dict:
    """Anna's turn, out of time: the table's timer (posted here) finds it so."""
    view = await my_turn(client)
    actions = view["seq"]
    time_source.now += seconds
    table.post("clock")
    return await client.wait_view(
        lambda v: v["seq"] >= actions + 2 and v["observation"]["to_move"] != 0 or v["seats"][0]["ai_playing"],
        timeout=10,
    )


async def test_every_seat_sees_the_clock_of_the_seat_to_move(server, connect):
    guest = await connect("Bob")
    host, table, time_source = await clocked_table(
        server, connect, ["human", "human"], {"turn": 30, "bank": 120}, guest
    )
    for client in (host, guest):
        view = await client.wait_view(lambda v: v["started"], timeout=5)
        assert view["clock"]["turn"] == 30 and view["clock"]["bank"] == 120
        assert view["clock"]["seat"] == view["observation"]["to_move"]
        assert view["clock"]["turn_left"] == 30 and view["clock"]["banks"] == [120, 120]


async def test_a_turn_out_of_time_is_a_draw_and_a_discard_by_the_computer_and_the_log_says_so(server, connect):
    host, table, time_source = await clocked_table(server, connect, ["human", "easy"], {"turn": 30, "bank": 120})
    view = await my_turn(host)
    hand_before = len(view["observation"]["hand"])
    time_source.now += 149  # a second of the bank left: not yet
    table.post("clock")
    assert await host.why_not("draw:stock") is None  # answered after the timer's wake-up: still Anna's turn
    assert table.seq == view["seq"] and not any("out of time" in line["text"] for line in table.log.lines)
    time_source.now += 1
    table.post("clock")
    after = await host.wait_view(lambda v: v["observation"]["to_move"] != 0, timeout=10)
    played = table.game.record["actions"][view["seq"] : view["seq"] + 2]
    assert played[0] == "draw:stock" and played[1].startswith("discard:")
    assert len(after["observation"]["hand"]) == hand_before
    assert "Anna is out of time: the computer draws and discards for them." in [line["text"] for line in after["log"]]
    assert after["clock"]["timeouts"] == [1, 0] and after["clock"]["banks"][0] == 0


async def test_the_bank_pays_for_a_long_turn_and_a_move_in_time_clears_the_count(server, connect):
    host, table, time_source = await clocked_table(server, connect, ["human", "easy"], {"turn": 30, "bank": 120})
    seat = RemoteSeat(host)
    view = await my_turn(host)
    time_source.now += 40  # 10 s into the bank
    await seat.apply(view["legal"][0])  # a draw
    view = await host.wait_view(lambda v: v["seq"] > view["seq"] and bool(v["legal"]), timeout=10)
    discard = next(code for code in view["legal"] if code.startswith("discard:"))
    await seat.apply(discard)
    after = await host.wait_view(lambda v: v["seq"] > view["seq"], timeout=10)
    assert after["clock"]["banks"][0] == pytest.approx(110)


async def test_three_turns_out_of_time_in_a_row_make_the_player_away_until_they_are_back(server, connect):
    host, table, time_source = await clocked_table(server, connect, ["human", "easy"], {"turn": 10, "bank": 0})
    for count in range(1, AWAY_AFTER_TIMEOUTS + 1):
        after = await run_out_of_time(host, table, time_source, 10)
        assert after["clock"]["timeouts"][0] == count
    away = await host.wait_view(lambda v: v["seats"][0]["ai_playing"], timeout=10)
    assert away["seats"][0]["away"] and away["seats"][0]["connected"]
    assert any("three turns in a row" in line["text"] for line in away["log"])
    played_for = await host.wait_view(lambda v: v["seq"] >= away["seq"] + 4, timeout=10)  # the computer plays on
    assert not played_for["legal"]
    await host.back()
    back = await host.wait_view(lambda v: not v["seats"][0]["ai_playing"], timeout=10)
    assert not back["seats"][0]["away"] and back["clock"]["timeouts"][0] == 0
    assert back["log"][-1]["text"] == "Anna is back."


async def test_a_table_without_a_clock_runs_no_timer(server, connect):
    host = await connect("Anna")
    welcome = await host.create("basic", ["human", "easy"])
    await host.start()
    view = await my_turn(host)
    assert view["clock"] is None
    assert server.tables[welcome["table"]]._clock_timer is None


async def test_a_clock_out_of_bounds_is_refused(connect):
    host = await connect("Anna")
    with pytest.raises(TableError, match="a turn is 5 to 600 seconds"):
        await host.create("basic", ["human", "easy"], clock={"turn": 1, "bank": 0})
