"""What a game learns from the `rummy serve` that runs it (nothing, when it runs on its own).

The server clamps every visitor's window to a bounded size (a huge terminal would cost the
game gigabytes). It tells the game that limit in its environment, and tells it when a visitor
asked for more: in the environment when that was so at the start, with a signal after a
resize. SIGURG is the signal because its default action is to do nothing: a game that has not
listened yet (or has just restarted in another language) is never killed by it.
"""

from __future__ import annotations

import os
import signal

SIZE_LIMIT_VARIABLE = "RUMMY_TUI_SIZE_LIMIT"  # "400x150": the largest window the server gives
SIZE_CLAMPED_VARIABLE = "RUMMY_TUI_SIZE_CLAMPED"  # "1": the visitor's terminal was larger from the start
SIZE_CLAMPED_SIGNAL = signal.SIGURG  # sent once, when a later resize asks for more than the limit


def size_limit(environ: dict[str, str] | None = None) -> tuple[int, int] | None:
    """(width, height) the server allows, or None when the game is not served (or the value is odd)."""
    value = (os.environ if environ is None else environ).get(SIZE_LIMIT_VARIABLE, "")
    width, _, height = value.partition("x")
    if not (width.isdigit() and height.isdigit()):
        return None
    return int(width), int(height)


def clamped_from_the_start(environ: dict[str, str] | None = None) -> bool:
    return (os.environ if environ is None else environ).get(SIZE_CLAMPED_VARIABLE) == "1"
