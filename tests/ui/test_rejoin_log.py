"""The log after rejoining a shared table (issue 27): one order, the table's (the game's moves,
the joins, chat and away lines as they happened), and the moves the computer made for the
away player say so ("The computer played for you: …"), never "You drew…"."""

from __future__ import annotations

from rummy_tui.app import RummyApp
from rummy_tui.screens.table import TableScreen

from .screen_text import screen_text
from .test_lobby import join_form, lobby_up, player, server, until

__all__ = ["player", "server"]  # the fixtures, used by name


async def back_at_the_table(pilot, code: str, name: str) -> TableScreen:
    join = await join_form(pilot)
    join.query_one("#join-code").value = code
    join.query_one("#join-name").value = name
    await pilot.press("ctrl+s")
    return await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen, "the table")


async def anna_moves(anna, moves: int) -> None:
    """Anna plays her turns (the first legal move) while the computer covers for the away Bob."""
    for _ in range(moves):
        view = await anna.wait_view(lambda v: bool(v["legal"]))
        await anna.act(view["legal"][0])
        await anna.wait_view(lambda v, seq=view["seq"]: v["seq"] > seq)


async def test_the_rejoined_log_is_in_the_tables_order_and_says_what_the_computer_played(server, player):
    anna = await player("Anna")
    await anna.create("basic", ["human", "human"], grace=0.0)
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        join = await join_form(pilot)
        join.query_one("#join-code").value = anna.table
        join.query_one("#join-name").value = "Bob"
        await pilot.press("ctrl+s")
        await anna.wait_view(lambda v: v["seats"][1]["connected"])
        await until(pilot, lambda: lobby_up(pilot.app), "Bob's lobby")  # not left while it is still opening
    await anna.wait_view(lambda v: v["seats"][1]["away"])
    await anna.start()
    for number in range(3):  # moves and chat, interleaved, while Bob is away
        await anna_moves(anna, 2)
        await anna.chat(f"line {number}")
        await anna.wait_view(lambda v, n=number: any(line["text"].endswith(f"line {n}") for line in v["log"]))
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        table = await back_at_the_table(pilot, anna.table, "Bob")
        await until(pilot, lambda: table.table_lines, "the log")
        entries = table.table_lines
        assert entries == sorted(entries, key=lambda entry: order_key(entries, entry)), entries
        texts = [entry.get("text", "") for kind, entry in entries if kind == "table"]
        assert texts.index("Anna: line 0") < texts.index("Anna: line 1") < texts.index("Anna: line 2")
        chats = [index for index, (kind, entry) in enumerate(entries) if kind == "table" and "line" in entry["text"]]
        assert any(kind == "event" for kind, _entry in entries[chats[0] + 1 : chats[1]])  # moves between the lines
        covered = [entry for kind, entry in entries if kind == "event" and entry.get("for_away")]
        assert covered and all(entry["seat"] == 1 for entry in covered)
        await pilot.pause()
        log = screen_text(pilot.app)
        assert "The computer played for you:" in log and "You drew" not in log, log
        await pilot.press("H")  # the whole log: the table's lines among the moves there too
        await pilot.pause()
        whole = screen_text(pilot.app)
        assert "Anna: line 0" in whole and "The computer played for you:" in whole, whole


def order_key(entries, entry) -> tuple:
    """Where an entry belongs: an event by its number, a table line after the events before it."""
    kind, data = entry
    if kind == "event":
        return (data["n"], 0, 0)
    return (data["events"] - 0.5, 1, [e for _k, e in entries].index(data))
