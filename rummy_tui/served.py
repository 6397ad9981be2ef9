"""What a game learns from the `rummy serve` that runs it (nothing, when it runs on its own).

The server clamps every visitor's window to a bounded size (a huge terminal would cost the
game gigabytes). It tells the game that limit in its environment, and tells it when a visitor
asked for more: in the environment when that was so at the start, with a signal after a
resize. SIGURG is the signal because its default action is to do nothing: a game that has not
listened yet (or has just restarted in another language) is never killed by it.

The server starts only a few games at once (start-up is the CPU-heavy part): a game holds its
start slot until its first screen is complete, and the next visitor's game starts then. The
game says when on the write end of a pipe the server hands it, named in the environment: once
its first screen is out it writes one byte and closes the pipe. Nothing else goes through it;
the end of the pipe (the game's exit) gives the slot back as well, and so does a moment after
the game's first output, said or not (see rummy_tui/serve/session.py).
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
from typing import Any

SIZE_LIMIT_VARIABLE = "RUMMY_TUI_SIZE_LIMIT"  # "400x150": the largest window the server gives
SIZE_CLAMPED_VARIABLE = "RUMMY_TUI_SIZE_CLAMPED"  # "1": the visitor's terminal was larger from the start
SIZE_CLAMPED_SIGNAL = signal.SIGURG  # sent once, when a later resize asks for more than the limit
STARTED_FD_VARIABLE = "RUMMY_TUI_STARTED_FD"  # "3": the pipe to say on that the first screen is out
COMPLETE = b"!"  # the one byte said on it

DRAWN_WITHIN = 10  # refreshes the first screen may take to settle before the game says it is out
PENDING_DRAWING = ("_layout_required", "_scroll_required", "_repaint_required", "_dirty_widgets")

_started_pipe: int | None = None


def size_limit(environ: dict[str, str] | None = None) -> tuple[int, int] | None:
    """(width, height) the server allows, or None when the game is not served (or the value is odd)."""
    value = (os.environ if environ is None else environ).get(SIZE_LIMIT_VARIABLE, "")
    width, _, height = value.partition("x")
    if not (width.isdigit() and height.isdigit()):
        return None
    return int(width), int(height)


def clamped_from_the_start(environ: dict[str, str] | None = None) -> bool:
    return (os.environ if environ is None else environ).get(SIZE_CLAMPED_VARIABLE) == "1"


def take_the_start_pipe() -> None:
    """In a served game, before its first output: take the pipe the server named, kept from any
    process the game starts. Anything else in the variable (a number that is not a pipe, or one
    of the terminal's own descriptors) is left alone."""
    global _started_pipe
    value = os.environ.pop(STARTED_FD_VARIABLE, "")
    if not value.isdigit() or _started_pipe is not None:
        return
    descriptor = int(value)
    try:
        if descriptor <= 2 or not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return
    except OSError:
        return
    os.set_inheritable(descriptor, False)
    _started_pipe = descriptor


def waiting_to_say() -> bool:
    """A served game whose first screen is not said complete yet."""
    return _started_pipe is not None


def first_screen_complete() -> None:
    """The first screen is out: the server may start the next visitor's game (said once)."""
    global _started_pipe
    descriptor, _started_pipe = _started_pipe, None
    if descriptor is not None:
        with contextlib.suppress(OSError):
            os.write(descriptor, COMPLETE)
        with contextlib.suppress(OSError):
            os.close(descriptor)


def first_screen_complete_once_drawn(app: Any) -> None:
    """`first_screen_complete` once the app has drawn all it has to draw now: after the next
    refresh, and after each further one while that left more to draw (a scroll bar found to be
    needed, say: another layout and frame), so that the game's start-up is over when the server
    starts the next visitor's game. At most DRAWN_WITHIN refreshes (the server waits no longer
    than its own limit in any case)."""
    if _started_pipe is None:
        return
    refreshes = 0

    def when_drawn() -> None:
        nonlocal refreshes
        refreshes += 1
        if refreshes < DRAWN_WITHIN and still_drawing(app.screen):
            app.call_after_refresh(when_drawn)
        else:
            first_screen_complete()

    app.call_after_refresh(when_drawn)


def still_drawing(screen: Any) -> bool:
    """Whether a layout, a repaint or a changed widget waits to be drawn (Textual 8.2.8 keeps
    this to itself: its screen's own flags, read as its refresh timer reads them)."""
    return any(getattr(screen, name, False) for name in PENDING_DRAWING)
