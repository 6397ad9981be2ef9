"""Play now and ratings through the table service, with real sockets."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from openskill.models import PlackettLuce

from rummy_tui.storage.ratings import AI_RATINGS, AI_SIGMA, shown
from rummy_tui.tableserver import pairing
from rummy_tui.tableserver.client import NoAnswer, TableClient, TableError
from rummy_tui.tableserver.limits import TableLimits
from rummy_tui.tableserver.server import TableServer

from .players import play_all, play_seat


@pytest.fixture(autouse=True)
def quick_ticks(monkeypatch) -> None:
    """Waiting players are paired again once a second; a test would wait that second out."""
    monkeypatch.setattr(pairing, "TICK_SECONDS", 0.1)


@pytest.fixture
async def opener(server):
    clients: list[TableClient] = []

    async def opened(name: str, identity: str | None = None) -> TableClient:
        client = await TableClient().connect(server.socket_path)
        await client.hello(name, identity=identity)
        clients.append(client)
        return client

    yield opened
    for client in clients:
        await client.close()


def set_rating(server: TableServer, identity: str, mu: float, variant: str = "gin") -> None:
    """A rating as if earned: written into the server's ratings file."""
    server.ratings.store()
    with sqlite3.connect(server.ratings.path) as connection:
        connection.execute("INSERT OR REPLACE INTO players (identity, name) VALUES (?, ?)", (identity, identity))
        connection.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, 'players', ?, 3.0, 20, '')", (identity, variant, mu)
        )


async def welcome_of(client: TableClient) -> dict:
    while (news := await client.news(timeout=10))["type"] != "welcome":
        pass
    return news


async def counts_reach(client: TableClient, counts: tuple[int, int]) -> None:
    while ((news := await client.news(timeout=10))["waiting"], news["playing"]) != counts:
        pass


async def test_two_players_asking_for_gin_are_seated_together_and_the_game_starts(server, opener):
    anna, bela = await opener("Anna", "key-anna"), await opener("Bela", "key-bela")
    first = await anna.seek("gin", 2)
    assert (first["waiting"], first["playing"]) == (1, 0)
    await bela.seek("gin", 2)
    welcomes = await asyncio.gather(welcome_of(anna), welcome_of(bela))
    assert welcomes[0]["table"] == welcomes[1]["table"]
    assert {w["seat"] for w in welcomes} == {0, 1}
    views = await asyncio.gather(*(c.wait_view(lambda v: v["started"]) for c in (anna, bela)))
    assert sorted(seat["name"] for seat in views[0]["seats"]) == ["Anna", "Bela"]
    table = server.tables[welcomes[0]["table"]]
    assert not table.public and table.autostart and not server.pairing.seekers


async def test_a_lone_player_waits_then_is_seated_with_the_computer_at_the_level_chosen(server, opener):
    anna = await opener("Anna", "key-anna")
    await anna.seek("gin", 2)
    with pytest.raises(NoAnswer):  # the wait a player chooses is theirs: here a short one
        await anna.news(timeout=0.3)
    await anna.seek("gin", 2, fill_ai="hard")
    welcome = await welcome_of(anna)
    view = await anna.wait_view(lambda v: v["started"])
    assert welcome["seat"] in (0, 1)
    computer = view["seats"][1 - welcome["seat"]]
    assert (computer["kind"], computer["level"]) == ("ai", "hard")


async def test_close_ratings_are_paired_first(server, opener):
    for identity, mu in (("key-a", 25.0), ("key-far", 40.0), ("key-c", 26.0)):
        set_rating(server, identity, mu)
    a, far, c = await opener("A", "key-a"), await opener("Far", "key-far"), await opener("C", "key-c")
    await a.seek("gin", 2)
    await far.seek("gin", 2)
    seeking = await c.seek("gin", 2)
    assert seeking["waiting"] == 3
    welcomes = await asyncio.gather(welcome_of(a), welcome_of(c))
    assert welcomes[0]["table"] == welcomes[1]["table"]
    assert [s.connection.name for s in server.pairing.seekers.values()] == ["Far"]
    await counts_reach(far, (1, 2))  # told as the counts change: two fewer waiting, two playing


async def test_far_ratings_meet_once_the_window_has_widened(tmp_path):
    limits = TableLimits(pairing_window=1.0, pairing_widening=1000.0)
    server = TableServer(tmp_path / "run" / "s.sock", tmp_path / "tables", ai_delay=0, limits=limits)
    await server.start()
    try:
        set_rating(server, "key-low", 10.0)
        set_rating(server, "key-high", 40.0)
        low, high = TableClient(), TableClient()
        for client, name in ((low, "Low"), (high, "High")):
            await client.connect(server.socket_path)
            await client.hello(name, identity=f"key-{name.lower()}")
        await low.seek("gin", 2)
        await high.seek("gin", 2)  # 30 apart: not at once, but within a second of waiting
        welcomes = await asyncio.gather(welcome_of(low), welcome_of(high))
        assert welcomes[0]["table"] == welcomes[1]["table"]
        await low.close()
        await high.close()
    finally:
        await server.close()


