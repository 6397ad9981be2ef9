"""The server's end of the pipe a game says on that its first screen is out (the game's end is
in rummy_tui/served.py). The game gets the write end, and writes one byte and closes it once
its first screen is complete. The end of file before that means the game exited or died first:
either way its start slot is free.
"""

from __future__ import annotations

import asyncio
import contextlib
import os

from rummy_tui.served import COMPLETE

READ_SIZE = 64  # the game writes one byte


class StartedPipe:
    def __init__(self) -> None:
        # Made by os.pipe, both ends are closed in any process the server starts, unless it is
        # handed the write end by name (pass_fds, or the template's SCM_RIGHTS).
        self.read_end, self.write_end = os.pipe()
        os.set_blocking(self.read_end, False)
        self.said = False  # the game has said its first screen is out
        self.done = asyncio.Event()  # said, or the end of file: the game is gone (or closed it)
        self._reading = False
        self._write_end_open = True

    def handed_over(self) -> None:
        """The game holds its own copy of the write end: the server's is closed, so that the
        game's close (or exit) is the end of file, and the server reads from then on."""
        self._close_write_end()
        asyncio.get_running_loop().add_reader(self.read_end, self._readable)
        self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.read_end, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.said = COMPLETE in data
            if not self.said:
                return
        self._stop_reading()
        self.done.set()

    def _stop_reading(self) -> None:
        if self._reading:
            self._reading = False
            asyncio.get_running_loop().remove_reader(self.read_end)

    def _close_write_end(self) -> None:
        if self._write_end_open:
            self._write_end_open = False
            os.close(self.write_end)

    def close(self) -> None:
        """Both ends, whatever came of the game (once its slot is given back)."""
        self._stop_reading()
        self._close_write_end()
        with contextlib.suppress(OSError):
            os.close(self.read_end)
        self.read_end = -1
