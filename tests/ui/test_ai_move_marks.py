"""Issue 13: what the computer just did is marked until the player's next move: a "*" before
each meld it laid or laid off onto, and "North took 10♥" on the Piles panel's border for a card
taken from the discard pile. Text marks, so they read under NO_COLOR too."""

from __future__ import annotations

import copy
import re

from rummy_tui.engine.ai import choose_action
from rummy_tui.widgets.cards import log_line
from rummy_tui.widgets.melds import MeldTableView
from rummy_tui.widgets.piles import PilesView

from .driver import played_until, press_move, resumed_app, settle
from .screen_text import screen_lines

ANNS_TURN_AT = 19  # actions before the turn of Ann's that the test plays first (seed 1)


def rows_of(app, widget) -> list[str]:
    region = widget.region
    return [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]


def took_events(events: list[dict], last_seen: dict | None, hand: int) -> list[tuple[int, str]]:
    """The takes logged after the event ``last_seen`` (the log keeps the latest 200)."""
    since = max((index + 1 for index, event in enumerate(events) if event == last_seen), default=0)
    return [
        (event["seat"], event["values"]["card"])
        for event in events[since:]
        if event.get("hand") == hand and event.get("text", "").startswith("took ")
    ]


async def test_the_computers_melds_and_taken_cards_are_marked_until_the_players_next_move(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    # The table opens at the start of Ann's turn before the one where the computer has laid a meld
    # and taken a card since her move (the engine plays up to there, as the keys would): the keys
    # play her turn and the computer's turns after it.
    app = resumed_app(
        played_until("hungarian", 4, ["Ann"], 1, {}, lambda game: len(game.record["actions"]) >= ANNS_TURN_AT)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table()
        assert table.game.current_seat == table.viewer
        game = table.game
        after_my_move, my_last_event = None, None
        for _move in range(200):
            await settle(pilot)
            if app.screen is not table:
                await pilot.press("enter")
                continue
            if game.current_seat != table.viewer:
                continue
            changed = after_my_move is not None and {
                index
                for index, entry in enumerate(game.state.table)
                if index >= len(after_my_move) or after_my_move[index] != entry
            }
            taken = took_events(game.state.events, my_last_event, game.state.hand_no)
            if changed and taken:
                break
            code = choose_action(game, table.viewer, "normal")
            mine = copy.deepcopy(game)  # the table and the log just after Ann's move, before the AI's
            mine.apply(code)
            after_my_move, my_last_event = mine.state.table, mine.state.events[-1]
            await press_move(pilot, code)
            await pilot.pause()
        else:
            raise AssertionError("the computer never laid a meld and took a card between two of Ann's moves")

        melds = table.query_one(MeldTableView)
        assert melds.fresh == changed
        shown = melds.visible_melds() & changed
        assert shown, "at least one marked meld is in the panel"
        panel = "\n".join(rows_of(app, melds))
        for index in shown:
            assert re.search(rf"\*{index}\)", panel), panel
        for index in melds.visible_melds() - changed:
            assert not re.search(rf"\*{index}\)", panel), panel
        border = rows_of(app, table.query_one(PilesView))[-1]
        for seat, card in taken:
            assert f"{table.names[seat]} took {log_line(card, melds.card_look()).plain}" in border, border

        await pilot.press("d")  # Ann's move: the marks are gone
        await pilot.pause()
        assert not melds.fresh
        assert "*" not in "\n".join(rows_of(app, melds))
        assert "took" not in rows_of(app, table.query_one(PilesView))[-1]
