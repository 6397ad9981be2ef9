"""A line-mode player and a full-screen player at one shared table: Bob types in a real PTY
(`rummy --lines join CODE`), Anna presses keys in the Textual app; a whole Gin hand."""

from __future__ import annotations

import asyncio
import random
import re

from rummy_tui.app import RummyApp
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE
from tests.support.linepty import MOVE, SCREEN_CONTROL, LineTerminal, choose, line_environment
from tests.ui.test_shared_table import press, shows_latest, sit_down, until
from variants import get_variant

BOBS_TURN = re.compile(rb"Your turn: [^\n]*\n> $")


async def test_a_line_mode_player_and_a_full_screen_player_play_a_hand(server, tmp_path):
    anna = await TableClient(record=True).connect(server.socket_path)
    await anna.hello("Anna")
    welcome = await anna.create("gin", ["human", "human"])
    table = server.tables[welcome["table"]]
    environment = line_environment(tmp_path) | {
        SOCKET_VARIABLE: str(server.socket_path),
        "RUMMY_TUI_PLAYER_NAME": "Bob",
    }
    bob = LineTerminal(["--lines", "join", welcome["table"]], environment)
    try:
        await anna.wait_view(lambda view: any(seat.get("name") == "Bob" for seat in view["seats"]))
        await anna.start()
        app = RummyApp(ai_delay=0.0)
        rng = random.Random(3)
        async with app.run_test(size=(100, 34)) as pilot:
            await sit_down([pilot], [app], [anna])
            hand = table.game.state.hand_no
            moves = 0
            while table.game.state.hand_no == hand and not table.game.is_over:
                before = table.seq
                if table.game.current_seat == 0:
                    await until([pilot], lambda: shows_latest(app, table), "Anna's screen up to date")
                    screen = app.table()
                    code = get_variant("gin").choose_ai_action(screen.seat.observation, screen.seat.legal, "easy", rng)
                    await press(pilot, code)
                else:
                    await asyncio.to_thread(bob.read_until, BOBS_TURN)
                    bob.type("moves")
                    listing = (await asyncio.to_thread(bob.read_until, re.compile(rb"\n> $"))).decode()
                    bob.type(choose({words.strip(): number for number, words in MOVE.findall(listing)}, "en"))
                await until([pilot], lambda before=before: table.seq > before, "the move was played")
                moves += 1
                assert moves < 300, "the hand never ended"
            said = (
                await asyncio.to_thread(
                    bob.read_until, re.compile(rb"Hand 1 is over\.[^\n]*\n(?:[^\n]*\n)*?Totals: [^\n]*\n")
                )
            ).decode()
            assert "Totals: Bob" in said or "Totals: Anna" in said
        bob.type("quit")
    finally:
        await asyncio.to_thread(bob.finish)
        await anna.close()
    text = bob.text()
    assert "Anna" in text and not SCREEN_CONTROL.search(bob.output)
    assert moves >= 2