async def test_a_waiting_player_sees_how_many_wait_and_play_that_variant(server, opener):
    watcher = await opener("Watcher", "key-w")
    assert (await watcher.seek("basic", 4))["waiting"] == 1
    other = await opener("Other", "key-o")
    await other.seek("basic", 3)  # another count of the same variant counts too
    await counts_reach(watcher, (2, 0))
    await other.unseek()
    await counts_reach(watcher, (1, 0))
    await other.seek("gin", 2)  # another variant does not
    with pytest.raises(NoAnswer):
        await watcher.news(timeout=0.3)


async def test_seeks_are_bounded(tmp_path):
    limits = TableLimits(max_seekers=1, seek_burst=2, seeks_per_minute=1)
    server = TableServer(tmp_path / "run" / "s.sock", tmp_path / "tables", ai_delay=0, limits=limits)
    await server.start()
    clients = []
    try:
        for name in ("A", "B"):
            client = await TableClient().connect(server.socket_path)
            await client.hello(name, identity=f"key-{name}")
            clients.append(client)
        a, b = clients
        with pytest.raises(TableError, match="seek.variant is one of"):
            await a.seek("poker", 2)
        with pytest.raises(TableError, match="2 to 2 players"):
            await a.seek("gin", 5)
        with pytest.raises(TableError, match="fill_ai"):
            await a.seek("gin", 2, fill_ai="genius")
        await a.seek("basic", 3)
        with pytest.raises(TableError, match="Too many players are waiting"):
            await b.seek("basic", 4)
        await a.seek("basic", 4)  # a second seek replaces the first
        with pytest.raises(TableError, match="too often"):
            await a.seek("basic", 5)
        assert len(server.pairing.seekers) == 1
    finally:
        for client in clients:
            await client.close()
        await server.close()


async def test_a_player_who_goes_stops_waiting(server, opener):
    anna, bela = await opener("Anna", "key-anna"), await opener("Bela", "key-bela")
    await anna.seek("gin", 2)
    await anna.close()
    await bela.seek("gin", 2)
    with pytest.raises(NoAnswer):
        await bela.news(timeout=0.3)
    assert [s.connection.name for s in server.pairing.seekers.values()] == ["Bela"]


async def short_gin(server, opener, grace: float | None = 60):
    """Anna hosts a one-hand gin table, Bela joins; both keyed; started."""
    anna, bela = await opener("Anna", "key-anna"), await opener("Bela", "key-bela")
    welcome = await anna.create("gin", ["human", "human"], {"single_hand": True}, grace=grace)
    await bela.join(welcome["table"])
    await anna.start()
    return anna, bela, server.tables[welcome["table"]]


def over(view) -> bool:
    return view["observation"]["result"] is not None


async def test_a_finished_game_between_two_players_is_rated_and_both_read_it(server, opener):
    anna, bela, table = await short_gin(server, opener)
    await play_all([anna, bela], over)
    rated = [
        await c.wait_view(lambda v: sum("rating" in line["template"] for line in v["log"]) == 2) for c in (anna, bela)
    ]
    result = table.game.state.result
    ranks = [1 if seat in result["winners"] else 2 for seat in range(2)]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    store = server.ratings.store()
    for seat, identity in enumerate(("key-anna", "key-bela")):
        mu, sigma, games = store.rating(identity, "gin")
        assert (mu, sigma, games) == pytest.approx((expected[seat][0].mu, expected[seat][0].sigma, 1))
    lines = [line for line in rated[0]["log"] if "rating" in line["template"]]
    assert {line["values"]["after"] for line in lines} == {
        f"{shown(store.rating(i, 'gin')[0])}?" for i in ("key-anna", "key-bela")
    }
    board = await bela.ratings("gin")
    assert [row["name"] for row in board["rows"]] == (["Anna", "Bela"] if ranks[0] == 1 else ["Bela", "Anna"])
    assert board["mine"]["me"] and board["mine"]["name"] == "Bela" and board["mine"]["provisional"]


async def test_a_player_who_leaves_loses_and_the_other_does_not(server, opener):
    anna, bela, table = await short_gin(server, opener, grace=0)
    await bela.wait_view(lambda v: v["started"])
    await bela.leave()  # the computer plays Bela's seat at once
    await play_seat(anna, over)
    await anna.wait_view(lambda v: any("rating" in line["template"] for line in v["log"]))
    store = server.ratings.store()
    assert store.rating("key-anna", "gin")[0] > 25 > store.rating("key-bela", "gin")[0]


