"""Every first screen a served game can open on says it is complete once it is drawn (the start
pipe, rummy_tui/served.py), so the server starts the next visitor's game then: not only the start
screen (test_start_pipe.py) but a table straight away, a resumed game, a lesson, the daily deal,
the host and join forms, the list of lessons and Play now. A first screen that never says holds
its start slot until the server's cap (first output + SETTLE)."""

from __future__ import annotations

import asyncio
import os

import pytest

from rummy_tui import served
from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from tests.ui.screen_text import screen_text

SAID_WITHIN = 30.0  # seconds: generous on a loaded machine; a screen that never says fails here
SEATS = [{"name": "Ann", "kind": "human", "level": None}, {"name": "Bot", "kind": "ai", "level": "normal"}]
GIN_TABLE = {"variant": "gin", "players": 2, "settings": {}, "seed": 7, "seats": SEATS}

# the app's table options (as the CLI's commands give them), and what the screen in front shows
FIRST_SCREENS = {
    "table": (GIN_TABLE, "TableScreen", ("Gin Rummy", "take the upcard (t) or pass (p)", "Players", "Score")),
    "resumed game": ("resume", "TableScreen", ("Gin Rummy", "take the upcard (t) or pass (p)", "Players", "Score")),
    "lesson": ({"lesson": "gin"}, "LessonScreen", ("Gin Rummy", "discard the card under the cursor", "Players")),
    "daily deal": ({"daily": "gin"}, "TableScreen", ("Gin Rummy", "Players", "Score")),
    "host form": ({"shared": ("host", None, {"public": None, "watchable": True})}, "HostScreen", ("Host a table",)),
    "join form": ({"shared": ("join", "KDFMTQRB", None)}, "JoinScreen", ("Join a table", "KDFM-TQRB")),
    "lessons": ({"lesson": None}, "LessonsScreen", ("Learn a game",)),
    "play now": ({"play_now": {"variant": "gin"}}, "PlayNowScreen", ("Play now", "Gin Rummy")),
}


@pytest.fixture
def start_pipe(tmp_path, monkeypatch):
    """The read end of a start pipe the game (this process) has taken, as a game of `rummy serve`
    does; with the server's window limit, a data folder of its own and no table service."""
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("RUMMY_TUI_TABLE_SOCKET", raising=False)
    monkeypatch.setenv(served.SIZE_LIMIT_VARIABLE, "400x150")
    monkeypatch.setattr(served, "_started_pipe", None)
    read_end, write_end = os.pipe()
    monkeypatch.setenv(served.STARTED_FD_VARIABLE, str(write_end))
    served.take_the_start_pipe()
    close = served.first_screen_complete
    yield read_end
    close()  # the write end, if a failed test left it open
    os.close(read_end)


def app_opening(options) -> RummyApp:
    if options == "resume":
        from rummy_tui.storage import SaveStore, new_game_id

        game_id = new_game_id()
        SaveStore().save(game_id, Game("gin", 2, {}, 7, seats=SEATS))
        options = {"resume": game_id}
    return RummyApp(ai_delay=0.0, table_options=options)


@pytest.mark.parametrize("first", list(FIRST_SCREENS))
async def test_a_first_screen_says_it_is_complete_once_it_is_drawn(first, start_pipe, monkeypatch):
    options, screen_class, shown = FIRST_SCREENS[first]
    app = app_opening(options)
    seen: list[tuple[str, str, bool]] = []
    said = asyncio.Event()
    say = served.first_screen_complete

    def saying() -> None:
        if served.waiting_to_say():
            seen.append((type(app.screen).__name__, screen_text(app), served.still_drawing(app.screen)))
        say()
        said.set()

    monkeypatch.setattr(served, "first_screen_complete", saying)
    async with app.run_test(size=(80, 24)):
        await asyncio.wait_for(said.wait(), SAID_WITHIN)
    [(in_front, text, still_drawing)] = seen
    assert in_front == screen_class
    assert all(part in text for part in shown), text
    assert not still_drawing
    assert os.read(start_pipe, 16) == served.COMPLETE
    assert os.read(start_pipe, 16) == b""  # closed: said once
