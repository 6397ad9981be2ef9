"""The game's end of the start pipe (rummy_tui/served.py): a served game says its start screen
is complete once the frame that shows it is drawn, with nothing left to draw (the variant list,
the first screen of the form, the footer), and then closes the pipe; it takes only a pipe above
the terminal's descriptors, and keeps it from any process it starts."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import pytest

from rummy_tui import served
from rummy_tui.app import RummyApp
from tests.ui.screen_text import screen_text

FIRST_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "Settings", "^s Start")


@pytest.fixture
def start_pipe(tmp_path, monkeypatch):
    """The read end of a start pipe whose write end the game (this process) has taken, as a
    game of `rummy serve` does; with the server's window limit and a data folder of its own."""
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(served.SIZE_LIMIT_VARIABLE, "400x150")
    monkeypatch.setattr(served, "_started_pipe", None)
    read_end, write_end = os.pipe()
    monkeypatch.setenv(served.STARTED_FD_VARIABLE, str(write_end))
    served.take_the_start_pipe()
    close = served.first_screen_complete
    yield read_end
    close()  # the write end, if a failed test left it open
    os.close(read_end)


async def test_the_start_screen_is_said_complete_once_it_is_drawn(start_pipe, monkeypatch):
    app = RummyApp()
    seen: list[tuple[str, bool]] = []
    say = served.first_screen_complete

    def said() -> None:
        seen.append((screen_text(app), served.still_drawing(app.screen)))
        say()

    monkeypatch.setattr(served, "first_screen_complete", said)
    async with app.run_test(size=(80, 24)):
        deadline = time.monotonic() + 60
        while not seen and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
    [(text, still_drawing)] = seen
    assert all(part in text for part in FIRST_SCREEN), text
    assert not still_drawing
    assert os.read(start_pipe, 16) == served.COMPLETE
    assert os.read(start_pipe, 16) == b""  # closed: nothing else goes through it


def test_the_game_takes_the_pipe_and_keeps_it_to_itself(start_pipe):
    descriptor = served._started_pipe
    assert descriptor is not None and not os.get_inheritable(descriptor)
    assert served.STARTED_FD_VARIABLE not in os.environ  # not passed on to what the game starts
    os.set_blocking(start_pipe, False)
    with pytest.raises(BlockingIOError):
        os.read(start_pipe, 16)  # nothing said before the first screen is out
    served.first_screen_complete()
    served.first_screen_complete()  # said once
    assert os.read(start_pipe, 16) == served.COMPLETE and os.read(start_pipe, 16) == b""


@pytest.mark.parametrize("named", ["0", "-1", "nothing", "99999"])
def test_a_variable_that_names_no_pipe_is_left_alone(named, monkeypatch):
    monkeypatch.setattr(served, "_started_pipe", None)
    monkeypatch.setenv(served.STARTED_FD_VARIABLE, named)
    served.take_the_start_pipe()
    assert served._started_pipe is None


def test_a_pipe_on_the_standard_descriptors_is_not_taken():
    """A game whose output goes into a pipe, with the variable naming that descriptor, writes
    nothing there but its own output."""
    code = "from rummy_tui import served; served.take_the_start_pipe(); print(served._started_pipe)"
    environment = {**os.environ, served.STARTED_FD_VARIABLE: "1"}
    result = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, check=True)
    assert result.stdout == b"None\n"


def test_a_file_is_not_taken_for_the_pipe(tmp_path, monkeypatch):
    monkeypatch.setattr(served, "_started_pipe", None)
    with open(tmp_path / "not-a-pipe", "wb") as file:
        monkeypatch.setenv(served.STARTED_FD_VARIABLE, str(file.fileno()))
        served.take_the_start_pipe()
        assert served._started_pipe is None
    assert (tmp_path / "not-a-pipe").read_bytes() == b""