async def test_a_game_against_the_computer_counts_apart_and_guests_are_not_rated(server, opener):
    anna = await opener("Anna", "key-anna")
    await anna.create("gin", ["human", "easy"], {"single_hand": True})
    await anna.start()
    await play_seat(anna, over)
    view = await anna.wait_view(lambda v: any("rating" in line["template"] for line in v["log"]))
    assert any("against the computer" in line["template"] for line in view["log"])
    mu, sigma, _games = server.ratings.store().rating("key-anna", "gin", "computer")
    winners = server.tables[anna.table].game.state.result["winners"]
    model = PlackettLuce()
    teams = [[model.rating()], [model.rating(mu=AI_RATINGS["easy"], sigma=AI_SIGMA)]]
    expected = model.rate(teams, ranks=[1 if seat in winners else 2 for seat in range(2)])[0][0]
    assert (mu, sigma) == pytest.approx((expected.mu, expected.sigma))
    assert (await anna.ratings("gin"))["rows"] == []
    computer_board = await anna.ratings("gin", computer=True)
    assert computer_board["mine"]["rating"] == shown(mu)
    guest = await opener("Guest", "guest-bob")
    with pytest.raises(TableError, match="SSH key"):
        await guest.hide_rating(True)
    assert (await guest.ratings("gin", computer=True))["mine"] is None


async def test_a_player_hides_from_the_board_and_still_sees_their_place(server, opener):
    set_rating(server, "key-anna", 30.0)
    set_rating(server, "key-bela", 20.0)
    anna, bela = await opener("Anna", "key-anna"), await opener("Bela", "key-bela")
    assert await anna.hide_rating(True) is True
    public = await bela.ratings("gin")
    assert [row["name"] for row in public["rows"]] == ["key-bela"]
    own = await anna.ratings("gin")
    assert own["hidden"] and own["mine"]["place"] == 1 and own["rows"][0]["me"]
    with pytest.raises(TableError, match="ratings.variant"):
        await anna.ratings("chess")


async def test_board_requests_are_bounded(tmp_path):
    limits = TableLimits(board_requests_per_minute=1, board_burst=2)
    server = TableServer(tmp_path / "run" / "s.sock", tmp_path / "tables", ai_delay=0, limits=limits)
    await server.start()
    client = await TableClient().connect(server.socket_path)
    try:
        await client.hello("Anna", identity="key-anna")
        await client.ratings("gin")
        await client.hide_rating(True)
        with pytest.raises(TableError, match="too often"):
            await client.ratings("gin")
    finally:
        await client.close()
        await server.close()


async def test_a_player_who_drops_loses_only_once_the_grace_period_has_passed(server, opener):
    anna, bela, table = await short_gin(server, opener, grace=0.2)
    await bela.wait_view(lambda v: v["started"])
    await bela.close()  # gone without a word: away, then the computer plays for them
    await play_seat(anna, over)
    await anna.wait_view(lambda v: any("rating" in line["template"] for line in v["log"]))
    store = server.ratings.store()
    assert store.rating("key-anna", "gin")[0] > 25 > store.rating("key-bela", "gin")[0]


async def test_a_player_back_before_the_end_is_ranked_as_they_played(server, opener):
    from rummy_tui.tableserver.ratings_desk import entrants_of

    anna, bela, table = await short_gin(server, opener, grace=0)
    await bela.wait_view(lambda v: v["started"])
    await bela.close()
    await anna.wait_view(lambda v: any(seat["away"] for seat in v["seats"]))
    assert [e.left for e in entrants_of(table)] == [False, True]
    back = await opener("Bela", "key-bela")
    await back.join(table.code)  # the same key takes the seat back
    await anna.wait_view(lambda v: not any(seat["away"] for seat in v["seats"]))
    assert [e.left for e in entrants_of(table)] == [False, False]


async def test_three_players_asking_for_a_three_player_game_sit_at_one_table(server, opener):
    players = [await opener(name, f"key-{name}") for name in ("A", "B", "C")]
    await players[0].seek("basic", 3)
    await players[1].seek("basic", 3)
    with pytest.raises(NoAnswer):  # two are not enough
        await welcome_or_nothing(players[0])
    await players[2].seek("basic", 3)
    welcomes = await asyncio.gather(*(welcome_of(player) for player in players))
    assert len({w["table"] for w in welcomes}) == 1 and sorted(w["seat"] for w in welcomes) == [0, 1, 2]
    view = await players[0].wait_view(lambda v: v["started"])
    assert [seat["kind"] for seat in view["seats"]] == ["human"] * 3


async def welcome_or_nothing(client: TableClient) -> dict:
    while (news := await client.news(timeout=0.3))["type"] != "welcome":
        pass
    return news
