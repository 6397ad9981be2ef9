"""A local table with a clock: the countdown in the status line, the turn out of time played
by the computer (a draw and a discard, and the message says so), three in a row make the
player away until a key brings them back; a table without a clock runs no timer. The clock
reads a time source the test moves, and the test calls the once-a-second tick itself."""

from __future__ import annotations

from contextlib import asynccontextmanager

from rummy_tui.app import RummyApp

from .driver import seats, settle
from .screen_text import screen_text

CLOCK = {"turn": 30, "bank": 60}


class FakeTime:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def at_the_table(variant: str, players: int, humans: list[str], seed: int, clock: dict | None = None):
    options = {"variant": variant, "players": players, "settings": {}, "seed": seed, "clock": clock}
    app = RummyApp(ai_delay=0.0, table_options={**options, "seats": seats(humans, players - len(humans))})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        yield app, pilot


def on_fake_time(table) -> FakeTime:
    """The table's clock on a time source the test moves, its running turn started afresh at
    1000 s: whole seconds added to that stay exact. (From the real start, a monotonic reading
    just below a power of two, e.g. 8064-8192 s after boot, 45 s and 45 s more came to
    89.999999999999 s, and the turn was not out of time.)"""
    clock = table.local_clock
    time_source = FakeTime(1000.0)
    clock.now = time_source
    clock._started = time_source.now
    return time_source


async def run_out_of_time(pilot, table, time_source: FakeTime, seconds: float) -> None:
    assert table.game.current_seat == 0 and table.local_clock.seat == 0
    time_source.now += seconds
    table.tick_clock()
    await settle(pilot)


async def test_the_status_line_counts_down_and_a_turn_out_of_time_is_played_for_the_player():
    async with at_the_table("basic", 2, ["Anna"], seed=4, clock=CLOCK) as (app, pilot):
        table = app.table()
        assert table._clock_ticker is not None  # ticking: a clock runs
        assert screen_text(app).splitlines()[0].strip().startswith("time 0:30 + 1:00 · ")
        time_source = on_fake_time(table)
        time_source.now += 45
        table.tick_clock()
        await pilot.pause()
        assert "time 0:00 + 0:45 · " in screen_text(app)
        actions = len(table.game.record["actions"])
        await run_out_of_time(pilot, table, time_source, 45)
        played = table.game.record["actions"][actions : actions + 2]
        assert played[0] == "draw:stock" and played[1].startswith("discard:")
        told = [str(note.message) for note in app._notifications]
        assert told == ["Anna is out of time: the computer draws and discards for them."]
        assert table.game.current_seat == 0  # the computer's seat played; Anna's turn again
        assert table.local_clock.banks == [0, 60] and table.local_clock.timeouts == [1, 0]


async def test_three_turns_out_of_time_make_the_player_away_until_a_key_brings_them_back():
    async with at_the_table("basic", 2, ["Anna"], seed=4, clock={"turn": 10, "bank": 0}) as (app, pilot):
        table = app.table()
        time_source = on_fake_time(table)
        for _ in range(2):
            time_source.now = table.local_clock._started
            await run_out_of_time(pilot, table, time_source, 10)
        time_source.now = table.local_clock._started + 10
        table.tick_clock()  # the third
        assert table._away_here == {0}
        assert "Anna: away (out of time): any key plays again" in table.status_text()
        await pilot.press("z")  # before the computer can have played the hand out for her
        assert not table._away_here and table.local_clock.timeouts[0] == 0
        assert "away" not in table.status_text()


async def test_a_table_without_a_clock_runs_no_timer():
    async with at_the_table("basic", 2, ["Anna"], seed=4) as (app, pilot):
        table = app.table()
        assert table.local_clock is None and table._clock_ticker is None
        assert "time " not in screen_text(app).splitlines()[0]


async def test_a_shared_tables_countdown_and_an_away_player_back_with_a_key(server):
    """A seat at a clocked shared table counts down in its status line; after three turns out
    of time (the table's clock on a time source the test moves) it says the player is away, and
    a key brings them back."""
    from rummy_tui.tableserver.client import TableClient

    anna = await TableClient().connect(server.socket_path)
    await anna.hello("Anna")
    welcome = await anna.create("basic", ["human", "easy"], clock={"turn": 10, "bank": 0})
    table = server.tables[welcome["table"]]
    table.ai_delay = 0.05  # the computer does not play the hand out before the key comes
    time_source = FakeTime(1000.0)  # whole seconds added stay exact (see on_fake_time)
    table.clock.now = time_source
    await anna.start()
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:

        async def until(condition, what: str) -> None:
            for _ in range(3000):
                if condition():
                    return
                await pilot.pause()
            raise AssertionError(f"never happened: {what}")

        def status() -> str:
            return screen_text(app).splitlines()[0]

        app.call_later(app.open_remote_table, anna)
        await until(lambda: app.table() is not None, "the table screen")
        screen = app.table()
        for count in range(1, 4):
            await until(lambda: bool(screen.seat.legal), "Anna's turn")
            await until(lambda: "time 0:10 + 0:00 · " in status(), "her countdown")
            time_source.now = table.clock._started + 10
            table.post("clock")
            await until(lambda c=count: (anna.view or {}).get("clock", {}).get("timeouts", [0])[0] == c, "a timeout")
        await until(lambda: screen.away_text() == "you are away (out of time): any key plays again", "away")
        assert app.screen is screen and "you are away (out of time)" in status()
        await pilot.press("z")
        await until(lambda: not anna.view["seats"][0]["ai_playing"], "back")
        assert not anna.view["seats"][0]["away"]
